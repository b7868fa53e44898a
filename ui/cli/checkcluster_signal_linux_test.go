//go:build linux

package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// elli check --cluster runs kubectl-elli in the same process group, so ctrl+c reaches both:
// elli waits while the plugin erases its progress line and exits, and ends with the plugin's
// status, instead of dying first (the shell would print its prompt on the line the plugin
// then erases). The plugin here is a stand-in that traps SIGINT.
func TestCheckClusterCtrlCWaitsForPlugin(t *testing.T) {
	dir := t.TempDir()
	plugin := "#!/bin/sh\ntrap 'echo erased; exit 130' INT\necho scanning\nwhile :; do sleep 0.05; done\n"
	if err := os.WriteFile(filepath.Join(dir, "kubectl-elli"), []byte(plugin), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), ptyChildEnv+"=check --cluster", "PATH="+dir+":"+os.Getenv("PATH"))
	// a process group of its own, as a shell gives a job: the terminal's ctrl+c goes to it all
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A hang guard, not a measurement.
	timer := time.AfterFunc(30*time.Second, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	defer timer.Stop()
	out := bufio.NewReader(stdout)
	if line, err := out.ReadString('\n'); line != "scanning\n" {
		t.Fatalf("the plugin did not start: %q %v; stderr %q", line, err, stderr.String())
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(out)
	_ = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("elli: exit %d (%v), want the plugin's 130; stderr %q", code, cmd.ProcessState, stderr.String())
	}
	if !strings.Contains(string(rest), "erased") {
		t.Errorf("the plugin's clean-up did not run: %q", rest)
	}
}

// SIGHUP and SIGTERM sent to elli alone (the terminal closed, kill) are passed on to
// kubectl-elli, and elli waits for it and ends with its status, instead of exiting 129 while
// the plugin goes on writing over the shell's prompt. A plugin that ignores the signal is
// killed after pluginGrace, and elli ends as the signal says.
func TestCheckClusterPassesSignalsOn(t *testing.T) {
	for _, tc := range []struct {
		name, trap string
		sig        syscall.Signal
		code       int
		clean      bool // the plugin's clean-up runs
	}{
		{"SIGHUP", "trap 'sleep 0.2; echo restored; exit 129' HUP", syscall.SIGHUP, 129, true},
		{"SIGTERM", "trap 'sleep 0.2; echo restored; exit 143' TERM", syscall.SIGTERM, 143, true},
		{"SIGHUP, ignored", "trap '' HUP", syscall.SIGHUP, 129, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			plugin := "#!/bin/sh\n" + tc.trap + "\necho scanning\nwhile :; do sleep 0.05; done\n"
			if err := os.WriteFile(filepath.Join(dir, "kubectl-elli"), []byte(plugin), 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), ptyChildEnv+"=check --cluster", "PATH="+dir+":"+os.Getenv("PATH"))
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A hang guard, not a measurement.
			timer := time.AfterFunc(30*time.Second, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			defer timer.Stop()
			out := bufio.NewReader(stdout)
			if line, err := out.ReadString('\n'); line != "scanning\n" {
				t.Fatalf("the plugin did not start: %q %v; stderr %q", line, err, stderr.String())
			}
			if err := syscall.Kill(cmd.Process.Pid, tc.sig); err != nil { // elli alone
				t.Fatal(err)
			}
			// the output ends when both elli and the plugin have (the plugin writes to elli's
			// stdout), within a few seconds of the signal
			var rest []byte
			done := make(chan struct{})
			go func() { rest, _ = io.ReadAll(out); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the plugin, or elli, goes on 10 s after the signal")
			}
			_ = cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != tc.code {
				t.Errorf("elli: exit %d (%v), want %d; stderr %q", code, cmd.ProcessState, tc.code, stderr.String())
			}
			if got := strings.Contains(string(rest), "restored"); got != tc.clean {
				t.Errorf("the plugin's clean-up ran: %v, want %v (%q)", got, tc.clean, rest)
			}
		})
	}
}
