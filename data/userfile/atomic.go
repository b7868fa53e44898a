package userfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// maxLinks bounds the links RealPath follows, as the kernel's ELOOP does.
const maxLinks = 40

// RealPath follows the symbolic links at path to the file they name, which may not exist yet
// (a link to a file elli has still to write). A dotfile manager (stow, chezmoi) keeps the
// user's files as links into its own tree; elli writes the target, as git does, so the link
// stays. The folders on the way may be links too: the rename happens in the target's folder.
func RealPath(path string) (string, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if err != nil {
			return p, nil // missing, or a folder on the way is not one: the write says so
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", UnwrapPath(err)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", Problemf("too many levels of symbolic links")
}

// IsLink reports whether path itself is a symbolic link.
func IsLink(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&fs.ModeSymlink != 0
}

// ErrNotRegularWrite says the file to write exists and is not a regular file (a device, a
// FIFO, a folder): elli never replaces one.
var ErrNotRegularWrite = Problemf("it is not a regular file, and elli replaces only regular files")

// Edit is the one way elli changes a file of its own (the config, the state), so that no write
// skips a step: it follows the links at path to the file they name (RealPath), makes the
// missing folders (0700: config and notes are the user's own), takes Lock and calls change
// with the real file's path. change reads the file as it is now, under the lock (another elli
// may have changed it since this run read it), and returns the new content, or nil to leave
// the file as it is; the content is written (see writeFile) before the lock is let go. The
// errors of these steps name path; change's own error is returned as it is.
func Edit(path string, change func(real string) ([]byte, error)) error {
	return EditWaiting(path, nil, change)
}

// EditWaiting is Edit that calls waiting once when another elli holds the lock (to say that
// this one waits for it), and gives up after LockBound.
func EditWaiting(path string, waiting func(), change func(real string) ([]byte, error)) error {
	real, err := RealPath(path)
	if err != nil {
		return Problemf("cannot write %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(real), 0o700); err != nil {
		return Problemf("cannot make the folder for %s: %w", path, UnwrapPath(err))
	}
	unlock, err := LockWait(real, waiting)
	var p *Problem
	if errors.As(err, &p) {
		return err // held too long: the problem says so
	}
	if err != nil {
		return Problemf("cannot lock %s: %w", path, UnwrapPath(err))
	}
	defer unlock()
	b, err := change(real)
	if err != nil || b == nil {
		return err
	}
	return writeFile(path, real, b)
}

// writeFile replaces real, the file path names, with b so that a reader, or the file after a
// crash or power cut, sees either the old content or the new, never a mix: it writes a
// temporary file in the same folder, flushes it to disk, renames it over the file and flushes
// the folder, so the rename is durable too. An existing file keeps its mode (a new one is
// 0600); anything but a regular file is never replaced.
//
// Only Edit calls it, holding Lock: under it, temporary files left by a writer that was killed
// (kill -9, a power cut) are removed first, since no other writer can be at work.
func writeFile(path, real string, b []byte) (err error) {
	dir := filepath.Dir(real)
	perm := fs.FileMode(0o600)
	if fi, err := os.Stat(real); err == nil {
		if !fi.Mode().IsRegular() {
			return Problemf("cannot write %s: %w", path, ErrNotRegularWrite)
		}
		perm = fi.Mode().Perm()
	}
	removeTemps(real)
	tmp, err := os.CreateTemp(dir, tempPrefix(real)+"*")
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
	if err = os.Rename(tmp.Name(), real); err != nil {
		return Problemf("cannot replace %s: %w", path, UnwrapPath(err))
	}
	syncDir(dir)
	return nil
}

// tempPrefix names the temporary files of a write of path: .NAME.tmp-, then random digits.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// removeTemps removes the temporary files a killed writer of path left in its folder: regular
// files named as writeFile names them (.NAME.tmp- and digits). Only a caller holding Lock may
// call it, or it could remove the file of a writer at work.
func removeTemps(path string) {
	prefix := tempPrefix(path)
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		_ = os.Remove(filepath.Join(filepath.Dir(path), e.Name()))
	}
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

// MoveAside renames a file of elli's that could not be read to NAME.corrupt-<timestamp> beside
// it and returns the error that reports it; it never deletes or overwrites anything. Only a
// writer holding Lock calls it, and only for a file that begins the way elli writes it (the
// caller checks): a link, a device, a FIFO or anything else is never moved.
func MoveAside(path string, why error, now time.Time) *CorruptError {
	ce := &CorruptError{Path: path, Err: why}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		ce.MoveErr = ErrNotRegular
		return ce
	}
	to := aside(path, now)
	if err := os.Rename(path, to); err != nil {
		ce.MoveErr = UnwrapPath(err)
		return ce
	}
	syncDir(filepath.Dir(path))
	ce.Aside = to
	return ce
}
