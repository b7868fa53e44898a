package tui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The road's picture heads the Road tab: the support window of the release and of each release
// on the road, one row each on one time axis, so that a reader sees at a glance which lines
// have ended and how long the others last. A row runs ━ while its line is supported, ─ in
// maintenance mode and ends in ┤ at its end of life; today is a column (│, ┿ or ┼ where it
// crosses a window) under the year scale, and ▶ marks the default target, the oldest release
// not ended. The glyphs carry the meaning, so the picture reads without colour too.

// roadWindow is one release's row: its version and the days its support changes.
type roadWindow struct {
	version           string
	released, mm, eol time.Time
}

// roadWindows are the release's window and its road releases', in order; nil when a date does
// not parse (a dataset without support dates has no picture).
func roadWindows(ds *data.Dataset) []roadWindow {
	parse := func(v, released string, sup data.Support) (roadWindow, bool) {
		r, err1 := time.Parse(time.DateOnly, released)
		mm, err2 := time.Parse(time.DateOnly, sup.MaintenanceMode)
		eol, err3 := time.Parse(time.DateOnly, sup.EndOfLife)
		return roadWindow{v, r, mm, eol}, err1 == nil && err2 == nil && err3 == nil && !mm.Before(r) && !eol.Before(mm)
	}
	rel := &ds.Release
	w, ok := parse(rel.Version, rel.Released, rel.Support)
	if !ok {
		return nil
	}
	out := []roadWindow{w}
	for _, r := range ds.Road() {
		if w, ok = parse(r.Version, r.Released, r.Support); !ok {
			return nil
		}
		out = append(out, w)
	}
	return out
}

// roadmapLines is the most lines the picture takes: the head, the year scale, a row per
// release and the legend.
func roadmapLines(ds *data.Dataset) int { return len(ds.Road()) + 4 }

// roadmapView draws the picture width cells wide in at most maxLines lines; nil without a
// road, without dates, or without room for a row per release.
func roadmapView(st Styles, t *i18n.Strings, ds *data.Dataset, today time.Time, width, maxLines int) []string {
	s := &st
	ws := roadWindows(ds)
	if len(ws) < 2 || maxLines < len(ws) || width < 40 {
		return nil
	}
	target := ds.DefaultTarget(today)
	start, end := ws[0].released, ws[0].eol
	verW := 0
	for _, w := range ws {
		if w.eol.After(end) {
			end = w.eol
		}
		verW = max(verW, ansi.StringWidth(w.version))
	}
	end = end.AddDate(0, 0, int(end.Sub(start).Hours()/24/60)+1) // room for the last ┤
	x0 := 3 + verW + 1                                           // " ▶ v1.32 "
	axisW := width - x0 - 1
	col := func(d time.Time) int {
		f := d.Sub(start).Hours() / end.Sub(start).Hours()
		return x0 + int(math.Round(f*float64(axisW-1)))
	}
	tc := -1 // today's column, when today is on the axis
	if !today.Before(start) && today.Before(end) {
		tc = col(today)
	}

	rows := make([]string, len(ws))
	for i, w := range ws {
		cv := newCanvas(width)
		label := &s.LineLabel
		if w.version == target {
			cv.put(1, "▶", &s.LineToday)
			label = &s.LineHead
		}
		cv.place(3, w.version, label, true)
		cm, ce := col(w.mm), col(w.eol)
		for c := col(w.released); c < ce; c++ {
			if c < cm {
				cv.put(c, "━", &s.LineSupported)
			} else {
				cv.put(c, "─", &s.LineMaintenance)
			}
		}
		cv.put(col(w.released), "┣", &s.LineSupported)
		cv.put(ce, "┤", &s.LineEnded)
		if tc >= 0 {
			switch g := cv.cells[tc]; {
			case !g.used:
				cv.put(tc, "│", &s.LineToday)
			case g.s == "━" || g.s == "┣":
				cv.put(tc, "┿", &s.LineToday)
			default:
				cv.put(tc, "┼", &s.LineToday)
			}
		}
		rows[i] = cv.String()
	}

	// the scale: each year where it begins, then today on whichever side of its column has room
	// (where none has, the column through the rows marks it alone: a ▼ against a year would
	// read as that year)
	scale := newCanvas(width)
	for y := start.Year() + 1; y <= end.Year(); y++ {
		scale.place(col(time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)), fmt.Sprint(y), &s.LineLabel, false)
	}
	if tc >= 0 {
		right, left := "▼ "+t.TUI.LineToday, t.TUI.LineToday+" ▼"
		_ = scale.place(tc, right, &s.LineToday, false) || scale.place(tc-ansi.StringWidth(left)+1, left, &s.LineToday, false) ||
			scale.place(tc, "▼", &s.LineToday, false)
	}

	day := today.Format(time.DateOnly)
	head := fmt.Sprintf(t.TUI.RoadHead, ws[0].version, ws[len(ws)-1].version, target, day)
	headLine := pad(s.LineHead.Render(" "+ansi.Truncate(head, width-1, "…")), width)
	legend, legendW := legendLine(s, t.TUI.RoadLegend, []legendGlyph{{"━", &s.LineSupported},
		{"─", &s.LineMaintenance}, {"┤", &s.LineEnded}, {"│", &s.LineToday}, {"▶", &s.LineToday}})

	// what to draw beside the rows, in the order to give it up when the lines do not fit
	show := struct{ legend, head, scale bool }{legendW <= width, true, true}
	count := func() int {
		n := len(rows)
		for _, on := range []bool{show.legend, show.head, show.scale} {
			if on {
				n++
			}
		}
		return n
	}
	for _, drop := range []*bool{&show.legend, &show.head, &show.scale} {
		if count() > maxLines {
			*drop = false
		}
	}
	var lines []string
	if show.head {
		lines = append(lines, headLine)
	}
	if show.scale {
		lines = append(lines, scale.String())
	}
	lines = append(lines, rows...)
	if show.legend {
		lines = append(lines, pad(legend, width))
	}
	return lines
}

// legendGlyph is a glyph of a legend in the style its picture draws it in.
type legendGlyph struct {
	g  string
	st *lipgloss.Style
}

// legendLine draws a legend: format takes the glyphs with %s, in order, each drawn in its
// style, the words in the labels' style; it returns the line and its width.
func legendLine(s *Styles, format string, glyphs []legendGlyph) (string, int) {
	words := strings.Split(" "+format, "%s")
	var b strings.Builder
	width := 0
	for i, w := range words {
		b.WriteString(s.LineLabel.Render(w))
		width += ansi.StringWidth(w)
		if i < len(glyphs) && i < len(words)-1 {
			b.WriteString(glyphs[i].st.Render(glyphs[i].g))
			width += ansi.StringWidth(glyphs[i].g)
		}
	}
	return b.String(), width
}

// roadRows makes the Road tab's rows: each release on the road under a heading that says where
// it stands today and how many of its changes break on upgrade, its changes (most urgent first)
// that the search and the starred view let through; a release none of whose changes shows is
// left out, heading and all, as the checklist leaves out an empty group. The weaker matches a
// search folds away stay out as on the other tabs, under the same last line that says how many.
func (m *Model) roadRows() []row {
	var rows []row
	folds := map[string]bool{}
	for _, r := range m.results {
		if m.folds(r) {
			folds[r.Item.ID] = true
		}
	}
	folded := 0
	target := m.ds.DefaultTarget(m.today())
	for _, rr := range m.ds.Road() {
		items := m.ds.RoadItems(rr.Version)
		var shown []row
		breaks := 0
		for _, it := range items {
			if it.Road.Impact == data.ImpactBreaks {
				breaks++
			}
			switch {
			case !m.itemShown(it):
			case folds[it.ID]:
				folded++
			default:
				shown = append(shown, m.markRow(row{item: it, matches: m.resultMarks[it.ID]}))
			}
		}
		if len(shown) == 0 {
			continue
		}
		version := rr.Version
		if version == target {
			version = "▶ " + version
		}
		rows = append(rows, row{heading: fmt.Sprintf(m.s.TUI.RoadHopRow, version,
			rr.Support.StatusOn(m.today()).LabelIn(m.lang), data.ImpactBreaks.LabelIn(m.lang), breaks, rr.Codename)})
		rows = append(rows, shown...)
	}
	if folded > 0 {
		rows = append(rows, row{heading: fmt.Sprintf(m.s.TUI.Folded, folded)})
	}
	return rows
}
