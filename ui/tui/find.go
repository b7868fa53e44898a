package tui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
	"github.com/elli-k8s/elli/ui/render"
)

// Finding the search's words in the page being read: the detail highlights them, and n and N
// step from one line that holds them to the next. (glow's reader has no search in a page.)

// findState is which lines of the shown page hold a search word, for one page and one query.
// The words are the engine's: the page is marked where search.Query.Spans says the search's terms
// match, so a forgiven typo ("aparmor") marks AppArmor and a SIG filter marks nothing.
// The model keeps it behind a pointer so that View can compute it on first use.
type findState struct {
	valid  bool // computed for the key, real and search below
	key    renderKey
	real   bool
	search *search.Query
	note   string          // the note above the page, whose lines come first
	lines  []int           // the page's lines that hold a term, top to bottom
	spans  [][]search.Span // per entry of lines: where in the line's plain text
	at     int             // the index in lines that n and N went to last; -1 before the first
	marked map[int]string  // lines drawn with their terms marked, kept for the next frame
}

// finds returns the find state of what the detail shows now. It is recomputed only when the
// page or the query changed, from the page's plain text, which the page keeps.
func (m Model) finds() *findState {
	f := m.find
	q := m.pageQuery()
	if f.valid && f.key == m.shownKey && f.real == m.shownReal && f.search == q && f.note == m.shownNote {
		return f
	}
	*f = findState{valid: true, key: m.shownKey, real: m.shownReal, search: q, note: m.shownNote, at: -1}
	if len(q.Words()) == 0 {
		return f
	}
	for i, spans := range lineSpans(q, m.detail.plain()) {
		if len(spans) > 0 {
			f.lines = append(f.lines, i)
			f.spans = append(f.spans, spans)
		}
	}
	return f
}

// lineSpans returns, for each line of a page, where the query's terms match in it. Chinese has
// no spaces, so a page wraps it between any two characters and may break a phrase across two
// lines (流量 / 分发): where a line ends and the next starts with Chinese, the two are also read
// as one text, and a term that matches across the break is marked on both lines.
func lineSpans(q *search.Query, lines []string) [][]search.Span {
	out := make([][]search.Span, len(lines))
	for i, l := range lines {
		out[i] = q.Spans(l)
	}
	for i := 0; i+1 < len(lines); i++ {
		end := strings.TrimRight(lines[i], " ")
		next := lines[i+1]
		start := len(next) - len(strings.TrimLeft(next, " "))
		last, _ := utf8.DecodeLastRuneInString(end)
		first, _ := utf8.DecodeRuneInString(next[start:])
		if !render.Unspaced(last) || !render.Unspaced(first) { // where the page wraps with no space
			continue
		}
		cut := len(end)
		for _, s := range q.Spans(end + next[start:]) {
			if s.Start < cut && s.End > cut {
				out[i] = append(out[i], search.Span{Start: s.Start, End: cut, Term: s.Term})
				out[i+1] = append(out[i+1], search.Span{Start: start, End: start + s.End - cut, Term: s.Term})
			}
		}
	}
	for i := range out {
		slices.SortFunc(out[i], func(a, b search.Span) int { return cmp.Or(a.Start-b.Start, a.End-b.End) })
	}
	return out
}

// jumpFind moves the detail to the next (d = 1) or previous (d = -1) line holding a search word,
// two lines below the top of the pane so that what leads up to it shows, and wraps around.
func (m *Model) jumpFind(d int) {
	f := m.finds()
	n := len(f.lines)
	if n == 0 {
		if words := m.pageQuery().Words(); len(words) > 0 {
			m.status = fmt.Sprintf(m.s.TUI.NoLineHolds, strings.Join(words, " "))
		} else {
			m.status = m.s.TUI.OnlySIG
		}
		m.statusErr = false
		return
	}
	switch {
	case f.at < 0 && d > 0:
		f.at = 0
	case f.at < 0:
		f.at = n - 1
	default:
		f.at = (f.at + d + n) % n
	}
	m.detail.offset = max(0, f.lines[f.at]-2)
	m.detail.clamp()
}

// findInfo is the status line's note on the page's matches, "" when there is nothing to say.
func (m Model) findInfo() string {
	if m.query == "" || m.lay.detail.w == 0 || m.focus != focusDetail {
		return ""
	}
	f := m.finds()
	switch {
	case len(m.pageQuery().Words()) == 0:
		return ""
	case f.at >= 0:
		return fmt.Sprintf(m.s.TUI.FindAt, f.at+1, len(f.lines))
	case len(f.lines) == 1:
		return m.s.TUI.OneLineMatches
	}
	return fmt.Sprintf(m.s.TUI.LinesMatch, len(f.lines))
}

// markedLine returns page line n, the k-th line that holds a search word, with the words marked;
// drawn once per page and query.
func (f *findState) markedLine(d *scroller, k int, style lipgloss.Style) string {
	n := f.lines[k]
	if l, ok := f.marked[n]; ok {
		return l
	}
	if f.marked == nil {
		f.marked = map[int]string{}
	}
	l := markFinds(d.lines[n], d.plain()[n], f.spans[k], style)
	f.marked[n] = l
	return l
}

// markFinds marks the spans of one rendered line, whose plain text is plain; overlapping spans
// make one mark.
func markFinds(line, plain string, spans []search.Span, style lipgloss.Style) string {
	if len(spans) == 0 {
		return line
	}
	var ranges []lipgloss.Range // in cells, which is how lipgloss counts
	for _, s := range spans {
		start, end := ansi.StringWidth(plain[:s.Start]), ansi.StringWidth(plain[:s.End])
		if k := len(ranges) - 1; k >= 0 && start <= ranges[k].End {
			ranges[k].End = max(ranges[k].End, end)
			continue
		}
		ranges = append(ranges, lipgloss.NewRange(start, end, style))
	}
	return lipgloss.StyleRanges(line, ranges...)
}

// pageQuery is the search as the shown page's result sees it: the words the item did not match
// mark nothing (search.Query.Only), so n and N step only through what matched. The search
// itself for a page no result holds.
func (m Model) pageQuery() *search.Query {
	for _, r := range m.results {
		if r.Item.ID == m.shownKey.id && r.Query != nil {
			return r.Query
		}
	}
	return m.search
}

// matchedNote is the status line's word on the selected result: the search's words it matched,
// "matched: pods lose connections", and those it did not when it missed some, "matched 3 of 4
// words: service ip range (not: full)"; "" without a search.
func (m Model) matchedNote() string {
	if m.query == "" {
		return ""
	}
	row, ok := m.activeList().selected()
	if !ok {
		return ""
	}
	id := data.ReleaseID
	if row.item != nil {
		id = row.item.ID
	}
	for _, r := range m.results {
		if r.Item.ID != id {
			continue
		}
		return m.s.MatchedNote(r.Words())
	}
	return ""
}
