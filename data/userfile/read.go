package userfile

import (
	"errors"
	"io"
	"os"
)

// Errors of ReadFile. ErrNotRegular is a Problem, so that it is said in the run's language.
var (
	ErrNotRegular = Problemf("not a regular file")
	ErrTooLarge   = errors.New("larger than the file may be")
)

// ReadFile reads the user file at path (a link to one is followed), at most max bytes: more is
// ErrTooLarge, returned with the first max bytes. The file must be a regular file, and its type is checked before it is opened:
// opening a FIFO left at the path would block elli until something wrote to it. Errors carry
// no path (the caller names the file); a missing file is fs.ErrNotExist to errors.Is.
func ReadFile(path string, max int) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, UnwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, UnwrapPath(err)
	}
	defer f.Close() //nolint:errcheck // read only
	if fi, err := f.Stat(); err != nil {
		return nil, UnwrapPath(err)
	} else if !fi.Mode().IsRegular() {
		return nil, ErrNotRegular // replaced between the two looks
	}
	b, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, UnwrapPath(err)
	}
	if len(b) > max {
		return b[:max], ErrTooLarge // the head, which tells whether elli wrote the file
	}
	return b, nil
}
