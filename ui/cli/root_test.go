package cli

import (
	"context"
	"fmt"
	"github.com/elli-k8s/elli/embed/snapshot"
	"io"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/tui"
)

// TestRootPiped: without a terminal, elli prints instead of opening the explorer.
func TestRootPiped(t *testing.T) {
	t.Parallel()
	if got, want := runOK(t), runOK(t, "list"); got != want {
		t.Errorf("elli piped should print the list:\n%s", got)
	}
	if got, want := runOK(t, "kep-3866"), runOK(t, "show", "3866"); got != want {
		t.Errorf("elli 3866 piped should print the item")
	}
	if got, want := runOK(t, "release"), runOK(t, "show", "release"); got != want {
		t.Errorf("elli release piped should print the overview")
	}
	if got, want := runOK(t, "--tab", "alpha"), runOK(t, "list", "--stage", "alpha"); got != want {
		t.Errorf("elli --tab alpha piped should print the alpha list")
	}
	total := fmt.Sprintf("0 / %d done", len(snapshot.Dataset().Checklist()))
	if got, want := run(t, "--tab", "upgrade").stdout, run(t, "checklist").stdout; got != want || !strings.Contains(got, total) {
		t.Errorf("elli --tab upgrade piped should print the checklist, as elli checklist does:\n%s", got)
	}
	firstColumn := func(table string) []string {
		var ids []string
		for _, line := range strings.Split(strings.TrimSpace(table), "\n")[1:] {
			ids = append(ids, strings.Fields(line)[0])
		}
		return ids
	}
	want := append(firstColumn(runOK(t, "list", "--kind", "removal")), firstColumn(runOK(t, "list", "--kind", "deprecation"))...)
	// the section's name, any word of its label in either language, and its older name
	for _, tab := range []string{"removals", "Deprecations", "移除与弃用", "changes"} {
		if got := firstColumn(runOK(t, "--tab", tab)); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("elli --tab %s piped: %v, want removals then deprecations %v", tab, got, want)
		}
	}
	if got, want := runOK(t, "--tab", "all"), runOK(t, "--tab", "overview"); got != want {
		t.Errorf("elli --tab all piped should print the overview's list, as --tab overview does")
	}
	if got := runOK(t, "--search", "nftables"); !strings.HasPrefix(strings.Split(got, "\n")[1], "3866 ") {
		t.Errorf("elli --search nftables piped:\n%s", got)
	}
}

// TestRootTerminal: in a terminal, elli opens the explorer with the flags and deep link.
func TestRootTerminal(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, map[string]string{"NO_COLOR": "1", "ELLI_STATE": "/elli-test/state.json"})
	a.term.in, a.term.out = true, true
	var got []tui.Options
	a.runTUI = func(_ context.Context, ds *data.Dataset, o tui.Options) error {
		if ds == nil || len(ds.Items) == 0 {
			t.Error("the TUI got no dataset")
		}
		got = append(got, o)
		return nil
	}
	r := a.run("3866", "--tab", "beta", "--search", "nft", "--theme", "light", "--lang", "zh")
	// the explorer saves the checklist in the state file the settings name
	if len(got) == 1 && (got[0].State == nil || got[0].State.Path != "/elli-test/state.json" || got[0].StateProblem != "") {
		t.Errorf("the explorer's state: %+v, problem %q", got[0].State, got[0].StateProblem)
	} else if len(got) == 1 {
		got[0].State = nil
	}
	want := tui.Options{Theme: "light", Tab: "beta", Search: "nft", Open: "3866-nftables-kube-proxy", NoColor: true, Measure: 100, Lang: data.LangZH, In: a.stdin, Out: a.stdout}
	if r.code != 0 || r.stdout != "" || r.stderr != "" || len(got) != 1 || got[0] != want {
		t.Errorf("elli 3866 ... in a terminal: %+v, TUI options %+v, want %+v", r, got, want)
	}

	b := newTestApp(t, nil)
	b.term.in, b.term.out = true, true
	b.runTUI = func(context.Context, *data.Dataset, tui.Options) error {
		got = append(got, tui.Options{})
		return nil
	}
	if r := b.run("99999"); r.code != 1 || r.stderr != "elli: there is no KEP-99999 in v1.31; try: elli search 99999\n" {
		t.Errorf("elli 99999: %+v", r)
	}
	if len(got) != 1 {
		t.Error("the TUI must not start on a deep link to nothing")
	}
}

// TestRootTerminalErrors: an explorer that fails is a runtime error; ctrl+c exits quietly.
func TestRootTerminalErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err    error
		code   int
		stderr string
	}{
		{fmt.Errorf("interactive explorer: %w", io.ErrUnexpectedEOF), 1, "elli: interactive explorer: unexpected EOF\n"},
		{tea.ErrInterrupted, 130, ""},
	} {
		a := newTestApp(t, nil)
		a.term.in, a.term.out = true, true
		a.runTUI = func(context.Context, *data.Dataset, tui.Options) error { return tc.err }
		if r := a.run(); r.code != tc.code || r.stderr != tc.stderr || r.stdout != "" {
			t.Errorf("TUI error %v: %+v", tc.err, r)
		}
	}
}

func TestPanicIsOneLine(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, nil)
	a.term.in, a.term.out = true, true
	a.runTUI = func(context.Context, *data.Dataset, tui.Options) error { panic("boom\nsecond line") }
	r := a.run()
	if r.code != 1 || r.stderr != "elli: internal error: boom second line\n" {
		t.Errorf("panic: %+v", r)
	}
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	if out := runOK(t, "completion", "bash"); !strings.Contains(out, "bash completion") || !strings.Contains(out, "__start_elli") {
		t.Errorf("completion bash:\n%.200s", out)
	}
	if r := run(t, "__complete", "show", "38"); r.code != 0 || !strings.Contains(r.stdout, "3866\tAdd an nftables-based kube-proxy backend\n") {
		t.Errorf("completing show 38: %+v", r)
	}
	if r := run(t, "__complete", "list", "--stage", ""); r.code != 0 || !strings.HasPrefix(r.stdout, "ga\nbeta\nalpha\n") {
		t.Errorf("completing --stage: %+v", r)
	}
	if r := run(t, "completion", "nosh"); r.code != 2 || r.stderr != "elli: unknown command \"nosh\" for \"elli completion\"\n" {
		t.Errorf("completion nosh: %+v", r)
	}
}
