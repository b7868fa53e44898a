package render

import (
	"strings"
	"unicode/utf8"

	"charm.land/glamour/v2/ansi"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// A line of a page breaks only at a space, or where Chinese may break (cjk.go); a word longer
// than its line is the only thing cut, and the cut shows: the line ends in cutMark. What
// people copy from a page (flags, URLs, API groups, dates, component names) comes out whole.
//
// glamour wraps with x/ansi, which breaks after every hyphen, and lists and the whole
// document also after . , ; + | ("kube-" / "controller-manager", "networking.k8s." /
// "io/v1beta1"); it cuts a word longer than the line at the edge without a sign, and wraps a
// code block's long line the same way, at any of those characters. Neither glamour nor
// lipgloss takes a wrap function, and elli keeps no fork of either, so markBreaks prepares the
// page and unmarkBreaks restores it:
//   - every such character of prose, inline code and a bare URL goes through glamour as a
//     stand-in nothing breaks at (keep, in cjk.go);
//   - a word wider than its line gets a cut mark (a stand-in, then a break opportunity) a
//     line's width apart, counted from where x/ansi puts it: at the start of a line of its
//     block (layout.room). The stand-in shows as cutMark at the end of a line, and goes where
//     the estimate was short and the line went on;
//   - a code block's line wider than its room is broken at its spaces before glamour sees it,
//     the rest indented two more than the line (hang), a word wider than the room cut as above.
//
// A table too wide for the line is written as a list first (tables.go): lipgloss would cut
// the words of its narrow columns anywhere.

// cutMark ends a line where a word longer than the line is cut: one cell wide in every
// terminal (unlike "…", which East Asian terminals may draw two cells wide), and no character
// a command, URL or flag holds.
const cutMark = "↩"

// cutStand stands in for a cut mark until the lines are final.
const cutStand = "\ue008"

// hang indents the rest of a code line broken at a space, beyond the line's own indent.
const hang = "  "

// layout is what markBreaks knows of glamour's blocks in a style: how wide a line is, and how
// much of it each kind of block takes.
type layout struct {
	width int
	list  int // each list level below the first
	quote int // a block quote's rule and margins
	code  int // a code block's indent and margin
	// codePad is what the style puts either side of inline code (a no-break space, in the
	// coloured styles): x/ansi counts it in the word.
	codePad int
	// codeEscapes: the style writes code blocks as text, not through chroma, and glamour then
	// reads Markdown's backslash escapes in them ("\(" came out "(" in a piped jq command), so
	// each backslash goes in doubled.
	codeEscapes bool
}

// layoutFor reads the layout from a glamour style at a width.
func layoutFor(c ansi.StyleConfig, width int) layout {
	n := func(p *uint) int {
		if p == nil {
			return 0
		}
		return int(*p)
	}
	token := 1
	if c.BlockQuote.IndentToken != nil {
		token = max(1, xansi.StringWidth(*c.BlockQuote.IndentToken))
	}
	return layout{
		width:       width,
		list:        int(c.List.LevelIndent) + n(c.List.Indent),
		quote:       max(1, n(c.BlockQuote.Indent))*token + 2*n(c.BlockQuote.Margin),
		code:        n(c.CodeBlock.Indent) + n(c.CodeBlock.Margin),
		codePad:     max(xansi.StringWidth(c.Code.Prefix), xansi.StringWidth(c.Code.Suffix)), // glamour writes no block prefix to inline code
		codeEscapes: c.CodeBlock.Theme == "" && c.CodeBlock.Chroma == nil,
	}
}

// plainLayout is the layout of the plain style at a width.
func plainLayout(width int) layout { return layoutFor(Plain.config(), width) }

// room is how many cells a line of n's block holds, as x/ansi wraps it: the width less what the
// blocks around n take (glamour lays a first-level list item's lines at the margin). 0 in a
// table, whose column widths lipgloss decides.
func (l layout) room(n ast.Node) int {
	room, lists := l.width, 0
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Kind() {
		case ast.KindList:
			lists++
		case ast.KindBlockquote:
			room -= l.quote
		case east.KindTableCell:
			return 0
		}
	}
	if lists > 1 {
		room -= (lists - 1) * l.list
	}
	return room
}

// cutLong adds cut marks to m, a page markBreaks has marked otherwise: its words, the runs a
// line cannot break, are the runs between spaces and break marks, as x/ansi reads them.
func cutLong(m string, l layout) string {
	if longestRun(m) <= l.width-l.quote-2*l.list {
		return m // no word can be too long: most pages at most widths
	}
	src := []byte(m)
	var edits []edit
	_ = ast.Walk(parseMarkdown(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindCodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					edits = cutWords(m, t.Segment.Start, t.Segment.Stop, l.room(n), l.codePad, edits)
				}
			}
			return ast.WalkSkipChildren, nil
		case ast.KindAutoLink:
			start, stop := autoLinkText(src, n.(*ast.AutoLink))
			edits = cutWords(m, start, stop, l.room(n), 0, edits)
			return ast.WalkSkipChildren, nil
		case ast.KindCodeBlock, ast.KindFencedCodeBlock, ast.KindHTMLBlock, ast.KindRawHTML:
			return ast.WalkSkipChildren, nil
		case ast.KindText:
			t := n.(*ast.Text)
			edits = cutWords(m, t.Segment.Start, t.Segment.Stop, l.room(n), 0, edits)
		}
		return ast.WalkContinue, nil
	})
	return apply(m, edits)
}

// longestRun is the width of the widest run of m between spaces and break marks: at least as
// wide as its widest word.
func longestRun(m string) int {
	longest, run := 0, 0
	for _, r := range m {
		if isBreak(r) {
			run = 0
			continue
		}
		run++
		if r >= 0x1100 && (r < 0xe000 || r > 0xf8ff) { // possibly wide (the stand-ins are not): an upper bound is enough here
			run++
		}
		longest = max(longest, run)
	}
	return longest
}

// isBreak reports whether a line may break at r in a marked page.
func isBreak(r rune) bool { return r == ' ' || r == '\n' || r == '\t' || r == breakMark }

// cutWords adds cut marks to each word of m[start:stop] wider than room. The word as x/ansi
// sees it goes on past the text, up to the next break: pad and the characters of the page around
// the text count, Markdown's delimiters left out.
func cutWords(m string, start, stop, room, pad int, edits []edit) []edit {
	if room < 4 || stop-start+2*pad+aroundBytes(m, start, -1)+aroundBytes(m, stop, +1) <= room {
		return edits // no wider than its bytes: fits
	}
	for ws := start; ws < stop; {
		we := ws
		for we < stop {
			r, size := utf8.DecodeRuneInString(m[we:])
			if isBreak(r) {
				break
			}
			we += size
		}
		if we > ws {
			lead, trail := 0, 0
			if ws == start {
				lead = pad + around(m, start, -1)
			}
			if we == stop {
				trail = pad + around(m, stop, +1)
			}
			edits = cutWord(m, ws, we, room, lead, trail, edits)
		}
		ws = we
		for ws < stop {
			r, size := utf8.DecodeRuneInString(m[ws:])
			if !isBreak(r) {
				break
			}
			ws += size
		}
	}
	return edits
}

// cutWord cuts m[ws:we], with lead cells of its word before it on the line and trail after it,
// in pieces that fit room with the mark.
func cutWord(m string, ws, we, room, lead, trail int, edits []edit) []edit {
	if we-ws+lead+trail <= room {
		return edits // no wider than its bytes
	}
	rest := xansi.StringWidth(m[ws:we])
	if lead+rest+trail <= room {
		return edits
	}
	cur := lead
	for i := ws; i < we; {
		r, size := utf8.DecodeRuneInString(m[i:])
		w := runeCells(r)
		if r == '\\' && i+1 < we && strings.IndexByte(asciiPunct, m[i+1]) >= 0 {
			size, w = 2, 1 // an escape shows as the one character it escapes, and is not cut
		}
		if cur > 0 && cur+w > room-1 && cur+rest+trail > room {
			edits = append(edits, edit{i, i, cutStand + string(breakMark)})
			cur = 0
		}
		cur += w
		rest -= w
		i += size
	}
	return edits
}

// asciiPunct is what a backslash escapes in Markdown.
const asciiPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// aroundBytes is how many bytes around counts over: no fewer than its cells.
func aroundBytes(m string, i, dir int) int {
	n := 0
	for dir < 0 && i-n > 0 && !isBreak(rune(m[i-n-1])) || dir > 0 && i+n < len(m) && !isBreak(rune(m[i+n])) {
		n++
	}
	return n
}

// around counts the cells of the word m continues at i, going back (dir -1) or on (+1) to a
// break, leaving Markdown's delimiters out.
func around(m string, i, dir int) int {
	cells := 0
	for dir < 0 && i > 0 || dir > 0 && i < len(m) {
		r, size := utf8.DecodeRuneInString(m[i:])
		if dir < 0 {
			r, size = utf8.DecodeLastRuneInString(m[:i])
		}
		i += dir * size
		if isBreak(r) {
			break
		}
		if !strings.ContainsRune("`*_<>", r) {
			cells += runeCells(r)
		}
	}
	return cells
}

// autoLinkText is where a bare URL's text (<https://…>) lies in md, read off the parser's
// slice of it: md[start:stop].
func autoLinkText(src []byte, n *ast.AutoLink) (start, stop int) {
	label := n.Label(src)
	start = cap(src) - cap(label)
	return start, start + len(label)
}

// unmarkCuts shows each cut stand-in that ends a line as cutMark and drops the others, where
// the line went on after all. The stand-in is followed by the break mark, styles and the padding
// glamour writes to the end of a line.
func unmarkCuts(s string) string {
	if !strings.Contains(s, cutStand) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.Index(s, cutStand)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+len(cutStand):]
		if endsLine(s) {
			b.WriteString(cutMark)
		}
	}
}

// endsLine reports whether s holds nothing visible before its first newline.
func endsLine(s string) bool {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	s = strings.ReplaceAll(xansi.Strip(s), string(breakMark), "")
	return strings.TrimSpace(s) == ""
}

// wordWidth is the width of the word s starts with, to the next space or Chinese break.
func wordWidth(s string, cjk bool) int {
	return xansi.StringWidth(s[:wordEnd(s, 0, len(s), true, cjk)])
}

// wordEnd is where the word starting at s[i] ends, before stop: at a space when spaces holds,
// and where Chinese may break when cjk does.
func wordEnd(s string, i, stop int, spaces, cjk bool) int {
	var prev rune
	for j, r := range s[i:stop] {
		if spaces && r == ' ' || cjk && j > 0 && mayBreak(prev, r) {
			return i + j
		}
		prev = r
	}
	return stop
}

// runeCells is how many cells r takes.
func runeCells(r rune) int {
	if r < utf8.RuneSelf {
		return 1
	}
	return xansi.StringWidth(string(r))
}
