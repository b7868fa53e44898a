package cli

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestHelpLayout: help fits the terminal's width, is laid out for 80 columns when piped with
// nothing cut, names flag values, and has no trailing spaces, with colour and without.
func TestHelpLayout(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"show", "--help"}, {"help", "list"}, {"help", "environment"}, {"help", "exit-codes"}, {"config", "--help"}} {
		for _, width := range []int{0, 60, 80, 200} {
			for _, color := range []string{"never", "always"} {
				a := newTestApp(t, nil)
				if width > 0 {
					a.term.out = true
					w := width
					a.term.width = func() int { return w }
				}
				r := a.run(append(args, "--color", color)...)
				if r.code != 0 || r.stderr != "" {
					t.Fatalf("elli %v: %+v", args, r)
				}
				limit := min(max(width, 40), 120)
				if width == 0 {
					limit = 80
				}
				for i, l := range strings.Split(r.stdout, "\n") {
					plain := ansi.Strip(l)
					if strings.HasSuffix(plain, " ") {
						t.Errorf("elli %v at %d, %s: line %d ends in a space: %q", args, width, color, i+1, plain)
					}
					if w := ansi.StringWidth(plain); w > limit && !strings.HasPrefix(strings.TrimSpace(plain), "elli ") {
						t.Errorf("elli %v at %d, %s: line %d is %d wide: %q", args, width, color, i+1, w, plain)
					}
					if strings.Contains(plain, "…") {
						t.Errorf("elli %v at %d: line %d is cut: %q", args, width, i+1, plain)
					}
				}
				if hasColor(r.stdout) != (color == "always") {
					t.Errorf("elli %v --color %s: colour %v", args, color, hasColor(r.stdout))
				}
			}
		}
	}
	out := runOK(t, "--help")
	for _, want := range []string{"--data DIR", "-s, --style NAME|FILE", "--tab NAME", "-v, --version", "--color WHEN",
		"environment", "exit-codes", "elli list --jq '.[] | select(.off_by_default) | .id'"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if strings.Contains(out, "--theme") || strings.Contains(out, "`") {
		t.Error("help shows the hidden --theme or a backquote")
	}
	if got := runOK(t, "help", "show"); got != runOK(t, "show", "--help") {
		t.Error("elli help show differs from elli show --help")
	}
	env := runOK(t, "help", "environment")
	for _, e := range environment() {
		if !strings.Contains(env, e.name) {
			t.Errorf("help environment lacks %s", e.name)
		}
	}
}

// noScanner stands for kubectl-elli's cluster scanner where only the command tree matters.
type noScanner struct{}

func (noScanner) ScanCluster(context.Context, ClusterRequest) (*ClusterResult, error) {
	return nil, errors.New("no cluster in this test")
}
func (noScanner) Contexts(string) []string { return nil }

// TestKubectlElliHelp: run as a kubectl plugin, the help says the command as it is typed,
// "kubectl elli", in its usage, examples and closing paragraph, in both languages.
func TestKubectlElliHelp(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t, nil)
		a.cluster = noScanner{}
		out := a.run("--lang", lang, "--help").stdout
		for _, want := range []string{"kubectl elli [KEP|ID] [command]", "  kubectl elli list --stage beta", "kubectl elli help COMMAND"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: kubectl elli --help lacks %q:\n%s", lang, want, out)
			}
		}
		b := newTestApp(t, nil)
		b.cluster = noScanner{}
		if out := b.run("--lang", lang, "show", "--help").stdout; !strings.Contains(out, "kubectl elli show KEP|ID") {
			t.Errorf("%s: kubectl elli show --help:\n%s", lang, out)
		}
	}
	if out := runOK(t, "--help"); strings.Contains(out, "kubectl elli") || !strings.Contains(out, "elli man | man -l -") {
		t.Errorf("elli --help must say elli, and name elli man:\n%s", out)
	}
}
