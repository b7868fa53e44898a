package userfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// WriteFile replaces path with b so that a reader, or the file after a crash or power cut, sees
// either the old content or the new, never a mix: it writes a temporary file in the same
// folder, flushes it to disk, renames it over path and flushes the folder, so the rename is
// durable too. Missing folders are made (0700: config and notes are the user's own).
func WriteFile(path string, b []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Problemf("cannot make the folder for %s: %w", path, UnwrapPath(err))
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return Problemf("cannot write %s: %w", path, UnwrapPath(err))
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(b); err != nil {
		return Problemf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if err = tmp.Chmod(perm); err != nil && runtime.GOOS != "windows" {
		return Problemf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if err = tmp.Sync(); err != nil {
		return Problemf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if err = tmp.Close(); err != nil {
		return Problemf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return Problemf("cannot replace %s: %w", path, UnwrapPath(err))
	}
	syncDir(dir)
	return nil
}

// syncDir flushes a folder's entries, so that a rename in it survives a crash. Windows cannot
// open a folder for that; NTFS journals the rename itself.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync() // some file systems refuse; the data itself is already on disk
	_ = d.Close()
}

// UnwrapPath drops the *fs.PathError (or *os.LinkError) wrapper, whose message repeats a path
// the caller names. The state store says its own failures through it too.
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// CorruptError says a user file could not be read as what it should be, and where it was put
// so that nothing of it is lost.
type CorruptError struct {
	Path  string // the file as it was
	Aside string // where it is now; "" if it could not be moved
	Err   error  // what is wrong with it
	// MoveErr is why it could not be moved aside; nil when it was.
	MoveErr error
}

func (e *CorruptError) Error() string {
	f, args := e.Message()
	return fmt.Sprintf(f, args...)
}

// Message is the English format and its arguments, which the UI says in its language.
func (e *CorruptError) Message() (string, []any) {
	if e.Aside == "" {
		return "%s is unreadable (%v) and could not be moved aside (%v); it is ignored", []any{e.Path, e.Err, e.MoveErr}
	}
	return "%s was unreadable (%v); it is kept as %s and elli goes on without it", []any{e.Path, e.Err, e.Aside}
}

func (e *CorruptError) Unwrap() error { return e.Err }

// aside is the name a corrupt file is moved to: NAME.corrupt-<UTC time>, with a number added
// when one by that name exists already (two failures in the same second).
func aside(path string, now time.Time) string {
	base := path + ".corrupt-" + now.UTC().Format("20060102T150405Z")
	name := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// MoveAside renames a file that could not be read to NAME.corrupt-<timestamp> beside it and
// returns the error that reports it; it never deletes or overwrites anything.
func MoveAside(path string, why error, now time.Time) *CorruptError {
	ce := &CorruptError{Path: path, Err: why}
	to := aside(path, now)
	if err := os.Rename(path, to); err != nil {
		ce.MoveErr = UnwrapPath(err)
		return ce
	}
	syncDir(filepath.Dir(path))
	ce.Aside = to
	return ce
}
