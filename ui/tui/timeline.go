package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The timeline heads the Patches tab: the line from its release to its end of life on a time
// axis, a tick per patch release (◆ where it fixed a high or critical CVE, ◇ a lower one),
// maintenance mode and end of life marked above the axis, and today when it falls inside. The
// axis changes from ━ (supported) to ─ (maintenance mode) to ┄ (after the end of life), so the
// picture reads without colour too.

// timelineLines is the most lines the timeline takes: the summary, two rows of labels, the
// axis, the patch numbers and the legend.
const timelineLines = 6

// timelineView draws the timeline width cells wide in at most maxLines lines; nil when the
// release has no support dates to draw or no room. It draws with pointers into its copy of the
// styles, so that the canvas tells runs of one style by address rather than by rendering each
// cell.
func timelineView(st Styles, t *i18n.Strings, ds *data.Dataset, today time.Time, width, maxLines int) []string {
	s := &st
	r := &ds.Release
	start, err1 := time.Parse(time.DateOnly, r.Released)
	mm, err2 := time.Parse(time.DateOnly, r.Support.MaintenanceMode)
	eol, err3 := time.Parse(time.DateOnly, r.Support.EndOfLife)
	if err1 != nil || err2 != nil || err3 != nil || maxLines < 3 || width < 30 {
		return nil
	}
	patches := ds.Patches()
	end := eol
	for _, p := range patches {
		if d, err := time.Parse(time.DateOnly, p.Patch.Released); err == nil && d.After(end) {
			end = d
		}
	}
	end = end.AddDate(0, 0, int(end.Sub(start).Hours()/24/40)+1) // a little room after the last event
	const x0 = 1                                                 // a cell of margin on the left
	axisW := width - 2
	col := func(d time.Time) int {
		f := d.Sub(start).Hours() / end.Sub(start).Hours()
		return x0 + int(math.Round(f*float64(axisW-1)))
	}
	tt := t.TUI
	day := func(d time.Time) string { return d.Format(time.DateOnly) }

	// the axis
	axis := newCanvas(width)
	cm, ce := col(mm), col(eol)
	for c := x0; c < x0+axisW; c++ {
		switch {
		case c < cm:
			axis.put(c, "━", &s.LineSupported)
		case c < ce:
			axis.put(c, "─", &s.LineMaintenance)
		default:
			axis.put(c, "┄", &s.LineEnded)
		}
	}
	axis.put(x0, "┣", &s.LineSupported)
	axis.put(ce, "┤", &s.LineEnded)
	numbers := newCanvas(width)
	for i := len(patches) - 1; i >= 0; i-- { // oldest first, so a crowded label gives way to the newer
		p := patches[i]
		d, err := time.Parse(time.DateOnly, p.Patch.Released)
		if err != nil {
			continue
		}
		c := col(d)
		glyph, st := "┿", &s.LineSupported
		if c >= cm {
			glyph, st = "┼", &s.LineMaintenance
		}
		if worst := worstFix(ds, p); worst != "" {
			glyph, st = "◇", &s.LineFixLow
			if worst.Rank() >= data.Severity("high").Rank() {
				glyph, st = "◆", &s.LineFixHigh
			}
		}
		axis.put(c, glyph, st) // over the axis
		n := patchNumber(p)
		numbers.place(c-(len(n)-1)/2, n, &s.LineLabel, false)
	}

	// the markers above the axis, the farthest-reaching first; each tries the row next to the
	// axis, then the one above it
	labels := [2]*canvas{newCanvas(width), newCanvas(width)}
	type marker struct {
		c     int
		text  string
		style *lipgloss.Style
	}
	var markers []marker
	if !today.Before(start) && today.Before(end) {
		markers = append(markers, marker{col(today), tt.LineToday, &s.LineToday})
	}
	markers = append(markers,
		marker{ce, fmt.Sprintf(tt.LineEndOfLife, day(eol)), &s.LineEnded},
		marker{cm, fmt.Sprintf(tt.LineMaintenance, day(mm)), &s.LineMaintenance},
		marker{x0, fmt.Sprintf(tt.LineReleased, r.Version+".0", day(start)), &s.LineSupported})
	for _, mk := range markers {
		placed := false
		for row := 1; row >= 0 && !placed; row-- {
			right := "▼ " + mk.text
			left := mk.text + " ▼"
			placed = labels[row].place(mk.c, right, mk.style, false) || labels[row].place(mk.c-ansi.StringWidth(left)+1, left, mk.style, false)
			if placed && row == 0 && labels[1].free(mk.c, 1) {
				labels[1].put(mk.c, "│", mk.style)
			}
		}
		for row := 1; row >= 0 && !placed; row-- { // no room for its words: the mark alone
			if labels[row].free(mk.c, 1) {
				labels[row].put(mk.c, "▼", mk.style)
				placed = true
			}
		}
	}

	support := ""
	switch {
	case !today.Before(eol):
		support = fmt.Sprintf(tt.LineEnded, day(eol), r.Support.UpgradeTo)
	case !today.Before(mm):
		support = fmt.Sprintf(tt.LineInMaintenance, day(eol))
	default:
		support = fmt.Sprintf(tt.LineSupportedUntil, day(eol))
	}
	// the head says the line, its patch releases, its CVEs and its support; where that does not
	// fit, the count of patch releases goes first (the axis numbers them), then the support (the
	// markers on the axis say it): the CVEs' words stay whole as long as they can
	patchCount, tally := fmt.Sprintf(tt.LineHead, r.Version, len(patches)), t.CVETally(data.TallyCVEs(ds.CVEs()), r.Version)
	var head string
	for _, parts := range [][]string{{patchCount, tally, support}, {r.Version, tally, support}, {patchCount, tally}, {r.Version, tally}} {
		if head = strings.Join(parts, " · "); ansi.StringWidth(head) <= width-1 {
			break
		}
	}
	// what to draw, in the order to give it up when the lines do not fit
	headLine := pad(s.LineHead.Render(" "+ansi.Truncate(head, width-1, "…")), width)
	legend, legendW := timelineLegend(s, tt.LineLegend)
	show := struct{ legend, upper, head, numbers bool }{legendW <= width, !labels[0].empty(), true, true}
	count := func() int {
		n := 2 // the labels next to the axis and the axis
		for _, on := range []bool{show.legend, show.upper, show.head, show.numbers} {
			if on {
				n++
			}
		}
		return n
	}
	for _, drop := range []*bool{&show.legend, &show.upper, &show.head, &show.numbers} {
		if count() > maxLines {
			*drop = false
		}
	}
	var lines []string
	if show.head {
		lines = append(lines, headLine)
	}
	if show.upper {
		lines = append(lines, labels[0].String())
	}
	lines = append(lines, labels[1].String(), axis.String())
	if show.numbers {
		lines = append(lines, numbers.String())
	}
	if show.legend {
		lines = append(lines, pad(legend, width))
	}
	return lines
}

// timelineLegend draws the legend under the axis: each glyph in the style the axis draws it in,
// the words in the labels' style, and its width. format takes the glyphs with %s, in order:
// supported, maintenance mode, a patch release while supported and in maintenance mode, a
// high or critical fix, a lower one.
func timelineLegend(s *Styles, format string) (string, int) {
	return legendLine(s, format, []legendGlyph{{"━", &s.LineSupported}, {"─", &s.LineMaintenance},
		{"┿", &s.LineSupported}, {"┼", &s.LineMaintenance}, {"◆", &s.LineFixHigh}, {"◇", &s.LineFixLow}})
}

// worstFix is the severity of the worst CVE a patch release fixed, "" for none.
func worstFix(ds *data.Dataset, p *data.Item) data.Severity {
	var worst data.Severity
	for _, id := range p.Patch.CVEs {
		if it := ds.ByID(strings.ToLower(id)); it != nil && it.CVE.Severity.Rank() > worst.Rank() {
			worst = it.CVE.Severity
		}
	}
	return worst
}

// pad widens a rendered line to width cells.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-lipgloss.Width(s)))
}

// canvas is one line of cells, each holding a character and its style; a wide character takes
// two cells, the second marked as its continuation.
type canvas struct{ cells []cell }

type cell struct {
	s     string
	style *lipgloss.Style // nil: unstyled
	used  bool
	cont  bool // the right half of a wide character
}

func newCanvas(width int) *canvas { return &canvas{cells: make([]cell, width)} }

// free reports whether w cells from c are inside the line and unused.
func (cv *canvas) free(c, w int) bool {
	if c < 0 || c+w > len(cv.cells) {
		return false
	}
	for i := c; i < c+w; i++ {
		if cv.cells[i].used {
			return false
		}
	}
	return true
}

func (cv *canvas) empty() bool {
	for _, c := range cv.cells {
		if c.used {
			return false
		}
	}
	return true
}

// put writes s (one character) at c, whatever was there.
func (cv *canvas) put(c int, s string, st *lipgloss.Style) {
	if c < 0 || c >= len(cv.cells) {
		return
	}
	cv.cells[c] = cell{s: s, style: st, used: true}
}

// place writes text from c when its cells, and one on either side, are free (tight: the sides
// need not be); it reports whether it did.
func (cv *canvas) place(c int, text string, st *lipgloss.Style, tight bool) bool {
	w := ansi.StringWidth(text)
	lo, hi := c-1, c+w+1
	if tight {
		lo, hi = c, c+w
	}
	if c < 0 || c+w > len(cv.cells) || !cv.free(max(lo, 0), min(hi, len(cv.cells))-max(lo, 0)) {
		return false
	}
	for _, r := range text {
		rs := string(r)
		rw := ansi.StringWidth(rs)
		cv.cells[c] = cell{s: rs, style: st, used: true}
		for i := 1; i < rw; i++ {
			cv.cells[c+i] = cell{used: true, cont: true}
		}
		c += rw
	}
	return true
}

// String renders the line, runs of one style in one sequence, unused cells as spaces.
func (cv *canvas) String() string {
	var b, run strings.Builder
	var cur *lipgloss.Style
	flush := func() {
		switch {
		case run.Len() == 0:
		case cur == nil:
			b.WriteString(run.String())
		default:
			b.WriteString(cur.Render(run.String()))
		}
		run.Reset()
	}
	for _, c := range cv.cells {
		if c.cont {
			continue
		}
		st, s := c.style, c.s
		if !c.used {
			st, s = nil, " "
		}
		if st != cur {
			flush()
			cur = st
		}
		run.WriteString(s)
	}
	flush()
	return b.String()
}

// patchNumber is the number of a patch release within its line: "14" for v1.31.14.
func patchNumber(it *data.Item) string {
	v := it.Patch.Version
	if i := strings.LastIndexByte(v, '.'); i >= 0 {
		if _, err := strconv.Atoi(v[i+1:]); err == nil {
			return v[i+1:]
		}
	}
	return v
}

// patchesTab is the tab the timeline heads.
var patchesTab = data.SectionIndex(data.PatchesSection)

// roadTab is the tab the road's picture heads.
var roadTab = data.SectionIndex(data.RoadSection)

// timeline is the picture heading the present tab (the Patches tab's timeline, the Road tab's
// support windows) for the present screen, nil on any other tab or where it would leave the
// list fewer than minListRows rows.
func (m Model) timeline(showSearch bool, helpLines int) []string {
	if m.tab != patchesTab && m.tab != roadTab || m.focus == focusNote || m.width < minWidth || m.height < minHeight {
		return nil
	}
	const minListRows = 6
	room := m.height - 2 - 1 - helpLines - minListRows // header, tabs, status
	if showSearch {
		room--
	}
	most := timelineLines
	if m.tab == roadTab {
		most = roadmapLines(m.ds)
	}
	return m.drawnTimeline(min(most, room))
}

// timelineKey is what a drawn timeline depends on beyond the dataset, which never changes, and
// the styles, whose change clears the drawing (setStyles).
type timelineKey struct {
	tab, width, maxLines int
	lang                 data.Lang
	day                  time.Time
}

// drawnTimeline keeps the last timeline drawn, so that relayout and every frame after it reuse
// one drawing: it changes with the window, the language, the theme and the day, not with a
// keystroke, and drawing it took as long as the rest of the frame.
type drawnTimeline struct {
	key   timelineKey
	lines []string
	ok    bool
}

// drawnTimeline is the timeline in at most maxLines lines, drawn when its key changed.
// Today counts as its date, the unit of every other mark on the axis, so the picture holds for
// the whole day.
func (m Model) drawnTimeline(maxLines int) []string {
	y, mo, d := m.today().Date()
	k := timelineKey{tab: m.tab, width: m.width, maxLines: maxLines, lang: m.lang, day: time.Date(y, mo, d, 0, 0, 0, 0, time.UTC)}
	c := m.line
	if c != nil && c.ok && c.key == k {
		return c.lines
	}
	draw := timelineView
	if m.tab == roadTab {
		draw = roadmapView
	}
	lines := draw(m.styles, m.s, m.ds, k.day, m.width, maxLines)
	if c != nil {
		*c = drawnTimeline{key: k, lines: lines, ok: true}
	}
	return lines
}
