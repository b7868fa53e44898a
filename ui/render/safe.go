package render

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// What elli writes to a terminal must be safe whatever the content held and in whatever
// encoding: raw bytes, YAML escapes, or HTML character references such as &#27; and &#x202e;,
// which glamour decodes itself (html.UnescapeString on every text, code span and link) after
// any check of the source could see them. So rendering checks at both ends:
//   - before glamour, references that would decode to an unsafe character lose their meaning
//     (their & is written &amp;) and unsafe characters are dropped (neutralize);
//   - after glamour, the output keeps only SGR sequences (colours and text attributes) and safe
//     characters (keepSGR): no OSC (glamour's own hyperlinks included), DCS, APC or other
//     control sequence, no C0 or C1 control but the newline, no bidi control.
// The first keeps content from forging colours, which the second could not tell from glamour's;
// the second holds whatever a future glamour or a missed encoding lets through.

// Unsafe reports whether r must not reach the terminal from content: data.UnsafeRune, the one
// definition, plus the U+FFFD that stands for bytes that were not UTF-8.
func Unsafe(r rune) bool { return r == utf8.RuneError || data.UnsafeRune(r) }

// Sanitize makes untrusted text safe to print: it removes ANSI escape sequences, then drops
// the characters Unsafe reports. Newlines and tabs stay.
func Sanitize(s string) string {
	if isPlain(s) {
		return s
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if !Unsafe(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SanitizeLine is Sanitize for one table cell or status line: newlines and tabs become spaces
// and runs of white space collapse, so the text cannot break a row or forge another one.
func SanitizeLine(s string) string {
	s = Sanitize(s)
	if !strings.ContainsAny(s, "\n\t\r") && !strings.Contains(s, "  ") {
		return strings.TrimSpace(s)
	}
	return strings.Join(strings.Fields(s), " ")
}

// isPlain reports whether s holds only printable ASCII, newlines and tabs: the common case,
// which needs no copy.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// neutralize prepares untrusted Markdown for glamour: unsafe characters are dropped, and a
// character reference that glamour would decode to one is written with &amp; so that it shows
// as the text it is ("&#27;") instead.
func neutralize(md string) string {
	md = Sanitize(md)
	i := strings.IndexByte(md, '&')
	if i < 0 {
		return md
	}
	var b strings.Builder
	last := 0
	for ; i >= 0; i = nextAmp(md, i+1) {
		end := data.RefEnd(md, i)
		ref := md[i:end]
		dec := html.UnescapeString(ref)
		if dec == ref {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(dec); !Unsafe(r) {
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(md) + 16)
		}
		b.WriteString(md[last:i])
		b.WriteString("&amp;")
		last = i + 1
	}
	if last == 0 {
		return md
	}
	b.WriteString(md[last:])
	return b.String()
}

func nextAmp(s string, from int) int {
	if from >= len(s) {
		return -1
	}
	if j := strings.IndexByte(s[from:], '&'); j >= 0 {
		return from + j
	}
	return -1
}

// tabWidth is how many spaces stand for a tab: a tab moves the cursor by a distance the pane
// cannot know, which would shift the explorer's border.
const tabWidth = 4

// keepSGR filters rendered output: SGR sequences (ESC [ params m) and safe characters stay;
// every other escape or control sequence is dropped whole, and so are unsafe characters. A tab
// becomes spaces.
func keepSGR(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			end, sgr := escapeEnd(s, i)
			if sgr {
				b.WriteString(s[i:end])
			}
			i = end
		case c == '\t':
			b.WriteString(strings.Repeat(" ", tabWidth))
			i++
		case c < 0x80:
			if !Unsafe(rune(c)) {
				b.WriteByte(c)
			}
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !Unsafe(r) {
				b.WriteString(s[i : i+size])
			}
			i += size
		}
	}
	return b.String()
}

// escapeEnd finds the end of the escape sequence at s[i] == ESC, and whether it is an SGR
// sequence. CSI ends at its final byte; OSC, DCS, SOS, PM and APC at ST (ESC \\) or, as
// terminals accept, BEL, or where another ESC starts; an unterminated one runs to the end. Any
// other ESC takes the character after it along.
func escapeEnd(s string, i int) (end int, sgr bool) {
	if i+1 >= len(s) {
		return len(s), false
	}
	switch s[i+1] {
	case '[':
		j := i + 2
		plain := true // only digits, ';' and ':' before the final byte
		for ; j < len(s); j++ {
			c := s[j]
			if c >= 0x40 && c <= 0x7e {
				return j + 1, plain && c == 'm'
			}
			if c < 0x20 || c >= 0x7f {
				return j, false // not a CSI byte: the sequence is broken here
			}
			if !(c >= '0' && c <= '9' || c == ';' || c == ':') {
				plain = false
			}
		}
		return len(s), false
	case ']', 'P', 'X', '^', '_':
		for j := i + 2; j < len(s); j++ {
			switch s[j] {
			case 0x07:
				return j + 1, false
			case 0x1b: // ST, or a new sequence that ends this one
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2, false
				}
				return j, false
			}
		}
		return len(s), false
	}
	_, size := utf8.DecodeRuneInString(s[i+1:])
	return i + 1 + size, false
}
