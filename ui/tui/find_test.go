package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
)

// markFinds marks the engine's spans, keeps the text and its case, merges overlapping spans and
// counts wide characters as two cells.
func TestMarkFinds(t *testing.T) {
	mark := lipgloss.NewStyle().Reverse(true)
	open, closed := "\x1b[7m", "\x1b[m"
	ds := dataset(t)
	tests := []struct {
		line, query string
		want        []string // the marked pieces, in order
	}{
		{"kube-proxy's NFTables mode and nft", "nft", []string{"NFT", "nft"}},
		{"\x1b[1mmode: nftables\x1b[m, then nft list", "nft list", []string{"nft", "nft", "list"}},
		{"nftables", "nft tables", []string{"nftables"}}, // a prefix and a word inside: one mark
		{"→ 中文 nft 中", "nft", []string{"nft"}},
		{"the AppArmor profile", "aparmor", []string{"AppArmor"}},
		{"SIG Network and nft", "sig network nft", []string{"nft"}},
		{"nothing here", "nft", nil},
	}
	for _, tc := range tests {
		plain := ansi.Strip(tc.line)
		got := markFinds(tc.line, plain, ds.ParseQuery(tc.query).Spans(plain), mark)
		if ansi.Strip(got) != plain {
			t.Errorf("%q: text changed to %q", tc.line, ansi.Strip(got))
		}
		var pieces []string
		for rest := got; ; {
			i := strings.Index(rest, open)
			if i < 0 {
				break
			}
			rest = rest[i+len(open):]
			j := strings.Index(rest, closed)
			pieces = append(pieces, rest[:j])
			rest = rest[j:]
		}
		if !slices.Equal(pieces, tc.want) {
			t.Errorf("%q: marked %q, want %q", tc.line, pieces, tc.want)
		}
	}
}

// Searching "nft", then reading KEP-3866: the status says how many lines hold the word, n and N
// step through them with wrap-around, and the lines on screen show the word marked.
func TestFindInPage(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m = keys(typeText(keys(m, "/"), "nft"), "enter", "enter")
	if selectedID(m) != "3866-nftables-kube-proxy" || m.focus != focusDetail || !m.shownReal {
		t.Fatalf("expected to read 3866, got %s focus %d", selectedID(m), m.focus)
	}
	f := m.finds()
	if len(f.lines) < 5 {
		t.Fatalf("only %d lines of the 3866 page hold nft", len(f.lines))
	}
	page := m.detail.plain()
	for _, i := range f.lines {
		if !strings.Contains(strings.ToLower(page[i]), "nft") {
			t.Fatalf("line %d is listed but holds no nft: %q", i, page[i])
		}
	}
	if !strings.Contains(statusLine(m), "lines match") {
		t.Errorf("the status does not say how many lines match:\n%s", plain(m))
	}
	if !strings.Contains(m.Render(), "\x1b[7mnft") && !strings.Contains(m.Render(), "\x1b[7mNFT") {
		t.Error("no search word is marked on screen")
	}

	last := len(f.lines) - 1
	m = keys(m, "n")
	if m.finds().at != 0 || m.detail.offset != max(0, f.lines[0]-2) || !strings.Contains(statusLine(m), "match 1/") {
		t.Fatalf("n goes to the first matching line: at %d offset %d", m.finds().at, m.detail.offset)
	}
	m = keys(m, "n")
	if m.finds().at != 1 {
		t.Fatalf("a second n goes to the second line, at %d", m.finds().at)
	}
	m = keys(m, "N", "N")
	if m.finds().at != last {
		t.Fatalf("N from the first line wraps to the last, at %d want %d", m.finds().at, last)
	}
	wantOffset := min(max(0, f.lines[last]-2), m.detail.maxOffset())
	if m.detail.offset != wantOffset {
		t.Fatalf("the last match shows: offset %d, want %d", m.detail.offset, wantOffset)
	}
	m = keys(m, "n")
	if m.finds().at != 0 {
		t.Fatalf("n from the last line wraps to the first, at %d", m.finds().at)
	}

	// Without a search, n does nothing and the status says nothing of matches.
	m = keys(m, "esc", "esc")
	m = keys(m, "enter")
	before := m.detail.offset
	m = keys(m, "j", "n")
	if m.detail.offset != before+1 || strings.Contains(statusLine(m), "match") {
		t.Fatalf("without a search n should do nothing: offset %d (from %d)", m.detail.offset, before)
	}
}

// A page found through a forgiven typo: the page is marked where the engine matched, so n walks
// the lines that hold AppArmor although none holds "aparmor". (Marking the typed text, as elli
// once did, found nothing here.)
func TestFindTypoInPage(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m = keys(typeText(keys(m, "/"), "aparmor"), "enter", "enter")
	if selectedID(m) != "24-apparmor" || !m.shownReal {
		t.Fatalf("aparmor should find AppArmor, got %s", selectedID(m))
	}
	f := m.finds()
	page := m.detail.plain()
	// the lines that hold the word AppArmor; "appArmorProfile" is another word, which the
	// engine does not match with "aparmor" either
	var want []int
	for i, l := range page {
		isWord := func(w string) bool { return strings.EqualFold(w, "apparmor") }
		if slices.ContainsFunc(strings.FieldsFunc(l, notAlnum), isWord) {
			want = append(want, i)
		}
	}
	if len(want) < 5 || !slices.Equal(f.lines, want) {
		t.Fatalf("lines holding AppArmor %v, marked %v", want, f.lines)
	}
	for k, i := range f.lines {
		for _, sp := range f.spans[k] {
			if w := page[i][sp.Start:sp.End]; !strings.EqualFold(w, "apparmor") {
				t.Errorf("line %d: %q is marked", i, w)
			}
		}
	}
	m = keys(m, "n")
	if m.finds().at != 0 || m.detail.offset != max(0, want[0]-2) || !strings.Contains(statusLine(m), fmt.Sprintf("match 1/%d", len(want))) {
		t.Fatalf("n goes to the first AppArmor line: at %d, offset %d, status %q", m.finds().at, m.detail.offset, statusLine(m))
	}
	for k := 1; k < len(want); k++ {
		m = keys(m, "n")
		if m.finds().at != k || m.detail.offset != min(max(0, want[k]-2), m.detail.maxOffset()) {
			t.Fatalf("n number %d: at %d, offset %d; want line %d", k+1, m.finds().at, m.detail.offset, want[k])
		}
	}
	if r := m.Render(); !strings.Contains(r, "\x1b[7mAppArmor") && !strings.Contains(r, "\x1b[7mapparmor") {
		t.Error("AppArmor is not marked on screen")
	}
}

func notAlnum(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// A SIG filter selects items but is no word of a page: "sig network nft" marks nft alone, and
// "sig network" marks nothing, and n says why.
func TestFindSIGFilterInPage(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m = keys(typeText(keys(m, "/"), "sig network nft"), "enter", "enter")
	if selectedID(m) != "3866-nftables-kube-proxy" {
		t.Fatalf("sig network nft should find 3866 first, got %s", selectedID(m))
	}
	f := m.finds()
	page := m.detail.plain()
	if len(f.lines) < 5 {
		t.Fatalf("only %d lines marked", len(f.lines))
	}
	for k, i := range f.lines {
		for _, sp := range f.spans[k] {
			if w := strings.ToLower(page[i][sp.Start:sp.End]); w != "nft" {
				t.Errorf("line %d: %q is marked; only nft should be", i, w)
			}
		}
	}

	m = newModel(t, Options{NoColor: true}, 120, 40)
	m = keys(typeText(keys(m, "/"), "sig network"), "enter", "enter")
	if len(m.finds().lines) != 0 || m.findInfo() != "" {
		t.Fatalf("sig network marks lines %v, status %q", m.finds().lines, m.findInfo())
	}
	m = keys(m, "n")
	if !strings.Contains(statusLine(m), "no words to find") || m.detail.offset != 0 {
		t.Errorf("n after a SIG filter: status %q, offset %d", statusLine(m), m.detail.offset)
	}
}

// The list and the page agree: a title's highlight is the engine's title spans.
func TestListHighlightIsTheEngines(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m = typeText(keys(m, "/"), "aparmor")
	r, ok := m.activeList().selected()
	if !ok || r.item == nil || r.item.ID != "24-apparmor" {
		t.Fatalf("aparmor selects %+v", r)
	}
	title := []rune(r.item.Title.Default)
	var got string
	for _, p := range r.matches {
		got += string(title[p])
	}
	if !strings.EqualFold(got, "apparmor") {
		t.Errorf("the row of %q highlights %q, want AppArmor", r.item.Title.Default, got)
	}
}

// A list row highlights only what its item matched: letters of a title word that the query
// matches (exactly, by prefix, by stem, through a synonym, a CJK piece: Query.Spans), never
// letters scattered over a word that matched elsewhere ("Introduce" for node, "denial of
// service" for lose, as a fuzzy match drew them before). Over questions in both languages,
// every row of every tab, the title shown and the official English title beside it.
func TestListRowsHighlightWhatMatched(t *testing.T) {
	questions := []string{"my pods lose connections when a node shuts down", "kubelet: unknown flag --keep-terminated-pod-volumes",
		"kube-proxy without iptables", "which pods lose connections when a node shuts down", "service ip range is full",
		"read only mount is not read only in subdirectories", "kubectl exec without double dash stopped working",
		"节点关机 连接断了", "PVC 扩容卡住了怎么办", "镜像文件系统拆开", "怎么用 nftables 代替 iptables"}
	for _, q := range questions {
		marked := 0 // in either language: a Chinese question marks no English title
		for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
			m := newModel(t, Options{Lang: lang, Search: q}, 120, 40)
			if len(m.results) == 0 {
				t.Fatalf("%s %q finds nothing", lang, q)
			}
			for _, r := range m.results {
				check := func(title string, got []int) {
					allowed := map[int]bool{}
					for _, p := range runePositions(title, r.Query.Spans(title)) {
						allowed[p] = true
					}
					runes := []rune(title)
					for _, p := range got {
						if !allowed[p] {
							t.Errorf("%s %q: the row of %s highlights %q in %q, which no matched word holds", lang, q, r.Item.ID, string(runes[p]), title)
						}
					}
					marked += len(got)
				}
				check(r.Item.Title.In(m.lang), m.resultMarks[r.Item.ID])
				if en, ok := m.resultMarksEN[r.Item.ID]; ok {
					check(r.Item.Title.Default, en)
				}
			}
		}
		if marked == 0 {
			t.Errorf("%q: no row highlights anything; the case proves nothing", q)
		}
	}
}

// statusLine is the screen's status line, above the help.
func statusLine(m Model) string {
	lines := strings.Split(plain(m), "\n")
	return lines[m.lay.status.y]
}

// --search obeys the input's bound, as typing does, and the status line says what was left out.
func TestSearchFlagIsBounded(t *testing.T) {
	m := newModel(t, Options{Search: strings.Repeat("nftables ", 1000)}, 120, 40)
	if n := len([]rune(m.input.Value())); n > search.MaxQueryLen {
		t.Errorf("the search input holds %d characters, over %d", n, search.MaxQueryLen)
	}
	if m.query != m.input.Value() || len(m.results) == 0 {
		t.Errorf("the search runs %.40q with %d results; the input holds %.40q", m.query, len(m.results), m.input.Value())
	}
	if !strings.Contains(plain(m), "the search used") {
		t.Errorf("the status line does not say the query was cut:\n%s", plain(m))
	}
	m = newModel(t, Options{Search: "a b c d e f g h i j k l m n o"}, 120, 40)
	if !strings.Contains(plain(m), "the search used its first 12 terms") {
		t.Errorf("the status line does not say terms were left out:\n%s", plain(m))
	}
}
