package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

// writeJSON prints v indented. JSON escapes C0 controls itself; DEL, the C1 controls and the
// bidi controls, which it leaves raw, are escaped too, so untrusted strings cannot drive the
// terminal. The data is unchanged: a JSON reader gets the same strings back.
func writeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeControls(buf.Bytes()))
	return err
}

// escapeControls rewrites the runes sanitize drops (DEL, C1, bidi controls) as \u escapes. In
// encoded JSON they can only occur inside strings, where the escape means the same character.
func escapeControls(b []byte) []byte {
	if !hasDropRune(b) {
		return b
	}
	var out bytes.Buffer
	out.Grow(len(b) + 32)
	for _, r := range string(b) {
		if dropRune(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return out.Bytes()
}

// hasDropRune reports whether b holds a character dropRune drops. ASCII, most of what elli
// writes, is judged a byte at a time; decoding every rune was a tenth of elli check --json on
// a tree of small files.
func hasDropRune(b []byte) bool {
	for i, c := range b {
		if c >= 0x80 {
			return bytes.ContainsFunc(b[i:], dropRune)
		}
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			return true
		}
	}
	return false
}

// table writes aligned columns, two spaces apart. Every cell is sanitized and kept on one line.
// On a terminal narrower than the table, one chosen column is cut with "…" so that each row
// keeps to a line, as gh does; piped output is never cut.
type table struct {
	w      io.Writer
	rows   [][]string
	width  int // the terminal's columns; 0 for no limit
	shrink int // the column to cut; -1 for none
}

const (
	tableGap = 2
	// minCut is the narrowest a cut column gets; a terminal too narrow for that wraps instead.
	minCut = 16
)

func newTable(w io.Writer, width, shrink int, header ...string) *table {
	t := &table{w: w, width: width, shrink: shrink}
	t.row(header...)
	return t
}

func (t *table) row(cells ...string) {
	row := make([]string, len(cells))
	for i, c := range cells {
		if c = sanitizeLine(c); c == "" {
			c = "-"
		}
		row[i] = c
	}
	t.rows = append(t.rows, row)
}

func (t *table) flush() error {
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	total := tableGap * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	cut := -1
	if t.width > 0 && total > t.width && t.shrink >= 0 && t.shrink < len(widths) {
		if room := widths[t.shrink] - (total - t.width); room >= minCut {
			widths[t.shrink], cut = room, t.shrink
		}
	}
	var b strings.Builder
	for _, row := range t.rows {
		for i, c := range row {
			if i == cut {
				c = ansi.Truncate(c, widths[i], "…")
			}
			b.WriteString(c)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+tableGap))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// kepOrID is how tables name an item: the KEP number for enhancements, else the id. Both work
// with elli show.
func kepOrID(it *data.Item) string {
	if it.Kind == data.KindEnhancement && it.KEP > 0 {
		return strconv.Itoa(it.KEP)
	}
	return it.ID
}

// stageOrKind is the STAGE column: the stage of an enhancement (the same in every language),
// a road change's release and impact ("v1.35 breaks on upgrade"), the kind of anything else, in
// lang.
func stageOrKind(it *data.Item, lang data.Lang) string {
	switch {
	case it.Stage != "":
		return it.Stage.Label()
	case it.Road != nil:
		return it.Road.Release + " " + it.Road.Impact.LabelIn(lang)
	}
	return it.Kind.LabelIn(lang)
}

// writeItems prints the items as a table in the run's language: KEP/ID, STAGE, SIG, TITLE;
// titles are cut to fit width (0: no limit), never inside a character.
func (a *app) writeItems(w io.Writer, items []*data.Item) error {
	o := a.s.Out
	t := newTable(w, a.tableWidth(), 3, o.ColID, o.ColStage, o.ColSIG, o.ColTitle)
	for _, it := range items {
		t.row(kepOrID(it), stageOrKind(it, a.lang), it.SIG, it.Title.In(a.lang))
	}
	return t.flush()
}

// renderer is shared by every command: it caches glamour renderers per width and theme and is
// safe for concurrent use.
var renderer = render.NewRenderer()

// style is how a Markdown page is printed.
type style struct {
	width int
	theme render.Theme
	// profile is what the terminal shows; glamour writes 256-colour and true-colour codes and
	// the colorprofile writer brings them down to it. Zero (tests, pipes) writes them as they are.
	profile colorprofile.Profile
}

// writeMarkdown renders untrusted Markdown; render makes the output safe (only SGR sequences),
// and the plain theme keeps none.
func writeMarkdown(w io.Writer, md string, st style) error {
	out, err := renderer.Render(md, st.width, st.theme)
	if err != nil {
		return err
	}
	if st.theme == render.Plain {
		out = ansi.Strip(out)
	} else if st.profile != colorprofile.Unknown {
		w = &colorprofile.Writer{Forward: w, Profile: st.profile}
	}
	_, err = io.WriteString(w, out+"\n")
	return err
}
