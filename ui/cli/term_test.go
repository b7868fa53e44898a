package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/tui"
)

// fakeTmux puts a tmux on PATH that records being run, and returns the file it writes.
func fakeTmux(t *testing.T) (marker string) {
	t.Helper()
	dir := t.TempDir()
	marker = filepath.Join(dir, "ran")
	script := "#!/bin/sh\necho ran >> " + marker + "\necho '  Tc: [missing]'\n"
	if err := os.WriteFile(filepath.Join(dir, "tmux"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return marker
}

func TestDetectProfile(t *testing.T) {
	tmux := "TMUX=/tmp/tmux-0/default,1234,0"
	tests := []struct {
		name string
		env  []string
		want colorprofile.Profile
	}{
		{"in tmux: true colour, which tmux brings down itself", []string{"TTY_FORCE=1", "TERM=tmux-256color", tmux}, colorprofile.TrueColor},
		{"in screen's TERM under tmux", []string{"TTY_FORCE=1", "TERM=screen-256color", tmux}, colorprofile.TrueColor},
		{"outside tmux, 256 colours", []string{"TTY_FORCE=1", "TERM=xterm-256color"}, colorprofile.ANSI256},
		{"an empty TMUX is not tmux", []string{"TTY_FORCE=1", "TERM=xterm-256color", "TMUX="}, colorprofile.ANSI256},
		{"COLORTERM says true colour", []string{"TTY_FORCE=1", "TERM=xterm", "COLORTERM=truecolor"}, colorprofile.TrueColor},
		{"NO_COLOR in tmux", []string{"TTY_FORCE=1", "TERM=tmux-256color", tmux, "NO_COLOR=1"}, colorprofile.ASCII},
		{"not a terminal, in tmux", []string{"TERM=tmux-256color", tmux}, colorprofile.NoTTY},
		{"a dumb terminal in tmux", []string{"TTY_FORCE=1", "TERM=dumb", tmux}, colorprofile.NoTTY},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			marker := fakeTmux(t)
			if got := detectProfile(io.Discard, tc.env); got != tc.want {
				t.Errorf("profile %v, want %v", got, tc.want)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Error("ran tmux to detect the profile")
			}
		})
	}
}

// The fake tmux above is only meaningful if colorprofile would run it: it does.
func TestDetectProfileFakeTmuxIsSeen(t *testing.T) {
	marker := fakeTmux(t)
	colorprofile.Detect(io.Discard, []string{"TTY_FORCE=1", "TERM=tmux-256color", "TMUX=/tmp/tmux-0/default,1234,0"})
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("colorprofile.Detect did not run the fake tmux; TestDetectProfile proves nothing")
	}
}

// The colour profile is detected only for output that has colours to bring down: a rendered
// page, or the explorer, which is given the CLI's answer instead of detecting it again.
func TestProfileDetectedOnlyWhenNeeded(t *testing.T) {
	tests := []struct {
		args  []string
		stdin bool // stdin is a terminal too, so the bare command starts the explorer
		want  int  // detections
	}{
		{[]string{"version"}, false, 0},
		{[]string{"list"}, false, 0},
		{[]string{"search", "nft", "--json"}, false, 0},
		{[]string{"show", "3866", "--raw"}, false, 0},
		{[]string{"show", "3866", "--theme", "dark"}, false, 1},
		{[]string{"show", "3866", "--json"}, false, 0},
		{nil, true, 1},
	}
	for _, tc := range tests {
		t.Run(strings.Join(append([]string{"elli"}, tc.args...), " "), func(t *testing.T) {
			a := newTestApp(t, nil)
			calls := 0
			a.term.out, a.term.in = true, tc.stdin
			a.term.profile = func() colorprofile.Profile { calls++; return colorprofile.ANSI256 }
			var got colorprofile.Profile
			a.runTUI = func(_ context.Context, _ *data.Dataset, o tui.Options) error { got = o.Profile; return nil }
			if r := a.run(tc.args...); r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if calls != tc.want {
				t.Errorf("profile detected %d times, want %d", calls, tc.want)
			}
			if tc.stdin && got != colorprofile.ANSI256 {
				t.Errorf("the explorer was given profile %v, want the CLI's ANSI256", got)
			}
		})
	}
}

// The background is asked only when the page shows colours and no --theme chose for it: on a
// terminal without colours (TERM=dumb) the question would only print as garbage.
func TestBackgroundAskedOnlyWhenNeeded(t *testing.T) {
	tests := []struct {
		profile colorprofile.Profile
		args    []string
		want    int
	}{
		{colorprofile.TrueColor, []string{"show", "3866"}, 1},
		{colorprofile.ANSI, []string{"show", "3866"}, 1},
		{colorprofile.ASCII, []string{"show", "3866"}, 0},
		{colorprofile.NoTTY, []string{"show", "3866"}, 0},
		{colorprofile.TrueColor, []string{"show", "3866", "--theme", "light"}, 0},
		{colorprofile.TrueColor, []string{"show", "3866", "--raw"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.profile.String()+" "+strings.Join(tc.args, " "), func(t *testing.T) {
			a := newTestApp(t, nil)
			asked := 0
			a.term.out = true
			a.term.profile = func() colorprofile.Profile { return tc.profile }
			a.term.dark = func() bool { asked++; return true }
			if r := a.run(tc.args...); r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if asked != tc.want {
				t.Errorf("background asked %d times, want %d", asked, tc.want)
			}
		})
	}
}

// On a terminal, tables fit its width: the TITLE column (COMPONENTS for gates) is cut with "…"
// and the other columns stay whole. Piped output, or a terminal too narrow to leave the cut
// column 16 columns, is not cut.
func TestTablesFitTheTerminal(t *testing.T) {
	tests := []struct {
		args     []string
		terminal bool
		width    int
		cut      bool
	}{
		{[]string{"list", "--stage", "alpha"}, true, 60, true},
		{[]string{"list", "--stage", "alpha"}, true, 200, false},
		{[]string{"list", "--stage", "alpha"}, false, 60, false},
		{[]string{"list"}, true, 60, false}, // the ids leave TITLE under 16 columns: wrap instead
		{[]string{"search", "volume"}, true, 100, true},
		{[]string{"gates"}, true, 130, true},
		{[]string{"gates"}, true, 95, false},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s terminal=%v width=%d", strings.Join(tc.args, " "), tc.terminal, tc.width), func(t *testing.T) {
			a := newTestApp(t, nil)
			a.term.out = tc.terminal
			a.term.width = func() int { return tc.width }
			r := a.run(tc.args...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			full := runOK(t, tc.args...)
			lines, fullLines := strings.Split(r.stdout, "\n"), strings.Split(full, "\n")
			if len(lines) != len(fullLines) {
				t.Fatalf("%d lines, want %d as piped", len(lines), len(fullLines))
			}
			changed := false
			for i, l := range lines {
				if l == fullLines[i] {
					continue
				}
				changed = true
				if w := ansi.StringWidth(l); w > tc.width {
					t.Errorf("a cut line is %d columns, over %d: %q", w, tc.width, l)
				}
				// The first column keeps its text: the line starts like the piped one.
				if f := strings.Fields(fullLines[i]); !strings.HasPrefix(l, f[0]+" ") {
					t.Errorf("the first column changed: %q, piped %q", l, fullLines[i])
				}
			}
			cut := strings.Contains(r.stdout, "…") && !strings.Contains(full, "…")
			if cut != changed {
				t.Errorf("lines changed %v but cut with an ellipsis %v", changed, cut)
			}
			if cut != tc.cut {
				t.Errorf("cut %v, want %v:\n%s", cut, tc.cut, r.stdout)
			}
		})
	}
}

// Wide characters count two columns: a Chinese title is cut to the width and later columns
// still line up.
func TestTableWideCharacters(t *testing.T) {
	var b strings.Builder
	tb := newTable(&b, 30, 1, "ID", "TITLE", "SIG")
	tb.row("1", "一个很长很长很长很长很长的标题", "node")
	tb.row("22", "short", "apps")
	if err := tb.flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	sig := -1
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 30 {
			t.Errorf("%q is %d columns, over 30", l, w)
		}
		// the SIG column starts at the same display column on every line
		f := strings.Fields(l)
		col := ansi.StringWidth(l) - ansi.StringWidth(f[len(f)-1])
		if sig >= 0 && col != sig {
			t.Errorf("SIG starts at column %d, not %d:\n%s", col, sig, b.String())
		}
		sig = col
	}
	if !strings.Contains(lines[1], "…") {
		t.Errorf("the long title was not cut: %q", lines[1])
	}
}
