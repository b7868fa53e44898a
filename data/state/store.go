package state

import (
	"errors"
	"fmt"
	"time"

	"github.com/elli-k8s/elli/data/userfile"
)

// Store is the state file at Path. Every change goes through Update, which holds elli's write
// lock (userfile.Lock), reads the file as it is now, applies the change and writes the result
// atomically: two processes ticking different items both keep their tick.
type Store struct {
	Path string
	// Now stamps entries; time.Now when nil.
	Now func() time.Time
	// Warn hears of a corrupt file moved aside (once per occurrence); nothing when nil.
	Warn func(error)
	// Waiting hears that another process holds the write lock, before Update waits for it
	// (at most userfile.LockBound); nothing when nil.
	Waiting func()
}

func (st *Store) now() time.Time {
	if st.Now != nil {
		return st.Now()
	}
	return time.Now()
}

func (st *Store) warn(err error) {
	var ce *userfile.CorruptError
	if errors.As(err, &ce) && st.Warn != nil {
		st.Warn(ce)
	}
}

// Load reads the state. Readers need no lock: the file is only ever replaced whole. Load never
// changes the file: one that cannot be used (not elli's, corrupt, newer, not a regular file) is
// an error that says why, and the caller goes on with an empty state.
func (st *Store) Load() (*State, error) {
	s, u := read(st.Path, st.Path)
	if u != nil {
		return nil, u.err
	}
	return s, nil
}

// ErrNotSaved wraps every failure to save: the caller keeps its change in memory and says so.
var ErrNotSaved = errors.New("not saved")

// notSaved wraps why a save failed in ErrNotSaved; Why gives it back, for the UI to say in its
// language (a userfile.Problem is said through the catalog).
func notSaved(why error) error { return fmt.Errorf("%w: %w", ErrNotSaved, why) }

// Why is the reason of a failure to save: the error Update wrapped in ErrNotSaved, else err.
func Why(err error) error {
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		if errs := u.Unwrap(); len(errs) == 2 && errs[0] == ErrNotSaved {
			return errs[1]
		}
	}
	return err
}

// Update applies fn to the state as it is on disk now and saves it. It returns the new state;
// on a failure to save, the error wraps ErrNotSaved and names the file; fn's own error is
// returned as it is. The file is changed through userfile.Edit: a link is followed and its
// target replaced, under the lock the config's writes take. A file that exists and cannot be
// read is never replaced, except one that begins the way elli writes its state and no longer
// decodes: that one is moved aside (reported through Warn).
func (st *Store) Update(fn func(*State) error) (*State, error) {
	var s *State
	var fnErr error
	err := userfile.EditWaiting(st.Path, st.Waiting, func(real string) ([]byte, error) {
		var u *unusable
		if s, u = read(real, st.Path); u != nil {
			if !u.movable || userfile.IsLink(st.Path) {
				return nil, userfile.Problemf("%v; elli replaces only a state file it can read: fix it or move it away", u.err)
			}
			ce := userfile.MoveAside(real, u.why, st.now())
			if ce.MoveErr != nil {
				return nil, ce
			}
			st.warn(ce)
			s = New()
		}
		if fnErr = fn(s); fnErr != nil {
			return nil, fnErr
		}
		return s.encode(), nil
	})
	switch {
	case fnErr != nil:
		return nil, fnErr
	case err != nil:
		return nil, notSaved(err)
	}
	return s, nil
}
