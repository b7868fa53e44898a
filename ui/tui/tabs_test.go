package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
)

func TestMouseClickOnTab(t *testing.T) {
	for _, w := range []int{200, 80, 50} {
		m := newModel(t, Options{}, w, 30)
		_, ends := renderTabs(m.styles, m.lang, m.tab, m.counts, m.tabMatches(), m.width)
		// click in the middle of the fourth tab (Alpha)
		x := (ends[2] + ends[3]) / 2
		m = step(m, tea.MouseClickMsg{X: x, Y: m.lay.tabs.y, Button: tea.MouseLeft})
		if data.Sections[m.tab].Name != "alpha" {
			t.Errorf("%d columns: click at x=%d opened %s, want alpha", w, x, data.Sections[m.tab].Name)
		}
	}
}

// The tabs, their labels and the number keys come from data.Sections: key i+1 opens section i,
// which lists what the section holds, and the tab row names it.
func TestTabsFollowSections(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 200, 40)
	if k := DefaultKeyMap().Tabs; len(k) != len(data.Sections) {
		t.Fatalf("%d tab keys for %d sections", len(k), len(data.Sections))
	}
	row := strings.Split(plain(m), "\n")[m.lay.tabs.y]
	for i, s := range data.Sections {
		if !strings.Contains(row, s.Label.Default) {
			t.Errorf("the tab row lacks %q: %q", s.Label.Default, row)
		}
		m = keys(m, string(rune('1'+i)))
		if m.tab != i {
			t.Fatalf("key %d opened tab %d", i+1, m.tab)
		}
		// the upgrade tab is the checklist: its actions (whose items live in other sections
		// too), then the pages the section holds; it counts the actions
		for _, r := range m.lists[i].rows {
			if act, ok := m.ds.Action(r.id()); r.action != nil && (i != checklistTab || !ok || act.Item != r.item) {
				t.Errorf("tab %s lists the action %s", s.Name, r.id())
			}
			if r.item != nil && r.action == nil && !s.Holds(r.item) {
				t.Errorf("tab %s lists %s", s.Name, r.item.ID)
			}
		}
		want := len(m.ds.Select(data.Filter{Section: s.Name})) + boolInt(i == 0)
		if i == checklistTab {
			want = len(m.ds.Checklist()) + len(m.ds.Select(data.Filter{Section: s.Name}))
			sel := 0
			for _, r := range m.lists[i].rows {
				if r.selectable() {
					sel++
				}
			}
			if sel != want {
				t.Errorf("the checklist tab counts %d, its list holds %d rows to select", want, sel)
			}
		}
		if m.counts[i] != want {
			t.Errorf("tab %s counts %d, want %d", s.Name, m.counts[i], want)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestTabsKeepNames: at 80 columns, during a search, in the starred view or the todo view, the
// tab row shortens its labels before it gives them up, and every tab keeps its count: the row
// never falls back to bare numbers while a shorter label fits.
func TestTabsKeepNames(t *testing.T) {
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		for _, w := range []int{80, 120} {
			m := newModel(t, Options{NoColor: true, Lang: lang}, w, 24)
			m = keys(typeText(keys(m, "/"), "pod"), "enter")
			row := strings.Split(plain(m), "\n")[m.lay.tabs.y]
			matches := m.tabMatches()
			for i, s := range data.Sections {
				short := []rune(s.Short.In(lang))
				if !strings.Contains(row, string(short[:min(2, len(short))])) {
					t.Errorf("%s %d columns: the tab row lost %s's name: %q", lang, w, s.Name, row)
				}
				if !strings.Contains(row, fmt.Sprint(matches[i])) {
					t.Errorf("%s %d columns: the tab row lost %s's count %d: %q", lang, w, s.Name, matches[i], row)
				}
			}
			if strings.HasSuffix(strings.TrimSpace(row), "…") {
				t.Errorf("%s %d columns: the tab row is cut: %q", lang, w, row)
			}
		}
	}
}
