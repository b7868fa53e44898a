package tui

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// lineDataset is data/testdata/line: v1.99 released 2030-01-08, patch releases on 2030-02-12,
// 2030-03-12 (fixes a high CVE) and 2030-05-14 (fixes a critical one), maintenance mode from
// 2030-11-08, end of life 2031-01-08, and a medium CVE with no fix.
func lineDataset(tb testing.TB) *data.Dataset {
	tb.Helper()
	ds, err := data.Load(os.DirFS("../../data/testdata/line"))
	if err != nil {
		tb.Fatal(err)
	}
	return ds
}

// lineToday is the fixed day of the timeline tests: inside maintenance mode.
func lineToday() time.Time { return time.Date(2030, 12, 1, 12, 0, 0, 0, time.UTC) }

func newLineModel(tb testing.TB, opts Options, w, h int) Model {
	if opts.Today.IsZero() {
		opts.Today = lineToday()
	}
	m := New(lineDataset(tb), opts)
	m.openURL = func(string) error { return errNoOpener }
	m.copyText = func(string) error { return nil }
	m.getenv = func(string) string { return "" }
	return step(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// TestTimelineGolden pins the Patches tab, its timeline on top, at 80×24 and 120×40, dark and
// light, in English and Chinese, and without colour.
func TestTimelineGolden(t *testing.T) {
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			for _, theme := range []string{"dark", "light", "nocolor"} {
				t.Run(fmt.Sprintf("%s/%dx%d/%s", lang, size[0], size[1], theme), func(t *testing.T) {
					opts := Options{Theme: theme, Lang: lang}
					if theme == "nocolor" {
						opts = Options{NoColor: true, Lang: lang}
					}
					m := keys(newLineModel(t, opts, size[0], size[1]), "7")
					out := m.Render()
					assertFits(t, out, size[0], size[1])
					golden.RequireEqual(t, out)
				})
			}
		}
	}
}

// TestTimelineReads: what the picture says, read as text.
func TestTimelineReads(t *testing.T) {
	m := keys(newLineModel(t, Options{NoColor: true}, 80, 24), "7")
	lines := strings.Split(plain(m), "\n")
	body := strings.Join(lines[2:2+m.lay.banner.h], "\n")
	for _, want := range []string{"maintenance mode 2030-11-08", "end of life 2031-01-08", "today", "v1.99.0 2030-01-08", "v1.99 · 3 CVEs: 2 fixed in 1.99 (v1.99.2, .3), 1 with no 1.99 fix"} {
		if !strings.Contains(body, want) {
			t.Errorf("the timeline lacks %q:\n%s", want, body)
		}
	}
	axis := ""
	for _, l := range lines[2 : 2+m.lay.banner.h] {
		if strings.Contains(l, "┣") {
			axis = l
		}
	}
	// three ticks: v1.99.1 a plain patch release, v1.99.2 and v1.99.3 fixes of a high and a
	// critical CVE; supported, then maintenance mode, then past the end of life
	if strings.Count(axis, "┿")+strings.Count(axis, "┼") != 1 || strings.Count(axis, "◆") != 2 {
		t.Errorf("the axis does not mark one patch release and two fixes: %q", axis)
	}
	if i, j, k := strings.Index(axis, "━"), strings.Index(axis, "─"), strings.Index(axis, "┄"); i < 0 || j < i || k < j {
		t.Errorf("the axis does not run supported → maintenance → ended: %q", axis)
	}
	// the list below: newest patch release first, then the CVEs newest first
	if i, j := strings.Index(plain(m), ".3 Kubernetes v1.99.3"), strings.Index(plain(m), ".1 Kubernetes v1.99.1"); i < 0 || j < i {
		t.Error("the patch releases are not listed newest first")
	}
}

// TestTimelineToday: today is marked only inside the line's time, and the summary says where
// the line stands on that day.
func TestTimelineToday(t *testing.T) {
	for _, tc := range []struct {
		day      time.Time
		today    bool
		standing string
	}{
		{time.Date(2029, 12, 1, 0, 0, 0, 0, time.UTC), false, "supported until 2031-01-08"},
		{time.Date(2030, 6, 1, 0, 0, 0, 0, time.UTC), true, "supported until 2031-01-08"},
		{time.Date(2030, 12, 1, 0, 0, 0, 0, time.UTC), true, "maintenance mode until 2031-01-08"},
		{time.Date(2040, 1, 1, 0, 0, 0, 0, time.UTC), false, "ended 2031-01-08, upgrade to v1.100"},
	} {
		m := keys(newLineModel(t, Options{NoColor: true, Today: tc.day}, 120, 40), "7")
		body := strings.Join(strings.Split(plain(m), "\n")[2:2+m.lay.banner.h], "\n")
		if strings.Contains(body, "today") != tc.today || !strings.Contains(body, tc.standing) {
			t.Errorf("%s: today shown %v, want %v; want %q:\n%s", tc.day.Format(time.DateOnly), !tc.today, tc.today, tc.standing, body)
		}
	}
}

// TestTimelineRedrawn: the drawing is kept between frames, and drawn again when the day, the
// language or the theme changes within one session.
func TestTimelineRedrawn(t *testing.T) {
	day := time.Date(2030, 12, 1, 23, 0, 0, 0, time.UTC)
	m := keys(newLineModel(t, Options{}, 120, 40), "7") // the theme follows the terminal
	m.today = func() time.Time { return day }
	banner := func(m Model) string {
		return strings.Join(strings.Split(m.Render(), "\n")[2:2+m.lay.banner.h], "\n")
	}
	if first := banner(m); !strings.Contains(ansi.Strip(first), "maintenance mode until") || banner(m) != first {
		t.Fatalf("the same frame drew another timeline:\n%s", first)
	}
	day = time.Date(2031, 1, 8, 0, 0, 0, 0, time.UTC) // the end of life, the next frame
	if got := ansi.Strip(banner(m)); !strings.Contains(got, "ended 2031-01-08") {
		t.Errorf("on the end of life the timeline still says:\n%s", got)
	}
	dark := banner(m)
	m = step(m, tea.BackgroundColorMsg{Color: lipgloss.Color("#ffffff")}) // the terminal is light
	if banner(m) == dark {
		t.Error("a light terminal kept the dark timeline")
	}
	m = keys(m, "L")
	if got := ansi.Strip(banner(m)); !strings.Contains(got, "2031-01-08") || strings.Contains(got, "ended") {
		t.Errorf("in Chinese the timeline still reads in English:\n%s", got)
	}
}

// TestTimelineFits: at every width the picture keeps to its lines and its width, and the list
// under it keeps rows; at the smallest screens it gives lines up, never the list.
func TestTimelineFits(t *testing.T) {
	ds := lineDataset(t)
	s := NewStyles(true, false, false)
	for w := 30; w <= 220; w += 7 {
		for maxLines := 3; maxLines <= timelineLines; maxLines++ {
			lines := timelineView(s, i18n.For(data.LangZH), ds, lineToday(), w, maxLines)
			if len(lines) > maxLines || len(lines) < 2 {
				t.Errorf("width %d, %d lines at most: drew %d", w, maxLines, len(lines))
			}
			for _, l := range lines {
				if lw := lipgloss.Width(l); lw != w {
					t.Errorf("width %d: a line is %d wide: %q", w, lw, ansi.Strip(l))
				}
			}
		}
	}
	for _, size := range [][2]int{{40, 10}, {60, 16}, {80, 24}} {
		m := keys(newLineModel(t, Options{}, size[0], size[1]), "7")
		assertFits(t, m.Render(), size[0], size[1])
		if m.lay.list.h < 1 {
			t.Errorf("%dx%d: the timeline left the list no rows", size[0], size[1])
		}
	}
}

// BenchmarkTimeline is the Patches tab's picture at 120 columns, drawn on every frame.
func BenchmarkTimeline(b *testing.B) {
	ds, s, t := lineDataset(b), NewStyles(true, false, false), i18n.For(data.LangEN)
	for b.Loop() {
		timelineView(s, t, ds, lineToday(), 120, timelineLines)
	}
}

// TestTimelineLegendColours: the legend draws each glyph as the axis does (the legend was grey
// while the axis had colours), names ┼, a patch release in maintenance mode, and the marks of
// security fixes have a colour of their own, not the maintenance segment's.
func TestTimelineLegendColours(t *testing.T) {
	for _, theme := range []string{"dark", "light"} {
		m := newLineModel(t, Options{Theme: theme}, 120, 40)
		s := m.styles
		lines := timelineView(s, m.s, m.ds, lineToday(), 120, timelineLines)
		legend := lines[len(lines)-1]
		for _, g := range []struct {
			glyph string
			st    lipgloss.Style
		}{{"━", s.LineSupported}, {"─", s.LineMaintenance}, {"┿", s.LineSupported}, {"┼", s.LineMaintenance}, {"◆", s.LineFixHigh}, {"◇", s.LineFixLow}} {
			if !strings.Contains(legend, g.st.Render(g.glyph)) {
				t.Errorf("%s: the legend does not draw %s as the axis does: %q", theme, g.glyph, legend)
			}
		}
		if s.LineFixLow.Render("◇") == s.LineMaintenance.Render("◇") || s.LineFixHigh.Render("◆") == s.LineMaintenance.Render("◆") {
			t.Errorf("%s: a fix's mark has the maintenance segment's colour", theme)
		}
	}
}
