package render

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// The start-up guards below hold only in the release configuration, where go.work (written by
// scripts/third-party.sh) replaces chroma and lipgloss with the patched copies in third_party/.
// In the `go install` configuration (no go.work, or GOWORK=off) the build uses plain upstream
// and they skip themselves. The other tests here hold in both configurations and never skip.

// requirePatched skips the test unless this build replaces the module. A binary built by go
// build records that in its build info (debug.ReadBuildInfo), but a test binary carries no
// dependency list there, so then the go command is asked, in the same environment (go.work or
// GOWORK=off) that built this test.
func requirePatched(t *testing.T, module string) {
	t.Helper()
	version, replaced := moduleReplace(t, module)
	if !replaced {
		t.Skipf("%s %s is plain upstream here (the go install configuration); this guard is for the patched release build", module, version)
	}
}

func moduleReplace(t *testing.T, module string) (version string, replaced bool) {
	t.Helper()
	if bi, ok := debug.ReadBuildInfo(); ok && len(bi.Deps) > 0 {
		for _, dep := range bi.Deps {
			if dep.Path == module {
				return dep.Version, dep.Replace != nil
			}
		}
		t.Fatalf("%s is not in the build", module)
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}} {{with .Replace}}{{.Path}}{{end}}", module).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", module, err)
	}
	version, replace, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	return version, replace != ""
}

// initLine is one line of GODEBUG=inittrace=1: a package's init and what it allocated.
var initLine = regexp.MustCompile(`^init (\S+) @[0-9.]+ ms, [0-9.]+ ms clock, ([0-9]+) bytes,`)

// TestLazyChromaInit guards the chroma patch: its lexer and style registries must not parse
// their embedded XML at start-up. The test runs this test binary again with inittrace on and
// reads what each package's init allocated, which, unlike time, is the same on every run. Each
// limit sits between the patched figure and the upstream one.
func TestLazyChromaInit(t *testing.T) {
	requirePatched(t, "github.com/alecthomas/chroma/v2")
	limits := map[string]int{ // bytes: patched → upstream (v2.27.0)
		"github.com/alecthomas/chroma/v2/lexers": 64 << 10, // 21 kB → 2.7 MB
		"github.com/alecthomas/chroma/v2/styles": 64 << 10, // 48 B → 1.9 MB
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("re-running the test binary: %v\n%s", err, stderr.String())
	}
	seen := map[string]int{}
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		if m := initLine.FindStringSubmatch(sc.Text()); m != nil {
			n, _ := strconv.Atoi(m[2])
			seen[m[1]] = n
		}
	}
	for pkg, limit := range limits {
		got, ok := seen[pkg]
		if !ok {
			t.Errorf("%s: no init line; is it still linked?", pkg)
			continue
		}
		if got > limit {
			t.Errorf("%s allocates %d bytes at init (limit %d): the patch in third_party/patches/chroma.patch is not in effect", pkg, got, limit)
		}
	}
}

// TestLexersLoadOnFirstLookup guards the same patch from the other side, in a fresh process: no
// lexer is registered before the first lookup (the ones written in Go wait too, as reading the
// configurations of those that wrap an embedded file cost half a millisecond), and the lookup
// then registers them all.
func TestLexersLoadOnFirstLookup(t *testing.T) {
	requirePatched(t, "github.com/alecthomas/chroma/v2")
	got := child(t, "registry")
	start, full := atoi(t, got["registered:start"]), atoi(t, got["registered:after-get"])
	if start != 0 || full < 250 {
		t.Errorf("%d lexers registered at start and %d after the first lookup: lexers were registered at start, or not at all", start, full)
	}
}

// TestLexerLookups: the names elli's pages use, and common ones, resolve to the lexer
// upstream gives, and analysers that the patch attaches after the load still work.
func TestLexerLookups(t *testing.T) {
	got := child(t, "lookups")
	want := map[string]string{
		"yaml": "YAML", "YAML": "YAML", "yml": "YAML", "shell": "Bash", "bash": "Bash", "sh": "Bash",
		"console": "Bash Session", "text": "plaintext", "go": "Go", "golang": "Go", "json": "JSON",
		"toml": "TOML", "diff": "Diff", "dockerfile": "Docker", "python": "Python", "hcl": "HCL",
		"common-lisp": "Common Lisp", "emacs-lisp": "EmacsLisp", "html": "HTML", "erb": "ERB", "rhtml": "ERB",
		"go-html-template": "Go HTML Template", "go-text-template": "Go Text Template", "sls": "YAML+Jinja",
		"analyse:dns": "dns", "analyse:mysql": "MySQL",
	}
	for name, lexer := range want {
		if got[name] != lexer {
			t.Errorf("%q resolves to %q, want %q", name, got[name], lexer)
		}
	}
}

// TestLexerLookupConcurrent: lookups by name from several goroutines while the first of them
// loads the registry, in a fresh process, must neither crash (Go reports concurrent map
// writes as a fatal error, even without -race) nor give a different lexer.
func TestLexerLookupConcurrent(t *testing.T) {
	if got := child(t, "concurrent"); got["concurrent"] != "ok" {
		t.Fatalf("child: %v", got)
	}
}

// child runs this test binary again with ELLI_LEXER_CHILD set, so that it starts with a fresh
// lexer registry, and returns the name → value lines it printed.
func child(t *testing.T, mode string) map[string]string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLexerChild$")
	cmd.Env = append(os.Environ(), "ELLI_LEXER_CHILD="+mode)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child %s: %v\n%s", mode, err, out)
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, "\t"); ok {
			got[k] = v
		}
	}
	return got
}

// TestLexerChild is the child side of the tests above; run by itself it does nothing.
func TestLexerChild(t *testing.T) {
	switch os.Getenv("ELLI_LEXER_CHILD") {
	case "registry":
		fmt.Printf("registered:start\t%d\n", len(lexers.GlobalLexerRegistry.Lexers))
		lexers.Get("yaml")
		fmt.Printf("registered:after-get\t%d\n", len(lexers.GlobalLexerRegistry.Lexers))
	case "lookups":
		for _, name := range []string{"yaml", "YAML", "yml", "shell", "bash", "sh", "console", "text", "go",
			"golang", "json", "toml", "diff", "dockerfile", "python", "hcl", "common-lisp", "emacs-lisp", "html",
			"erb", "rhtml", "go-html-template", "go-text-template", "sls"} {
			fmt.Printf("%s\t%s\n", name, lexerName(lexers.Get(name)))
		}
		fmt.Printf("analyse:dns\t%s\n", lexerName(lexers.Analyse("@ IN SOA ns1.example.com. admin.example.com. (\n")))
		fmt.Printf("analyse:mysql\t%s\n", lexerName(lexers.Analyse("SELECT `name`, `id` FROM `users`;")))
	case "concurrent":
		var wg sync.WaitGroup
		var bad atomic.Int32
		for range 8 {
			wg.Go(func() {
				for range 50 {
					for _, want := range [][2]string{{"yaml", "YAML"}, {"go", "Go"}, {"shell", "Bash"}, {"console", "Bash Session"}} {
						if got := lexerName(lexers.Get(want[0])); got != want[1] {
							bad.Add(1)
						}
					}
				}
			})
		}
		wg.Wait()
		if bad.Load() == 0 {
			fmt.Println("concurrent\tok")
		}
	}
}

// TestLispRemapping: the Common Lisp and Emacs Lisp lexers retype words through a table that
// the patched chroma builds on first use rather than at init. The words must be retyped in
// both configurations, also when the first uses race.
func TestLispRemapping(t *testing.T) {
	cases := []struct {
		lexer, src, word string
		want             chroma.TokenType // without the remapping, both are NameVariable
	}{
		{"common-lisp", "(abs x)", "abs", chroma.NameFunction},
		{"emacs-lisp", "(defvaralias 'a 'b)", "defvaralias", chroma.NameBuiltin},
	}
	for _, c := range cases {
		l := lexers.Get(c.lexer)
		if l == nil {
			t.Fatalf("no %s lexer", c.lexer)
		}
		var wg sync.WaitGroup
		types := make([]chroma.TokenType, 4)
		for g := range types {
			wg.Go(func() {
				it, err := l.Tokenise(nil, c.src)
				if err != nil {
					t.Error(err)
					return
				}
				for tok := it(); tok != chroma.EOF; tok = it() {
					if tok.Value == c.word {
						types[g] = tok.Type
					}
				}
			})
		}
		wg.Wait()
		for g, got := range types {
			if got != c.want {
				t.Errorf("%s, goroutine %d: %q tokenised as %v, want %v", c.lexer, g, c.word, got, c.want)
			}
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("child printed %q, not a number", s)
	}
	return n
}

func lexerName(l chroma.Lexer) string {
	if l == nil {
		return "<nil>"
	}
	return l.Config().Name
}

// TestNoTmuxAtStart guards the lipgloss patch: lipgloss.Writer detects the colour profile at
// initialisation, and upstream asks tmux for it by running `tmux info`, 20-30 ms at the start
// of every command inside tmux. The test binary starts again as if in tmux, with a fake tmux
// first on PATH that records being run.
func TestNoTmuxAtStart(t *testing.T) {
	requirePatched(t, "charm.land/lipgloss/v2")
	dir := t.TempDir()
	marker := dir + "/ran"
	if err := os.WriteFile(dir+"/tmux", []byte("#!/bin/sh\necho ran >> "+marker+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TTY_FORCE=1", "TERM=tmux-256color", "TMUX=/tmp/tmux-0/default,1234,0", "COLORTERM=", "NO_COLOR=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("re-running the test binary: %v\n%s", err, out)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("starting ran `tmux info`: the patch in third_party/patches/lipgloss.patch is not in effect")
	}
}
