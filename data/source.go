package data

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// Content under --data is untrusted: a folder someone sent may hold a link to /dev/zero, a FIFO,
// a 50 MB page. A release is read within bounds far above what a real one needs (the v1.31
// pages are at most 7 kB, about 650 kB in all) and each file that breaks one is named.
const (
	MaxFileSize  = 32 << 10 // bytes in one content file
	MaxTotalSize = 2 << 20  // bytes in all the files of a release
	MaxFiles     = 1000     // content files in a release
)

// readSource reads one content file: a regular file (a link to one is followed) of at most
// MaxFileSize bytes. The type and size are checked before the file is opened, so a device or a
// FIFO is never opened, and again on the opened file, in case it changed in between.
func readSource(fsys fs.FS, p string) ([]byte, *Problem) {
	fail := func(format string, args ...any) ([]byte, *Problem) {
		return nil, &Problem{File: p, Msg: fmt.Sprintf(format, args...)}
	}
	fi, err := fs.Stat(fsys, p)
	if err != nil {
		return fail("cannot read: %v", bareError(err))
	}
	if msg := sourceRule(fi); msg != "" {
		return fail("%s", msg)
	}
	f, err := fsys.Open(p)
	if err != nil {
		return fail("cannot read: %v", bareError(err))
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return fail("cannot read: %v", bareError(err))
	}
	if msg := sourceRule(fi); msg != "" {
		return fail("%s", msg)
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	switch {
	case err != nil:
		return fail("cannot read: %v", bareError(err))
	case len(src) > MaxFileSize:
		return fail("grew past %d kB while it was read; a content file holds at most that", MaxFileSize>>10)
	}
	return src, nil
}

// sourceRule says what is wrong with a content file's type or size, or "".
func sourceRule(fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsDir():
		return "is a folder; only .md files belong here"
	case !m.IsRegular():
		return fmt.Sprintf("is not a regular file (%s); content files are plain .md files", fileKind(m))
	case fi.Size() > MaxFileSize:
		return fmt.Sprintf("is %d kB; a content file holds at most %d kB", (fi.Size()+1023)>>10, MaxFileSize>>10)
	}
	return ""
}

func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a broken link"
	}
	return "a special file"
}

// bareError drops the path an fs error repeats: the problem names the file already.
func bareError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkTotal checks the release's file count and total size before any file is read, in file
// order, so that the same file is named on every run. The sizes are those fs.Stat reports;
// readSource holds each file to them.
func (l *loader) checkTotal(paths []string) bool {
	if len(paths) > MaxFiles {
		l.fail(".", "", "holds %d content files; a release holds at most %d", len(paths), MaxFiles)
		return false
	}
	var total int64
	for _, p := range paths {
		fi, err := fs.Stat(l.fsys, p)
		if err != nil {
			continue // readSource reports it
		}
		if fi.Size() > MaxFileSize {
			continue // readSource names it, as a file over its own bound
		}
		if total += fi.Size(); total > MaxTotalSize {
			l.fail(p, "", "brings the release to over %d MB; a release holds at most that", MaxTotalSize>>20)
			return false
		}
	}
	return true
}

// checkID reports what is wrong with an item id (a file name without .md and language), or "".
// Ids are typed on command lines and printed in tables, so they are plain: lower-case letters,
// digits and dashes, and dots between digits for the release a road item belongs to ("1.32-…").
func checkID(id string) string {
	if id == "" {
		return "the file name has no id: name it <id>.md"
	}
	for i, r := range id {
		digitDot := r == '.' && i > 0 && isDigit(id[i-1]) && i+1 < len(id) && isDigit(id[i+1])
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || digitDot) {
			return fmt.Sprintf("the id %q may hold only lower-case letters, digits, dashes and a dot between digits: rename the file", id)
		}
	}
	if strings.HasPrefix(id, "-") {
		return fmt.Sprintf("the id %q starts with a dash, which a command line reads as a flag: rename the file", id)
	}
	return ""
}

// readFolder lists a release's sub-folder. A folder that is not there is fine (a release may
// lack one; validation checks the counts); anything else that keeps it from being read, such
// as a file where the folder belongs or a folder elli may not read, is a problem.
func (l *loader) readFolder(dir string) []fs.DirEntry {
	fi, err := fs.Stat(l.fsys, dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		l.fail(dir, "", "cannot read: %v", bareError(err))
		return nil
	case !fi.IsDir():
		l.fail(dir, "", "is not a folder; %s/ holds the release's %s pages", dir, path.Base(dir))
		return nil
	}
	files, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		l.fail(dir, "", "cannot read the folder: %v", bareError(err))
		return nil
	}
	return files
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
