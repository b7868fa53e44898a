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
