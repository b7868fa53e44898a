package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
	"github.com/elli-k8s/elli/data/state"
	"github.com/elli-k8s/elli/ui/editor"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/render"
)

// Notes: e writes the user's note on the selected item (or checklist step) in $VISUAL or
// $EDITOR, with the explorer suspended meanwhile as git suspends for a commit message, or, with
// no editor set, in a text area from bubbles. The note shows at the top of the item's page and
// takes part in the search. A note is the user's text, so it is sanitised (render.Sanitize, the
// filter content goes through) before it reaches the terminal.

// noteEditor is the inline editor while it is open.
type noteEditor struct {
	id, label string
	area      textarea.Model
}

// editorReadyMsg says the temporary file for the editor is written (in a command, off Update).
type editorReadyMsg struct {
	id, label, old string
	sess           *editor.Session
	err            error
}

// noteEditedMsg carries what the editor left.
type noteEditedMsg struct {
	id, label, old, text string
	err                  error
}

// editNote starts writing the note of the selected row.
func (m *Model) editNote() tea.Cmd {
	r, ok := m.activeList().selected()
	id := r.markID()
	if !ok || id == "" {
		m.status = m.s.TUI.NoteNoOverview
		return nil
	}
	label := r.item.Title.In(m.lang)
	if r.action != nil {
		label = r.action.Title.In(m.lang)
	}
	old := m.user.s.NoteOf(id)
	if editor.Name(m.getenv) == "" {
		m.openNoteArea(id, label, old)
		return textarea.Blink
	}
	getenv := m.getenv
	return func() tea.Msg {
		sess, err := editor.Start(getenv, old, state.MaxNoteInput)
		return editorReadyMsg{id: id, label: label, old: old, sess: sess, err: err}
	}
}

// onEditorReady hands the terminal to the editor; bubbletea gives it back when it exits.
func (m *Model) onEditorReady(msg editorReadyMsg) tea.Cmd {
	if msg.err != nil {
		m.status, m.statusErr = i18n.Say(m.lang, msg.err), true
		return nil
	}
	sess := msg.sess
	return tea.ExecProcess(sess.Cmd, func(err error) tea.Msg {
		text, err := sess.Result(err)
		return noteEditedMsg{id: msg.id, label: msg.label, old: msg.old, text: text, err: err}
	})
}

// saveNote keeps text as the note of id, unless it is unchanged.
func (m *Model) saveNote(id, label, old, text string) tea.Cmd {
	if strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n")) == old {
		m.status = m.s.TUI.NoteUnchanged
		return nil
	}
	now := m.user.now()
	probe := state.New() // refuse a note too long before it changes anything
	if err := probe.SetNote(id, text, now); err != nil {
		m.status, m.statusErr = i18n.Say(m.lang, err), true
		return nil
	}
	cmd := m.change(func(s *state.State) error { return s.SetNote(id, text, now) })
	m.refreshRows("")
	m.status = fmt.Sprintf(m.s.TUI.NoteSaved, label)
	if strings.TrimSpace(text) == "" {
		m.status = fmt.Sprintf(m.s.TUI.NoteRemoved, label)
	}
	return tea.Batch(cmd, m.syncDetail())
}

func (m *Model) openNoteArea(id, label, old string) {
	a := textarea.New()
	a.ShowLineNumbers = false
	a.CharLimit = state.MaxNote
	a.MaxHeight = 0
	a.Placeholder = m.s.TUI.NotePlaceholder
	a.SetValue(old)
	a.Focus()
	m.noteEdit = &noteEditor{id: id, label: label, area: a}
	m.focus = focusNote
	m.relayout()
}

// handleNoteKey edits in the inline note editor: the keys of the text area, plus save and
// cancel.
func (m Model) handleNoteKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	ed := m.noteEdit
	switch {
	case key.Matches(msg, m.keys.NoteSave):
		m.noteEdit, m.focus = nil, focusList
		m.relayout()
		return m, m.saveNote(ed.id, ed.label, m.user.s.NoteOf(ed.id), ed.area.Value())
	case key.Matches(msg, m.keys.NoteCancel):
		m.noteEdit, m.focus = nil, focusList
		m.status = m.s.TUI.NoteUnchanged
		m.relayout()
		return m, m.syncDetail()
	}
	var cmd tea.Cmd
	ed.area, cmd = ed.area.Update(msg)
	return m, cmd
}

// noteView draws the inline editor over the body: a title line and the text area.
func (m Model) noteView(width, height int) string {
	ed := m.noteEdit
	title := render.SanitizeLine(fmt.Sprintf(m.s.TUI.NoteOn, ed.label))
	title = m.styles.Heading.Render(ansi.Truncate("  "+title, width, "…"))
	ed.area.SetWidth(max(10, width-4))
	ed.area.SetHeight(max(1, height-2))
	lines := []string{title, ""}
	for _, l := range strings.Split(ed.area.View(), "\n") {
		lines = append(lines, "  "+l)
	}
	for i, l := range lines {
		l = ansi.Truncate(l, width, "")
		lines[i] = l + strings.Repeat(" ", max(0, width-ansi.StringWidth(l)))
	}
	for len(lines) < height {
		lines = append(lines, strings.Repeat(" ", width))
	}
	return strings.Join(lines[:height], "\n")
}

// notedPage is a page with the user's note at line at (0: on top; a step's heading for a step):
// a heading and the text, wrapped to the page's width and sanitised. The note's lines are part of the page, so the search marks its
// words there too.
func notedPage(p page, s Styles, t i18n.TUI, note string, width, at int) page {
	if note == "" {
		return p
	}
	var lines []string
	lines = append(lines, s.UserMark.Render(markNote+" "+t.YourNote)+s.Placeholder.Render(" · "+t.NoteEdits))
	for _, l := range render.Wrap(render.Sanitize(note), max(10, width-2)) {
		lines = append(lines, s.UserMark.Render("│")+" "+l)
	}
	lines = append(lines, s.Placeholder.Render(strings.Repeat("─", max(1, min(width, 40)))))
	at = min(max(at, 0), len(p.lines))
	q := newPage(strings.Join(lines, "\n"))
	q.lines = slices.Concat(p.lines[:at], q.lines, p.lines[at:])
	q.widths = slices.Concat(p.widths[:at], q.widths, p.widths[at:])
	return q
}

// Search in notes. Notes are the user's, not the release's, so the engine does not index them.
// The explorer asks the engine's own Query whether a note holds every word of the search
// (Query.Spans, the matching that marks a page), and adds the items whose note does after the
// engine's results; on the checklist tab, a step shows when its note does.

// withNoteHits records which notes match the search and appends their items to the results.
func (m *Model) withNoteHits(results []data.Result) []data.Result {
	m.noteHits = map[string]bool{}
	if m.user.s == nil || len(m.search.Words()) == 0 {
		return results
	}
	have := make(map[string]bool, len(results))
	for _, r := range results {
		have[r.Item.ID] = true
	}
	for _, id := range m.user.s.NoteIDs() {
		it := m.ds.ByID(id)
		if act, ok := m.ds.Action(id); ok {
			it = act.Item
		}
		if it == nil || !m.matchesAll(m.user.s.NoteOf(id)) || !m.passesFilters(it) {
			continue
		}
		m.noteHits[id] = true
		if !have[it.ID] && m.ds.ByID(id) != nil { // a step's note shows the step, not its page
			have[it.ID] = true
			results = append(results, data.Result{Item: it})
		}
	}
	return results
}

// matchesAll reports whether text holds every word of the search, as the engine matches words.
func (m *Model) matchesAll(text string) bool {
	words := 0
	found := map[int]bool{}
	for i, t := range m.search.Terms {
		if t.Kind != search.TermSIG {
			words++
			found[i] = false
		}
	}
	if words == 0 {
		return false
	}
	for _, sp := range m.search.Spans(text) {
		found[sp.Term] = true
	}
	for _, ok := range found {
		if !ok {
			return false
		}
	}
	return true
}

// passesFilters reports whether an item passes the search's SIG filters.
func (m *Model) passesFilters(it *data.Item) bool {
	for _, t := range m.search.Terms {
		if t.Kind == search.TermSIG && it.SIG != t.Text {
			return false
		}
	}
	return true
}

// titleMarks are the runes of a title the search matched, for rows the engine does not rank
// (a checklist step).
func (m *Model) titleMarks(title string) []int {
	if m.query == "" {
		return nil
	}
	return runePositions(title, m.search.Spans(title))
}
