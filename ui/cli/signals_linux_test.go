//go:build linux

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/elli-k8s/elli/internal/ptytest"
)

// explorerOnPTY runs the explorer in a child process on a 100×30 pty, as a terminal would.
type explorerOnPTY struct {
	t      *testing.T
	cmd    *exec.Cmd
	master *os.File
	slave  *os.File // kept open to read the terminal's mode after the child is gone
	mu     sync.Mutex
	screen bytes.Buffer
	exited chan struct{}
}

func startExplorer(t *testing.T) *explorerOnPTY {
	t.Helper()
	master, slave := ptytest.Open(t)
	if err := unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 30, Col: 100}); err != nil {
		t.Fatal(err)
	}
	e := &explorerOnPTY{t: t, master: master, slave: slave, exited: make(chan struct{})}
	e.cmd = exec.Command(os.Args[0], "-test.run=^$")
	// --mouse: mouse reporting on, so that the test sees it turned off again
	e.cmd.Env = append(os.Environ(), ptyChildEnv+"=--mouse", "TERM=xterm-256color", "NO_COLOR=1")
	e.cmd.Stdin, e.cmd.Stdout, e.cmd.Stderr = slave, slave, slave
	e.cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			e.mu.Lock()
			e.screen.Write(buf[:n])
			e.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	go func() { _ = e.cmd.Wait(); close(e.exited) }()
	t.Cleanup(func() {
		_ = e.cmd.Process.Kill()
		<-e.exited
		_ = slave.Close()
		_ = master.Close()
	})
	return e
}

// output is everything the child wrote so far.
func (e *explorerOnPTY) output() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.screen.String()
}

// waitFor waits until the output holds s after byte from, and returns where it ends.
func (e *explorerOnPTY) waitFor(s string, from int) int {
	e.t.Helper()
	for range 200 {
		if out := e.output(); len(out) >= from {
			if i := strings.Index(out[from:], s); i >= 0 {
				return from + i + len(s)
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	e.t.Fatalf("the explorer never wrote %q; it wrote %q", s, e.output())
	return 0
}

// eventually reports whether the output comes to hold s after byte from, within 5 s.
func (e *explorerOnPTY) eventually(s string, from int) bool {
	for range 200 {
		if strings.Contains(e.output()[from:], s) {
			return true
		}
		time.Sleep(25 * time.Millisecond)
	}
	return false
}

// state is the child's state letter in /proc: R, S, T (stopped)...
func (e *explorerOnPTY) state() string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(e.cmd.Process.Pid) + "/stat")
	if err != nil {
		return ""
	}
	if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) {
		return string(b[i+2])
	}
	return ""
}

// cooked reports whether the terminal reads lines and echoes them, as a shell expects.
func (e *explorerOnPTY) cooked() bool {
	tio, err := unix.IoctlGetTermios(int(e.slave.Fd()), unix.TCGETS)
	return err == nil && tio.Lflag&unix.ICANON != 0 && tio.Lflag&unix.ECHO != 0
}

const (
	altScreenOn  = "\x1b[?1049h"
	altScreenOff = "\x1b[?1049l"
	cursorShown  = "\x1b[?25h"
	mouseOn      = "\x1b[?1002h"
	mouseOff     = "\x1b[?1002l"
)

// Each signal that ends the explorer restores the terminal: the alt screen is left, mouse
// reporting is off, the cursor shows, and input is cooked again; elli exits 128+signal.
func TestSignalsRestoreTheTerminal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			e := startExplorer(t)
			at := e.waitFor(altScreenOn, 0)
			e.waitFor("Kubernetes v1.31", at)
			e.waitFor(mouseOn, 0)
			if e.cooked() {
				t.Fatal("the explorer runs with the terminal in cooked mode")
			}
			_ = e.cmd.Process.Signal(sig)
			select {
			case <-e.exited:
			case <-time.After(20 * time.Second):
				t.Fatal("the explorer did not end on the signal")
			}
			if code := e.cmd.ProcessState.ExitCode(); code != 128+int(sig) {
				t.Errorf("exit status %d, want %d", code, 128+int(sig))
			}
			// The child is gone, but what it wrote last may still be on its way to the reader.
			for _, seq := range []string{altScreenOff, cursorShown, mouseOff} {
				if !e.eventually(seq, at) {
					t.Errorf("the terminal was not given %q", seq)
				}
			}
			rest := e.output()[at:]
			if !e.cooked() {
				t.Error("the terminal is left in raw mode")
			}
			if strings.Contains(rest, "goroutine ") {
				t.Error("a goroutine dump was written")
			}
		})
	}
}

// A stop signal from outside suspends the explorer as ctrl+z does: the terminal is given back
// before the process stops, and taken again when it continues; then it still works.
func TestStopSignalSuspends(t *testing.T) {
	e := startExplorer(t)
	at := e.waitFor(altScreenOn, 0)
	e.waitFor("Kubernetes v1.31", at)
	_ = e.cmd.Process.Signal(syscall.SIGTSTP)
	for i := 0; e.state() != "T"; i++ {
		if i == 400 {
			t.Fatalf("the explorer did not stop on SIGTSTP (state %q)", e.state())
		}
		time.Sleep(25 * time.Millisecond)
	}
	if !e.eventually(altScreenOff, at) || !e.cooked() {
		t.Fatalf("stopped without giving the terminal back: cooked %v, wrote %q", e.cooked(), e.output()[at:])
	}
	mark := len(e.output())
	_ = e.cmd.Process.Signal(syscall.SIGCONT)
	at = e.waitFor(altScreenOn, mark)
	if _, err := e.master.Write([]byte("3")); err != nil { // the Beta tab
		t.Fatal(err)
	}
	e.waitFor("Beta", at)
	_, _ = e.master.Write([]byte("q"))
	select {
	case <-e.exited:
	case <-time.After(20 * time.Second):
		t.Fatal("q did not end the explorer after it was continued")
	}
	if code := e.cmd.ProcessState.ExitCode(); code != 0 || !e.cooked() {
		t.Errorf("after q: exit %d, cooked %v", code, e.cooked())
	}
}
