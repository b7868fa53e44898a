package render

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// markBreaks's edits, shown with | for a break opportunity and the kept characters as they are:
// where Chinese may break, and where nothing may.
func TestMarkBreaksCases(t *testing.T) {
	show := func(s string) string {
		s = strings.ReplaceAll(s, string(breakMark), "|")
		for c, stand := range keep {
			s = strings.ReplaceAll(s, stand, "<"+string(c)+">")
		}
		return strings.ReplaceAll(s, codeSpace, "<_>")
	}
	for _, tc := range []struct{ in, want string }{
		{"用中文写", "用|中|文|写"},
		// no line starts with closing punctuation or ends with opening punctuation
		{"运行时，kubelet 忽略。然后（可选）继续", "运|行|时，|kubelet 忽|略。|然|后|（可|选）|继|续"},
		{"叫“门控”吧", "叫|“门|控”|吧"},
		// English words and inline code stay whole, in Chinese text
		{"自 1.29 起，kube-apiserver 与 --feature-gates", "自 1<.>29 起，|kube<->apiserver 与 <-><->feature<->gates"},
		{"参数 `--cgroup-driver` 和 `kubectl get pods`", "参|数 `<-><->cgroup<->driver` 和 `kubectl<_>get<_>pods`"},
		// inline code longer than two thirds of the line (80 here) may break at its spaces
		{"运行 `kubectl get pods -A -o jsonpath='{.items[*].spec.nodeName}' | sort | uniq -c`", "运|行 `kubectl get pods <->A <->o jsonpath='{<.>items[*]<.>spec<.>nodeName}' <|> sort <|> uniq <->c`"},
		{"（CRI-O 1.20+），并", "（CRI<->O 1<.>20<+>），|并"},
		{"用 a - b 和 a-", "用 a <-> b 和 a<->"}, // a dash between spaces, a hyphen ending the text: a line breaks at spaces
		// beside inline code: a list of gate names joined by 、 breaks after each 、
		{"删除 `GateA`、`GateB` 和 `GateC`。", "删|除 `GateA`、|`GateB` 和 `GateC`。"},
		{"调用`RuntimeConfig`方法", "调|用|`RuntimeConfig`|方|法"},
		// no break in a link's address, a code block or HTML
		{"见[中文文档](https://例子.中国/文档)", "见[中|文|文|档](https://例子.中国/文档)"},
		{"```\n中文注释\n```\n", "```\n中文注释\n```\n"},
		{"<span>中文</span>", "<span>中|文</span>"},
		// a Chinese paragraph written over two lines joins without a space
		{"第一行\n第二行", "第|一|行|第|二|行"},
		{"English line\n第二行", "English line\n第|二|行"},
		// an English page keeps every word whole too: a line breaks only at a space (wrap.go)
		{"kube-apiserver → 1.29, `a-b`", "kube<->apiserver → 1<.>29<,> `a<->b`"},
		{"needs cloud-controller-manager;\nclusters - all. `a, b`", "needs cloud<->controller<->manager<;>\nclusters <-> all<.> `a<,><_>b`"},
		{"<https://kubernetes.io/docs/>", "<https://kubernetes<.>io/docs/>"},
		// an escaped character's stand-in needs no escape, and would show one
		{"1\\.29 a\\-b a\\\\-b", "1<.>29 a<->b a\\\\<->b"},
	} {
		got := show(markBreaks(tc.in, plainLayout(80)))
		if got != tc.want {
			t.Errorf("markBreaks(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// unmarkBreaks gives back exactly the page markBreaks was given, for every Chinese page: the edits are
// insertions and stand-ins, nothing else (no page has a Chinese line break to join).
func TestMarkBreaksRoundTrip(t *testing.T) {
	for _, md := range chinesePages(t) {
		if got := unmarkBreaks(markBreaks(md.text, layoutFor(Dark.config(), 80))); got != md.text { // the plain style also doubles code's backslashes
			t.Errorf("%s: unmarkBreaks(markBreaks(page)) differs from the page", md.id)
		}
		if markBreaks(md.text, plainLayout(80)) == md.text {
			t.Errorf("%s: no break opportunity in a Chinese page", md.id)
		}
	}
}

// Chinese pages wrap at characters, by the rules: each line fits its width in cells, none
// starts with closing punctuation or ends with opening punctuation, and the text is the text of
// the page unwrapped. At widths where every code line fits, no English word or inline code is
// split either: the page's ASCII words are the unwrapped page's.
func TestChinesePagesWrap(t *testing.T) {
	r := NewRenderer()
	for _, pg := range chinesePages(t) {
		for _, theme := range []Theme{Plain, Dark} {
			widths := []int{40, 60, 80, 100}
			if theme == Dark { // the same wrapping; the style's padding checked at one width
				widths = []int{80}
			}
			wide, err := r.Render(pg.text, 1000, theme)
			if err != nil {
				t.Fatal(err)
			}
			for _, width := range widths {
				out, err := r.Render(pg.text, width, theme)
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("%s at %d (%s)", pg.id, width, theme)
				checkChineseLines(t, where, out, width)
				if hasTable(pg.text) {
					continue // a table wraps within its cells, which reorders its words line by line
				}
				if squeeze(out) != squeeze(wide) {
					t.Errorf("%s: the text differs from the unwrapped render", where)
				}
				if width >= 80 { // every code line fits (CONTENT.md: 66 columns)
					if got, want := asciiWords(out), asciiWords(wide); got != want {
						t.Errorf("%s: an English word or inline code is split:\n got %s\nwant %s", where, got, want)
					}
				}
			}
		}
	}
}

// checkChineseLines: each line fits its width in cells, none starts with closing punctuation
// or ends with opening punctuation, and nothing markBreaks put in is left. (At 40 columns, inline
// code as long as the line, such as networking.k8s.io/service-cidr-finalizer, leaves the 、 after
// it no room: a word wider than the line is cut where the line ends, so the punctuation rules
// are checked from 60 columns.)
func checkChineseLines(t *testing.T, where, out string, width int) {
	t.Helper()
	for n, l := range strings.Split(xansi.Strip(out), "\n") {
		if w := xansi.StringWidth(l); w > width {
			t.Errorf("%s: line %d is %d cells wide: %q", where, n+1, w, l)
		}
		if width < 60 || strings.ContainsAny(l, "│|") {
			continue // a table row: cells wrap on their own
		}
		// Chinese punctuation only: "}" of a code block or ".status" of a field path may start a
		// line, and "—" after a space is an English dash, broken at the space
		body := strings.TrimLeft(l, " •")
		if first, _ := utf8.DecodeRuneInString(body); body != "" && Unspaced(first) && strings.ContainsRune(noBreakBefore, first) {
			t.Errorf("%s: line %d starts with %q: %q", where, n+1, first, l)
		}
		if last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(l, " ")); Unspaced(last) && strings.ContainsRune(noBreakAfter, last) {
			t.Errorf("%s: line %d ends with %q: %q", where, n+1, last, l)
		}
	}
	if strings.ContainsAny(out, string(breakMark)+"\ue000\ue001\ue002\ue003\ue004\ue005\ue006") {
		t.Errorf("%s: a break mark or stand-in is left in the output", where)
	}
}

// A Chinese page at 60 and 80 columns, as a person reads it: a paragraph with a list of gate
// names joined by 、, inline code, lists and a code block.
func TestChinesePageGolden(t *testing.T) {
	ds := snapshot.Dataset()
	r := NewRenderer()
	for _, id := range []string{"removal-intree-unregister-gates", "4033-cgroup-driver-from-cri"} {
		for _, width := range []int{60, 80} {
			t.Run(fmt.Sprintf("%s/%d", id, width), func(t *testing.T) {
				out, err := r.Render(ds.ByID(id).Markdown(data.LangZH), width, Plain)
				if err != nil {
					t.Fatal(err)
				}
				golden.RequireEqual(t, out)
			})
		}
	}
}

type page struct{ id, text string }

// chinesePages is the Chinese Markdown of every item and of the release overview, without the
// links at the end: an address longer than the line breaks wherever the width ends, in any
// language.
func chinesePages(t *testing.T) []page {
	t.Helper()
	ds := snapshot.Dataset()
	rel := ds.Release
	rel.Links = nil
	pages := []page{{data.ReleaseID, rel.Markdown(data.LangZH)}}
	for _, it := range ds.Items {
		if it.Body.Has(data.LangZH) {
			noLinks := *it
			noLinks.Links = nil
			pages = append(pages, page{it.ID, noLinks.Markdown(data.LangZH)})
		}
	}
	if len(pages) < 60 {
		t.Fatalf("only %d Chinese pages", len(pages))
	}
	return pages
}

// asciiWords lists the runs of ASCII letters, digits and punctuation of a render, in order.
func asciiWords(s string) string {
	return strings.Join(strings.FieldsFunc(xansi.Strip(s), func(r rune) bool {
		return r >= utf8.RuneSelf || unicode.IsSpace(r)
	}), " ")
}

// BenchmarkRenderChinese: a glamour render of the longest Chinese page at 100 columns, with the
// parse that finds where its lines may break.
func BenchmarkRenderChinese(b *testing.B) {
	ds := snapshot.Dataset()
	longest := ""
	for _, it := range ds.Items {
		if md := it.Markdown(data.LangZH); len(md) > len(longest) {
			longest = md
		}
	}
	b.ReportMetric(float64(len(longest)), "bytes/page")
	for b.Loop() {
		if _, err := NewRenderer().Render(longest, 100, Dark); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarkBreaks: the parse and the edits alone, on the same page.
func BenchmarkMarkBreaks(b *testing.B) {
	ds := snapshot.Dataset()
	longest := ""
	for _, it := range ds.Items {
		if md := it.Markdown(data.LangZH); len(md) > len(longest) {
			longest = md
		}
	}
	for b.Loop() {
		markBreaks(longest, plainLayout(100))
	}
}

const cjkPara = "在 iptables 模式下，规则逐条匹配，每次更新又要重写规则集的一大部分，" +
	"大集群因此要承受缓慢的同步和更高的单包开销。nftables 后端把规则放在自己的表里，" +
	"通过映射表查找 Service（它处理端点变化更快）。"

// A Chinese paragraph fills its lines: each but the last comes within a character of the
// width, no line starts with closing punctuation or ends with opening punctuation, and no text is
// lost or added.
func TestChineseWrapsFull(t *testing.T) {
	for _, width := range []int{20, 33, 40, 61} {
		out, err := NewRenderer().Render(cjkPara, width, Plain)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			w := xansi.StringWidth(l)
			if w > width {
				t.Errorf("width %d: line %d is %d wide: %q", width, i, w, l)
			}
			if i < len(lines)-1 && w+firstUnit(lines[i+1]) <= width {
				t.Errorf("width %d: line %d is %d wide, the next line's start would have fit: %q / %q", width, i, w, l, lines[i+1])
			}
			if r := []rune(strings.TrimSpace(l)); len(r) > 0 && (strings.ContainsRune(noBreakBefore, r[0]) || strings.ContainsRune(noBreakAfter, r[len(r)-1])) {
				t.Errorf("width %d: line %d breaks at punctuation: %q", width, i, l)
			}
			if strings.ContainsRune(l, breakMark) {
				t.Errorf("width %d: line %d keeps a break mark", width, i)
			}
		}
		joined := strings.ReplaceAll(strings.Join(lines, ""), " ", "")
		if want := strings.ReplaceAll(cjkPara, " ", ""); joined != want {
			t.Errorf("width %d: the text changed:\n got %q\nwant %q", width, joined, want)
		}
	}
}

// Code is shown as written: no mark enters a code block or a code span, and English text is
// left alone.
func TestMarkBreaksLeavesCode(t *testing.T) {
	md := "中文段落\n\n```yaml\n# 中文注释\nkey: 值值\n```\n\n看 `代码中文` 这里\n"
	got := markBreaks(md, plainLayout(80))
	for _, code := range []string{"# 中文注释\nkey: 值值\n", "`代码中文`"} {
		if !strings.Contains(got, code) {
			t.Errorf("markBreaks changed the code %q:\n%q", code, got)
		}
	}
	if !strings.Contains(got, "中\u2028文\u2028段\u2028落") || !strings.Contains(got, "看 ") {
		t.Errorf("markBreaks did not mark the prose: %q", got)
	}
	if en, got := "Plain English—“quoted”… and more.", markBreaks("Plain English—“quoted”… and more.", plainLayout(80)); strings.ContainsRune(got, breakMark) || unmarkBreaks(got) != en {
		t.Errorf("markBreaks marked English text: %q", got)
	}
}

// firstUnit is the width of what a line starts with that cannot be split: a word, or a Chinese
// character with the closing punctuation after it.
func firstUnit(line string) int {
	r := []rune(line)
	if len(r) == 0 {
		return 0
	}
	n := 1
	for n < len(r) && !mayBreak(r[n-1], r[n]) && r[n] != ' ' {
		n++
	}
	return xansi.StringWidth(string(r[:n]))
}

// Inline code up to two thirds of the line wide is never cut in two in a Chinese page: a field
// and its value (`mode: nftables`), or a short command, is read and copied whole. (A table's
// cells wrap on their own, so code in a table row is left out.)
func TestChineseShortCodeWhole(t *testing.T) {
	r := NewRenderer()
	span := regexp.MustCompile("`([^`\n]+)`")
	for _, pg := range chinesePages(t) {
		var spans []string
		for _, l := range strings.Split(fenceRE.ReplaceAllString(pg.text, ""), "\n") {
			if strings.HasPrefix(l, "|") {
				continue
			}
			for _, m := range span.FindAllStringSubmatch(l, -1) {
				if strings.Contains(m[1], " ") {
					spans = append(spans, m[1])
				}
			}
		}
		for _, width := range []int{46, 60, 80, 100} {
			out, err := r.Render(pg.text, width, Plain)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range spans {
				if xansi.StringWidth(c) <= width*2/3 && !strings.Contains(out, c) {
					t.Errorf("%s at %d: the inline code %q is cut", pg.id, width, c)
				}
			}
		}
	}
}

var fenceRE = regexp.MustCompile("(?ms)^```[^\n]*\n.*?^```[ \t]*$")
