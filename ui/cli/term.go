package cli

import (
	"io"
	"os"
	"strings"
	"sync"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
)

// terminal is what elli knows of the terminal it runs in. Tests fill it in by hand.
type terminal struct {
	in, out bool        // stdin and stdout are terminals
	err     bool        // stderr is a terminal: notes for a person go there
	width   func() int  // columns of stdout; 0 when unknown
	height  func() int  // rows of stdout; 0 when unknown (nil in tests: unknown)
	dark    func() bool // the background is dark
	// profile is the colours stdout shows (Unknown when not a terminal or in tests); asked
	// only by output that has colours to bring down
	profile func() colorprofile.Profile
	// errWidth is the columns of stderr, asked at each call (the window may change); 0 when
	// unknown (nil in tests: unknown)
	errWidth func() int
}

func detectTerminal(stdin io.Reader, stdout, stderr io.Writer) terminal {
	inF, _ := stdin.(*os.File)
	outF, _ := stdout.(*os.File)
	errF, _ := stderr.(*os.File)
	t := terminal{
		in:    inF != nil && term.IsTerminal(inF.Fd()),
		out:   outF != nil && term.IsTerminal(outF.Fd()),
		err:   errF != nil && term.IsTerminal(errF.Fd()),
		width: func() int { return 0 },
		dark:  func() bool { return true },
	}
	if t.err {
		t.errWidth = func() int {
			w, _, err := term.GetSize(errF.Fd())
			if err != nil {
				return 0
			}
			return w
		}
	}
	if t.out {
		t.profile = sync.OnceValue(func() colorprofile.Profile { return detectProfile(outF, os.Environ()) })
		t.width = func() int {
			w, _, err := term.GetSize(outF.Fd())
			if err != nil {
				return 0
			}
			return w
		}
		t.height = func() int {
			_, h, err := term.GetSize(outF.Fd())
			if err != nil {
				return 0
			}
			return h
		}
		if t.in {
			// Querying the background needs both ends on the terminal; it costs a round trip,
			// so it happens only when a rendered page needs a theme.
			t.dark = func() bool { return darkBackground(os.Getenv, inF, outF) }
		}
	}
	return t
}

// tableWidth is the width tables fit: the terminal's columns, or 0 (no limit) when stdout is
// not a terminal, so that piped output is never cut.
func (a *app) tableWidth() int {
	if !a.term.out {
		return 0
	}
	return a.term.width()
}

// colorProfile is the profile, or Unknown when nothing can tell (tests fill in no detector).
func (t terminal) colorProfile() colorprofile.Profile {
	if t.profile == nil {
		return colorprofile.Unknown
	}
	return t.profile()
}

// detectProfile is colorprofile.Detect without its one slow step: inside tmux, Detect runs
// `tmux info` to learn whether tmux passes true colour on, which cost about 30 ms per command
// here. Sending true colour to tmux is safe either way, because tmux brings RGB colours down
// to what the outer terminal shows, so elli does not ask.
func detectProfile(out io.Writer, env []string) colorprofile.Profile {
	inTmux := false
	kept := make([]string, 0, len(env))
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "TMUX="); ok {
			inTmux = v != ""
			continue
		}
		kept = append(kept, kv)
	}
	p := colorprofile.Detect(out, kept)
	if inTmux && p == colorprofile.ANSI256 {
		return colorprofile.TrueColor
	}
	return p
}

// rows is the terminal's height, 0 when unknown.
func (t terminal) rows() int {
	if t.height == nil {
		return 0
	}
	return t.height()
}
