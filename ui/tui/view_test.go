package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data"
)

// TestViewGolden pins the screen at three sizes in dark and light terminals, for the opening
// screen and for the journey a new user takes (Beta, search nft, read the detail); in Chinese
// (ZH/…) at 80×24 and 120×40, where wide characters meet every column and cut.
func TestViewGolden(t *testing.T) {
	states := []struct {
		name string
		keys []string
		text string
	}{
		{"Overview", nil, ""},
		{"BetaSearchDetail", []string{"3", "/"}, "nft"},
		{"Changes", []string{"5", "j", "enter"}, ""},
		{"Checklist", []string{"6", "space", "j", "space", "s", "j"}, ""},
		{"Help", []string{"6", "?"}, ""}, // the full help on the checklist tab, the most keys
		{"Patches", []string{"7"}, ""},   // the line after release day, its timeline on top
	}
	langs := []struct {
		lang   data.Lang
		prefix string
		sizes  [][2]int
	}{
		{data.LangEN, "", [][2]int{{80, 24}, {120, 40}, {200, 60}}},
		{data.LangZH, "ZH/", [][2]int{{80, 24}, {120, 40}}},
	}
	for _, l := range langs {
		for _, st := range states {
			for _, size := range l.sizes {
				for _, theme := range []string{"dark", "light"} {
					name := fmt.Sprintf("%s%s/%dx%d/%s", l.prefix, st.name, size[0], size[1], theme)
					t.Run(name, func(t *testing.T) {
						m := keys(newModel(t, Options{Theme: theme, Lang: l.lang}, size[0], size[1]), st.keys...)
						if st.text != "" {
							m = keys(typeText(m, st.text), "enter", "enter")
						}
						out := m.Render()
						assertFits(t, out, size[0], size[1])
						golden.RequireEqual(t, out)
					})
				}
			}
		}
	}
}

func TestViewNoColorHasNoColour(t *testing.T) {
	m := keys(newModel(t, Options{NoColor: true}, 120, 40), "3", "enter")
	out := m.Render()
	for _, sgr := range []string{"38;5;", "48;5;", "38;2;", "48;2;"} {
		if strings.Contains(out, sgr) {
			t.Fatalf("NO_COLOR screen holds a colour sequence %q", sgr)
		}
	}
	if !strings.Contains(plain(m), "KEP-1029") {
		t.Fatal("NO_COLOR still shows the detail")
	}
}

// Without colour, the focused pane is told by its border alone: a thin line while the list has
// the keys, a thick one while the page has them.
func TestViewNoColorFocusCue(t *testing.T) {
	m := keys(newModel(t, Options{NoColor: true}, 120, 40), "3")
	top := func(m Model) string { return strings.Split(plain(m), "\n")[m.lay.detail.y] }
	if l := top(m); !strings.Contains(l, "┌──") || strings.Contains(l, "┏") {
		t.Errorf("list focused: the page's border is %q, want a thin one", l)
	}
	m = keys(m, "enter")
	if l := top(m); !strings.Contains(l, "┏━━") || !strings.Contains(plain(m), "┃ ") {
		t.Errorf("page focused: the page's border is %q, want a thick one", l)
	}
	m = keys(m, "esc")
	if l := top(m); !strings.Contains(l, "┌──") {
		t.Errorf("back in the list: the page's border is %q, want a thin one", l)
	}
}

// TestViewAnySize draws every size from 1×1 to 500×200 (sampled), in English and in Chinese,
// without a panic and without a line wider than the terminal.
func TestViewAnySize(t *testing.T) {
	widths := []int{1, 2, 10, 39, 40, 41, 59, 60, 79, 80, 99, 100, 101, 150, 233, 500}
	heights := []int{1, 2, 9, 10, 11, 15, 24, 60, 200}
	for _, lang := range data.Langs {
		t.Run(string(lang), func(t *testing.T) {
			m := keys(newModel(t, Options{Lang: lang}, 120, 40), "3", "/")
			m = typeText(m, "volume")
			reading := keys(m, "enter", "enter", "n") // the page, its search words marked
			help := keys(newModel(t, Options{Lang: lang}, 120, 40), "5", "?")
			for _, w := range widths {
				for _, h := range heights {
					m = step(m, tea.WindowSizeMsg{Width: w, Height: h})
					assertFits(t, m.Render(), w, h)
					reading = keys(step(reading, tea.WindowSizeMsg{Width: w, Height: h}), "n")
					assertFits(t, reading.Render(), w, h)
					help = step(help, tea.WindowSizeMsg{Width: w, Height: h})
					assertFits(t, help.Render(), w, h)
				}
			}
		})
	}
}

// TestResizeStorm resizes many times while renders are still running; when they land late and
// out of order, the final frame is rendered at the final width and fits it.
func TestResizeStorm(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "enter")
	var pending []tea.Cmd
	for i := 0; i < 200; i++ {
		next, cmd := m.Update(tea.WindowSizeMsg{Width: 60 + i%140, Height: 15 + i%40})
		m = next.(Model)
		pending = append(pending, cmd)
	}
	m = step(m, tea.WindowSizeMsg{Width: 150, Height: 45})
	for i := len(pending) - 1; i >= 0; i-- {
		m = runCmd(m, pending[i], 0)
	}
	assertFits(t, m.Render(), 150, 45)
	if !m.shownReal || m.shownKey.width != m.lay.detailTxt.w {
		t.Fatalf("after the storm the detail is rendered at %d, pane is %d", m.shownKey.width, m.lay.detailTxt.w)
	}
}

func TestWideCharactersKeepColumns(t *testing.T) {
	m := newModel(t, Options{}, 120, 40)
	it := *m.ds.Items[0]
	it.Title.Default = "节点上的 nftables 代理模式 — 很长的标题会被截断以保持列对齐"
	var l listView
	l.setRows([]row{{item: m.ds.Items[0]}, {item: &it, matches: []int{5, 6, 7}}}, "", data.LangEN)
	for _, w := range []int{30, 45, 64} {
		out := l.render(m.styles, m.s, m.lang, &m.ds.Release, w, 3, true, "", map[rowKey]string{})
		assertFits(t, out, w, 3)
	}
}

// A cut title ends in an ellipsis right after its last character, never after a space, and
// never splits a wide character.
func TestCutEllipsis(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{" · Quotas for Ephemeral Storage", 11, " · Quotas…"},
		{"Quotas for Ephemeral Storage", 28, "Quotas for Ephemeral Storage"},
		{"Quotas  for", 9, "Quotas…"},
		{"临时存储配额", 6, "临时…"},
		{"临时存储配额", 7, "临时存…"},
		{"树内存储插件向 CSI 迁移", 16, "树内存储插件向…"},
	} {
		if got := cut(c.in, c.width); got != c.want {
			t.Errorf("cut(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

// TestHelpCacheFollowsState: the help footer drawn from the cache is the one drawn afresh, after
// every step that changes what it shows (focus, search, full help, tab, language, size, colours).
func TestHelpCacheFollowsState(t *testing.T) {
	m := newModel(t, Options{}, 120, 40)
	seen := map[string]bool{}
	steps := []tea.Msg{keyMsg("?"), keyMsg("enter"), keyMsg("?"), keyMsg("esc"), keyMsg("/"),
		tea.KeyPressMsg{Code: 'n', Text: "n"}, keyMsg("enter"), keyMsg("L"), keyMsg("?"),
		tea.WindowSizeMsg{Width: 80, Height: 24}, tea.ColorProfileMsg{Profile: colorprofile.ANSI},
		tea.BackgroundColorMsg{Color: lightBackground}, keyMsg("tab")}
	for i, msg := range steps {
		_ = m.View() // fills the cache with the state before msg
		m = step(m, msg)
		k := helpKey{focus: m.focus, searching: m.query != "", checklist: m.tab == checklistTab, full: m.fullHelp,
			width: m.width, helpWidth: m.help.Width(), height: m.lay.help.h, lang: m.lang}
		if got, want := m.helpView(), m.drawHelp(k); got != want {
			t.Fatalf("step %d (%v): cached help\n%s\nwant\n%s", i, msg, got, want)
		}
		seen[m.helpView()] = true
	}
	if len(seen) < 5 {
		t.Fatalf("the steps showed %d different footers; they should change it", len(seen))
	}
}

// TestSmallerPoints: without colour "off" is set apart from the title; the upgrade tab counts
// the rows its position counter counts; a checklist step shows no link of another page on the
// status line; at the bottom of a list the footer offers up, not down.
func TestSmallerPoints(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	if !strings.Contains(plain(keys(m, "3")), " [off]") {
		t.Error("without colour the off marker is not set apart from the title")
	}
	m = keys(m, fmt.Sprint(checklistTab+1))
	lines := strings.Split(plain(m), "\n")
	tabs, status := lines[m.lay.tabs.y], lines[m.lay.status.y]
	if want := fmt.Sprintf("1/%d", m.counts[checklistTab]); !strings.Contains(status, want) || !strings.Contains(tabs, fmt.Sprint(m.counts[checklistTab])) {
		t.Errorf("the upgrade tab's count and its counter disagree: tabs %q, status %q (want %s)", tabs, status, want)
	}
	if r, _ := m.activeList().selected(); r.action == nil || r.action.Kind != data.ActionStep || strings.Contains(status, "https://") {
		t.Errorf("the first checklist row is a step and shows no link: %q", status)
	}
	m = keys(m, "G")
	footer := strings.Join(strings.Split(plain(m), "\n")[m.lay.help.y:], "\n")
	if strings.Contains(footer, "down") || !strings.Contains(footer, "up") {
		t.Errorf("at the bottom of the list the footer offers %q", footer)
	}
}
