package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

func TestUpdateNavigation(t *testing.T) {
	tests := []struct {
		name      string
		w, h      int
		keys      []string
		wantTab   string
		wantID    string
		wantFocus focus
	}{
		{"starts on the overview", 120, 40, nil, "overview", overviewID, focusList},
		{"down moves to the first GA item", 120, 40, []string{"j"}, "overview", "24-apparmor", focusList},
		{"arrow down and up return", 120, 40, []string{"down", "down", "up"}, "overview", "24-apparmor", focusList},
		{"up at the top stays", 120, 40, []string{"k", "k"}, "overview", overviewID, focusList},
		{"tab goes to GA", 120, 40, []string{"tab"}, "ga", "24-apparmor", focusList},
		{"shift+tab wraps to upgrade", 120, 40, []string{"shift+tab"}, "upgrade", "breaking-changes#1", focusList},
		{"l and h switch tabs", 120, 40, []string{"l", "l", "h"}, "ga", "24-apparmor", focusList},
		{"3 jumps to beta", 120, 40, []string{"3"}, "beta", "1029-ephemeral-storage-quotas", focusList},
		{"G goes to the last alpha", 120, 40, []string{"4", "G"}, "alpha", "4680-resource-health-status", focusList},
		{"g returns to the first", 120, 40, []string{"4", "G", "g"}, "alpha", "1790-recover-volume-expansion-failure", focusList},
		{"5 shows changes", 120, 40, []string{"5"}, "changes", "removal-ceph-rbd-volume-plugin", focusList},
		{"enter focuses the detail", 120, 40, []string{"2", "enter"}, "ga", "24-apparmor", focusDetail},
		{"esc returns to the list", 120, 40, []string{"2", "enter", "esc"}, "ga", "24-apparmor", focusList},
		{"j in the detail scrolls, not moves", 120, 40, []string{"2", "enter", "j", "j"}, "ga", "24-apparmor", focusDetail},
		{"tab from the detail returns to a list", 120, 40, []string{"2", "enter", "tab"}, "beta", "1029-ephemeral-storage-quotas", focusList},
		{"cursor is remembered per tab", 120, 40, []string{"2", "j", "j", "3", "2"}, "ga", "2305-metrics-cardinality-enforcement", focusList},
		{"narrow: enter opens the detail", 80, 24, []string{"2", "enter"}, "ga", "24-apparmor", focusDetail},
		{"page down moves a screen", 80, 24, []string{"3", "pgdown"}, "beta", "", focusList},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := keys(newModel(t, Options{}, tt.w, tt.h), tt.keys...)
			if got := data.Sections[m.tab].Name; got != tt.wantTab {
				t.Errorf("tab = %s, want %s", got, tt.wantTab)
			}
			if tt.wantID != "" && selectedID(m) != tt.wantID {
				t.Errorf("selected = %s, want %s", selectedID(m), tt.wantID)
			}
			if m.focus != tt.wantFocus {
				t.Errorf("focus = %d, want %d", m.focus, tt.wantFocus)
			}
		})
	}
}

func TestPageDownMovesByTheListHeight(t *testing.T) {
	m := keys(newModel(t, Options{}, 80, 24), "3", "pgdown")
	want := m.lay.list.h - 1
	if got := m.lists[m.tab].cursor; got != want {
		t.Fatalf("cursor after pgdown = %d, want %d (list height %d)", got, want, m.lay.list.h)
	}
}

func TestDetailScrolls(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 30), "3", "enter")
	if m.detail.offset != 0 {
		t.Fatalf("a new item starts at the top, got offset %d", m.detail.offset)
	}
	m = keys(m, "j", "j", "j")
	if got := m.detail.offset; got != 3 {
		t.Fatalf("three j: offset %d, want 3", got)
	}
	m = keys(m, "space")
	if got := m.detail.offset; got <= 3 {
		t.Fatalf("space should page down, offset %d", got)
	}
	m = keys(m, "G")
	if !m.detail.atBottom() {
		t.Fatal("G should reach the bottom")
	}
	if !strings.Contains(plain(m), "100%") {
		t.Fatal("the status line should show the scroll position at the bottom")
	}
	m = keys(m, "g")
	if m.detail.offset != 0 {
		t.Fatal("g should return to the top")
	}
	m = keys(m, "ctrl+d")
	if m.detail.offset == 0 {
		t.Fatal("ctrl+d should scroll half a page")
	}
	m = step(m, tea.MouseWheelMsg{X: m.lay.detail.x + 5, Y: m.lay.detail.y + 3, Button: tea.MouseWheelDown})
	off := m.detail.offset
	m = step(m, tea.MouseWheelMsg{X: m.lay.detail.x + 5, Y: m.lay.detail.y + 3, Button: tea.MouseWheelUp})
	if m.detail.offset != off-3 {
		t.Fatalf("wheel up over the detail: offset %d, want %d", m.detail.offset, off-3)
	}
}

func TestSearch(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3", "/")
	if m.focus != focusSearch {
		t.Fatal("/ should focus the search input")
	}
	m = typeText(m, "nft")
	if m.query != "nft" {
		t.Fatalf("query = %q", m.query)
	}
	if selectedID(m) != "3866-nftables-kube-proxy" {
		t.Fatalf("beta's best match for nft = %s", selectedID(m))
	}
	screen := plain(m)
	for _, want := range []string{"Beta 1/22", "/ nft", "KEP-3866"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q", want)
		}
	}
	// the same engine as `elli search`: the overview lists results in its order
	res := m.ds.Search("nft")
	if got := m.lists[0].rows[0].id(); got != res[0].Item.ID {
		t.Errorf("overview's first row %s, engine's first %s", got, res[0].Item.ID)
	}
	if len(m.lists[m.tab].rows[0].matches) == 0 {
		t.Error("the matched title characters should be marked for highlighting")
	}
	m = keys(m, "enter")
	if m.focus != focusList || m.query != "nft" {
		t.Fatalf("enter keeps the results and moves to the list: focus %d query %q", m.focus, m.query)
	}
	m = keys(m, "esc")
	if m.query != "" || len(m.lists[m.tab].rows) != 22 {
		t.Fatalf("esc clears: query %q, %d rows", m.query, len(m.lists[m.tab].rows))
	}
	if selectedID(m) != "3866-nftables-kube-proxy" {
		t.Errorf("clearing keeps the item under the cursor, got %s", selectedID(m))
	}
}

func TestSearchEscInInputClears(t *testing.T) {
	m := typeText(keys(newModel(t, Options{}, 120, 40), "/"), "zzzqqq")
	if len(m.results) != 0 || !strings.Contains(plain(m), "no match") {
		t.Fatal("a query without results says so")
	}
	m = keys(m, "esc")
	if m.query != "" || m.focus != focusList || m.lay.search.h != 0 {
		t.Fatalf("esc clears and hides the search row: %q %d %d", m.query, m.focus, m.lay.search.h)
	}
}

func TestSearchQDoesNotQuit(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "/")
	next, cmd := m.Update(keyMsg("q"))
	if cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q typed into the search must not quit")
		}
	}
	if next.(Model).query != "q" {
		t.Fatal("q should be typed into the search")
	}
}

func TestQuitKeys(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		m := newModel(t, Options{}, 120, 40)
		_, cmd := m.Update(keyMsg(k))
		if cmd == nil {
			t.Fatalf("%s returned no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s should quit", k)
		}
	}
}

func TestResizeSwitchesLayout(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3", "enter")
	if !m.lay.split || m.lay.list.w == 0 || m.lay.detail.w == 0 {
		t.Fatal("120 columns: list and detail side by side")
	}
	wide := m.shownKey
	m = step(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.lay.split || m.lay.list.w != 0 || m.lay.detail.w != 80 {
		t.Fatalf("80 columns with the detail open: detail alone, got %+v", m.lay)
	}
	if m.shownKey.width == wide.width || !m.shownReal {
		t.Fatal("a resize re-renders the detail at the new width")
	}
	m = keys(m, "esc")
	if m.lay.list.w != 80 || m.lay.detail.w != 0 {
		t.Fatal("esc returns to the list alone")
	}
	m = step(m, tea.WindowSizeMsg{Width: 30, Height: 8})
	if !m.lay.tooSmall || !strings.Contains(plain(m), "needs at least") {
		t.Fatal("below 40×10 the explorer asks for more room")
	}
}

// Between 100 and 118 columns the split leaves the page too narrow for a code line of the
// content's 66-column limit, so reading takes the whole width; esc brings the list back. From
// 119 columns the page is read beside the list.
func TestNarrowSplitReadsFullWidth(t *testing.T) {
	for _, w := range []int{100, 110, 118} {
		m := newModel(t, Options{}, w, 30)
		if !m.lay.split {
			t.Fatalf("%d columns: the list and detail sit side by side", w)
		}
		m = keys(m, "6", "enter")
		if m.lay.split || m.lay.list.w != 0 || m.lay.detail.w != w || m.lay.detailTxt.w < readWidth {
			t.Fatalf("%d columns, reading: the detail alone at full width, got %+v", w, m.lay)
		}
		if m.shownKey.width != m.lay.detailTxt.w {
			t.Fatalf("%d columns: the page was rendered %d wide for a %d-wide pane", w, m.shownKey.width, m.lay.detailTxt.w)
		}
		m = keys(m, "esc")
		if !m.lay.split || m.lay.list.w == 0 {
			t.Fatalf("%d columns: esc brings the list back beside the detail", w)
		}
	}
	m := keys(newModel(t, Options{}, 119, 40), "6", "enter")
	if !m.lay.split || m.lay.detailTxt.w < readWidth {
		t.Fatalf("119 columns: the page is read beside the list, %d wide", m.lay.detailTxt.w)
	}
}

func TestDeepLinks(t *testing.T) {
	m := newModel(t, Options{Open: "3866"}, 120, 40)
	if data.Sections[m.tab].Name != "beta" || selectedID(m) != "3866-nftables-kube-proxy" || m.focus != focusDetail {
		t.Fatalf("elli 3866: tab %s, item %s, focus %d", data.Sections[m.tab].Name, selectedID(m), m.focus)
	}
	if !strings.Contains(plain(m), "nftables") {
		t.Fatal("the detail shows the item")
	}
	m = newModel(t, Options{Tab: "alpha"}, 120, 40)
	if data.Sections[m.tab].Name != "alpha" {
		t.Fatalf("--tab alpha opened %s", data.Sections[m.tab].Name)
	}
	m = newModel(t, Options{Search: "nft"}, 120, 40)
	if m.query != "nft" || selectedID(m) != "3866-nftables-kube-proxy" {
		t.Fatalf("--search nft: query %q, selected %s", m.query, selectedID(m))
	}
}

func TestOpenAndCopyLink(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3")
	m = keys(m, "o")
	if !strings.Contains(m.status, "https://github.com/kubernetes/enhancements/issues/1029") || !strings.Contains(m.status, "No browser") {
		t.Fatalf("without an opener the status shows the link: %q", m.status)
	}
	var opened string
	m.openURL = func(u string) error { opened = u; return nil }
	m = keys(m, "o")
	if opened != "https://github.com/kubernetes/enhancements/issues/1029" || !strings.HasPrefix(m.status, "Opened") {
		t.Fatalf("opened %q, status %q", opened, m.status)
	}
	var copied string
	m.copyText = func(u string) error { copied = u; return nil }
	m = keys(m, "y")
	if copied != opened || !strings.HasPrefix(m.status, "Copied") {
		t.Fatalf("copied %q, status %q", copied, m.status)
	}
}

func TestBackgroundColorRestyles(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "enter")
	before := m.shownKey.theme
	m = step(m, tea.BackgroundColorMsg{Color: lightBackground})
	if m.styles.Dark || m.shownKey.theme == before || !m.shownReal {
		t.Fatalf("a light background restyles and re-renders: dark=%v theme %s→%s", m.styles.Dark, before, m.shownKey.theme)
	}
	fixed := newModel(t, Options{Theme: "dark"}, 120, 40)
	fixed = step(fixed, tea.BackgroundColorMsg{Color: lightBackground})
	if !fixed.styles.Dark {
		t.Fatal("--theme dark ignores the terminal's answer")
	}
	if msg := newModel(t, Options{Theme: "dark"}, 120, 40).Init()(); msg != nil {
		t.Fatalf("--theme dark does not ask the terminal, got %T", msg)
	}
}

func TestHelpToggles(t *testing.T) {
	m := newModel(t, Options{}, 120, 40)
	short := m.lay.help.h
	m = keys(m, "?")
	if !m.fullHelp || m.lay.help.h <= short {
		t.Fatal("? shows the full help, which takes more lines")
	}
	if !strings.Contains(plain(m), "copy link") {
		t.Fatal("full help lists the copy key")
	}
	assertFits(t, m.Render(), 120, 40)
}

func TestMouseClickSelectsRow(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "2")
	m = step(m, tea.MouseClickMsg{X: 5, Y: m.lay.list.y + 2, Button: tea.MouseLeft})
	if selectedID(m) != "2305-metrics-cardinality-enforcement" {
		t.Fatalf("click on the third row selected %s", selectedID(m))
	}
}

// On a 16-colour terminal the selected row is reverse video (a 256-colour grey background could
// land on the terminal's own background colour); with 256 colours it keeps its grey.
func TestFewColoursSelectInReverse(t *testing.T) {
	m := step(newModel(t, Options{}, 120, 40), tea.ColorProfileMsg{Profile: colorprofile.ANSI})
	if !m.styles.RowSelected.GetReverse() {
		t.Fatal("16 colours: the selected row should be reverse video")
	}
	m = step(m, tea.BackgroundColorMsg{Color: lightBackground})
	if !m.styles.RowSelected.GetReverse() {
		t.Fatal("a background reply must keep the 16-colour choice")
	}
	m = step(m, tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	if m.styles.RowSelected.GetReverse() {
		t.Fatal("256 colours: the selected row keeps its background colour")
	}
}

// Searching for what only the overview says (how to get the release) finds the overview row.
func TestSearchFindsTheOverview(t *testing.T) {
	m := typeText(keys(newModel(t, Options{}, 120, 40), "/"), "minikube")
	if len(m.lists[0].rows) == 0 || selectedID(m) != overviewID {
		t.Fatalf("overview tab rows %d, selected %q", len(m.lists[0].rows), selectedID(m))
	}
	if !strings.Contains(plain(m), "Overview 1/72") {
		t.Fatal("the overview tab counts its match")
	}
	m = keys(m, "enter", "enter")
	if m.shownKey.id != overviewID || !m.shownReal || !strings.Contains(strings.Join(m.detail.lines, "\n"), "minikube start") {
		t.Fatalf("the overview page should be shown, got %q", m.shownKey.id)
	}
}

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
			want = len(m.ds.Checklist())
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

// A page that renders slowly (a heavy page from --data) must not starve the others: while it
// runs, a page the user moves to renders beside it once the slow one is past slowRender, and
// its text replaces the placeholder. A young render is waited for instead, so moving through the
// list does not start a render per row.
func TestSlowPageDoesNotStarveOthers(t *testing.T) {
	m := newModel(t, Options{}, 160, 40)
	clock := time.Unix(1000, 0)
	m.now = func() time.Time { return clock }
	release := make(chan struct{})
	defer close(release)
	l := m.activeList()
	slowMD := m.markdownOf(l.rows[len(l.rows)-1]) // the last row's page hangs until the test ends
	m.render = func(md string, width int, theme render.Theme) (string, error) {
		if md == slowMD {
			<-release
		}
		return "rendered " + strings.SplitN(md, "\n", 2)[0], nil
	}

	next, cmd := m.Update(keyMsg("G")) // the last row: not prefetched, so it renders
	m = next.(Model)
	if cmd == nil || len(m.inflight) != 1 {
		t.Fatalf("moving to the last row started %d renders", len(m.inflight))
	}
	go cmd() // the slow render, which never returns while the test runs

	next, _ = m.Update(keyMsg("k"))
	m = next.(Model)
	if len(m.inflight) != 1 || !m.recheck {
		t.Fatalf("with a young render running, %d renders run and recheck is %v; want the one and a recheck", len(m.inflight), m.recheck)
	}
	wanted := m.wanted

	clock = clock.Add(slowRender + time.Millisecond)
	next, cmd = m.Update(renderTickMsg{})
	m = next.(Model)
	if _, started := m.inflight[wanted]; !started || cmd == nil {
		t.Fatalf("past slowRender, the wanted page did not start rendering: %v", m.inflight)
	}
	next, _ = m.Update(cmd())
	m = next.(Model)
	if !m.shownReal || m.shownKey != wanted || !strings.HasPrefix(m.detail.lines[0], "rendered ") {
		t.Errorf("the wanted page is not shown beside the slow one: real %v, key %v, first line %q", m.shownReal, m.shownKey, m.detail.lines[0])
	}
	if len(m.inflight) != 1 {
		t.Errorf("%d renders in flight, want only the slow one", len(m.inflight))
	}
}
