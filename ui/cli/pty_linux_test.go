//go:build linux

package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elli-k8s/elli/internal/ptytest"
)

// The tests here run elli in a child process whose stdin and stdout are a pty that nobody
// answers, as `script -qc 'elli --help' /dev/null` does: the case where a question to the
// terminal stalls until its timeout. The child is this test binary, re-run with ptyChildEnv set.
const ptyChildEnv = "ELLI_PTY_CHILD_ARGS"

// TestMain lets the test binary act as elli itself for the pty tests.
func TestMain(m *testing.M) {
	if _, ok := os.LookupEnv(jqChildEnv); ok { // the child that runs a --jq expression
		os.Exit(Main(context.Background(), testBuild, nil, os.Stdin, os.Stdout, os.Stderr))
	}
	if args, ok := os.LookupEnv(ptyChildEnv); ok {
		os.Exit(Main(context.Background(), testBuild, strings.Fields(args), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

type ptyRun struct {
	screen, stderr string
	code           int
}

// runOnSilentPTY runs elli with args on a pty nothing answers, its stderr kept apart.
func runOnSilentPTY(t *testing.T, env []string, args ...string) ptyRun {
	t.Helper()
	master, slave := ptytest.Open(t)
	defer master.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// no pager: a page taller than the pty would wait in less for keys nobody sends
	cmd.Env = append(os.Environ(), ptyChildEnv+"="+strings.Join(args, " "), "TERM=xterm-256color", "ELLI_PAGER=")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin, cmd.Stdout = slave, slave
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// the pty becomes the child's controlling terminal, with the child its foreground job
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	screen := make(chan []byte)
	go func() { b, _ := io.ReadAll(master); screen <- b }() // EIO once the child is gone
	// A hang guard, not a measurement: a child that asked would still end within 5 s.
	timer := time.AfterFunc(20*time.Second, func() { _ = cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code < 0 {
		t.Fatalf("elli %s was killed: %v", strings.Join(args, " "), err)
	}
	return ptyRun{screen: string(<-screen), stderr: stderr.String(), code: code}
}

// Help, usage errors, a failed lookup and completion never ask the terminal for its
// background: fang's help would, and on a pty with nothing behind it each question
// waited 2 s. With the colour known or off, nothing asks either.
func TestSilentTerminalIsNotAsked(t *testing.T) {
	tests := []struct {
		env      []string
		args     string
		code     int
		screen   string // part of what the terminal shows
		errLines int
	}{
		{nil, "--help", 0, "USAGE", 0},
		{nil, "show --help", 0, "--width", 0},
		{nil, "help search", 0, "QUERY", 0},
		{nil, "--bogus", 2, "", 1},
		{nil, "show", 2, "", 1},
		{nil, "show 99999", 1, "", 1},
		{nil, "completion", 0, "bash", 0},
		{[]string{"NO_COLOR=1"}, "--help", 0, "USAGE", 0},
		{[]string{"COLORFGBG=0;15"}, "--help", 0, "USAGE", 0},
		{nil, "--theme light --help", 0, "USAGE", 0},
		{nil, "show 3866 --theme dark", 0, "NFTablesProxyMode", 0},
		{[]string{"NO_COLOR=1"}, "show 3866", 0, "NFTablesProxyMode", 0},
		{[]string{"TERM=dumb"}, "show 3866", 0, "NFTablesProxyMode", 0},
	}
	for _, tc := range tests {
		t.Run(strings.Join(append(tc.env, tc.args), " "), func(t *testing.T) {
			t.Parallel()
			r := runOnSilentPTY(t, tc.env, strings.Fields(tc.args)...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", r.code, tc.code, r.stderr)
			}
			if strings.Contains(r.screen, "\x1b]11;") || strings.Contains(r.screen, "\x1b[c") {
				t.Errorf("asked the terminal a question: %q", r.screen)
			}
			if !strings.Contains(r.screen, tc.screen) {
				t.Errorf("the terminal shows no %q:\n%s", tc.screen, r.screen)
			}
			if n := strings.Count(r.stderr, "\n"); n != tc.errLines {
				t.Errorf("%d lines on stderr, want %d: %q", n, tc.errLines, r.stderr)
			}
		})
	}
}
