//go:build unix

package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A check that could not read a file it was given or met exits 2 after its output: what the
// file holds went unchecked, so the gate must not pass (issue 20 #7). A link loop stands for an
// unreadable file in any run; a file of mode 000 too where the tests do not run as root.
func TestCheckUnreadableExits2(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ok.yaml"), []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.yaml", filepath.Join(dir, "loop.yaml")); err != nil {
		t.Fatal(err)
	}
	r := run(t, "check", dir)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if r.code != 2 || !strings.Contains(lines[len(lines)-1], "loop.yaml") || !strings.Contains(lines[len(lines)-1], "the check is incomplete") {
		t.Errorf("a folder with an unreadable file: exit %d, stderr %q", r.code, r.stderr)
	}
	r = run(t, "check", dir, "--json")
	if r.code != 2 || !strings.Contains(r.stdout, `"notes"`) {
		t.Errorf("--json: exit %d, stdout %.80q", r.code, r.stdout)
	}
	// a dangling link holds nothing to check: a note, not a failure
	clean := t.TempDir()
	if err := os.Symlink("gone.yaml", filepath.Join(clean, "dangling.yaml")); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "check", clean); r.code != 0 {
		t.Errorf("a dangling link: exit %d, stderr %q", r.code, r.stderr)
	}
	if os.Geteuid() != 0 {
		locked := filepath.Join(t.TempDir(), "locked.yaml")
		if err := os.WriteFile(locked, []byte("kind: Pod\n"), 0o000); err != nil {
			t.Fatal(err)
		}
		if r := run(t, "check", locked); r.code != 2 || !strings.Contains(r.stderr, "permission denied") {
			t.Errorf("a file of mode 000: exit %d, stderr %q", r.code, r.stderr)
		}
	}
}

// `elli check -` with nothing on standard input (a failed kubectl before the pipe) is exit 2,
// and so is a standard input that cannot be read; --allow-empty accepts the empty one (#7).
func TestCheckEmptyStdin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"check", "-"}, 2, "nothing came on standard input (-)"},
		{[]string{"check", "-", "--allow-empty"}, 0, ""},
		{[]string{"check", "-", "testdata/check/clean"}, 2, "nothing came on standard input (-)"},
	} {
		a := newTestApp(t, nil)
		a.stdin = strings.NewReader("")
		r := a.run(tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.err) {
			t.Errorf("elli %s < empty: exit %d, stderr %q; want %d, %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.code, tc.err)
		}
	}
	a := newTestApp(t, nil)
	a.stdin = failingReader{}
	if r := a.run("check", "-"); r.code != 2 {
		t.Errorf("elli check - with a closed stdin: exit %d, stderr %q", r.code, r.stderr)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("bad file descriptor") }

// The coloured table's file heading is one SGR sequence, not one per character (issue 20 #9):
// colour output was twice the plain size.
func TestCheckHeadingOneSequence(t *testing.T) {
	t.Parallel()
	const chart = "testdata/check/chart/rendered.yaml"
	r := run(t, "check", chart, "--color", "always", "--fail-on", "none")
	line := strings.SplitN(r.stdout, "\n", 2)[0]
	if !strings.Contains(line, chart) || strings.Count(line, "\x1b[") > 2 {
		t.Errorf("heading %q: %d escape sequences, want one and its reset", line, strings.Count(line, "\x1b["))
	}
	plain := run(t, "check", chart, "--color", "never", "--fail-on", "none")
	if len(r.stdout) > len(plain.stdout)*3/2 {
		t.Errorf("colour output is %d bytes, plain %d", len(r.stdout), len(plain.stdout))
	}
}
