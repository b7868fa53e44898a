package render

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
)

// A code block's lines, prepared for glamour: glamour wraps a line wider than the pane at any
// hyphen, dot, comma or pipe, and the plain style reads backslash escapes in the code. See
// wrap.go for the rule a line follows.

// wrapCode breaks each line of a code block wider than room at its spaces: the rest goes on a
// line of its own, indented as the line plus hang, and a word wider than what is left is cut
// with a mark. The new lines repeat what comes before the code on its source line (a list
// item's indent), so the Markdown parses to the same block.
func wrapCode(md string, n ast.Node, room int, cjk bool, edits []edit) []edit {
	lines := n.Lines()
	for k := 0; k < lines.Len(); k++ {
		seg := lines.At(k)
		line := strings.TrimRight(md[seg.Start:seg.Stop], "\r\n")
		if seg.Padding > 0 || strings.ContainsRune(line, '\t') || xansi.StringWidth(line) <= room {
			continue
		}
		prefix := md[strings.LastIndexByte(md[:seg.Start], '\n')+1 : seg.Start]
		if strings.Trim(prefix, " >") != "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		cl := codeLine{md: md, room: room, cjk: cjk, edits: edits, next: strings.Repeat(" ", indent) + hang}
		if len(cl.next) > room/2 {
			cl.next = ""
		}
		cl.newline = "\n" + prefix + cl.next
		cl.cur, cl.fresh = indent, true
		end := seg.Start + len(line)
		for ws := seg.Start + indent; ws < end; {
			we := ws + strings.IndexByte(md[ws:end]+" ", ' ')
			cl.place(ws, we)
			ss := we
			for ws = we; ws < end && md[ws] == ' '; ws++ {
			}
			if ws < end {
				cl.space(ss, ws, wordWidth(md[ws:end], cjk))
			}
		}
		edits = cl.edits
	}
	return edits
}

// codeLine is a code block's line being broken, at cur cells.
type codeLine struct {
	md            string
	room, cur     int
	cjk           bool
	next, newline string // the indent of a continued line, and what starts one
	fresh         bool   // no word is on the line yet
	edits         []edit
}

// space places the spaces md[ss:ws] before a word w cells wide: a line break instead when the
// word would not fit.
func (c *codeLine) space(ss, ws, w int) {
	if c.cur+ws-ss+w <= c.room || c.fresh {
		c.cur += ws - ss
		return
	}
	c.edits = append(c.edits, edit{ss, ws, c.newline})
	c.cur, c.fresh = len(c.next), true
}

// place places the word md[ws:we]: a Chinese run may break between its characters, and what
// is wider than the line is cut with a mark.
func (c *codeLine) place(ws, we int) {
	for us := ws; us < we; {
		ue := wordEnd(c.md, us, we, false, c.cjk)
		if us > ws && ue > us { // a break where Chinese may break
			if w := xansi.StringWidth(c.md[us:ue]); c.cur+w > c.room && !c.fresh {
				c.edits = append(c.edits, edit{us, us, c.newline})
				c.cur, c.fresh = len(c.next), true
			}
		}
		rest := xansi.StringWidth(c.md[us:ue])
		for i, r := range c.md[us:ue] {
			w := xansi.StringWidth(string(r))
			if i > 0 && c.cur+w > c.room-1 && c.cur+rest > c.room {
				c.edits = append(c.edits, edit{us + i, us + i, cutStand + c.newline})
				c.cur = len(c.next)
			}
			c.cur += w
			c.fresh = false
			rest -= w
		}
		us = ue
	}
}

// doubleBackslashes doubles each backslash of code block n, for a style whose code blocks
// glamour unescapes (layout.codeEscapes).
func doubleBackslashes(md string, n ast.Node, edits []edit) []edit {
	lines := n.Lines()
	for k := 0; k < lines.Len(); k++ {
		seg := lines.At(k)
		for i := seg.Start; i < seg.Stop; i++ {
			if md[i] == '\\' {
				edits = append(edits, edit{i, i + 1, `\\`})
			}
		}
	}
	return edits
}
