package render

import (
	"regexp"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// TestPagesFitTheirWidth: glamour overshoots the wrap width by a few columns on some lines
// (list items, padded inline code). Every page, at the widths the explorer and `show` use, must
// come out no wider than asked, with no text lost to the re-wrap.
func TestPagesFitTheirWidth(t *testing.T) {
	ds := snapshot.Dataset()
	items := append([]*data.Item{ds.ReleaseItem()}, ds.Items...)
	r := NewRenderer()
	for _, theme := range []Theme{Dark, Plain} {
		widths := []int{30, 46, 68, 100}
		if theme == Plain { // the same layout without colour: one width is enough
			widths = []int{46}
		}
		for _, it := range items {
			md := it.Markdown(data.LangEN)
			// glamour's own output at a width that needs no re-wrap
			wide, err := r.Render(md, 400, theme)
			if err != nil {
				t.Fatal(err)
			}
			for _, width := range widths {
				out, err := r.Render(md, width, theme)
				if err != nil {
					t.Fatalf("%s at %d: %v", it.ID, width, err)
				}
				for n, l := range strings.Split(out, "\n") {
					if w := xansi.StringWidth(l); w > width {
						t.Errorf("%s, %s at %d: line %d is %d wide: %q", it.ID, theme, width, n+1, w, xansi.Strip(l))
					}
				}
				// The words of the page survive: compare the text with all breaks and spaces removed
				// against the wide render. A table wraps within
				// its cells, which reorders its words line by line, so pages with one are left out.
				if hasTable(md) {
					continue
				}
				if squeeze(out) != squeeze(wide) {
					t.Errorf("%s, %s at %d: the text differs from the unwrapped render", it.ID, theme, width)
				}
			}
		}
	}
}

// TestTidyRewrapsOverlongLines covers the two wrap paths on their own: a word wrap, and the hard
// wrap for a line that Wrap leaves whole.
func TestTidyRewrapsOverlongLines(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
	}{
		{"• \u00a0PodDisruptionConditions\u00a0: ga, on by default,", 46},
		{"Check what a running container got with \u00a0kubectl exec hello-apparmor --", 68},
		{"\x1b[1mbold words that run past the edge of the pane\x1b[m", 20},
	} {
		out := tidy(c.in, c.width)
		if !strings.Contains(out, "\n") {
			t.Errorf("%q at %d was not wrapped", c.in, c.width)
		}
		for _, l := range strings.Split(out, "\n") {
			if xansi.StringWidth(l) > c.width {
				t.Errorf("%q at %d: line %q still too wide", c.in, c.width, l)
			}
		}
		if squeeze(out) != squeeze(c.in) {
			t.Errorf("%q at %d: text changed to %q", c.in, c.width, out)
		}
	}
}

func hasTable(md string) bool {
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "|") && strings.Contains(l, "---") {
			return true
		}
	}
	return false
}

// squeeze is the visible text with every kind of space and line break removed, and the marks
// of words cut at the end of a line.
func squeeze(s string) string {
	s = strings.ReplaceAll(xansi.Strip(s), cutMark+"\n", "\n")
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\n' || r == '\u00a0' || r == '\t'
	}), "")
}

// Styles that cover no text are dropped; what the text looks like does not change.
func TestDropEmptyStyles(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\x1b[97;3mtext\x1b[m\x1b[97m\x1b[m\x1b[97m\x1b[m", "\x1b[97;3mtext\x1b[m"},
		{"\x1b[93;104;1m\x1b[m\x1b[1mKEP\x1b[m", "\x1b[1mKEP\x1b[m"},
		{"plain", "plain"},
		{"\x1b[1mbold\x1b[m and \x1b[3mit\x1b[m", "\x1b[1mbold\x1b[m and \x1b[3mit\x1b[m"},
		{"\x1b[38;2;1;2;3m\x1b[m", ""},
	} {
		if got := dropEmptyStyles(c.in); got != c.want {
			t.Errorf("dropEmptyStyles(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// A whole page in colour keeps its look, with far fewer bytes.
	r := NewRenderer()
	md := snapshot.Dataset().Items[0].Markdown(data.LangEN)
	out, err := r.Render(md, 80, Dark)
	if err != nil {
		t.Fatal(err)
	}
	if empty := regexp.MustCompile("\x1b\\[[0-9;:]+m\x1b\\[m"); empty.MatchString(out) {
		t.Errorf("empty style pairs remain: %q", empty.FindString(out))
	}
}

// TestGlamourFitsBesideCode: glamour, given what markBreaks makes of a page, wraps every line of
// prose within the width, in English and in Chinese, so tidy only ever re-wraps code, whose lines
// are as long as they are. A line of prose that glamour overshoots, tidy can only re-wrap on its
// own, which left a word alone on a line ("external cloud-controller-" / "manager;" /
// "clusters without …" in the overview at 68 columns, the explorer's pane at 120).
func TestGlamourFitsBesideCode(t *testing.T) {
	ds := snapshot.Dataset()
	items := append([]*data.Item{ds.ReleaseItem()}, ds.Items...)
	r := NewRenderer()
	for _, width := range []int{46, 60, 68, 80, 100} {
		tr, err := r.take(key{width, Dark})
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
			for _, it := range items {
				md := it.Markdown(lang)
				out, err := tr.Render(markBreaks(neutralize(md), layoutFor(Dark.config(), width)))
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range strings.Split(out, "\n") {
					l = unmarkBreaks(strings.TrimRight(xansi.Strip(l), " "))
					if xansi.StringWidth(l) > width && !inCodeBlock(md, strings.TrimSpace(l)) {
						t.Errorf("%s (%s) at %d: glamour overshoots a line of prose: %q", it.ID, lang, width, l)
					}
				}
			}
		}
	}
}

// inCodeBlock reports whether line is (part of) a line of one of md's code blocks.
func inCodeBlock(md, line string) bool {
	in := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "```") {
			in = !in
		} else if in && strings.Contains(l, line) {
			return true
		}
	}
	return false
}
