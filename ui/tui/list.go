package tui

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
	"github.com/elli-k8s/elli/ui/i18n"
)

// row is one line of the list: an item, or the release overview when item is nil. On the
// checklist tab a row is an action of the checklist (with its item), or the heading of a group
// of actions, which is drawn but never selected.
type row struct {
	item    *data.Item
	action  *data.Action
	heading string
	matches []int // rune positions of the title that the search matched
	// matchesEN: the same in the official English title beside a translated one
	matchesEN []int
	// the user's marks on the row when the rows were made (state.go)
	done, starred, noted bool
}

// id is the row's identity in its list: the action's id on the checklist, else the item's.
func (r row) id() string {
	switch {
	case r.heading != "":
		return "§" + r.heading
	case r.action != nil:
		return r.action.ID
	case r.item == nil:
		return overviewID
	}
	return r.item.ID
}

// pageID names the page the row shows: a step shows its guide page.
func (r row) pageID() string {
	if r.item == nil {
		return overviewID
	}
	return r.item.ID
}

// markID is what the row's star and note are kept under: a step's id, else the item's; "" for
// the overview, which takes neither.
func (r row) markID() string {
	switch {
	case r.action != nil:
		return r.action.ID
	case r.item == nil:
		return ""
	}
	return r.item.ID
}

// selectable reports whether the cursor may rest on the row.
func (r row) selectable() bool { return r.heading == "" }

// overviewID names the release overview row and its rendered page.
const overviewID = "release"

// listView is the item list of one tab: rows, the cursor and the scroll offset.
type listView struct {
	rows   []row
	cursor int
	offset int
	tagW   int // width of the widest right-hand tag, measured once per set of rows
}

// rowKey is everything a drawn row depends on, so drawn rows can be reused across frames.
type rowKey struct {
	id                string
	lang              data.Lang
	selected, focused bool
	width, tagW       int
	matches           string
	marks             [4]bool // an action's row, done, starred, noted
}

// setRows replaces the rows, keeping the cursor on keepID when it is still there.
func (l *listView) setRows(rows []row, keepID string, lang data.Lang) {
	l.rows = rows
	l.cursor = 0
	for i, r := range rows {
		if r.id() == keepID {
			l.cursor = i
			break
		}
	}
	l.move(0) // off a heading
	l.offset = min(l.offset, max(0, len(rows)-1))
	l.tagW = 0
	for _, r := range rows {
		l.tagW = max(l.tagW, ansi.StringWidth(rowTag(r, lang)))
	}
	l.tagW = min(l.tagW, 16)
}

// count is how many rows pass keep.
func (l *listView) count(keep func(row) bool) int {
	n := 0
	for _, r := range l.rows {
		if keep(r) {
			n++
		}
	}
	return n
}

func (l *listView) selected() (row, bool) {
	if l.cursor < 0 || l.cursor >= len(l.rows) || !l.rows[l.cursor].selectable() {
		return row{}, false
	}
	return l.rows[l.cursor], true
}

// move shifts the cursor by n rows, clamped to the list, and past headings in the direction it
// moves (back the other way at an end).
func (l *listView) move(n int) {
	last := max(len(l.rows)-1, 0)
	c := min(max(l.cursor+n, 0), last)
	dir := 1
	if n < 0 {
		dir = -1
	}
	for _, d := range []int{dir, -dir} {
		for i := c; i >= 0 && i <= last && i < len(l.rows); i += d {
			if l.rows[i].selectable() {
				l.cursor = i
				return
			}
		}
	}
	l.cursor = c
}

// scrollIntoView keeps the cursor within a window of height rows.
func (l *listView) scrollIntoView(height int) {
	if height <= 0 {
		return
	}
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if c := l.cursor; c > 0 && c-1 < l.offset && !l.rows[c-1].selectable() {
		l.offset = c - 1 // the first row of a group shows its heading
	}
	if l.cursor >= l.offset+height {
		l.offset = l.cursor - height + 1
	}
	l.offset = min(max(l.offset, 0), max(len(l.rows)-height, 0))
}

// render draws the visible rows in width×height cells, each line exactly width wide. Drawn rows
// are kept in cache: moving the cursor redraws two rows, not the whole list.
func (l *listView) render(s Styles, t *i18n.Strings, lang data.Lang, release *data.Release, width, height int, focused bool, empty string, cache map[rowKey]string) string {
	l.scrollIntoView(height)
	blank := strings.Repeat(" ", width)
	lines := make([]string, 0, height)
	if len(l.rows) == 0 {
		msg := ansi.Truncate("  "+empty, width, "…")
		lines = append(lines, s.Empty.Render(msg)+strings.Repeat(" ", width-ansi.StringWidth(msg)))
	}
	// The SIG column shrinks before it disappears: at 120 columns the list is 48 wide and
	// "api-machin…" still tells more than nothing.
	tagW := 0
	if width >= 44 {
		tagW = min(l.tagW, max(7, width/5))
	}
	for i := l.offset; i < len(l.rows) && len(lines) < height; i++ {
		r := l.rows[i]
		k := rowKey{id: r.id(), lang: lang, selected: i == l.cursor, focused: focused, width: width, tagW: tagW, matches: fmt.Sprint(r.matches, r.matchesEN),
			marks: [4]bool{r.action != nil, r.done, r.starred, r.noted}}
		line, ok := cache[k]
		if !ok {
			line = renderRow(s, t, lang, release, r, k.selected, focused, width, tagW)
			if len(cache) > 4096 {
				clear(cache) // a bound for long sessions of searching
			}
			cache[k] = line
		}
		lines = append(lines, line)
	}
	for len(lines) < height {
		lines = append(lines, blank)
	}
	return strings.Join(lines, "\n")
}

// rowTag is the right-hand column: the SIG, or what a change touches, or a CVE's severity in
// lang's word for it (the word elli cve and the CVE's page use).
func rowTag(r row, lang data.Lang) string {
	switch {
	case r.item == nil:
		return ""
	case r.item.Patch != nil:
		return r.item.Patch.Released
	case r.item.CVE != nil:
		return r.item.CVE.Severity.LabelIn(lang)
	case r.item.SIG != "":
		return r.item.SIG
	case len(r.item.Components) > 0:
		return r.item.Components[0]
	}
	return ""
}

// The signs of the list that are symbols, the same in every language; the others are words of
// the catalog (i18n TUI.RowRemoval, RowDeprecation, Off), so each language has its own.
const (
	markOverview = "◆"
	markTodo     = "[ ]"
	markDone     = "[x]"
	markStar     = "★"
	markNote     = "✎"
	markCVE      = "CVE"
)

// Marker is a sign a list row can carry and what it means.
type Marker struct{ Sign, Meaning string }

// Markers explains every sign a list row can carry, in t's language, in the order a reader meets
// them: the rows draw these signs, and the full help (?) and docs/explorer.md explain them from here.
func Markers(t *i18n.Strings) []Marker {
	m := t.TUI
	return []Marker{
		{markOverview, m.MeansOverview},
		{"3866", m.MeansKEP},
		{m.RowRemoval, m.MeansRemoval},
		{m.RowDeprecation, m.MeansDeprecation},
		{"1.", m.MeansStep},
		{".14", m.MeansPatch},
		{markCVE, m.MeansCVE},
		{"1.33", m.MeansRoad},
		{m.Off, m.MeansOff},
		{markTodo, m.MeansTodo},
		{markDone, m.MeansDone},
		{markStar, m.MeansStar},
		{markNote, m.MeansNote},
	}
}

// rowLabel is the left-hand column: the KEP number, the kind of change, or the page number.
func rowLabel(r row, t *i18n.Strings) string {
	switch {
	case r.action != nil && r.done:
		return markDone
	case r.action != nil:
		return markTodo
	case r.item == nil:
		return markOverview
	case r.item.Kind == data.KindEnhancement:
		return fmt.Sprint(r.item.KEP)
	case r.item.Kind == data.KindRemoval:
		return t.TUI.RowRemoval
	case r.item.Kind == data.KindDeprecation:
		return t.TUI.RowDeprecation
	case r.item.Patch != nil:
		return "." + patchNumber(r.item)
	case r.item.CVE != nil:
		return markCVE
	case r.item.Road != nil:
		return strings.TrimPrefix(r.item.Road.Release, "v") // "1.33"
	}
	return fmt.Sprintf("%d.", r.item.Order)
}

// labelW is the width of the left-hand column, a space after it.
const labelW = 5

// officialSep sits between a translated title and the official English one beside it.
const officialSep = " · "

// showsOfficialTitle reports whether a row or page in lang shows the item's official English
// title beside its translated one: an enhancement (whose title is its KEP's) that has one.
func showsOfficialTitle(it *data.Item, lang data.Lang) bool {
	return it.Kind == data.KindEnhancement && lang != data.LangEN && it.Title.Has(lang)
}

func renderRow(s Styles, t *i18n.Strings, lang data.Lang, release *data.Release, r row, selected, focused bool, width, tagW int) string {
	if r.heading != "" {
		return renderHeading(s, r.heading, width)
	}
	base := s.Row
	if selected {
		base = s.RowSelected
	}
	cursor := "  "
	if selected {
		cursor = "▌ "
		if !focused {
			cursor = "│ "
		}
	}
	title, official := "", ""
	switch {
	case r.action != nil:
		title = r.action.Title.In(lang)
	case r.item == nil:
		title = fmt.Sprintf(t.TUI.OverviewRow, release.Title.In(lang))
	default:
		title = r.item.Title.In(lang)
		if showsOfficialTitle(r.item, lang) {
			official = officialSep + r.item.Title.Default
		}
	}
	off := ""
	// a road change's gates are locked or removed in its release, no decision: no "off" there
	if r.item != nil && r.item.OffByDefault() && r.action == nil && r.item.Road == nil {
		off = " " + t.TUI.Off // a gate decision says it in its group's heading
		if s.NoColor {
			off = " [" + t.TUI.Off + "]" // without its colour, "off" would read as the title's last word
		}
	}
	mine := "" // the user's marks
	if r.starred {
		mine += " " + markStar
	}
	if r.noted {
		mine += " " + markNote
	}
	label := rowLabel(r, t)
	label = strings.Repeat(" ", max(0, labelW-ansi.StringWidth(label))) + label + " " // cells, not runes: 移除 is four
	tag := ""
	if tagW > 0 {
		// a space on either side: a cut tag ("api-mach…") never touches the pane's border
		t := rowTag(r, lang)
		if r.item != nil && r.item.Patch != nil && ansi.StringWidth(t) > tagW && len(t) == len("2006-01-02") {
			t = t[:len("2006-01")] // a month reads; a cut date does not
		}
		tag = " " + ansi.Truncate(t, tagW, "…")
		tag += strings.Repeat(" ", tagW+2-lipgloss.Width(tag))
	}
	titleW := width - lipgloss.Width(cursor) - lipgloss.Width(label) - lipgloss.Width(off) - lipgloss.Width(mine) - lipgloss.Width(tag)
	if titleW < 4 {
		// too narrow for columns: title only
		tag, off, mine, label = "", "", "", ""
		titleW = max(1, width-lipgloss.Width(cursor))
	}
	// The translated title comes first and is cut only when it alone is too wide. The English
	// one shows whole or not at all: a scrap of it ("· Add AppA…") reads as noise beside the
	// Chinese. Truncate counts cells, so a CJK character (two cells) is never split.
	if ansi.StringWidth(title) >= titleW {
		title, official = cut(title, titleW), ""
	} else if ansi.StringWidth(title)+ansi.StringWidth(official) > titleW {
		official = ""
	}
	// pad the title so every row is exactly width wide, tag column aligned
	pad := strings.Repeat(" ", max(0, width-lipgloss.Width(cursor)-lipgloss.Width(label)-lipgloss.Width(title)-lipgloss.Width(official)-lipgloss.Width(off)-lipgloss.Width(mine)-lipgloss.Width(tag)))

	cursorStyle := base
	if selected {
		cursorStyle = s.RowCursor
	}
	var b strings.Builder
	b.WriteString(cursorStyle.Render(cursor))
	b.WriteString(s.RowKEP.Inherit(base).Render(label))
	b.WriteString(highlight(title, r.matches, base, s.RowMatch.Inherit(base)))
	if official != "" {
		dim := s.RowSIG.Inherit(base)
		b.WriteString(highlight(official, shift(r.matchesEN, utf8.RuneCountInString(officialSep)), dim, s.RowMatch.Inherit(base)))
	}
	mark := func(st lipgloss.Style) lipgloss.Style {
		if selected && s.PlainSelection {
			return base // a colour of its own would turn the sign into a block in reverse video
		}
		return st.Inherit(base)
	}
	if off != "" {
		b.WriteString(mark(s.OffMarker).Render(off))
	}
	if mine != "" {
		b.WriteString(mark(s.UserMark).Render(mine))
	}
	b.WriteString(base.Render(pad))
	if tag != "" {
		tagStyle := s.RowSIG
		if r.item != nil && r.item.CVE != nil && r.action == nil {
			tagStyle = s.severity(r.item.CVE.Severity) // the CVE's severity in its colour
		}
		b.WriteString(mark(tagStyle).Render(tag))
	}
	return b.String()
}

// cut truncates s to width cells with an ellipsis, which never follows a space: "Quotas for
// Ephemeral Storage" cut after its second word reads "Quotas…", not "Quotas …".
func cut(s string, width int) string {
	t := ansi.Truncate(s, width, "…")
	if head, ok := strings.CutSuffix(t, " …"); ok && t != s {
		t = strings.TrimRight(head, " ") + "…"
	}
	return t
}

// shift moves rune positions n to the right.
func shift(positions []int, n int) []int {
	out := make([]int, len(positions))
	for i, p := range positions {
		out[i] = p + n
	}
	return out
}

// runePositions turns the byte spans of text that a search matched into the positions of the
// runes they cover, which highlight takes.
func runePositions(text string, spans []search.Span) []int {
	var out []int
	for _, s := range spans {
		at := utf8.RuneCountInString(text[:s.Start])
		for range utf8.RuneCountInString(text[s.Start:s.End]) {
			out = append(out, at)
			at++
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// highlight styles the runes of text at the given positions; positions past a truncation are
// dropped (the ellipsis is never highlighted).
func highlight(text string, positions []int, base, match lipgloss.Style) string {
	if len(positions) == 0 {
		return base.Render(text)
	}
	runes := []rune(text)
	var keep []int
	for _, p := range positions {
		if p < len(runes) && runes[p] != '…' {
			keep = append(keep, p)
		}
	}
	return lipgloss.StyleRunes(text, keep, match, base)
}
