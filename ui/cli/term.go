package cli

import (
	"io"
	"os"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
)

// terminal is what elli knows of the terminal it runs in. Tests fill it in by hand.
type terminal struct {
	in, out bool        // stdin and stdout are terminals
	width   func() int  // columns of stdout; 0 when unknown
	dark    func() bool // the background is dark
	// profile is the colours stdout shows (Unknown when not a terminal or in tests)
	profile colorprofile.Profile
}

func detectTerminal(stdin io.Reader, stdout io.Writer) terminal {
	inF, _ := stdin.(*os.File)
	outF, _ := stdout.(*os.File)
	t := terminal{
		in:    inF != nil && term.IsTerminal(inF.Fd()),
		out:   outF != nil && term.IsTerminal(outF.Fd()),
		width: func() int { return 0 },
		dark:  func() bool { return true },
	}
	if t.out {
		t.profile = colorprofile.Detect(outF, os.Environ())
		t.width = func() int {
			w, _, err := term.GetSize(outF.Fd())
			if err != nil {
				return 0
			}
			return w
		}
		if t.in {
			// Querying the background needs both ends on the terminal; it costs a round trip,
			// so it happens only when a rendered page needs a theme.
			t.dark = func() bool { return lipgloss.HasDarkBackground(inF, outF) }
		}
	}
	return t
}
