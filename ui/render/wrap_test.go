package render

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// A page as `elli show` and the explorer render it.
type shownPage struct {
	id   string
	lang data.Lang
	md   string
}

// everyPage is every page the embedded release holds, in both languages: the overview, each
// item's page as `show` and the explorer compose it (road items included), and the text of each
// release on the road. Pages added later are in it by construction.
func everyPage(t testing.TB) []shownPage {
	t.Helper()
	ds := snapshot.Dataset()
	var pages []shownPage
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		pages = append(pages, shownPage{data.ReleaseID, lang, ds.Release.Markdown(lang)})
		for _, it := range ds.Items {
			pages = append(pages, shownPage{it.ID, lang, ds.Page(it, lang)})
		}
		for _, rr := range ds.Road() { // a release on the road: its own text, as a page would hold it
			pages = append(pages, shownPage{"road-" + rr.Version, lang,
				"# " + rr.Version + "\n\n" + rr.Summary.In(lang) + "\n\n" + rr.Body.In(lang)})
		}
	}
	if len(pages) < 150 {
		t.Fatalf("only %d pages", len(pages))
	}
	return pages
}

// words is what may not be split: each run of non-space characters of a page rendered with no
// wrap, cut where Chinese text may break (breakUnits), as a set. A no-break space (the coloured
// styles pad inline code with it) joins.
type words struct {
	set    map[string]bool
	joined string // every word, each between two NULs
}

func wordsOf(wide string) words {
	ws := words{set: map[string]bool{}}
	var b strings.Builder
	b.WriteByte(0)
	for _, f := range fields(xansi.Strip(wide)) {
		for _, u := range breakUnits(f) {
			if !ws.set[u] {
				ws.set[u] = true
				b.WriteString(u + "\x00")
			}
		}
	}
	ws.joined = b.String()
	return ws
}

// contains reports whether a word of ws that fits in avail cells holds s.
func (ws words) contains(s string, avail int) bool {
	if ws.set[s] && xansi.StringWidth(s) <= avail {
		return true
	}
	for rest := ws.joined; ; {
		i := strings.Index(rest, s)
		if i < 0 {
			return false
		}
		start := strings.LastIndexByte(rest[:i], 0) + 1
		end := i + strings.IndexByte(rest[i:], 0)
		if xansi.StringWidth(rest[start:end]) <= avail {
			return true
		}
		rest = rest[end:]
	}
}

// cut is a word split across two lines, as the splits test reports it.
type cut struct {
	line       int
	tail, head string
	marked     bool // the line ends in cutMark
	fits       bool // the word fits its line, so it must not have been cut
}

func (c cut) String() string {
	mark := ""
	if c.marked {
		mark = cutMark
	}
	return fmt.Sprintf("line %d: %q%s / %q", c.line, c.tail, mark, c.head)
}

// wrong says what is wrong with a cut: a word that fits is never cut, one that does not is cut
// with a mark.
func (c cut) wrong() string {
	switch {
	case c.fits:
		return "splits a word that fits"
	case !c.marked:
		return "cuts a long word without a mark"
	}
	return ""
}

// cutsIn finds where a render breaks a line inside a word: line n ends in a piece of a word
// whose continuation starts line n+1 (inside a table: the same cell of the next line). A piece
// is a split when the two pieces together make (part of) a word of the page while one of them is
// not a word on its own: "kube-" / "controller-manager" is one, "the" / "end" is not.
func cutsIn(out string, width int, ws words) []cut {
	lines := strings.Split(xansi.Strip(out), "\n")
	var cuts []cut
	for n := 0; n+1 < len(lines); n++ {
		a, b := cells(lines[n]), cells(lines[n+1])
		if len(a) != len(b) {
			if len(a) > 1 || len(b) > 1 {
				continue // a table's edge
			}
		}
		for k := range a {
			ta := lastField(a[k])
			indent, hb := firstField(b[k])
			if ta == "" || hb == "" {
				continue
			}
			marked := strings.HasSuffix(ta, cutMark)
			ua, ub := lastUnit(strings.TrimSuffix(ta, cutMark)), breakUnits(hb)[0]
			if last, _ := utf8.DecodeLastRuneInString(ua); Unspaced(last) || Unspaced([]rune(ub)[0]) {
				continue // beside Chinese: where it may break is TestChinesePagesWrap's to check
			}
			if ws.set[ua] && ws.set[ub] || !ws.contains(ua+ub, width) {
				continue
			}
			avail := width - indent
			if len(a) > 1 {
				avail = xansi.StringWidth(b[k]) // a table cell
			}
			cuts = append(cuts, cut{n + 1, ua, ub, marked, ws.contains(ua+ub, avail)})
		}
	}
	return cuts
}

// cells cuts a table row at its column rules; any other line is one cell.
func cells(l string) []string {
	for _, sep := range []string{" │ ", " | "} {
		if strings.Count(l, sep) > 0 && !strings.HasPrefix(strings.TrimLeft(l, " "), strings.TrimSpace(sep)) {
			return strings.Split(l, sep)
		}
	}
	return []string{l}
}

// fields are the runs of s that a line does not break: a no-break space joins.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r != '\u00a0' && unicode.IsSpace(r) })
}

func lastField(s string) string {
	f := fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// firstField is the first word of a line that continues the one before, after its indent and
// a quote's rule, with the indent's width; "" for a line that starts a list item.
func firstField(s string) (int, string) {
	body := strings.TrimLeftFunc(s, unicode.IsSpace)
	for strings.HasPrefix(body, "│") || strings.HasPrefix(body, "|") {
		body = strings.TrimLeftFunc(strings.TrimLeft(body, "│|"), unicode.IsSpace)
	}
	f := fields(body)
	if len(f) == 0 || f[0] == "•" || len(f) > 1 && strings.HasSuffix(f[0], ".") && strings.Trim(f[0], "0123456789.") == "" {
		return 0, ""
	}
	return xansi.StringWidth(s) - xansi.StringWidth(body), f[0]
}

func lastUnit(s string) string {
	u := breakUnits(s)
	return u[len(u)-1]
}

// TestNoWordSplit: over every page of the release, in English and Chinese, rendered in colour
// and piped, at the widths of narrow and wide terminals, a line breaks only at a space (or
// where Chinese may break): no word that fits its line is split, and a word longer than its
// line is cut with a visible mark.
func TestNoWordSplit(t *testing.T) {
	pages := everyPage(t)
	r := NewRenderer()
	count := map[string]int{}
	for _, p := range pages {
		wide, err := r.Render(p.md, 1000, Plain)
		if err != nil {
			t.Fatal(err)
		}
		ws := wordsOf(wide)
		for _, theme := range []Theme{Plain, Dark} {
			for _, width := range []int{40, 60, 80, 120} {
				out, err := r.Render(p.md, width, theme)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range cutsIn(out, width, ws) {
					if c.wrong() == "" {
						continue
					}
					count[fmt.Sprintf("%s/%s/%d/%s", p.lang, theme, width, c.wrong())]++
					if os.Getenv("WRAP_COUNT") == "" {
						t.Errorf("%s (%s), %s at %d: %s %s", p.id, p.lang, theme, width, c.wrong(), c)
					}
				}
			}
		}
	}
	t.Logf("splits: %v", count)
}

// How lines break, as a reader sees them: at spaces only, a word wider than its line cut with
// cutMark, a code line broken at a space with its rest indented, a table too wide for the line
// written as a list.
func TestWrapCases(t *testing.T) {
	for _, c := range []struct {
		md    string
		width int
		want  string
	}{
		{"a kube-controller-manager b", 24, "a\nkube-controller-manager\nb"},
		{"delete /var/lib/kubelet/pod\\_status\\_manager\\_state now", 21, "delete\n/var/lib/kubelet/pod↩\n_status_manager_stat↩\ne now"}, // a cut before an escape, not inside it
		{"set --feature-gates=RetryGenerateName=false.", 20, "set\n--feature-gates=Ret↩\nryGenerateName=fals↩\ne."},
		{"启用 `--feature-gates=RetryGenerateName=false`。", 20, "启用\n--feature-gates=Ret↩\nryGenerateName=fals↩\ne。"},
		{"- item\n  - nested https://example.com/a-very-long/path", 30,
			"• item\n    • nested\n    https://example.com/a-ver↩\n    y-long/path"},
		{"<https://kubernetes.io/docs/reference/command-line-tools-reference/>", 40,
			"https://kubernetes.io/docs/reference/co↩\nmmand-line-tools-reference/"},
		{"```\nkubectl get pods --all-namespaces -o wide\n```", 30, "  kubectl get pods\n    --all-namespaces -o wide"},
		{"```\n  echo aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n```", 30,
			"    echo\n      aaaaaaaaaaaaaaaaaaaaaaa↩\n      aaaaaaaaaaaaaaaaaaa"},
		{"| A | B |\n|---|---|\n| one two three | `kube-controller-manager` |\n", 30,
			"• one two three\n    • **B**:\n    kube-controller-manager"},
		{"| A | B |\n|---|---|\n| one | two |\n", 30, " A             | B\n---------------|--------------\n one           | two"},
	} {
		got, err := NewRenderer().Render(c.md, c.width, Plain)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%q at %d:\n got %q\nwant %q", c.md, c.width, got, c.want)
		}
	}
}

// A cut mark shows only where its line ends: where the line went on after all (the estimate of
// the room was short), it goes.
func TestUnmarkCuts(t *testing.T) {
	in := "ab" + cutStand + string(breakMark) + "cd\nef" + cutStand + string(breakMark) + "\x1b[m  \ngh" + cutStand
	if got, want := unmarkBreaks(in), "abcd\nef"+cutMark+"\x1b[m  \ngh"+cutMark; got != want {
		t.Errorf("unmarkBreaks(%q) = %q, want %q", in, got, want)
	}
}

// BenchmarkRenderPages: every English page at 80 columns, without colour, as `elli show` renders
// it into a pipe: what keeping words whole costs a render.
func BenchmarkRenderPages(b *testing.B) {
	var pages []string
	for _, p := range everyPage(b) {
		if p.lang == data.LangEN {
			pages = append(pages, p.md)
		}
	}
	r := NewRenderer()
	for b.Loop() {
		for _, md := range pages {
			if _, err := r.Render(md, 80, Plain); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// A command copied from a piped page is the command: glamour's plain style read Markdown's
// escapes in code blocks, so jq's "\(.metadata.name)" came out "(.metadata.name)".
func TestPlainCodeKeepsBackslashes(t *testing.T) {
	code := []string{`jq -r '"\(.metadata.namespace)/\(.metadata.name)"'`, `printf 'a\\b\n'`, `grep -E 'a\.b|c\-d' \`}
	md := "Run:\n\n```shell\n" + strings.Join(code, "\n") + "\n```\n"
	for _, theme := range []Theme{Plain, Dark} {
		out, err := NewRenderer().Render(md, 80, theme)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range code {
			if !strings.Contains(xansi.Strip(out), "  "+c+"\n") && !strings.HasSuffix(xansi.Strip(out), "  "+c) {
				t.Errorf("%s: the code line %q is not in the page:\n%s", theme, c, xansi.Strip(out))
			}
		}
	}
}
