package render

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Chinese is written without spaces, and glamour wraps with x/ansi.Wrap (through lipgloss.Wrap),
// which breaks only at spaces and hyphens: a run of Chinese is one long "word", pushed whole to
// the next line and then cut at the width, so a line ending in a short English word ("在
// iptables") stood half empty above it, a line could start with 。, and a list of gate names
// joined by 、 was cut in the middle of a name. Upstream: charmbracelet/glamour#185 is open;
// charmbracelet/x#827 (open, not in x/ansi v0.11.9, the newest release) makes wide characters
// breakable, with no rule for punctuation. Neither glamour nor lipgloss takes a wrap function
// or a goldmark extension from outside, and a patch would reach release builds only
// (third_party), so elli does it around glamour, the same in every build. Drop the break marks
// once x/ansi breaks between wide characters itself; the stand-ins stay while x/ansi breaks
// words at . , ; + | and -.
//
// markBreaks prepares a page, with characters glamour passes on as text and unmarkBreaks
// removes after it:
//   - A zero-width U+2028 LINE SEPARATOR goes where a line may break. x/ansi takes it for white
//     space of no width: a line breaks there, and it costs nothing where it does not. A line may
//     break between two Chinese characters, and between a Chinese character and a letter or
//     digit, but never before closing punctuation (。，、；：？！）」』】》 …) nor after opening
//     (（「『【《 …): the rules of Chinese typesetting (GB/T 15834, CSS line-break: strict).
//   - Only plain text, as the Markdown parser glamour uses reads it, gets marks: never inline
//     code, a code block, HTML or a link's address. Beside inline code it does, so a list of
//     gate names breaks after each 、.
//   - A word, Chinese page or English, in text, inline code or a bare URL, never breaks inside
//     (wrap.go): x/ansi breaks after every hyphen, and glamour's lists also after . , ; + | (so
//     1.29 came out as "1." and "29", and --cgroup-driver as "--" and "cgroup-driver"). Each such
//     character goes through glamour as a private-use character of one cell that nothing breaks
//     at, and comes back after. This also keeps x/ansi from writing a breakpoint after a word
//     that just fills the line one cell past the limit (charmbracelet/x#785), which left a
//     word alone on a line once tidy re-wrapped it.
//   - Inline code at most two thirds of the line wide keeps its spaces too (a stand-in each):
//     `mode: nftables` or `internalTrafficPolicy: Local` cut in two reads as two things, and a
//     reader copies half of it. Longer code may still break at a space, as a browser breaks it.
// A line break in the source between two Chinese characters (a paragraph written over several
// lines) becomes a mark too, instead of the space glamour would put there.

// breakMark marks a break opportunity: white space to unicode.IsSpace, zero cells wide, never
// in a page's text once rendered (unmarkBreaks removes every one).
const breakMark = '\u2028'

// keep maps each character that must not break a word to its stand-in, U+E000 and on.
var keep = map[byte]string{'-': "\ue001", '.': "\ue002", ',': "\ue003", ';': "\ue004", '+': "\ue005", '|': "\ue006"}

// codeSpace stands in for a space of short inline code, which must not break there.
const codeSpace = "\ue007"

// unmarker undoes markBreaks in rendered text; made on first use.
var unmarker = sync.OnceValue(func() *strings.Replacer {
	pairs := []string{string(breakMark), "", codeSpace, " ", cutStand, ""}
	for c, stand := range keep {
		pairs = append(pairs, stand, string(c))
	}
	return strings.NewReplacer(pairs...)
})

// The line-breaking rules: a line does not start with closing punctuation (noBreakBefore), nor
// end with opening punctuation (noBreakAfter).
const (
	noBreakBefore = "，。、；：？！）］｝》」』】〉〕…—～％‰℃·．｡､,.!?)]};:’”"
	noBreakAfter  = "（［｛《「『【〈〔‘“"
)

// markdown parses as glamour does (GFM and definition lists), made on first use: a process that
// renders nothing in Chinese never builds it. goldmark's parser keeps state while it parses, so
// one parse runs at a time.
var markdown struct {
	once sync.Once
	mu   sync.Mutex
	md   goldmark.Markdown
}

func parseMarkdown(src []byte) ast.Node {
	markdown.once.Do(func() {
		markdown.md = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.DefinitionList))
	})
	markdown.mu.Lock()
	defer markdown.mu.Unlock()
	return markdown.md.Parser().Parse(text.NewReader(src))
}

// edit replaces md[at:end] (nothing, to insert) by with.
type edit struct {
	at, end int
	with    string
}

// markBreaks returns md with a break mark wherever a line may break in its Chinese text, the
// characters that must not break a word or inline code replaced by their stand-ins, and the
// cuts of what is wider than its line marked (wrap.go); l is the style's layout at the wrap
// width.
func markBreaks(md string, l layout) string {
	cjk := hasUnspaced(md)
	src := []byte(md)
	var edits []edit
	_ = ast.Walk(parseMarkdown(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindCodeSpan:
			short := codeWidth(md, n) <= l.width*2/3 && l.room(n) > 0 // a table's column may be narrower
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					edits = keepCode(md, t.Segment.Start, t.Segment.Stop, short, edits)
				}
			}
			return ast.WalkSkipChildren, nil
		case ast.KindCodeBlock, ast.KindFencedCodeBlock:
			edits = wrapCode(md, n, l.room(n)-l.code, cjk, edits)
			if l.codeEscapes {
				edits = doubleBackslashes(md, n, edits)
			}
			return ast.WalkSkipChildren, nil
		case ast.KindAutoLink:
			start, stop := autoLinkText(src, n.(*ast.AutoLink))
			edits = keepCode(md, start, stop, false, edits)
			return ast.WalkSkipChildren, nil
		case ast.KindHTMLBlock, ast.KindRawHTML:
			return ast.WalkSkipChildren, nil
		case ast.KindText:
			t := n.(*ast.Text)
			if cjk {
				edits = breakText(md, t, edits)
			} else {
				edits = keepText(md, t.Segment.Start, t.Segment.Stop, edits)
			}
		}
		return ast.WalkContinue, nil
	})
	return cutLong(apply(md, edits), l)
}

// apply makes the edits to md.
func apply(md string, edits []edit) string {
	if len(edits) == 0 {
		return md
	}
	// by place, an insertion before a replacement at the same place
	slices.SortFunc(edits, func(a, b edit) int { return cmp.Or(a.at-b.at, a.end-b.end) })
	var b strings.Builder
	b.Grow(len(md) + 3*len(edits))
	last := 0
	for _, e := range edits {
		if e.at < last {
			continue // texts do not overlap; be safe if they did
		}
		b.WriteString(md[last:e.at])
		b.WriteString(e.with)
		last = e.end
	}
	b.WriteString(md[last:])
	return b.String()
}

// keepCode keeps the words of inline code whole: its breaking punctuation gets stand-ins, and so
// do its spaces when it is short. Long code may still break at a space, as a browser breaks it:
// `kubectl -n kube-system rollout restart daemonset kube-proxy` is longer than many lines.
func keepCode(md string, start, stop int, short bool, edits []edit) []edit {
	for i := start; i < stop; i++ {
		if stand, ok := keep[md[i]]; ok {
			edits = append(edits, edit{i, i + 1, stand})
		} else if short && md[i] == ' ' {
			edits = append(edits, edit{i, i + 1, codeSpace})
		}
	}
	return edits
}

// keepText gives its stand-in to each character of md[start:stop], Markdown text, that must not
// break a word.
func keepText(md string, start, stop int, edits []edit) []edit {
	for i := start; i < stop; i++ {
		if keep[md[i]] != "" {
			edits = append(edits, standIn(md, i))
		}
	}
	return edits
}

// standIn replaces md[i] by its stand-in, in Markdown text: a backslash that escapes it goes
// too, since the stand-in needs no escape (and an escape of it would show).
func standIn(md string, i int) edit {
	n := 0 // the backslashes before md[i]
	for n < i && md[i-n-1] == '\\' {
		n++
	}
	if n%2 == 1 {
		return edit{i - 1, i + 1, keep[md[i]]}
	}
	return edit{i, i + 1, keep[md[i]]}
}

// codeWidth is how many cells inline code takes.
func codeWidth(md string, n ast.Node) int {
	w := 0
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			w += xansi.StringWidth(md[t.Segment.Start:t.Segment.Stop])
		}
	}
	return w
}

// breakText adds the edits of one text: break opportunities, and stand-ins inside words.
func breakText(md string, t *ast.Text, edits []edit) []edit {
	seg := md[t.Segment.Start:t.Segment.Stop]
	var prev rune
	for i, r := range seg {
		at := t.Segment.Start + i
		if i > 0 && mayBreak(prev, r) {
			edits = append(edits, edit{at, at, string(breakMark)})
		}
		if r < utf8.RuneSelf && keep[byte(r)] != "" {
			edits = append(edits, standIn(md, at)) // after a break mark at the same place
		}
		prev = r
	}
	// beside inline code, as between 、 and the next gate name in a list of them
	if first, _ := utf8.DecodeRuneInString(seg); isCode(t.PreviousSibling()) && Unspaced(first) && !strings.ContainsRune(noBreakBefore, first) {
		edits = append(edits, edit{t.Segment.Start, t.Segment.Start, string(breakMark)})
	}
	if isCode(t.NextSibling()) && Unspaced(prev) && !strings.ContainsRune(noBreakAfter, prev) {
		edits = append(edits, edit{t.Segment.Stop, t.Segment.Stop, string(breakMark)})
	}
	// a source line break between two Chinese characters: no space, a break opportunity
	if next, ok := t.NextSibling().(*ast.Text); ok && t.SoftLineBreak() && !t.HardLineBreak() && prev != 0 {
		first, _ := utf8.DecodeRuneInString(md[next.Segment.Start:next.Segment.Stop])
		gap := md[t.Segment.Stop:next.Segment.Start]
		if Unspaced(prev) && Unspaced(first) && strings.Trim(gap, " \t\r\n") == "" && strings.Count(gap, "\n") == 1 {
			edits = append(edits, edit{t.Segment.Stop, next.Segment.Start, string(breakMark)})
		}
	}
	return edits
}

// isCode reports whether n is inline code. A break beside it changes nothing in how the text
// parses, which a break beside an emphasis delimiter could.
func isCode(n ast.Node) bool { return n != nil && n.Kind() == ast.KindCodeSpan }

// unmarkBreaks removes the break marks markBreaks put in and gives words and inline code their
// characters back. Such characters in the content itself go the same way: no terminal needs a
// U+2028, and the private-use ones mean nothing.
func unmarkBreaks(s string) string {
	for i := 0; i+2 < len(s); i++ {
		if c := s[i]; c == 0xe2 && s[i+1] == 0x80 && s[i+2] == 0xa8 || c == 0xee && s[i+1] == 0x80 {
			return unmarker().Replace(unmarkCuts(s))
		}
	}
	return s
}

// Unspaced reports whether r belongs to the scripts written without spaces between words, or to
// their punctuation (CJK symbols, fullwidth forms): a rendered page may break a line beside it
// with no space there. Korean puts spaces between words, and keeps them as English does.
func Unspaced(r rune) bool {
	switch {
	case r < 0x2e80:
		return false
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
		return true
	}
	return r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// sharedPunct is punctuation that English shares with Chinese; a line may break beside it when
// the other side is Chinese and the rules allow.
func sharedPunct(r rune) bool { return strings.ContainsRune("“”‘’…—", r) }

// mayBreak reports whether a line may break between a and b in text.
func mayBreak(a, b rune) bool {
	if strings.ContainsRune(noBreakBefore, b) || strings.ContainsRune(noBreakAfter, a) {
		return false
	}
	ua, ub := Unspaced(a), Unspaced(b)
	switch {
	case ua && ub:
		return true
	case ua:
		return b > ' ' && b < utf8.RuneSelf || sharedPunct(b) // 用a, 用“, 、#124417, 用--flag, 在/etc
	case ub:
		return isASCIIAlnum(a) || sharedPunct(a) // a用, ”用
	}
	return false
}

func isASCIIAlnum(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// hasUnspaced reports whether s holds a character of a script written without spaces: most
// pages hold none, and cost one scan.
func hasUnspaced(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xe2 { // every rune from U+2E80 up starts with 0xe2 or above
			r, _ := utf8.DecodeRuneInString(s[i:])
			if Unspaced(r) {
				return true
			}
		}
	}
	return false
}

// WrapText wraps plain text in lines of at most width cells: at spaces, and where a line may
// break in Chinese text (mayBreak). A word wider than the width (a long flag, a URL) keeps a
// line of its own, whole: help text is never cut. No line ends in a space.
func WrapText(text string, width int) []string {
	var (
		lines []string
		cur   strings.Builder
		curW  int
	)
	for _, word := range strings.Fields(text) {
		for i, unit := range breakUnits(word) {
			w := xansi.StringWidth(unit)
			sep := ""
			if i == 0 && curW > 0 {
				sep = " "
			}
			if curW > 0 && curW+len(sep)+w > width {
				lines = append(lines, cur.String())
				cur.Reset()
				curW, sep = 0, ""
			}
			cur.WriteString(sep + unit)
			curW += len(sep) + w
		}
	}
	if curW > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// breakUnits splits a word (no spaces) where a line may break inside it.
func breakUnits(word string) []string {
	var out []string
	start := 0
	var prev rune
	for i, r := range word {
		if i > 0 && mayBreak(prev, r) {
			out = append(out, word[start:i])
			start = i
		}
		prev = r
	}
	return append(out, word[start:])
}
