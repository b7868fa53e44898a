package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// statusMsg sets the status line (the outcome of opening or copying a link).
type statusMsg struct {
	text string
	err  bool
}

// Update handles every message; expensive work leaves as a tea.Cmd.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.relayout()
		return m, m.syncDetail()
	case tea.BackgroundColorMsg:
		if m.themeFixed || m.noColor {
			return m, nil
		}
		m.setStyles(NewStyles(msg.IsDark(), false, m.fewColors))
		return m, m.syncDetail()
	case tea.ColorProfileMsg:
		m.fewColors = msg.Profile != colorprofile.Unknown && msg.Profile <= colorprofile.ANSI
		m.setStyles(NewStyles(m.styles.Dark, m.noColor, m.fewColors))
		return m, nil
	case renderedMsg:
		return m, m.onRendered(msg)
	case renderTickMsg:
		return m, m.onRenderTick()
	case statusMsg:
		m.status, m.statusErr = msg.text, msg.err
		return m, nil
	case stateSavedMsg:
		return m, m.onSaved(msg)
	case editorReadyMsg:
		return m, m.onEditorReady(msg)
	case noteEditedMsg:
		if msg.err != nil {
			m.status, m.statusErr = i18n.Say(m.lang, msg.err), true
			return m, nil
		}
		return m, m.saveNote(msg.id, msg.label, msg.old, msg.text)
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		if m.focus == focusNote {
			return m, nil // the note editor holds the screen until it is saved or cancelled
		}
		return m.handleWheel(msg)
	case tea.MouseClickMsg:
		if m.focus == focusNote {
			return m, nil
		}
		return m.handleClick(msg)
	case tea.PasteMsg:
		switch m.focus {
		case focusSearch:
			return m.updateInput(msg)
		case focusNote:
			var cmd tea.Cmd
			m.noteEdit.area, cmd = m.noteEdit.area.Update(msg)
			return m, cmd
		}
	}
	return m, nil
}

// relayout recomputes the panes after a resize or a change of what is shown.
func (m *Model) relayout() {
	helpLines := 1
	if m.fullHelp {
		helpLines = len(m.helpLines(helpKey{focus: m.focus, searching: m.query != "", checklist: m.tab == checklistTab,
			full: true, width: m.width, lang: m.lang}))
	}
	showSearch := m.focus == focusSearch || m.query != ""
	m.lay = computeLayout(m.width, m.height, showSearch, helpLines, m.detailOpen, m.measure, len(m.timeline(showSearch, helpLines)))
	m.detail.setHeight(m.lay.detailTxt.h)
	m.input.SetWidth(max(10, m.width-24))
	m.help.SetWidth(m.width)
	m.activeList().scrollIntoView(m.listHeight())
}

func (m Model) handleKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	if msg.String() == "ctrl+c" {
		return m, tea.Quit
	}
	if m.lay.tooSmall {
		if key.Matches(msg, k.Quit) {
			return m, tea.Quit
		}
		return m, nil
	}
	switch m.focus {
	case focusSearch:
		return m.handleSearchKey(msg)
	case focusNote:
		return m.handleNoteKey(msg)
	}
	m.status, m.statusErr = "", false
	// esc closes the full help before it means anything else (back, clear the search): the
	// help says so on its first line
	if m.fullHelp && key.Matches(msg, k.ClearSearch) {
		m.fullHelp = false
		m.relayout()
		return m, m.syncDetail()
	}
	// Keys that mean something else in the detail pane come first.
	if m.focus == focusDetail {
		if cmd, ok := m.handleDetailKey(msg); ok {
			return m, cmd
		}
	} else if cmd, ok := m.handleListKey(msg); ok {
		return m, cmd
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.fullHelp = !m.fullHelp
		m.relayout()
		return m, m.syncDetail()
	case key.Matches(msg, k.Search):
		m.focus = focusSearch
		m.relayout()
		return m, tea.Batch(m.input.Focus(), m.syncDetail())
	case key.Matches(msg, k.NextTab):
		return m, m.switchTab((m.tab + 1) % len(data.Sections))
	case key.Matches(msg, k.PrevTab):
		return m, m.switchTab((m.tab + len(data.Sections) - 1) % len(data.Sections))
	case key.Matches(msg, k.Open):
		return m, m.openSelected()
	case key.Matches(msg, k.Copy):
		return m, m.copySelected()
	case key.Matches(msg, k.CopyCode):
		return m, m.copyCode()
	case key.Matches(msg, k.Star):
		return m, m.toggleStar()
	case key.Matches(msg, k.StarredOnly):
		return m, m.toggleStarredOnly()
	case key.Matches(msg, k.Note):
		return m, m.editNote()
	case key.Matches(msg, k.Mouse):
		m.mouse = !m.mouse
		if m.mouse {
			m.status = m.s.TUI.MouseOn
		} else {
			m.status = m.s.TUI.MouseOff
		}
		return m, nil
	case key.Matches(msg, k.Suspend):
		return m, tea.Suspend
	case key.Matches(msg, k.Lang):
		return m, m.switchLang()
	}
	for i, b := range k.Tabs {
		if key.Matches(msg, b) {
			return m, m.switchTab(i)
		}
	}
	return m, nil
}

func (m *Model) switchTab(i int) tea.Cmd {
	m.tab = i
	m.focus = focusList
	m.detailOpen = false
	m.relayout()
	return m.syncDetail()
}

// handleListKey moves through the list; ok is false for keys it leaves to the global handler.
func (m *Model) handleListKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, l := m.keys, m.activeList()
	page := max(1, m.listHeight()-1)
	switch {
	case key.Matches(msg, k.Up):
		l.move(-1)
	case key.Matches(msg, k.Down):
		m.unfoldAtEnd()
		l.move(1)
	case key.Matches(msg, k.PageUp):
		l.move(-page)
	case key.Matches(msg, k.PageDown):
		l.move(page)
	case key.Matches(msg, k.Top):
		l.move(-len(l.rows))
	case key.Matches(msg, k.Bottom):
		l.move(len(l.rows))
	case key.Matches(msg, k.Enter):
		if len(l.rows) == 0 {
			return nil, true
		}
		m.focus = focusDetail
		m.detailOpen = true
		m.relayout()
		return m.syncDetail(), true
	case key.Matches(msg, k.ClearSearch) && m.query != "":
		return m.clearSearch(), true
	case key.Matches(msg, k.Done):
		return m.toggleDone(), true
	case key.Matches(msg, k.Filter) && m.tab == checklistTab:
		m.cycleFilter()
		return m.syncDetail(), true
	default:
		return nil, false
	}
	l.scrollIntoView(m.listHeight())
	return m.syncDetail(), true
}

// handleDetailKey scrolls the detail; ok is false for keys it leaves to the global handler.
func (m *Model) handleDetailKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, vp := m.keys, &m.detail
	switch {
	case key.Matches(msg, k.ScrollUp):
		vp.scroll(-1)
	case key.Matches(msg, k.ScrollDown):
		vp.scroll(1)
	case key.Matches(msg, k.HalfUp):
		vp.halfPageUp()
	case key.Matches(msg, k.HalfDown):
		vp.halfPageDown()
	case key.Matches(msg, k.DetailPageUp):
		vp.pageUp()
	case key.Matches(msg, k.DetailPageDown):
		vp.pageDown()
	case key.Matches(msg, k.DetailTop):
		vp.top()
	case key.Matches(msg, k.DetailBottom):
		vp.bottom()
	case key.Matches(msg, k.FindNext) && m.query != "":
		m.jumpFind(1)
	case key.Matches(msg, k.FindPrev) && m.query != "":
		m.jumpFind(-1)
	case key.Matches(msg, k.Back):
		m.focus = focusList
		m.detailOpen = false
		m.relayout()
		return m.syncDetail(), true
	default:
		return nil, false
	}
	m.anchor = nil // the reader has moved since switching the language
	return nil, true
}

func (m Model) handleSearchKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return m, m.clearSearch()
	case key.Matches(msg, k.Accept):
		m.focus = focusList
		m.input.Blur()
		m.relayout()
		return m, m.syncDetail()
	case key.Matches(msg, k.ResultUp), key.Matches(msg, k.ResultDown):
		l := m.activeList()
		if key.Matches(msg, k.ResultUp) {
			l.move(-1)
		} else {
			m.unfoldAtEnd()
			l.move(1)
		}
		l.scrollIntoView(m.listHeight())
		return m, m.syncDetail()
	}
	return m.updateInput(msg)
}

// updateInput feeds the search input and re-runs the search when the text changed.
func (m Model) updateInput(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	before := m.input.Value()
	m.input, cmd = m.input.Update(msg)
	if v := m.input.Value(); v != before {
		m.setQuery(v)
		m.refreshRows("")
		for i := range m.lists {
			m.lists[i].cursor, m.lists[i].offset = 0, 0 // best match first, as fzf does
		}
		m.relayout()
		return m, tea.Batch(cmd, m.syncDetail())
	}
	return m, cmd
}

func (m *Model) clearSearch() tea.Cmd {
	keep := ""
	if r, ok := m.activeList().selected(); ok {
		keep = r.id()
	}
	m.input.SetValue("")
	m.input.Blur()
	m.setQuery("")
	m.focus = focusList
	m.refreshRows(keep)
	m.relayout()
	return m.syncDetail()
}

func (m Model) handleWheel(msg tea.MouseWheelMsg) (tea.Model, tea.Cmd) {
	mouse := msg.Mouse()
	delta := 0
	switch mouse.Button {
	case tea.MouseWheelUp:
		delta = -1
	case tea.MouseWheelDown:
		delta = 1
	default:
		return m, nil
	}
	switch {
	case m.lay.detail.contains(mouse.X, mouse.Y):
		if delta < 0 {
			m.detail.scroll(-3)
		} else {
			m.detail.scroll(3)
		}
	case m.lay.list.contains(mouse.X, mouse.Y):
		l := m.activeList()
		l.move(delta)
		l.scrollIntoView(m.listHeight())
		return m, m.syncDetail()
	}
	return m, nil
}

func (m Model) handleClick(msg tea.MouseClickMsg) (tea.Model, tea.Cmd) {
	mouse := msg.Mouse()
	if mouse.Button != tea.MouseLeft {
		return m, nil
	}
	switch {
	case m.lay.tabs.contains(mouse.X, mouse.Y):
		_, ends := renderTabs(m.styles, m.lang, m.tab, m.counts, m.tabMatches(), m.width)
		if i := tabAt(ends, mouse.X); i >= 0 {
			return m, m.switchTab(i)
		}
	case m.lay.list.contains(mouse.X, mouse.Y):
		l := m.activeList()
		i := l.offset + mouse.Y - m.listTop()
		if i < l.offset || i >= len(l.rows) || !l.rows[i].selectable() {
			return m, nil
		}
		l.cursor = i
		m.focus = focusList
		if !m.lay.split {
			m.focus, m.detailOpen = focusDetail, true
			m.relayout()
		}
		return m, m.syncDetail()
	case m.lay.detail.contains(mouse.X, mouse.Y):
		m.focus = focusDetail
	}
	return m, nil
}
