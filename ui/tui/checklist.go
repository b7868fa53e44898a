package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The Upgrade tab is the checklist (data.Checklist): a heading per group (the steps of each
// guide page, the changes that need action, the gates to decide on), each action under it with
// its tick, and then the guide's pages to read. A progress bar and "7 / 44 done" sit above it;
// t shows all actions, those to do, or those done.

// checkFilter is which actions the checklist shows.
type checkFilter int

const (
	filterAll checkFilter = iota
	filterTodo
	filterDone
)

func (f checkFilter) String() string { return f.in(i18n.For(data.LangEN).TUI) }

// in is the filter's name in a language.
func (f checkFilter) in(t i18n.TUI) string {
	return [...]string{t.FilterAll, t.FilterTodo, t.FilterDone}[f]
}

// shows reports whether the filter lets an action with that tick through.
func (f checkFilter) shows(done bool) bool {
	return f == filterAll || (f == filterDone) == done
}

// checklistTab is the tab that holds the checklist: the section of the upgrade guide.
var checklistTab = data.SectionIndex(data.ChecklistSection)

// actionGroup is a heading of the checklist and its actions.
type actionGroup struct {
	title string
	acts  []data.Action
}

// actionGroups splits the checklist into its groups, in order: each guide page's steps, then
// the other kinds.
func actionGroups(ds *data.Dataset, lang data.Lang) []actionGroup {
	var groups []actionGroup
	var page *data.Item
	for _, act := range ds.Checklist() {
		switch {
		case act.Kind == data.ActionStep && act.Item != page:
			page = act.Item
			groups = append(groups, actionGroup{title: act.Item.Title.In(lang)})
		case act.Kind != data.ActionStep && (len(groups) == 0 || groups[len(groups)-1].acts[0].Kind != act.Kind ||
			groups[len(groups)-1].acts[0].Release != act.Release): // a hop's group per release
			page = nil
			groups = append(groups, actionGroup{title: act.GroupLabel().In(lang)})
		}
		groups[len(groups)-1].acts = append(groups[len(groups)-1].acts, act)
	}
	return groups
}

// checklistRows makes the checklist tab's rows: the groups' actions that the filter, the search
// and the starred view let through, each group under its heading, then the guide's pages.
func (m *Model) checklistRows() []row {
	var rows []row
	for _, g := range m.groups {
		var acts []row
		done := 0
		for i := range g.acts {
			act := &g.acts[i]
			isDone := m.user.s.IsDone(act.ID)
			if isDone {
				done++
			}
			if !m.checkFilter.shows(isDone) || !m.actionShown(act) {
				continue
			}
			r := m.markRow(row{item: act.Item, action: act})
			if act.Kind == data.ActionStep {
				r.matches = m.titleMarks(act.Title.In(m.lang))
			} else {
				r.matches = m.resultMarks[act.Item.ID]
			}
			acts = append(acts, r)
		}
		if len(acts) > 0 {
			rows = append(rows, row{heading: fmt.Sprintf("%s · %d/%d", g.title, done, len(g.acts))})
			rows = append(rows, acts...)
		}
	}
	if m.checkFilter != filterAll {
		return rows
	}
	var pages []row
	for _, it := range m.ds.Items {
		if it.Kind == data.KindGuide && m.itemShown(it) {
			pages = append(pages, m.markRow(row{item: it, matches: m.resultMarks[it.ID]}))
		}
	}
	if len(pages) > 0 {
		rows = append(rows, row{heading: data.Sections[checklistTab].Label.In(m.lang)})
		rows = append(rows, pages...)
	}
	return rows
}

// actionShown reports whether the search and the starred view let an action through. A step is
// not an item the engine indexes: it shows when its own title or note holds the search's words.
func (m *Model) actionShown(act *data.Action) bool {
	if m.starredOnly && !m.user.s.IsStarred(act.ID) {
		return false
	}
	if m.query == "" {
		return true
	}
	if act.Kind == data.ActionStep {
		return m.noteHits[act.ID] || m.matchesAll(act.Title.In(m.lang)) || m.matchesAll(act.Title.Default)
	}
	_, ok := m.resultMarks[act.Item.ID]
	return ok
}

// itemShown reports whether the search and the starred view let an item's row through.
func (m *Model) itemShown(it *data.Item) bool {
	if m.starredOnly && !m.user.s.IsStarred(it.ID) {
		return false
	}
	if m.query == "" {
		return true
	}
	_, ok := m.resultMarks[it.ID]
	return ok
}

// markRow sets the user's marks on a row.
func (m *Model) markRow(r row) row {
	if r.action != nil {
		r.done = m.user.s.IsDone(r.action.ID)
	}
	if id := r.markID(); id != "" {
		r.starred = m.user.s.IsStarred(id)
		r.noted = m.user.s.NoteOf(id) != ""
	}
	return r
}

// progressView is the line above the checklist: a bar, "7 / 44 done", and the filter.
func (m Model) progressView(width int) string {
	all := m.ds.Checklist()
	done := data.CountDone(all, m.user.s.IsDone)
	t := m.s.TUI
	text := " " + fmt.Sprintf(t.ProgressDone, done, len(all))
	if m.checkFilter != filterAll {
		text += " · " + m.checkFilter.in(t)
	}
	if m.user.unsaved != nil {
		text += " · " + t.NotSaved
	}
	text += " "
	barW := width - 2 - ansi.StringWidth(text)
	if barW < 8 {
		return ansi.Truncate("  "+strings.TrimSpace(text), width, "…") + strings.Repeat(" ", max(0, width-2-ansi.StringWidth(strings.TrimSpace(text))))
	}
	bar := progress.New(progress.WithoutPercentage(), progress.WithWidth(barW), progress.WithFillCharacters('█', '░'))
	if m.styles.BarFull != nil {
		bar.FullColor, bar.EmptyColor = m.styles.BarFull, m.styles.BarEmpty
	} else {
		bar.FullColor, bar.EmptyColor = lipgloss.NoColor{}, lipgloss.NoColor{}
	}
	pct := 0.0
	if len(all) > 0 {
		pct = float64(done) / float64(len(all))
	}
	line := "  " + bar.ViewAs(pct) + m.styles.Progress.Render(text)
	return line + strings.Repeat(" ", max(0, width-lipgloss.Width(line)))
}

// renderHeading draws a group's heading row, exactly width wide.
func renderHeading(s Styles, text string, width int) string {
	text = ansi.Truncate("  "+text, width-1, "…") // a cell to spare: a cut heading never touches the border
	return s.Heading.Render(text) + strings.Repeat(" ", max(0, width-ansi.StringWidth(text)))
}

// cycleFilter moves the checklist's filter on: all, todo, done.
func (m *Model) cycleFilter() {
	keep := ""
	if r, ok := m.activeList().selected(); ok {
		keep = r.id()
	}
	m.checkFilter = (m.checkFilter + 1) % 3
	m.refreshRows(keep)
	m.status = fmt.Sprintf(m.s.TUI.FilterNow, m.checkFilter.in(m.s.TUI), ((m.checkFilter + 1) % 3).in(m.s.TUI))
}

// keepAfter is the row the cursor should rest on once the action with that id is ticked (done)
// or unticked: the same row, unless the filter then hides it; then the next one, as in an inbox.
func (m *Model) keepAfter(id string, done bool) string {
	if m.checkFilter.shows(done) {
		return id
	}
	return m.neighbour(id)
}

// keepAfterStar is the row to rest on once the row with that id is starred or unstarred.
func (m *Model) keepAfterStar(id string, on bool) string {
	if on || !m.starredOnly {
		return id
	}
	return m.neighbour(id)
}

// neighbour is the id of the selectable row after the one with that id, or before it at the end.
func (m *Model) neighbour(id string) string {
	l := m.activeList()
	for i, r := range l.rows {
		if r.id() != id {
			continue
		}
		for _, d := range []int{1, -1} {
			for j := i + d; j >= 0 && j < len(l.rows); j += d {
				if l.rows[j].selectable() {
					return l.rows[j].id()
				}
			}
		}
	}
	return ""
}

// refreshRowsKeeping rebuilds the rows with the active tab's cursor on the row keep.
func (m *Model) refreshRowsKeeping(keep string) {
	m.refreshRows(keep)
	m.activeList().scrollIntoView(m.listHeight())
}

// listHeight is how many rows the active tab's list shows: the checklist's progress line takes
// one.
func (m *Model) listHeight() int {
	if m.tab == checklistTab {
		return max(1, m.lay.list.h-1)
	}
	return m.lay.list.h
}

// listTop is the screen row of the active list's first row.
func (m *Model) listTop() int {
	if m.tab == checklistTab {
		return m.lay.list.y + 1
	}
	return m.lay.list.y
}

// toggleStarredOnly shows only the starred items in every tab, or everything again.
func (m *Model) toggleStarredOnly() tea.Cmd {
	keep := ""
	if r, ok := m.activeList().selected(); ok {
		keep = r.id()
	}
	m.starredOnly = !m.starredOnly
	m.refreshRowsKeeping(keep)
	if m.starredOnly {
		m.status = m.s.TUI.OnlyStarred
	} else {
		m.status = m.s.TUI.AllItems
	}
	m.relayout()
	return m.syncDetail()
}
