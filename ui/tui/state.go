package tui

import (
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The user's saved state in the explorer: the checklist's ticks, the stars and the notes
// (data/state). A change shows at once and is saved in a tea.Cmd, one save at a time: changes
// made while a save runs wait and go in the next one, so Update never waits for the disk and
// the file sees the changes in the order they were made. Each save reads the file as it is
// (under the store's lock), so another elli's changes are kept and show here afterwards.

// stateOp is one change: the same function changes the state in memory and, later, on disk.
type stateOp func(*state.State) error

// userState is the explorer's copy of the state and its saving.
type userState struct {
	store   *state.Store // nil when there is nowhere to save (the status says why)
	s       *state.State
	pending []stateOp // made since the last save started
	saving  bool
	// unsaved is why the last save failed; the changes stay in memory and are tried again
	// with the next one.
	unsaved error
	now     func() time.Time
}

// stateSavedMsg is the end of a save.
type stateSavedMsg struct {
	s   *state.State
	ops []stateOp
	err error
}

// loadState reads the state when the explorer starts (before its first frame). It returns what
// the status line should say: a file moved aside, ids the release does not have, a file that
// cannot be read.
func loadState(opts Options, ds *data.Dataset) (userState, string) {
	u := userState{store: opts.State, s: state.New(), now: time.Now}
	if opts.State == nil {
		return u, opts.StateProblem
	}
	var warned []string
	st := *opts.State // a copy, so the caller's Warn is left alone
	st.Warn = func(err error) { warned = append(warned, i18n.Say(opts.Lang, err)) }
	u.store = &st
	s, err := st.Load()
	t := i18n.For(opts.Lang).TUI
	if err != nil {
		return u, fmt.Sprintf(t.StateUnreadable, i18n.Say(opts.Lang, err))
	}
	u.s = s
	st.Warn = nil // later saves report through their own result
	if ids := s.Unknown(ds.Known); len(ids) > 0 {
		warned = append(warned, fmt.Sprintf(t.StateUnknownIDs, len(ids), ds.Release.Version))
	}
	if len(warned) > 0 {
		return u, warned[0]
	}
	return u, ""
}

// change applies op now and saves it in the background.
func (m *Model) change(op stateOp) tea.Cmd {
	if err := op(m.user.s); err != nil {
		m.status, m.statusErr = i18n.Say(m.lang, err), true
		return nil
	}
	if m.user.store == nil {
		return nil // the status said at start that nothing is saved
	}
	m.user.pending = append(m.user.pending, op)
	return m.saveNext()
}

// saveNext starts a save of the pending changes unless one runs.
func (m *Model) saveNext() tea.Cmd {
	if m.user.saving || len(m.user.pending) == 0 || m.user.store == nil {
		return nil
	}
	ops, st := m.user.pending, m.user.store
	m.user.pending, m.user.saving = nil, true
	return func() tea.Msg {
		s, err := st.Update(func(s *state.State) error {
			for _, op := range ops {
				if err := op(s); err != nil {
					return err
				}
			}
			return nil
		})
		return stateSavedMsg{s: s, ops: ops, err: err}
	}
}

// onSaved takes the saved state (which holds other processes' changes too) and starts the next
// save. A failed save keeps its changes in memory, says why, and retries them with the next.
func (m *Model) onSaved(msg stateSavedMsg) tea.Cmd {
	m.user.saving = false
	if msg.err != nil {
		m.user.pending = append(msg.ops, m.user.pending...)
		m.user.unsaved = msg.err
		why := msg.err.Error()
		if errors.Is(msg.err, state.ErrNotSaved) {
			why = fmt.Sprintf(m.s.TUI.StateNotSaved, i18n.Say(m.lang, state.Why(msg.err)))
		}
		m.status, m.statusErr = why, true
		return nil
	}
	m.user.unsaved = nil
	m.user.s = msg.s
	for _, op := range m.user.pending { // made while this save ran: not in msg.s yet
		_ = op(m.user.s)
	}
	m.refreshRows("")
	return tea.Batch(m.saveNext(), m.syncDetail())
}

// selectedAction is the checklist action of the selected row: the row's own on the checklist
// tab, else the action of the row's item if it is one (a change or a gate decision).
func (m *Model) selectedAction() (data.Action, bool) {
	r, ok := m.activeList().selected()
	switch {
	case !ok || r.item == nil:
		return data.Action{}, false
	case r.action != nil:
		return *r.action, true
	}
	return m.ds.Action(r.item.ID)
}

// toggleDone ticks or unticks the selected action.
func (m *Model) toggleDone() tea.Cmd {
	act, ok := m.selectedAction()
	if !ok {
		if r, ok := m.activeList().selected(); ok && r.item != nil {
			m.status = fmt.Sprintf(m.s.TUI.NotOnChecklist, itemName(r.item, m.lang))
		}
		return nil
	}
	done, now := !m.user.s.IsDone(act.ID), m.user.now()
	keep := m.keepAfter(act.ID, done)
	cmd := m.change(func(s *state.State) error {
		if s.IsDone(act.ID) != done {
			s.SetDone(act.ID, done, now)
		}
		return nil
	})
	m.refreshRowsKeeping(keep)
	all := m.ds.Checklist()
	status := m.s.TUI.TickedDone
	if !done {
		status = m.s.TUI.TickedNotDone
	}
	m.status = fmt.Sprintf(status, act.Title.In(m.lang), data.CountDone(all, m.user.s.IsDone), len(all))
	return tea.Batch(cmd, m.syncDetail())
}

// toggleStar stars or unstars the selected row's item.
func (m *Model) toggleStar() tea.Cmd {
	r, ok := m.activeList().selected()
	id := r.markID()
	if !ok || id == "" {
		m.status = m.s.TUI.StarNoOverview
		return nil
	}
	on, now := !m.user.s.IsStarred(id), m.user.now()
	cmd := m.change(func(s *state.State) error {
		if s.IsStarred(id) != on {
			s.SetStar(id, on, now)
		}
		return nil
	})
	m.refreshRowsKeeping(m.keepAfterStar(r.id(), on))
	name := itemName(r.item, m.lang)
	if r.action != nil && r.action.Kind == data.ActionStep {
		name = r.action.Title.In(m.lang)
	}
	if on {
		m.status = fmt.Sprintf(m.s.TUI.Starred, name)
	} else {
		m.status = fmt.Sprintf(m.s.TUI.Unstarred, name)
	}
	return cmd
}

// itemName names an item in the status line: KEP-n for an enhancement, else its title.
func itemName(it *data.Item, lang data.Lang) string {
	if it.Kind == data.KindEnhancement && it.KEP > 0 {
		return fmt.Sprintf("KEP-%d", it.KEP)
	}
	return it.Title.In(lang)
}
