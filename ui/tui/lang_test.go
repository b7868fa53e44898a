package tui

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// L switches the language in place: whatever the user was doing, the tab, the selection, the
// list's scroll, the focus and the search stay; the words change.
func TestLangSwitchKeepsPlace(t *testing.T) {
	tests := []struct {
		name   string
		w, h   int
		keys   []string
		search string
	}{
		{"overview list", 120, 40, nil, ""},
		{"deep in the beta list", 120, 40, []string{"3", "G", "k", "k"}, ""},
		{"reading a change", 120, 40, []string{"5", "j", "j", "enter", "space"}, ""},
		{"search results", 120, 40, []string{"/"}, "volume"},
		{"reading a result, narrow", 80, 24, []string{"/"}, "nft"},
		{"upgrade guide, narrow", 80, 24, []string{"6", "j", "enter", "d"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := keys(newModel(t, Options{}, tt.w, tt.h), tt.keys...)
			if tt.search != "" {
				m = keys(typeText(m, tt.search), "enter", "j", "enter")
			}
			before := m
			m = keys(m, "L")
			if m.lang != data.LangZH {
				t.Fatalf("after L the language is %s, want zh", m.lang)
			}
			if m.tab != before.tab || selectedID(m) != selectedID(before) || m.focus != before.focus ||
				m.query != before.query || m.input.Value() != before.input.Value() ||
				m.lists[m.tab].offset != before.lists[before.tab].offset || m.detailOpen != before.detailOpen {
				t.Errorf("L moved the user: tab %d→%d, item %s→%s, focus %d→%d, query %q→%q, list offset %d→%d",
					before.tab, m.tab, selectedID(before), selectedID(m), before.focus, m.focus, before.query, m.query,
					before.lists[before.tab].offset, m.lists[m.tab].offset)
			}
			screen := plain(m)
			if !strings.Contains(screen, data.Sections[m.tab].Label.In(data.LangZH)) && !strings.Contains(screen, data.Sections[m.tab].Short.In(data.LangZH)) {
				t.Errorf("the Chinese screen does not name the tab:\n%s", screen)
			}
			if lines := strings.Split(screen, "\n"); !strings.ContainsFunc(lines[len(lines)-1], func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
				t.Errorf("the help line is not in Chinese:\n%s", screen)
			}
			back := keys(m, "L")
			if back.lang != data.LangEN || selectedID(back) != selectedID(before) || back.tab != before.tab {
				t.Errorf("L twice: language %s, item %s; want en, %s", back.lang, selectedID(back), selectedID(before))
			}
			if before.lay.detail.w > 0 && before.shownReal && back.detail.offset != before.detail.offset {
				t.Errorf("L twice: the page is at line %d, it was at %d", back.detail.offset, before.detail.offset)
			}
			// the same screen but the status line, which says what L did
			if a, b := withoutLine(plain(before), before.lay.status.y), withoutLine(plain(back), back.lay.status.y); a != b {
				t.Errorf("L twice does not give back the same screen:\nbefore:\n%s\nafter:\n%s", a, b)
			}
			if !strings.Contains(plain(back), "English · L") {
				t.Errorf("the status line does not say the language changed:\n%s", plain(back))
			}
		})
	}
}

// The page in the other language opens in the section the reader was in.
func TestLangSwitchKeepsSection(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3")
	// 3866: its page has "## How to use it" after two sections of prose.
	for selectedID(m) != "3866-nftables-kube-proxy" {
		m = keys(m, "j")
	}
	m = keys(m, "enter")
	heads := headingLines(m.detail.plain())
	if len(heads) < 3 {
		t.Fatalf("the page has %d sections", len(heads))
	}
	m.detail.offset = heads[2] // "How to use it" at the top of the pane
	m.detail.clamp()
	want := strings.TrimSpace(m.detail.plain()[m.detail.offset])
	m = keys(m, "L")
	got := m.detail.plain()[m.detail.offset]
	if !m.shownReal || m.shownKey.lang != data.LangZH {
		t.Fatalf("the Chinese page is not shown: %+v", m.shownKey)
	}
	if !strings.HasPrefix(got, "## 如何使用") {
		t.Errorf("after L the page shows %q at the top, want the section of %q", got, want)
	}
	if m.anchor != nil {
		t.Error("the anchor stays after the page landed")
	}
}

// L in the search input is a letter of the query, and the key is bound to nothing else.
func TestLangKeyIsFree(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "/")
	m = typeText(m, "L")
	if m.lang != data.LangEN || m.input.Value() != "L" {
		t.Errorf("L in the search input: language %s, query %q", m.lang, m.input.Value())
	}
	k := DefaultKeyMap()
	for _, group := range k.AllBindings() {
		for _, b := range group.Bindings {
			if slices.Contains(b.Keys(), "L") && !slices.Equal(b.Keys(), k.Lang.Keys()) {
				t.Errorf("L is bound to %q too", b.Help().Desc)
			}
		}
	}
	if !key.Matches(keyMsg("L"), k.Lang) || key.Matches(keyMsg("l"), k.Lang) {
		t.Error("the Lang binding must match L and not l")
	}
}

// Both languages render and cache apart: the cache key holds the language, so a page rendered
// in English is not shown for Chinese, and switching back finds the English one cached.
func TestLangRenderCache(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "2")
	en := m.renderKeyOf(m.lists[m.tab].rows[0])
	m = keys(m, "L")
	zh := m.renderKeyOf(m.lists[m.tab].rows[0])
	if en == zh {
		t.Fatal("the render key does not change with the language")
	}
	if _, ok := m.cache[en]; !ok {
		t.Fatal("the English page left the cache")
	}
	if _, ok := m.cache[zh]; !ok || m.shownKey != zh {
		t.Fatalf("the Chinese page is not shown: %+v", m.shownKey)
	}
	if !strings.Contains(plain(m), "KEP-24：添加 AppArmor 支持") {
		t.Errorf("the page is not in Chinese:\n%s", plain(m))
	}
	n := len(m.cache)
	m = keys(m, "L")
	if len(m.cache) != n || m.shownKey != en {
		t.Errorf("switching back rendered again (cache %d→%d) or shows %+v", n, len(m.cache), m.shownKey)
	}
}

// A translated enhancement shows its official English title beside the Chinese one, and the
// search marks both where they matched.
func TestLangRowsShowOfficialTitle(t *testing.T) {
	m := newModel(t, Options{Lang: data.LangZH}, 200, 40)
	m = keys(m, "3", "/")
	m = keys(typeText(m, "nftables"), "enter")
	var r row
	for _, x := range m.lists[m.tab].rows {
		if x.item != nil && x.item.KEP == 3866 {
			r = x
		}
	}
	if r.item == nil {
		t.Fatal("nftables does not find 3866 in Beta")
	}
	line := renderRow(m.styles, m.s, m.lang, &m.ds.Release, r, false, true, 120, 10)
	text := strings.Join(strings.Fields(ansi.Strip(line)), " ")
	if !strings.Contains(text, r.item.Title.In(data.LangZH)+" · "+r.item.Title.Default) {
		t.Errorf("row %q lacks the Chinese title and the official one beside it", text)
	}
	if len(r.matches) == 0 || len(r.matchesEN) == 0 {
		t.Errorf("nftables is marked in the Chinese title at %v and in the English at %v; want both", r.matches, r.matchesEN)
	}
	en := renderRow(m.styles, m.s, data.LangEN, &m.ds.Release, r, false, true, 120, 10)
	if strings.Contains(ansi.Strip(en), "·") {
		t.Errorf("an English row shows a second title: %q", ansi.Strip(en))
	}
}

// A dataset without Chinese (a --data folder) shows English, and the status line says so once.
func TestLangUntranslatedNote(t *testing.T) {
	ds := dataset(t)
	items := make([]*data.Item, len(ds.Items))
	for i, it := range ds.Items {
		c := *it
		c.Title, c.Summary, c.Body = data.NewText(it.Title.Default, nil), data.NewText(it.Summary.Default, nil), data.NewText(it.Body.Default, nil)
		items[i] = &c
	}
	r := ds.Release
	r.Title, r.Summary, r.Body = data.NewText(r.Title.Default, nil), data.NewText(r.Summary.Default, nil), data.NewText(r.Body.Default, nil)
	bare := data.NewDataset(r, items)
	m := step(New(bare, Options{Lang: data.LangZH}), tea.WindowSizeMsg{Width: 120, Height: 40})
	if !strings.Contains(plain(m), "此数据集没有中文文本，以英文显示") {
		t.Errorf("no note that the dataset lacks Chinese:\n%s", plain(m))
	}
	if !strings.Contains(plain(m), "Add AppArmor Support") || !strings.Contains(plain(m), "退出") {
		t.Error("the items should show in English, the interface in Chinese")
	}
	m = keys(m, "j")
	if strings.Contains(plain(m), "此数据集没有中文文本") {
		t.Error("the note stays after a key")
	}
}

func withoutLine(screen string, n int) string {
	lines := strings.Split(screen, "\n")
	if n >= 0 && n < len(lines) {
		lines = slices.Delete(lines, n, n+1)
	}
	return strings.Join(lines, "\n")
}
