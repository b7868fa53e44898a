package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// On SIGTERM or SIGHUP, elli passes the signal on to its pager and waits for the pager to end
// (to restore the terminal) before it ends with the signal's status (issue 20 #8); it used to
// end at once and leave less on the terminal. The pager here is a shell that marks what it got.
func TestPagerGetsTermAndHup(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sig   syscall.Signal
		shell bool // the pager setting is shell syntax: sh -c runs it, and passes no signal on
	}{{syscall.SIGTERM, false}, {syscall.SIGHUP, false}, {syscall.SIGTERM, true}} {
		sig := tc.sig
		t.Run(fmt.Sprint(sig, tc.shell), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			mark := func(name string) string { return filepath.Join(dir, name) }
			// the pager reads the page, says it started, and on the signal waits a little
			// (as less restoring the screen) before it writes "done" and exits
			pager := `trap 'echo got > ` + mark("got") + `; sleep 0.3; echo > ` + mark("done") + `; exit 0' TERM HUP; ` +
				`cat > /dev/null; echo > ` + mark("started") + `; while :; do sleep 0.05; done`
			script := mark("pager.sh")
			if err := os.WriteFile(script, []byte(pager+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			master, slave := openPagerPTY(t)
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), ptyChildEnv+"=show 3866", "ELLI_PAGER="+map[bool]string{false: "sh " + script, true: "sh " + script + " | cat"}[tc.shell], "NO_COLOR=1", "TERM=xterm")
			cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { _, _ = io.Copy(io.Discard, master) }()
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			t.Cleanup(func() { _ = cmd.Process.Kill() })
			waitFile(t, mark("started"))
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-exited:
			case <-time.After(10 * time.Second):
				t.Fatal("elli did not end after the signal")
			}
			if _, serr := os.Stat(mark("done")); serr != nil {
				t.Errorf("elli ended before its pager did (%v)", serr)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Errorf("elli ended with %v, want exit %d", err, 128+int(sig))
			}
		})
	}
}

func waitFile(t *testing.T, path string) {
	t.Helper()
	for range 400 {
		if b, err := os.ReadFile(path); err == nil && strings.TrimSpace(string(b)) == "" {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", path)
}
