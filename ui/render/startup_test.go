package render

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// initLine is one line of GODEBUG=inittrace=1: a package's init and what it allocated.
var initLine = regexp.MustCompile(`^init (\S+) @[0-9.]+ ms, [0-9.]+ ms clock, ([0-9]+) bytes,`)

// TestLazyUpstreamInit guards the third_party patches (see third_party/README.md): glamour's
// dependencies must not build their registries and regular expressions at start-up. The test
// runs this test binary again with inittrace on and reads what each package's init allocated,
// which, unlike time, is the same on every run. Each limit sits between the patched figure
// and the unpatched one, so the test fails when go.work stops pointing at the patched copies
// (GOWORK=off, or an upgrade that changes a replaced version).
func TestLazyUpstreamInit(t *testing.T) {
	limits := map[string]int{ // bytes: patched → unpatched
		"github.com/alecthomas/chroma/v2/lexers":  128 << 10, // 70 kB → 2.3 MB
		"github.com/alecthomas/chroma/v2/styles":  64 << 10,  // 48 B → 1.6 MB
		"github.com/yuin/goldmark/extension":      32 << 10,  // 15 kB → 266 kB
		"github.com/yuin/goldmark/util":           16 << 10,  // 144 B → 146 kB
		"github.com/microcosm-cc/bluemonday/css":  128 << 10, // 11 kB → 495 kB
		"github.com/gorilla/css/scanner":          64 << 10,  // 4 kB → 223 kB
		"github.com/microcosm-cc/bluemonday":      64 << 10,  // 2 kB → 294 kB
		"github.com/yuin/goldmark/parser":         32 << 10,  // 4 kB → 110 kB
		"charm.land/glamour/v2/internal/autolink": 16 << 10,  // 88 B → 144 kB
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
			t.Errorf("%s allocates %d bytes at init (limit %d): the patched copy in third_party is not in use; check go.work", pkg, got, limit)
		}
	}
}

// TestLexerLookupByName guards the chroma patch's shortcut for lookups by name: in a fresh
// process, the languages elli's pages use resolve without loading every embedded lexer, and
// every name resolves to the lexer the full registry gives. A fresh process is needed because
// the shortcut ends once the full registry is loaded; the child prints what it saw.
func TestLexerLookupByName(t *testing.T) {
	switch os.Getenv("ELLI_LEXER_CHILD") {
	case "1":
		lexerLookupChild()
		return
	case "concurrent":
		lexerConcurrentChild()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLexerLookupByName$")
	cmd.Env = append(os.Environ(), "ELLI_LEXER_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, "\t"); ok {
			got[k] = v
		}
	}
	// The languages of the embedded pages, then common names, then one that must fall back
	// (Bash Session refers to the Bash lexer by name).
	// Lexers written in Go are registered at start; the embedded ones only by a full load.
	start, afterContent, full := got["registered:start"], got["registered:after-content"], got["registered:full"]
	if start != afterContent {
		t.Errorf("looking up yaml, shell and text registered lexers: %s at start, %s after", start, afterContent)
	}
	if n, m := atoi(t, start), atoi(t, full); n >= m {
		t.Errorf("%d lexers registered at start and %d after the full load: the embedded ones were loaded at start (is go.work in use?)", n, m)
	}
	for _, name := range lookupNames {
		if got["fast:"+name] != got["full:"+name] || got["full:"+name] == "" {
			t.Errorf("%q: shortcut gave %q, the full registry %q", name, got["fast:"+name], got["full:"+name])
		}
	}
}

var lookupNames = []string{"yaml", "shell", "text", "YAML", "Shell", "yml", "bash", "sh", "zsh", "go", "Go",
	"golang", "json", "toml", "ini", "diff", "docker", "dockerfile", "python", "py", "javascript", "js", "c",
	"c++", "rust", "html", "xml", "plaintext", "console", "sql", "hcl", "makefile"}

func lexerLookupChild() {
	fmt.Printf("registered:start\t%d\n", len(lexers.GlobalLexerRegistry.Lexers))
	for n, name := range lookupNames {
		fmt.Printf("fast:%s\t%s\n", name, lexerName(lexers.Get(name)))
		if n == 2 { // yaml, shell, text: what the pages use
			fmt.Printf("registered:after-content\t%d\n", len(lexers.GlobalLexerRegistry.Lexers))
		}
	}
	lexers.Names(false) // loads the full registry
	fmt.Printf("registered:full\t%d\n", len(lexers.GlobalLexerRegistry.Lexers))
	for _, name := range lookupNames {
		fmt.Printf("full:%s\t%s\n", name, lexerName(lexers.Get(name)))
	}
}

// TestLexerLookupConcurrent: lookups by name from several goroutines while another loads the
// full registry, in a fresh process, must neither crash (Go reports concurrent map writes as a
// fatal error, even without -race) nor give a different lexer.
func TestLexerLookupConcurrent(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLexerLookupByName$")
	cmd.Env = append(os.Environ(), "ELLI_LEXER_CHILD=concurrent")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "concurrent: ok") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func lexerConcurrentChild() {
	var wg sync.WaitGroup
	var bad atomic.Int32
	for g := range 8 {
		wg.Go(func() {
			for n := range 200 {
				if g == 0 && n == 20 {
					lexers.Names(false) // the full load, in the middle of the lookups
				}
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
		fmt.Println("concurrent: ok")
	}
}

// TestLispRemapping: the Common Lisp and Emacs Lisp lexers retype words through a table that
// the chroma copy builds on first use rather than at init. The words must still be retyped,
// also when the first uses race.
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
// initialisation, and upstream asked tmux for it by running `tmux info`, 20-30 ms at the start
// of every command inside tmux. The test binary starts again as if in tmux, with a fake tmux
// first on PATH that records being run.
func TestNoTmuxAtStart(t *testing.T) {
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
		t.Error("starting ran `tmux info`: is the lipgloss copy in third_party in use? check go.work")
	}
}
