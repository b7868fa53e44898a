package cli

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// running reports whether pid is a process that has not ended (gone, or a zombie).
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z' && s[i+2] != 'X'
	}
	return true
}

// A --jq child dies with elli: killed with SIGKILL (which elli cannot catch), elli leaves no
// child that runs its expression on until the child's own time limit (issue 29).
func TestJQChildDiesWithElli(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// an expression that runs for ever without memory, with a minute to do it
	cmd.Env = append(os.Environ(), ptyChildEnv+"=list --jq-timeout 60s --jq last(range(1e15))")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var jq []int
	for end := time.Now().Add(30 * time.Second); len(jq) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("elli started no --jq child")
		}
		jq = childrenOf(cmd.Process.Pid)
	}
	time.Sleep(200 * time.Millisecond) // the child has set up and runs the expression
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if !running(jq[0]) {
			return
		}
		if time.Now().After(end) {
			_ = syscall.Kill(jq[0], syscall.SIGKILL)
			t.Fatal("the --jq child runs on 5 s after elli was killed")
		}
	}
}
