package state

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/elli-k8s/elli/data/userfile"
)

// Store is the state file at Path. Every change goes through Update, which holds a lock file
// beside it, reads the file as it is now, applies the change and writes the result atomically:
// two processes ticking different items both keep their tick.
type Store struct {
	Path string
	// Now stamps entries; time.Now when nil.
	Now func() time.Time
	// Warn hears of a corrupt file moved aside (once per occurrence); nothing when nil.
	Warn func(error)
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

// Load reads the state. Readers need no lock: the file is only ever replaced whole. A corrupt
// file is moved aside and reported through Warn; the state is then empty.
func (st *Store) Load() (*State, error) {
	s, err := readFile(st.Path, st.now())
	var ce *userfile.CorruptError
	if errors.As(err, &ce) {
		st.warn(err)
		return s, nil
	}
	return s, err
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

// Update applies fn to the state as it is on disk now and saves the result. It returns the new
// state; on a failure to save, the error wraps ErrNotSaved and names the file.
func (st *Store) Update(fn func(*State) error) (*State, error) {
	if err := os.MkdirAll(filepath.Dir(st.Path), 0o700); err != nil {
		return nil, notSaved(userfile.Problemf("cannot make the folder for %s: %w", st.Path, userfile.UnwrapPath(err)))
	}
	unlock, err := lock(st.Path + ".lock")
	if err != nil {
		return nil, notSaved(userfile.Problemf("cannot lock %s: %w", st.Path, userfile.UnwrapPath(err)))
	}
	defer unlock()
	s, err := st.Load()
	if err != nil {
		return nil, notSaved(err)
	}
	if err := fn(s); err != nil {
		return nil, err
	}
	if err := userfile.WriteFile(st.Path, s.encode(), 0o600); err != nil {
		return nil, notSaved(err)
	}
	return s, nil
}
