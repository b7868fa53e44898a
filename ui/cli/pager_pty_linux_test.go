package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/elli-k8s/elli/internal/ptytest"
)

// openPagerPTY opens a pseudo-terminal of 80×24 and returns its two ends.
func openPagerPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, slave = ptytest.Open(t)
	if err := unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = master.Close(); _ = slave.Close() })
	return master, slave
}

// runOnPTY runs elli in process with stdout on a pty, as in a terminal, and returns what the
// terminal received.
func runOnPTY(t *testing.T, env map[string]string, args ...string) (screen string, r result) {
	t.Helper()
	master, slave := openPagerPTY(t)
	full := map[string]string{"PATH": os.Getenv("PATH"), "COLORFGBG": "15;0"}
	for k, v := range env {
		full[k] = v
	}
	a := newTestApp(t, full)
	a.stdout = slave
	a.term = detectTerminal(strings.NewReader(""), slave, slave)
	a.lookPath = exec.LookPath
	got := make(chan []byte)
	go func() { b, _ := io.ReadAll(master); got <- b }() // ends with EIO once the slave closes
	code := a.main(t.Context(), args)
	_ = slave.Close()
	out := <-got
	return strings.ReplaceAll(string(out), "\r\n", "\n"), result{stderr: a.stderr.(*bytes.Buffer).String(), code: code}
}

// TestPagerOnPTY: on a terminal, a page taller than the window goes through the pager (a fake
// one that marks its lines); a short one prints directly; a pager that quits early or fails
// is not an error; a missing one prints directly with a warning.
func TestPagerOnPTY(t *testing.T) {
	t.Parallel()
	fake := map[string]string{"ELLI_PAGER": `sed "s/^/P: /"`, "NO_COLOR": "1"}
	screen, r := runOnPTY(t, fake, "show", "3866")
	lines := strings.Split(strings.TrimSpace(screen), "\n")
	if r.code != 0 || r.stderr != "" || len(lines) < 24 {
		t.Fatalf("show 3866: exit %d, stderr %q, %d lines", r.code, r.stderr, len(lines))
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "P:") {
			t.Fatalf("line %d did not go through the pager: %q", i+1, l)
		}
	}
	if !strings.Contains(screen, "NFTablesProxyMode") || strings.Contains(screen, "\x1b[") {
		t.Errorf("page content or colour wrong:\n%.200s", screen)
	}

	screen, r = runOnPTY(t, fake, "gates", "NFTablesProxyMode")
	if r.code != 0 || strings.Contains(screen, "P:") || !strings.Contains(screen, "NFTablesProxyMode") {
		t.Errorf("a short output was paged (exit %d):\n%s", r.code, screen)
	}

	// -p (and --pager), as in glow: even a short output goes through the pager, and less is
	// not told to quit on a short page
	for _, p := range []string{"-p", "--pager"} {
		screen, r = runOnPTY(t, fake, "gates", "NFTablesProxyMode", p)
		if r.code != 0 || !strings.Contains(screen, "P: NFTablesProxyMode") {
			t.Errorf("gates NFTablesProxyMode %s was not paged (exit %d):\n%s", p, r.code, screen)
		}
	}
	screen, _ = runOnPTY(t, map[string]string{"ELLI_PAGER": `echo "LESS=$LESS"`}, "gates", "NFTablesProxyMode", "-p")
	if !strings.Contains(screen, "LESS=RX") {
		t.Errorf("-p runs the pager with %q, want LESS=RX (no -F, which quits on a short page)", screen)
	}
	if r = run(t, "show", "3866", "-p", "--no-pager"); r.code != 2 {
		t.Errorf("-p with --no-pager: exit %d, want 2", r.code)
	}

	screen, r = runOnPTY(t, map[string]string{"ELLI_PAGER": "head -n 3"}, "show", "3866")
	if r.code != 0 || r.stderr != "" || strings.Count(strings.TrimSpace(screen), "\n") != 2 {
		t.Errorf("pager quitting early: exit %d, stderr %q, screen:\n%s", r.code, r.stderr, screen)
	}
	if _, r = runOnPTY(t, map[string]string{"ELLI_PAGER": "false"}, "list"); r.code != 0 || r.stderr != "" {
		t.Errorf("pager exiting 1: exit %d, stderr %q", r.code, r.stderr)
	}

	screen, r = runOnPTY(t, map[string]string{"ELLI_PAGER": "nosuchpager -R"}, "list")
	if r.code != 0 || !strings.Contains(r.stderr, "pager nosuchpager not found; printing directly") ||
		!strings.Contains(screen, "3866") {
		t.Errorf("missing pager: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, r = runOnPTY(t, map[string]string{"ELLI_PAGER": "nosuchpager -R"}, "list", "--lang", "zh"); r.code != 0 ||
		r.stderr != "elli: 警告：找不到分页器 nosuchpager；改为直接输出\n" {
		t.Errorf("missing pager in Chinese: exit %d, stderr %q", r.code, r.stderr)
	}

	screen, r = runOnPTY(t, map[string]string{"ELLI_PAGER": `sed "s/^/P: /"`}, "list", "--no-pager")
	if r.code != 0 || strings.Contains(screen, "P:") {
		t.Errorf("--no-pager paged (exit %d)", r.code)
	}

	// colour on a terminal goes into the pager, which gets LESS=FRX
	screen, r = runOnPTY(t, map[string]string{"ELLI_PAGER": `sh -c 'echo "LESS=$LESS"; cat'`, "TERM": "xterm-256color"},
		"show", "3866", "-s", "dracula", "--color", "always")
	if r.code != 0 || !strings.HasPrefix(screen, "LESS=FRX\n") || !strings.Contains(screen, "\x1b[") {
		t.Errorf("coloured page through the pager: exit %d, stderr %q, screen %.120q", r.code, r.stderr, screen)
	}
}
