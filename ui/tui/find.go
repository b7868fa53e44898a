package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Finding the search's words in the page being read: the detail highlights them, and n and N
// step from one line that holds them to the next. (glow's reader has no search in a page.)

// findState is which lines of the shown page hold a search word, for one page and one query.
// The model keeps it behind a pointer so that View can compute it on first use.
type findState struct {
	valid  bool // computed for the key, real and query below
	key    renderKey
	real   bool
	query  string
	terms  []string
	lines  []int          // the page's lines that hold a term, top to bottom
	at     int            // the index in lines that n and N went to last; -1 before the first
	marked map[int]string // lines drawn with their terms marked, kept for the next frame
}

// searchTerms are the query's words, lower-cased. Single letters are left out: they would
// light up most of the page.
func searchTerms(query string) []string {
	var terms []string
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if len([]rune(w)) > 1 && !slices.Contains(terms, w) {
			terms = append(terms, w)
		}
	}
	return terms
}

// finds returns the find state of what the detail shows now. It is recomputed only when the
// page or the query changed, from the page's lower-cased text, which the page keeps.
func (m Model) finds() *findState {
	f := m.find
	if f.valid && f.key == m.shownKey && f.real == m.shownReal && f.query == m.query {
		return f
	}
	*f = findState{valid: true, key: m.shownKey, real: m.shownReal, query: m.query, terms: searchTerms(m.query), at: -1}
	if len(f.terms) == 0 {
		return f
	}
	for i, l := range m.detail.lowered() {
		for _, t := range f.terms {
			if strings.Contains(l, t) {
				f.lines = append(f.lines, i)
				break
			}
		}
	}
	return f
}

// jumpFind moves the detail to the next (d = 1) or previous (d = -1) line holding a search word,
// two lines below the top of the pane so that what leads up to it shows, and wraps around.
func (m *Model) jumpFind(d int) {
	f := m.finds()
	n := len(f.lines)
	if n == 0 {
		m.status, m.statusErr = fmt.Sprintf("no line of this page holds %q", strings.Join(f.terms, " ")), false
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
	case len(f.terms) == 0:
		return ""
	case f.at >= 0:
		return fmt.Sprintf("match %d/%d", f.at+1, len(f.lines))
	case len(f.lines) == 1:
		return "1 line matches"
	}
	return fmt.Sprintf("%d lines match", len(f.lines))
}

// markedLine returns page line n with the search's words marked, drawn once per page and query.
func (f *findState) markedLine(d *scroller, n int, style lipgloss.Style) string {
	if l, ok := f.marked[n]; ok {
		return l
	}
	if f.marked == nil {
		f.marked = map[int]string{}
	}
	l := markFinds(d.lines[n], d.lowered()[n], f.terms, style)
	f.marked[n] = l
	return l
}

// markFinds marks every occurrence of the terms in one rendered line, whose lower-cased plain
// text is low.
func markFinds(line, low string, terms []string, style lipgloss.Style) string {
	var spans [][2]int // cell ranges
	for _, t := range terms {
		for from := 0; ; {
			j := strings.Index(low[from:], t)
			if j < 0 {
				break
			}
			start := from + j
			spans = append(spans, [2]int{ansi.StringWidth(low[:start]), ansi.StringWidth(low[:start+len(t)])})
			from = start + len(t)
		}
	}
	if len(spans) == 0 {
		return line
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	ranges := []lipgloss.Range{lipgloss.NewRange(spans[0][0], spans[0][1], style)}
	for _, s := range spans[1:] {
		last := &ranges[len(ranges)-1]
		if s[0] <= last.End { // overlapping terms ("nf", "nft") make one mark
			last.End = max(last.End, s[1])
			continue
		}
		ranges = append(ranges, lipgloss.NewRange(s[0], s[1], style))
	}
	return lipgloss.StyleRanges(line, ranges...)
}
