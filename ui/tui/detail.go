package tui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

// renderedMsg carries a finished glamour render back to Update.
type renderedMsg struct {
	key  renderKey
	text string
	err  error
}

// syncDetail points the detail pane at the selected row: from the cache when it can, otherwise
// with a quick plain placeholder while glamour renders in a command. It never renders in Update.
func (m *Model) syncDetail() tea.Cmd {
	if m.lay.detail.w == 0 || m.lay.tooSmall {
		return nil
	}
	r, ok := m.activeList().selected()
	if !ok {
		m.detail.set(page{})
		m.shownKey, m.shownReal = renderKey{}, false
		return nil
	}
	k := m.renderKeyOf(r)
	note := m.user.s.NoteOf(r.markID())
	if k == m.shownKey && m.shownReal && note == m.shownNote && r.id() == m.shownRow {
		return m.prefetch()
	}
	if p, ok := m.cache[k]; ok {
		m.show(k, p, true, r, note)
		return m.prefetch()
	}
	md := m.markdownOf(r) // composed only here: a cached page needs none
	if k.id != m.shownKey.id || !m.shownReal {
		// A different item: show its text at once, plainly wrapped, until glamour is done.
		// The same item at a new width or theme keeps its last good render meanwhile.
		m.show(k, newPage(m.styles.Placeholder.Render(wrapPlain(render.Sanitize(md), k.width))), false, r, note)
	}
	m.wanted = k
	return m.startRender(k, md)
}

// show puts a page in the detail, with the row's note if it has one. A new item starts at the
// top, the same item keeps its place, and the same item in the other language its place in the
// section (lang.go). A checklist step always opens at its own section of the guide page, with
// its note just above the step's heading, when the step is selected and again when its note
// changes (the note's lines would otherwise push the page down under a kept offset).
func (m *Model) show(k renderKey, p page, real bool, r row, note string) {
	newRow := r.id() != m.shownRow || !m.shownReal && real
	noteChanged := note != m.shownNote
	if k.id != m.shownKey.id {
		m.detail.top()
	}
	isStep := r.action != nil && r.action.Kind == data.ActionStep
	at := 0 // where the note goes: the top of a page, a step's heading in a guide page
	if isStep {
		at = max(0, stepLine(p, r.action.Title.In(m.lang)))
	}
	m.detail.set(notedPage(p, m.styles, m.s.TUI, note, k.width, at))
	m.shownKey, m.shownReal, m.shownNote, m.shownRow = k, real, note, r.id()
	if a := m.anchor; a != nil && a.id == k.id && k.lang == m.lang {
		m.placeAt(a, headingLines(m.detail.plain()))
		if real {
			m.anchor = nil
		}
		return
	}
	if isStep && (newRow || noteChanged) {
		m.detail.offset = at
		m.detail.clamp()
	}
}

// Renders run in commands, and the explorer waits for a fast one: while a render younger than
// slowRender runs, newer requests only move m.wanted, so holding j through the list never
// queues a backlog. A render that takes longer (a heavy page from --data) no longer holds the
// others up: the wanted page then renders beside it, up to maxRenders at once. glamour cannot
// be stopped, so a slow render finishes in the background and its page is kept.
const (
	slowRender = 300 * time.Millisecond
	maxRenders = 4
)

// renderTickMsg makes the explorer look again at renders that may have become slow.
type renderTickMsg struct{}

func (m *Model) startRender(k renderKey, md string) tea.Cmd {
	if _, running := m.inflight[k]; running || len(m.inflight) >= maxRenders {
		return nil
	}
	now := m.now()
	for _, started := range m.inflight {
		if wait := slowRender - now.Sub(started); wait > 0 {
			return m.recheckIn(wait)
		}
	}
	m.inflight[k] = now
	render := m.render
	return func() tea.Msg {
		text, err := render(md, k.width, k.theme)
		return renderedMsg{key: k, text: text, err: err}
	}
}

// recheckIn asks for a renderTickMsg after d, unless one is on its way.
func (m *Model) recheckIn(d time.Duration) tea.Cmd {
	if m.recheck {
		return nil
	}
	m.recheck = true
	return tea.Tick(d, func(time.Time) tea.Msg { return renderTickMsg{} })
}

func (m *Model) onRenderTick() tea.Cmd {
	m.recheck = false
	return m.syncDetail()
}

func (m *Model) onRendered(msg renderedMsg) tea.Cmd {
	delete(m.inflight, msg.key)
	if msg.err != nil {
		m.status, m.statusErr = msg.err.Error(), true
	} else {
		m.cache[msg.key] = newPage(msg.text)
	}
	// Whatever is selected now may differ from what was asked for; syncDetail catches up,
	// and prefetches the neighbours once the selection is shown.
	return m.syncDetail()
}

// prefetch renders the rows next to the cursor while the user reads, one at a time.
func (m *Model) prefetch() tea.Cmd {
	if len(m.inflight) > 0 {
		return nil
	}
	l := m.activeList()
	for _, d := range []int{1, -1, 2} {
		i := l.cursor + d
		if i < 0 || i >= len(l.rows) {
			continue
		}
		r := l.rows[i]
		k := m.renderKeyOf(r)
		if _, cached := m.cache[k]; !cached {
			return m.startRender(k, m.markdownOf(r))
		}
	}
	return nil
}

// renderKeyOf is the cache key of a row's page at the current width, theme and language.
func (m *Model) renderKeyOf(r row) renderKey {
	return renderKey{id: r.pageID(), width: m.lay.detailTxt.w, theme: m.pageThemeNow(), lang: m.lang}
}

// pageThemeNow is the glamour style pages render in: the one chosen with --style, unless
// colour is off, else the one that matches the explorer's colours.
func (m *Model) pageThemeNow() render.Theme {
	if m.pageTheme != "" && !m.noColor {
		return m.pageTheme
	}
	return m.styles.Theme()
}

// markdownOf composes a row's page: the item's, or the release overview.
func (m *Model) markdownOf(r row) string {
	if r.item == nil {
		return m.ds.Release.Markdown(m.lang)
	}
	return m.ds.Page(r.item, m.lang)
}

// stepLine is the line of p that shows a step's heading (its title), or -1. It reads the page's
// kept plain text: the steps of a guide share one page, and a search in it reads the same text.
func stepLine(p page, title string) int {
	for i, l := range p.plain() {
		if strings.Contains(l, title) {
			return i
		}
	}
	return -1
}
