package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

// View draws the whole screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	// The mouse is the terminal's unless the user gave it to elli: then the wheel scrolls and
	// clicks select, but selecting text to copy needs shift (or the terminal's own modifier).
	if m.mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = render.SanitizeLine(fmt.Sprintf(m.s.TUI.WindowTitle, m.ds.Release.Version, m.ds.Release.Codename))
	return v
}

// Render returns the screen's text; View wraps it, tests read it.
func (m Model) Render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.lay.tooSmall {
		msg := fmt.Sprintf(m.s.TUI.TooSmall, minWidth, minHeight, m.width, m.height)
		lines := render.Wrap(msg, m.width)
		lines = lines[:min(len(lines), m.height)]
		for i, l := range lines {
			lines[i] = ansi.Truncate(l, m.width, "") // a wide character cannot wrap into one column
		}
		return lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center,
			m.styles.TooSmall.Render(strings.Join(lines, "\n")))
	}
	tabRow, _ := renderTabs(m.styles, m.lang, m.tab, m.counts, m.tabMatches(), m.width)
	parts := []string{m.headerView(), tabRow}
	if m.lay.search.h > 0 {
		parts = append(parts, m.searchView())
	}
	if m.lay.banner.h > 0 {
		parts = append(parts, m.drawnTimeline(m.lay.banner.h)...)
	}
	parts = append(parts, m.bodyView(), m.statusView(), m.helpView())
	return strings.Join(parts, "\n")
}

// tabMatches is, per tab, how many of its rows the search or a filter lets through; -1 when
// nothing filters it. The checklist and the starred view count their rows as drawn.
func (m Model) tabMatches() []int {
	out := make([]int, len(data.Sections))
	for i := range out {
		out[i] = -1
		switch {
		case i == checklistTab && (m.matches != nil || m.starredOnly || m.checkFilter != filterAll):
			out[i] = m.lists[i].count(func(r row) bool { return r.action != nil })
		case m.starredOnly:
			out[i] = m.lists[i].count(func(r row) bool { return r.item != nil })
		case m.matches != nil:
			out[i] = m.matches[i]
		}
	}
	return out
}

func (m Model) headerView() string {
	r := m.ds.Release
	t := m.s.TUI
	left := m.styles.Header.Render(fmt.Sprintf(t.Header, r.Version, r.Codename))
	right := fmt.Sprintf(t.HeaderFacts, r.Released, r.Counts.Total(), r.Counts.GA, r.Counts.Beta, r.Counts.Alpha)
	room := m.width - lipgloss.Width(left) - 2
	if room < lipgloss.Width(right) {
		right = fmt.Sprintf(t.HeaderFactsShort, r.Released, r.Counts.Total(), r.Counts.GA, r.Counts.Beta, r.Counts.Alpha)
	}
	if room < lipgloss.Width(right) {
		return ansi.Truncate(left, m.width, "…")
	}
	gap := strings.Repeat(" ", m.width-lipgloss.Width(left)-lipgloss.Width(right))
	return left + gap + m.styles.HeaderDim.Render(right)
}

func (m Model) searchView() string {
	info, t := "", m.s.TUI
	switch {
	case m.query == "":
		info = t.TypeToSearch
	case len(m.results) == 0:
		info = t.NoMatch
	case m.shown() == 1:
		info = t.OneMatch
	default:
		info = fmt.Sprintf(t.Matches, m.shown())
	}
	info = m.styles.SearchInfo.Render(info)
	in := ansi.Truncate(m.input.View(), max(1, m.width-lipgloss.Width(info)-1), "…")
	gap := strings.Repeat(" ", max(1, m.width-lipgloss.Width(in)-lipgloss.Width(info)))
	return ansi.Truncate(in+gap+info, m.width, "")
}

func (m Model) bodyView() string {
	if m.focus == focusNote {
		return m.noteView(m.width, max(m.lay.list.h, m.lay.detail.h))
	}
	var panes []string
	if m.lay.list.w > 0 {
		t := m.s.TUI
		empty := t.Empty
		switch {
		case m.query != "":
			empty = fmt.Sprintf(t.EmptySearch, m.shown())
		case m.starredOnly:
			empty = t.EmptyStarred
		case m.tab == checklistTab && m.checkFilter == filterTodo:
			empty = t.EmptyTodo
		case m.tab == checklistTab && m.checkFilter == filterDone:
			empty = t.EmptyDone
		}
		l := m.lists[m.tab]
		list := l.render(m.styles, m.s, m.lang, &m.ds.Release, m.lay.list.w, m.listHeight(), m.focus != focusDetail, empty, m.rowCache)
		if m.tab == checklistTab {
			list = m.progressView(m.lay.list.w) + "\n" + list
		}
		panes = append(panes, list)
	}
	if m.lay.detail.w > 0 {
		panes = append(panes, m.detailView())
	}
	if len(panes) == 1 {
		return panes[0]
	}
	// both panes are exactly as tall as the body and each line exactly as wide as its pane,
	// so joining is concatenation (lipgloss.JoinHorizontal would measure every line again)
	left, right := strings.Split(panes[0], "\n"), strings.Split(panes[1], "\n")
	for i := range left {
		left[i] += right[i]
	}
	return strings.Join(left, "\n")
}

// detailView draws the detail pane: the border of the pane's style (focused or not) around the
// visible part of the page. It slices the pre-split page rather than asking lipgloss to re-wrap
// it on every frame.
func (m Model) detailView() string {
	style := m.styles.PaneBorder
	if m.focus == focusDetail {
		style = m.styles.PaneBorderFocused
	}
	w, h := m.lay.detail.w, m.lay.detail.h
	// the text is detailTxt wide, centred in the pane's inner area when the measure caps it
	area, inner := max(1, w-4), m.lay.detailTxt.w
	indent := strings.Repeat(" ", m.lay.detailTxt.x-m.lay.detail.x-2)
	border := style.GetBorderStyle() // without colour, the focused pane has a thicker line
	paint := lipgloss.NewStyle().Foreground(style.GetBorderTopForeground())
	if m.styles.NoColor {
		paint = lipgloss.NewStyle()
	}
	left, right := paint.Render(border.Left)+" ", " "+paint.Render(border.Right)
	lines := make([]string, 0, h)
	lines = append(lines, paint.Render(border.TopLeft+strings.Repeat(border.Top, max(0, w-2))+border.TopRight))
	d := m.detail
	var find *findState // the search's words, marked where they show
	if m.query != "" {
		find = m.finds()
	}
	for i := 0; i < h-2; i++ {
		line, width := "", 0
		if n := d.offset + i; n < len(d.lines) {
			line, width = d.lines[n], d.widths[n]
			if find != nil {
				if k, ok := slices.BinarySearch(find.lines, n); ok {
					line = find.markedLine(&d, k, m.styles.FindMatch)
				}
			}
		}
		if width > inner {
			line, width = ansi.Truncate(line, inner, ""), inner
		}
		lines = append(lines, left+indent+line+strings.Repeat(" ", area-len(indent)-width)+right)
	}
	lines = append(lines, paint.Render(border.BottomLeft+strings.Repeat(border.Bottom, max(0, w-2))+border.BottomRight))
	return strings.Join(lines, "\n")
}

func (m Model) statusView() string {
	left := m.status
	style := m.styles.Status
	if m.statusErr {
		style = m.styles.StatusError
	}
	if left == "" {
		left = m.matchedNote()
	}
	link := left == ""
	if r, ok := m.activeList().selected(); link && ok && !(r.action != nil && r.action.Kind == data.ActionStep) {
		// a step of the guide has no link of its own: its page's first link (the release's
		// announcement) under every step read as each step's source
		left = m.selectedURL()
	}
	left = render.SanitizeLine(left) // URLs and messages may quote content
	var right []string
	if l := m.lists[m.tab]; len(l.rows) > 0 {
		// headings are not counted: the position is among the rows the cursor can rest on
		at := l.count(func(r row) bool { return r.selectable() })
		before := 0
		for _, r := range l.rows[:min(l.cursor, len(l.rows))] {
			if r.selectable() {
				before++
			}
		}
		right = append(right, fmt.Sprintf("%d/%d", before+1, at))
	}
	if info := m.findInfo(); info != "" {
		right = append(right, info)
	}
	if m.starredOnly {
		right = append(right, markStar+" only")
	}
	if m.lay.detail.w > 0 && m.detail.scrollable() {
		right = append(right, fmt.Sprintf("%3.0f%%", m.detail.percent()*100))
	}
	r := strings.Join(right, " · ")
	room := max(0, m.width-lipgloss.Width(r)-1)
	if lipgloss.Width(left) > room {
		// a link or a message quoting one is cut in its middle, so that both its ends show,
		// and a link says that y copies all of it
		if link {
			left = fmt.Sprintf(m.s.TUI.LinkCut, left)
		}
		left = cutMiddle(left, room)
	}
	gap := strings.Repeat(" ", max(1, m.width-lipgloss.Width(left)-lipgloss.Width(r)))
	return ansi.Truncate(style.Render(left)+gap+m.styles.Status.Render(r), m.width, "")
}

// atListEnd reports whether the list has the focus and its cursor rests on its last row (of
// more than one), where down would go nowhere.
func (m Model) atListEnd() bool {
	if m.focus != focusList {
		return false
	}
	l := m.lists[m.tab]
	last := -1
	for i, r := range l.rows {
		if r.selectable() {
			last = i
		}
	}
	return last > 0 && l.cursor >= last
}

// cutMiddle shortens s to width cells by taking out its middle, which an ellipsis marks.
func cutMiddle(s string, width int) string {
	if lipgloss.Width(s) <= width {
		return s
	}
	if width < 2 {
		return ansi.Truncate(s, width, "")
	}
	head := (width - 1) * 2 / 3
	tail := width - 1 - head
	return ansi.Truncate(s, head, "") + "…" + ansi.TruncateLeft(s, lipgloss.Width(s)-tail, "")
}

// helpKey is everything the help footer depends on, so a drawn footer can be reused across
// frames. New styles clear the cache (setStyles), as they clear the drawn rows.
type helpKey struct {
	focus                      focus
	searching, checklist, full bool
	// atEnd: the list's cursor is on its last row, where the footer offers up, not down
	atEnd                    bool
	width, helpWidth, height int
	lang                     data.Lang
}

func (m Model) helpView() string {
	k := helpKey{focus: m.focus, searching: m.query != "", checklist: m.tab == checklistTab, full: m.fullHelp,
		width: m.width, helpWidth: m.help.Width(), height: m.lay.help.h, lang: m.lang, atEnd: m.atListEnd()}
	if out, ok := m.helpCache[k]; ok {
		return out
	}
	out := m.drawHelp(k)
	if len(m.helpCache) > 64 {
		clear(m.helpCache) // a bound for a session of many window sizes
	}
	m.helpCache[k] = out
	return out
}

// drawHelp draws the help footer (help.go) to the footer's height, each line cut to the width.
func (m Model) drawHelp(k helpKey) string {
	lines := m.helpLines(k)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, k.width, "…")
	}
	if len(lines) > k.height {
		lines = lines[:k.height]
	}
	for len(lines) < k.height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// legend explains the list's signs under the full help, packed into as few lines as the width
// allows: "★ the release overview · rem a removal · …".
func (m Model) legend() []string {
	const sep = " · "
	var lines []string
	line, w := "", 0
	for _, mk := range Markers(m.s) {
		item := m.styles.Help.FullKey.Render(mk.Sign) + " " + m.styles.Help.FullDesc.Render(mk.Meaning)
		iw := lipgloss.Width(mk.Sign) + 1 + lipgloss.Width(mk.Meaning)
		if w > 0 && w+lipgloss.Width(sep)+iw > m.width {
			lines = append(lines, line)
			line, w = "", 0
		}
		if w > 0 {
			line += m.styles.Help.FullSeparator.Render(sep)
			w += lipgloss.Width(sep)
		}
		line += item
		w += iw
	}
	return append(lines, line)
}
