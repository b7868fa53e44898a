// Package render turns Markdown into terminal text with glamour, for the TUI and the CLI alike.
package render

import (
	"fmt"
	"strings"
	"sync"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	xansi "github.com/charmbracelet/x/ansi"
)

// Theme picks the glamour style: Dark, Light, Plain, another of glamour's built-in styles by
// name (dracula, tokyo-night, …), or a style file loaded with LoadStyleFile.
type Theme string

const (
	Dark  Theme = "dark"
	Light Theme = "light"
	// Plain keeps the layout (headings, lists, wrapping) without colour: for pipes and NO_COLOR.
	Plain Theme = "plain"
)

func (t Theme) config() ansi.StyleConfig {
	var c ansi.StyleConfig
	switch {
	case t == Plain:
		c = styles.NoTTYStyleConfig
	case strings.HasPrefix(string(t), filePrefix):
		if v, ok := styleFiles.Load(t); ok {
			c = v.(ansi.StyleConfig)
		} else {
			c = styles.DarkStyleConfig
		}
	default:
		var ok bool
		if c, ok = builtin(string(t)); !ok {
			c = styles.DarkStyleConfig
		}
	}
	// The pane has its own margin; glamour's document margin would waste two columns each side.
	zero := uint(0)
	c.Document.Margin = &zero
	return c
}

// Renderer renders Markdown at a width and theme, safe for concurrent use. Glamour's
// TermRenderer is not, and building one costs more than a small render, so idle ones are kept
// per (width, theme) and each render takes one of its own: a slow page never holds up another
// page's render, as a shared one behind a lock would.
type Renderer struct {
	mu   sync.Mutex
	idle map[key][]*glamour.TermRenderer
}

type key struct {
	width int
	theme Theme
}

// maxIdle bounds the idle renderers kept per key: more only run at once when pages are slow.
const maxIdle = 2

// NewRenderer returns an empty renderer cache.
func NewRenderer() *Renderer { return &Renderer{idle: map[key][]*glamour.TermRenderer{}} }

// Render renders md wrapped at width columns. md may come from anywhere: the output holds no
// escape sequence but SGR and no unsafe character, whatever md holds (safe.go).
func (r *Renderer) Render(md string, width int, theme Theme) (string, error) {
	if width < 10 {
		width = 10
	}
	k := key{width, theme}
	tr, err := r.take(k)
	if err != nil {
		return "", err
	}
	l := layoutFor(theme.config(), width)
	out, err := tr.Render(markBreaks(untable(neutralize(md), l), l)) // wrap.go, cjk.go: where lines may break, and where not
	r.give(k, tr)
	if err != nil {
		return "", fmt.Errorf("render markdown: %w", err)
	}
	out = unmarkBreaks(tidy(keepSGR(out), width)) // safe.go: Markdown is untrusted; tidy re-wraps at the marks too
	if theme == Plain {
		out = xansi.Strip(out) // the no-colour style still writes bold and underline
	}
	return out, nil
}

// take returns an idle renderer for k, or a new one.
func (r *Renderer) take(k key) (*glamour.TermRenderer, error) {
	r.mu.Lock()
	if trs := r.idle[k]; len(trs) > 0 {
		tr := trs[len(trs)-1]
		r.idle[k] = trs[:len(trs)-1]
		r.mu.Unlock()
		return tr, nil
	}
	r.mu.Unlock()
	// terminal16m: chroma's 256-colour formatter picks among equally near colours in map order,
	// so the same page could render differently from run to run. True colour is exact, and the
	// caller's colorprofile writer (or bubbletea) downsamples it to what the terminal shows.
	tr, err := glamour.NewTermRenderer(glamour.WithStyles(k.theme.config()), glamour.WithWordWrap(k.width),
		glamour.WithChromaFormatter("terminal16m"))
	if err != nil {
		return nil, fmt.Errorf("markdown renderer: %w", err)
	}
	return tr, nil
}

// give keeps a renderer that finished for the next render at k.
func (r *Renderer) give(k key, tr *glamour.TermRenderer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.idle[k]) < maxIdle {
		r.idle[k] = append(r.idle[k], tr)
	}
}

// dropEmptyStyles removes each SGR sequence that styles nothing: one followed at once by a
// reset. glamour styles every padding space and the block's margins, so once tidy has cut the
// padding a line ends in dozens of such pairs (half the bytes of a page in colour), which only
// cost the terminal and the pager.
func dropEmptyStyles(l string) string {
	if !strings.Contains(l, "\x1b[m") {
		return l
	}
	var b strings.Builder
	for {
		i := strings.Index(l, "\x1b[")
		if i < 0 {
			b.WriteString(l)
			return b.String()
		}
		b.WriteString(l[:i])
		l = l[i:]
		// the sequence's end: parameter bytes, then 'm' for SGR
		j := 2
		for j < len(l) && (l[j] >= '0' && l[j] <= '9' || l[j] == ';' || l[j] == ':') {
			j++
		}
		if j < len(l) && l[j] == 'm' {
			seq := l[:j+1]
			rest := l[j+1:]
			if reset := "\x1b[m"; strings.HasPrefix(rest, reset) && seq != reset {
				l = rest[len(reset):]
				continue
			}
			if seq == "\x1b[m" && b.Len() == 0 {
				l = rest // a reset with nothing styled before it on the line
				continue
			}
			b.WriteString(seq)
			l = rest
			continue
		}
		b.WriteString(l[:2])
		l = l[2:]
	}
}

// tidy drops the blank lines glamour puts around a document and the trailing spaces it pads
// lines with, so the text fits its pane exactly. glamour sometimes overshoots the wrap width by
// a few columns (list items, inline code padded with no-break spaces); such a line is wrapped
// again here, since a pane that cut it would lose the words at its end.
func tidy(s string, width int) string {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		// glamour pads every line to the wrap width with styled spaces; cut after the last
		// visible character so short lines stay short and output shrinks by half.
		visible := xansi.StringWidth(strings.TrimRight(xansi.Strip(l), " "))
		l = dropEmptyStyles(xansi.Truncate(l, visible, ""))
		if visible > width {
			for _, w := range strings.Split(xansi.Wrap(l, width, ""), "\n") {
				if xansi.StringWidth(w) > width { // Wrap leaves some lines ending in "--" whole
					w = xansi.Hardwrap(w, width, true)
				}
				out = append(out, strings.Split(w, "\n")...)
			}
			continue
		}
		out = append(out, l)
	}
	lines = out
	for len(lines) > 0 && strings.TrimSpace(xansi.Strip(lines[0])) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(xansi.Strip(lines[len(lines)-1])) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
