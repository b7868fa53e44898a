// Package editor runs the user's editor on a note, as git does for a commit message: the
// command of $VISUAL, else $EDITOR, run through the shell on a temporary file that holds the
// text. The command line and the explorer (which suspends itself meanwhile) share it. Its
// errors are userfile Problems, an English format and its arguments, so that both say them in
// the run's language (i18n.Say).
package editor

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"github.com/elli-k8s/elli/data/userfile"
)

// ErrNone says neither VISUAL nor EDITOR names an editor.
var ErrNone = errors.New("no editor: VISUAL and EDITOR are unset")

// Name is the editor's command: $VISUAL, else $EDITOR; "" when neither is set.
func Name(getenv func(string) string) string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if s := strings.TrimSpace(getenv(v)); s != "" {
			return s
		}
	}
	return ""
}

// Session is one edit: the temporary file and the command that edits it.
type Session struct {
	Path string
	Cmd  *exec.Cmd
	// limit is the most bytes Result reads back.
	limit int64
}

// Start writes text to a new temporary file and prepares the editor's command on it, without
// running it: the caller runs Cmd (with its own terminal) and then calls Result. limit bounds
// what Result reads back. The command runs through sh -c, so EDITOR="code --wait" works, with
// the file as "$1" so that no name is ever parsed by the shell; on Windows it is split on spaces.
func Start(getenv func(string) string, text string, limit int64) (*Session, error) {
	name := Name(getenv)
	if name == "" {
		return nil, ErrNone
	}
	f, err := os.CreateTemp("", "elli-note-*.md")
	if err != nil {
		return nil, userfile.Problemf("cannot make a file for the editor: %w", err)
	}
	if text != "" {
		text += "\n"
	}
	_, werr := f.WriteString(text)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(f.Name())
		return nil, userfile.Problemf("cannot write a file for the editor: %w", err)
	}
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		fields := strings.Fields(name)
		cmd = exec.Command(fields[0], append(fields[1:], f.Name())...)
	} else {
		cmd = exec.Command("/bin/sh", "-c", name+` "$1"`, "elli-editor", f.Name())
	}
	return &Session{Path: f.Name(), Cmd: cmd, limit: limit}, nil
}

// ErrTooLong says the edited text is over the limit.
var ErrTooLong error = userfile.Problemf("the note is too long")

// Result reads back what the editor left, given the error of its run, and removes the file. An
// editor that failed leaves the note as it was: the error says so.
func (s *Session) Result(runErr error) (string, error) {
	defer os.Remove(s.Path)
	if runErr != nil {
		var ee *exec.ExitError
		if errors.As(runErr, &ee) {
			return "", userfile.Problemf("the editor exited with status %d; the note is unchanged", ee.ExitCode())
		}
		return "", userfile.Problemf("cannot run the editor: %v; the note is unchanged", runErr)
	}
	f, err := os.Open(s.Path)
	if err != nil {
		return "", userfile.Problemf("cannot read the edited note: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, s.limit+1))
	if err != nil {
		return "", userfile.Problemf("cannot read the edited note: %w", err)
	}
	if int64(len(b)) > s.limit {
		return "", userfile.Problemf("%w: a note holds at most %d bytes; it is unchanged", ErrTooLong, s.limit)
	}
	return string(b), nil
}

// Cancel removes the file of a session whose command never ran.
func (s *Session) Cancel() { _ = os.Remove(s.Path) }
