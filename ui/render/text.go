package render

import (
	"strings"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
)

// Plain text outside a page (the check table, the Findings view, notes, short messages) wraps
// by the pages' rule (wrap.go): at spaces and where Chinese may break, never after a hyphen, a
// dot or a slash as x/ansi's Wrap and Wordwrap do; a word wider than the line is cut, and each
// cut line ends in cutMark.

// Wrap wraps plain text in lines of at most width cells: each line of text on its own, at spaces
// and where Chinese may break (as WrapText), a word wider than the width cut with a mark (Cut)
// and its rest going on with the words after it. A line's indent (a note's indented command)
// starts each of its lines.
func Wrap(text string, width int) []string {
	var out []string
	for _, par := range strings.Split(text, "\n") {
		body := strings.TrimLeft(par, " ")
		indent := par[:len(par)-len(body)]
		if len(indent) > width/2 {
			indent = ""
		}
		for _, l := range wrapCut(body, width-len(indent)) {
			out = append(out, indent+l)
		}
	}
	return out
}

// wrapCut wraps one line of text: WrapText, with a word wider than the width cut.
func wrapCut(text string, width int) []string {
	var (
		lines []string
		cur   strings.Builder
		curW  int
	)
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curW = 0
	}
	for _, word := range strings.Fields(text) {
		for i, unit := range breakUnits(word) {
			w := xansi.StringWidth(unit)
			sep := ""
			if i == 0 && curW > 0 {
				sep = " "
			}
			if curW > 0 && curW+len(sep)+w > width {
				flush()
				sep = ""
			}
			if w > width {
				pieces := Cut(unit, width, "")
				lines = append(lines, pieces[:len(pieces)-1]...)
				unit = pieces[len(pieces)-1]
				w = xansi.StringWidth(unit)
			}
			cur.WriteString(sep + unit)
			curW += len(sep) + w
		}
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// Cut cuts a line of plain text wider than width in lines of width cells, each but the last
// ending in cutMark. A cut goes after one of prefer's characters (a path's / or .) when one
// falls in the second half of the piece, where it reads better than a cut inside a name.
func Cut(line string, width int, prefer string) []string {
	if xansi.StringWidth(line) <= width || width < 2 {
		return []string{line}
	}
	var out []string
	for xansi.StringWidth(line) > width {
		piece := xansi.Truncate(line, width-1, "") // the mark takes a cell
		if piece == "" {
			break // a character wider than the room: nothing fits
		}
		if i := strings.LastIndexAny(piece, prefer); prefer != "" && i >= 0 && xansi.StringWidth(piece[:i+1]) > (width-1)/2 {
			piece = piece[:i+1]
		}
		// no line starts with closing punctuation: its character before goes with it
		for utf8.RuneCountInString(piece) > 1 {
			if next, _ := utf8.DecodeRuneInString(line[len(piece):]); !strings.ContainsRune(noBreakBefore, next) {
				break
			}
			_, size := utf8.DecodeLastRuneInString(piece)
			piece = piece[:len(piece)-size]
		}
		out = append(out, piece+cutMark)
		line = line[len(piece):]
	}
	return append(out, line)
}
