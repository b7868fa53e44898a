package data

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadErrorMessage(t *testing.T) {
	fsys := baseFS()
	edit(t, fsys, fxBeta, "sig: network", "sig: networking")
	edit(t, fsys, fxGA, "https://github.com/kubernetes/enhancements/issues/300", "https://github.com/kubernetes/enhancements/issues/301")
	edit(t, fsys, fxRelease, "released: 2030-01-08", "released: soon")
	_, err := Load(fsys)
	if err == nil {
		t.Fatal("loaded a broken release")
	}
	le := err.(*LoadError)
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("Error() spans several lines: %q", msg)
	}
	want := "invalid content: " + le.Problems[0].String() + fmt.Sprintf(" (and %d more problems)", len(le.Problems)-1)
	if len(le.Problems) < 3 || msg != want {
		t.Errorf("Error() = %q\nwant      %q (problems: %d)", msg, want, len(le.Problems))
	}

	one := &LoadError{Problems: []Problem{{File: "a.md", Field: "sig", Msg: "bad"}}}
	if got := one.Error(); got != "invalid content: a.md: sig: bad" {
		t.Errorf("one problem: %q", got)
	}
	two := &LoadError{Problems: []Problem{{File: "a.md", Msg: "bad"}, {File: "b.md", Msg: "worse"}}}
	if got := two.Error(); got != "invalid content: a.md: bad (and 1 more problem)" {
		t.Errorf("two problems: %q", got)
	}
}

// TestLoadReportsEveryProblem checks that independent problems in several files are all
// reported together, not one per run. Files that cannot be read are reported first, on their
// own: checking the rest then would only add follow-on problems such as wrong counts.
func TestLoadReportsEveryProblem(t *testing.T) {
	check := func(t *testing.T, fsys fstest.MapFS, want ...string) {
		t.Helper()
		files := map[string]bool{}
		for _, p := range loadProblems(t, fsys) {
			files[p.File] = true
		}
		for _, f := range want {
			if !files[f] {
				t.Errorf("no problem reported for %s (got %v)", f, files)
			}
		}
	}
	t.Run("validation", func(t *testing.T) {
		fsys := baseFS()
		edit(t, fsys, fxBeta, "sig: network", "sig: networking")
		edit(t, fsys, fxAlpha, "https://kubernetes.io/docs/widgets/", "htp://kubernetes.io/docs/widgets/")
		edit(t, fsys, fxRemoval, "components: [kubelet]\n", "")
		edit(t, fsys, fxRelease, "weeks: 14", "weeks: 0")
		check(t, fsys, fxBeta, fxAlpha, fxRemoval, fxRelease)
	})
	t.Run("reading", func(t *testing.T) {
		fsys := baseFS()
		put(fsys, "guide/notes.txt", "x")
		edit(t, fsys, fxGA, "summary:", "summry:")
		put(fsys, "changes/removal-old-flag.de.md", "---\ntitle: Weg\n---\n")
		put(fsys, fxGuide, "no header\n")
		check(t, fsys, "guide/notes.txt", fxGA, "changes/removal-old-flag.de.md", fxGuide)
	})
}
