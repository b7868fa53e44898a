package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
	"github.com/elli-k8s/elli/ui/render"
)

// BenchmarkFirstFrame: the embedded dataset as elli gets it (the generated snapshot), the model,
// the layout at 120×40, the first frame.
func BenchmarkFirstFrame(b *testing.B) {
	for b.Loop() {
		m := New(snapshot.New(), Options{Theme: "dark"})
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		_ = next.(Model).View()
	}
}

// BenchmarkSearchKeystroke: one key typed into the search, to the next frame. The query
// alternates between "nf" and "nft" so every iteration re-runs the search.
func BenchmarkSearchKeystroke(b *testing.B) {
	m := typeText(keys(newModel(b, Options{Theme: "dark"}, 120, 40), "/"), "nf")
	t, bs := tea.KeyPressMsg{Code: 't', Text: "t"}, tea.KeyPressMsg{Code: tea.KeyBackspace}
	frames(b, m, func(i int) tea.Msg {
		if i%2 == 1 {
			return bs
		}
		return t
	})
}

// BenchmarkFirstFrameZH is BenchmarkFirstFrame in Chinese.
func BenchmarkFirstFrameZH(b *testing.B) {
	for b.Loop() {
		m := New(snapshot.New(), Options{Theme: "dark", Lang: data.LangZH})
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		_ = next.(Model).View()
	}
}

// BenchmarkSearchKeystrokeZH: one Chinese character typed into the search, to the next frame,
// in the Chinese explorer. The query alternates between "流量" and "流量分".
func BenchmarkSearchKeystrokeZH(b *testing.B) {
	m := typeText(keys(newModel(b, Options{Theme: "dark", Lang: data.LangZH}, 120, 40), "/"), "流量")
	t, bs := tea.KeyPressMsg{Code: '分', Text: "分"}, tea.KeyPressMsg{Code: tea.KeyBackspace}
	frames(b, m, func(i int) tea.Msg {
		if i%2 == 1 {
			return bs
		}
		return t
	})
}

// BenchmarkLangSwitch: L on a page being read, to the next frame, both languages' pages already
// rendered (the second L onwards).
func BenchmarkLangSwitch(b *testing.B) {
	m := keys(newModel(b, Options{Theme: "dark"}, 120, 40), "3", "enter", "L", "L")
	l := keyMsg("L")
	frames(b, m, func(int) tea.Msg { return l })
}

// BenchmarkListStepCached: one step down the list to the next frame, every detail already
// rendered (the common case once a user has looked around).
func BenchmarkListStepCached(b *testing.B) { listStepCached(b, "3") }

// BenchmarkListStepChecklist is BenchmarkListStepCached on the checklist, where each step opens
// the guide page at its own heading.
func BenchmarkListStepChecklist(b *testing.B) { listStepCached(b, "6") }

// BenchmarkListStepPatches is BenchmarkListStepCached on the Patches tab, under its timeline.
func BenchmarkListStepPatches(b *testing.B) { listStepCached(b, "7") }

func listStepCached(b *testing.B, tab string) {
	m := keys(newModel(b, Options{Theme: "dark"}, 120, 40), tab)
	n := len(m.lists[m.tab].rows)
	for i := 0; i < n; i++ { // warm the render cache for the whole tab
		m = keys(m, "j")
	}
	m = keys(m, "g")
	down, top := keyMsg("j"), keyMsg("g")
	frames(b, m, func(i int) tea.Msg {
		if i%(n-1) == n-2 {
			return top
		}
		return down
	})
}

// BenchmarkGlamourLongestItem: an uncached glamour render of the longest page at 100 columns.
func BenchmarkGlamourLongestItem(b *testing.B) {
	ds := dataset(b)
	longest := ""
	for _, it := range ds.Items {
		if md := it.Markdown(data.LangEN); len(md) > len(longest) {
			longest = md
		}
	}
	b.ReportMetric(float64(len(longest)), "bytes/page")
	for b.Loop() {
		if _, err := render.NewRenderer().Render(longest, 100, render.Dark); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDetailScrollFound: one line down a page that holds the search's words, to the next
// frame; the marked lines are drawn once per page and query, not on every frame.
func BenchmarkDetailScrollFound(b *testing.B) {
	m := keys(typeText(keys(newModel(b, Options{Theme: "dark"}, 120, 40), "/"), "nft"), "enter", "enter")
	down, top := keyMsg("j"), keyMsg("g")
	frames(b, m, func(i int) tea.Msg {
		if i%20 == 19 {
			return top
		}
		return down
	})
}

// frames runs one message per iteration, the one next picks, and draws the frame after it.
func frames(b *testing.B, m Model, next func(i int) tea.Msg) {
	for i := 0; b.Loop(); i++ {
		model, _ := m.Update(next(i))
		m = model.(Model)
		_ = m.View()
	}
}
