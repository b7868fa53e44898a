package cli

import (
	"errors"
	"image/color"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// backgroundTimeout bounds the wait for a terminal that answers nothing at all. Real terminals
// answer the device-attributes request at once, even over a slow ssh link; this is for a pty with
// no terminal behind it (script, expect, some editors' shells).
const backgroundTimeout = time.Second

// darkBackground says whether the terminal's background is dark: from COLORFGBG when the
// terminal sets it, else by asking the terminal once, if elli is its foreground job. Unknown
// counts as dark, as in lipgloss. (lipgloss.HasDarkBackground asks twice, on stdin and then on
// stdout, waiting 2 s each, so a pty that answered nothing stalled `elli show` for 4 s.)
func darkBackground(getenv func(string) string, in, out *os.File) bool {
	if dark, ok := backgroundFromEnv(getenv("COLORFGBG")); ok {
		return dark
	}
	if !inForeground(in) {
		return true
	}
	bg, err := askBackground(in, out, backgroundTimeout)
	if err != nil || bg == nil {
		return true
	}
	return tea.BackgroundColorMsg{Color: bg}.IsDark()
}

// backgroundFromEnv reads COLORFGBG, "fg;bg" or "fg;default;bg", which rxvt, Konsole and other
// terminals set. The background is an ANSI colour index: 7 and 9–15 are light, the rest dark.
func backgroundFromEnv(colorfgbg string) (dark, ok bool) {
	if colorfgbg == "" {
		return false, false
	}
	fields := strings.Split(colorfgbg, ";")
	bg, err := strconv.Atoi(fields[len(fields)-1])
	if err != nil || bg < 0 || bg > 15 {
		return false, false
	}
	return bg != 7 && bg < 9, true
}

// askBackground puts the terminal in raw mode, so that the reply is neither echoed nor held
// for a newline, and asks it for its background colour: the question goes out on stdout and
// the answer comes in on stdin.
func askBackground(in, out *os.File, timeout time.Duration) (color.Color, error) {
	state, err := term.MakeRaw(in.Fd())
	if err != nil {
		return nil, err
	}
	defer term.Restore(in.Fd(), state) //nolint:errcheck // nothing better to do on failure
	return queryBackground(in, out, timeout)
}

var errNoAnswer = errors.New("the terminal did not answer")

// queryBackground writes an OSC 11 background request followed by a DA1 request, and reads
// replies until the DA1 answer, which every terminal sends and which comes after the OSC 11
// answer when there is one. A terminal that ignores OSC 11 thus ends the wait at once; one
// that answers nothing ends it after timeout.
func queryBackground(in io.Reader, out io.Writer, timeout time.Duration) (color.Color, error) {
	rd, err := uv.NewCancelReader(in)
	if err != nil {
		return nil, err
	}
	defer rd.Close() //nolint:errcheck // a read-side close
	timer := time.AfterFunc(timeout, func() { rd.Cancel() })
	defer timer.Stop()

	if _, err := io.WriteString(out, ansi.RequestBackgroundColor+ansi.RequestPrimaryDeviceAttributes); err != nil {
		return nil, err
	}
	var (
		replies []byte
		buf     [256]byte
	)
	for len(replies) < maxReplies {
		n, err := rd.Read(buf[:])
		if err != nil {
			return nil, errNoAnswer
		}
		replies = append(replies, buf[:n]...)
		if bg, done := parseReplies(replies); done {
			return bg, nil
		}
	}
	return nil, errNoAnswer
}

// maxReplies ends the wait for a terminal that sends a lot but never the DA1 answer.
const maxReplies = 4096

// parseReplies reads the terminal's replies so far: the background colour if the OSC 11 answer
// is among them, and whether the DA1 answer that ends them has come. It decodes from the start
// each time because a reply can arrive split across reads, and x/ansi's parser does not finish
// an OSC sequence whose end came in an earlier piece.
func parseReplies(b []byte) (bg color.Color, done bool) {
	pa := ansi.GetParser()
	defer ansi.PutParser(pa)
	for len(b) > 0 {
		seq, _, n, state := ansi.DecodeSequence(b, ansi.NormalState, pa)
		if n == 0 || state != ansi.NormalState {
			return bg, false // the rest has not arrived yet
		}
		b = b[n:]
		switch s := string(seq); {
		case ansi.HasOscPrefix(s) && pa.Command() == 11:
			if _, spec, ok := strings.Cut(string(pa.Data()), ";"); ok {
				bg = ansi.XParseColor(spec)
			}
		case ansi.HasCsiPrefix(s) && pa.Command() == ansi.Command('?', 0, 'c'):
			return bg, true
		}
	}
	return bg, false
}
