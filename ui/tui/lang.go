package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/render"
)

// L switches the language in place: the tab, each list's selection and scroll, the search text
// and the reader's place in the page stay where they were.

// nextLang is the language L switches to.
func nextLang(l data.Lang) data.Lang {
	for i, x := range data.Langs {
		if x == l {
			return data.Langs[(i+1)%len(data.Langs)]
		}
	}
	return data.LangEN
}

func (m *Model) switchLang() tea.Cmd {
	if m.shownReal {
		m.anchor = m.anchorHere()
	}
	m.setLang(nextLang(m.lang))
	m.status, m.statusErr = m.s.TUI.Switched, false
	if note := m.s.UntranslatedNote(m.ds, m.lang); note != "" {
		m.status = note
	}
	m.relayout() // the help's width changes with its words
	return m.syncDetail()
}

// setLang puts every text of the explorer in lang; the rows keep their order, the lists their
// cursors and scroll.
func (m *Model) setLang(lang data.Lang) {
	m.lang, m.s = lang, i18n.For(lang)
	m.keys = KeyMapFor(lang)
	m.input.Placeholder = m.s.TUI.SearchPlaceholder
	clear(m.rowCache) // rows are keyed by language too; the old ones will not be drawn again
	m.groups = actionGroups(m.ds, lang)
	if m.query != "" {
		m.markTitles()
	}
	// The rows are the same in either language, in the same order; what they hold (the marks,
	// the checklist's headings) is in the language.
	for i := range m.lists {
		l := &m.lists[i]
		cursor, offset := l.cursor, l.offset
		l.setRows(m.rowsFor(i), "", m.lang)
		l.cursor, l.offset = min(cursor, max(0, len(l.rows)-1)), offset
	}
}

// anchor is a place in a page that survives its translation: the page's n-th section (-1 above
// the first heading) and how far into it, as a fraction. A Chinese page has the sections of its
// English one (a content test holds them to it), so the reader lands in the same section.
type anchor struct {
	id      string
	section int
	frac    float64
}

// anchorHere is where the detail pane is in the shown page.
func (m *Model) anchorHere() *anchor {
	heads := headingLines(m.detail.plain())
	a := &anchor{id: m.shownKey.id, section: -1}
	start, end := 0, len(m.detail.lines)
	for i, h := range heads {
		if h <= m.detail.offset {
			a.section, start = i, h
		}
	}
	if a.section+1 < len(heads) {
		end = heads[a.section+1]
	}
	if end > start {
		a.frac = float64(m.detail.offset-start) / float64(end-start)
	}
	return a
}

// placeAt scrolls the detail to the anchor in the page it now holds. A page whose sections do
// not line up is scrolled by the same fraction of its length.
func (m *Model) placeAt(a *anchor, heads []int) {
	n := len(m.detail.lines)
	start, end := 0, n
	switch {
	case a.section >= len(heads):
		m.detail.offset = int(a.frac * float64(n))
		m.detail.clamp()
		return
	case a.section >= 0:
		start = heads[a.section]
	}
	if a.section+1 < len(heads) {
		end = heads[a.section+1]
	}
	m.detail.offset = start + int(a.frac*float64(end-start)+0.5)
	m.detail.clamp()
}

// headingLines are the lines of a rendered page that start a section: glamour draws "## Title"
// with its hashes. Code blocks are indented, so a comment line there does not count.
func headingLines(lines []string) []int {
	var out []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			out = append(out, i)
		}
	}
	return out
}

// wrapPlain wraps text for the placeholder shown until glamour is done, as the page will wrap:
// a run of Chinese breaks between its characters, a word never after a hyphen.
func wrapPlain(text string, width int) string { return strings.Join(render.Wrap(text, width), "\n") }
