package cli

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// On a terminal the findings table wraps its messages and fixes at the window's width, at
// spaces only (and between Chinese characters): every English word of the unwrapped table,
// ceph/ceph-csi and rbd.csi.ceph.com among them, comes out whole (a word wider than its line is
// cut with a mark), and from 60 columns on no line is wider than the window.
func TestCheckTableWrapsAtSpaces(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		piped := run(t, "check", "testdata/check", "--fail-on", "none", "--lang", lang).stdout
		want := latinWords(piped)
		if !slices.Contains(want, "ceph/ceph-csi)") && !slices.Contains(want, "ceph/ceph-csi）：为它创建") && !strings.Contains(piped, "ceph/ceph-csi") {
			t.Fatalf("%s: the table names no ceph/ceph-csi:\n%s", lang, piped)
		}
		for _, width := range []int{40, 60, 80, 120} {
			a := newTestApp(t, nil)
			a.term.out = true
			a.term.width = func() int { return width }
			out := a.run("check", "testdata/check", "--fail-on", "none", "--lang", lang, "--color", "never").stdout
			if got := latinWords(out); !slices.Equal(got, want) {
				t.Errorf("%s at %d: words differ from the unwrapped table:\n%s", lang, width, wordDiff(got, want))
			}
			for n, l := range strings.Split(out, "\n") {
				if w := ansi.StringWidth(l); w > width && width >= 60 { // at 40, a rule's id may not fit beside its place
					t.Errorf("%s at %d: line %d is %d wide: %q", lang, width, n+1, w, l)
				}
			}
		}
	}
}

// latinWords are the runs of printable ASCII between spaces and other characters, sorted: a
// word split across two lines makes two runs, unless the line ends in the cut mark of a word
// wider than the line.
func latinWords(s string) []string {
	s = cutJoin.ReplaceAllString(s, "")
	ws := strings.FieldsFunc(s, func(r rune) bool { return r <= ' ' || r >= utf8.RuneSelf })
	slices.Sort(ws)
	return ws
}

func wordDiff(got, want []string) string {
	var b strings.Builder
	for _, w := range got {
		if !slices.Contains(want, w) {
			fmt.Fprintf(&b, "  + %q\n", w)
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			fmt.Fprintf(&b, "  - %q\n", w)
		}
	}
	return b.String()
}

// cutJoin is a cut mark, the line break after it and the next line's indent.
var cutJoin = regexp.MustCompile("↩\n *")
