package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	content "github.com/elli-k8s/elli/embed"
	"github.com/elli-k8s/elli/internal/hostile"
	"github.com/elli-k8s/elli/ui/render"
)

// writeHostile writes the hostile release folders of issue 12 for one test.
func writeHostile(t *testing.T) string {
	t.Helper()
	base, err := content.Release(content.DefaultRelease)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := hostile.Write(dir, base); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(dir, "guide-unreadable", "guide"), 0o755) })
	return dir
}

// Each hostile folder, through the whole command line as a user runs it: exit 1 with one clean
// line naming the file and the broken rule, or, for the renderer's trap, a page whose bytes are
// safe on a terminal (the case asks for --theme dark, so the page is in colour).
func TestHostileFolders(t *testing.T) {
	dir := writeHostile(t)
	for _, c := range hostile.Cases() {
		if c.NonRoot && os.Geteuid() == 0 {
			continue // root reads any folder; data's loader test plays this case with a file system
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			a := newTestApp(t, nil)
			a.term.out = true // a terminal: pages in colour, as an attacker would want them
			r := a.run(append([]string{"--data", filepath.Join(dir, c.Name)}, c.Args...)...)
			if bad := unsafeBytes(r.stdout + r.stderr); bad != "" {
				t.Errorf("wrote %s", bad)
			}
			if c.Want == "" {
				if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, "NFTablesProxyMode") {
					t.Fatalf("exit %d, stderr %q, stdout %.200q", r.code, r.stderr, r.stdout)
				}
				return
			}
			if r.code != 1 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
				t.Fatalf("exit %d, stdout %.100q, stderr %q; want exit 1 and one line", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, c.Want) || !strings.Contains(r.stderr, render.SanitizeLine(c.File)) {
				t.Errorf("stderr %q does not name %q and say %q", r.stderr, c.File, c.Want)
			}
			if line, err := c.Line(dir); err != nil || line > 0 && !strings.Contains(r.stderr, fmt.Sprintf("line %d ", line)) && !strings.Contains(r.stderr, fmt.Sprintf("line %d:", line)) {
				t.Errorf("stderr %q does not name line %d (%v)", r.stderr, line, err)
			}
		})
	}
}

// Completion over a folder whose file names hold escapes prints none of them: such a name is
// not a valid id, so the folder does not load and nothing is offered.
func TestCompletionOfHostileNames(t *testing.T) {
	dir := writeHostile(t)
	r := run(t, "--data", filepath.Join(dir, "id-escapes"), "__complete", "show", "")
	if r.code != 0 || unsafeBytes(r.stdout+r.stderr) != "" || strings.Contains(r.stdout, "evil") {
		t.Errorf("completion: %+v", r)
	}
}

// unsafeBytes describes the first byte sequence in s that a terminal would act on, other than
// SGR: any other escape, a C0 or C1 control but newline, a bidi control. "" when s is safe.
func unsafeBytes(s string) string {
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := i + 1
			if j < len(s) && s[j] == '[' {
				for j++; j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':'); j++ {
				}
				if j < len(s) && s[j] == 'm' {
					i = j + 1
					continue
				}
			}
			return "an escape sequence other than SGR: " + strings.ToValidUTF8(s[i:min(len(s), i+12)], "?")
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\t' || render.Unsafe(r) {
			return fmt.Sprintf("the character %U", r)
		}
		i += size
	}
	return ""
}
