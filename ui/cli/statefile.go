package cli

import (
	"errors"
	"strings"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/tui"
)

// The saved state (data/state) holds the checklist's progress, the stars and the notes. Where it
// lives is the state setting (--state, ELLI_STATE, the config's state key), else state.json in
// the state folder. Commands that only read it work whatever happens to the file: a problem is a
// warning and they go on with what they could read. Commands that change it fail, exit 1, with
// one line, when it cannot be saved.

// stateHint says how to point elli at another state file.
var stateHint = msg{format: "point --state FILE or ELLI_STATE at a writable file"}

// stateStore is the state file of this run.
func (a *app) stateStore() (*state.Store, error) {
	path, err := a.userEnv.StatePath(a.prefs())
	if err != nil {
		return nil, err
	}
	return &state.Store{Path: path, Now: a.now, Warn: func(err error) { a.warnf("%v", err) },
		// another elli holds the lock (a change being written, or a process that is stuck):
		// say why nothing happens yet; Update gives up after userfile.LockBound
		Waiting: func() {
			a.printNote(msg{"waiting for another elli process, which is writing %s (at most %s)",
				[]any{path, userfile.LockBound}}.in(a.lang))
		}}, nil
}

// readState loads the state for a command that reads it. A corrupt file has been moved aside and
// reported by the store; one that cannot be read at all is reported here, and the command shows
// an empty state.
func (a *app) readState(ds *data.Dataset) *state.State {
	st, err := a.stateStore()
	if err != nil {
		a.warnf("cannot tell where the checklist is kept (%v); showing no progress; %s", err, stateHint)
		return state.New()
	}
	s, err := st.Load()
	if err != nil {
		a.warnf("%v; showing no progress", err)
		return state.New()
	}
	a.reportUnknown(ds, s)
	return s
}

// changeState applies fn to the state on disk and saves it. The error says what could not be
// saved and how to fix it; a change refused by fn (a note too long) comes back as fn's error.
func (a *app) changeState(ds *data.Dataset, fn func(*state.State) error) (*state.State, error) {
	st, err := a.stateStore()
	if err != nil {
		return nil, failf("cannot save the checklist: cannot tell where it is kept (%v); %s", err, stateHint)
	}
	s, err := st.Update(fn)
	if errors.Is(err, state.ErrNotSaved) {
		why := i18n.Say(a.lang, state.Why(err))
		return nil, failf("cannot save the checklist, nothing changed: %s; %s", why, stateHint)
	}
	if err != nil {
		return nil, err
	}
	a.reportUnknown(ds, s)
	return s, nil
}

// maxUnknownListed bounds the ids the warning about unknown ids names.
const maxUnknownListed = 5

// reportUnknown warns, in one line, of the ids the state keeps that this dataset does not have:
// ticks and notes made against another release's data. They stay in the file.
func (a *app) reportUnknown(ds *data.Dataset, s *state.State) {
	ids := s.Unknown(ds.Known)
	if len(ids) == 0 {
		return
	}
	shown := ids
	if len(shown) > maxUnknownListed {
		shown = shown[:maxUnknownListed]
	}
	list := strings.Join(shown, a.s.Sep)
	if len(ids) > len(shown) {
		a.warnf("the saved state refers to %d ids that %s does not have (kept in the file): %s and %d more", len(ids), ds.Release.Version, list, len(ids)-len(shown))
		return
	}
	if len(ids) > 1 {
		a.warnf("the saved state refers to %d ids that %s does not have (kept in the file): %s", len(ids), ds.Release.Version, list)
		return
	}
	a.warnf("the saved state refers to an id that %s does not have (kept in the file): %s", ds.Release.Version, list)
}

// explorerState gives the explorer the state file; where there is none, the explorer works
// without saving and says why.
func (a *app) explorerState(opts *tui.Options) {
	st, err := a.stateStore()
	if err != nil {
		opts.StateProblem = msg{"progress is not saved: cannot tell where to keep it (%v); %s", []any{err, stateHint}}.in(a.lang)
		return
	}
	st.Warn = nil // the explorer reports in its status line
	opts.State = st
}
