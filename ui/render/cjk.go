package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chinese is written without spaces, and glamour wraps with x/ansi.Wrap, which breaks only at
// spaces and hyphens: a run of Chinese is one long "word", pushed whole to the next line and then
// cut at the width, so a line ending in a short English word ("在 iptables") stood half empty
// above it. Upstream: charmbracelet/x#827 (open) makes wide characters breakable, for
// charmbracelet/glamour#185. Until it ships, elli marks where a line may break between two
// Chinese characters with U+2028, which x/ansi takes for white space of no width, and removes
// the marks from what glamour returns. Drop this file once x/ansi breaks between wide
// characters itself.

// breakMark is the mark: white space to unicode.IsSpace, zero cells wide, never in a page's text
// once rendered (unmarkBreaks removes every one).
const breakMark = '\u2028'

// The line-breaking rules of Chinese typesetting (as in GB/T 15834 and CSS's line-break: strict):
// a line does not start with closing punctuation, nor end with opening punctuation.
const (
	noBreakBefore = "，。、；：？！）］｝》」』】〉〕…—～％·．,.!?)]};:’”"
	noBreakAfter  = "（［｛《「『【〈〔‘“"
)

// unspaced reports whether r belongs to the scripts written without spaces between words, or to
// their punctuation (CJK symbols, fullwidth forms).
func unspaced(r rune) bool {
	switch {
	case r < 0x2e80:
		return false
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
		return true
	}
	return r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// sharedPunct is punctuation that English shares with Chinese; a line may break beside it when
// the other side is Chinese.
func sharedPunct(r rune) bool { return strings.ContainsRune("“”‘’…—", r) }

// mayBreak reports whether a line may break between a and b.
func mayBreak(a, b rune) bool {
	ua, ub := unspaced(a), unspaced(b)
	return (ua && ub || ua && sharedPunct(b) || sharedPunct(a) && ub) &&
		!strings.ContainsRune(noBreakBefore, b) && !strings.ContainsRune(noBreakAfter, a)
}

// markBreaks puts a break mark between every two characters of Chinese text where a line may
// break, outside code blocks and code spans, whose text is shown as written.
func markBreaks(md string) string {
	if !hasUnspaced(md) {
		return md
	}
	var b strings.Builder
	b.Grow(len(md) + len(md)/4)
	fence := ""
	for line := range strings.Lines(md) {
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			b.WriteString(line)
			continue
		case strings.HasPrefix(trimmed, "```"), strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			b.WriteString(line)
			continue
		}
		markLine(&b, line)
	}
	return b.String()
}

// markLine writes one line of prose with its break marks; a code span (between backticks) is
// left alone.
func markLine(b *strings.Builder, line string) {
	var prev rune
	inCode := false
	for i, r := range line {
		if r == '`' {
			inCode = !inCode
		}
		if !inCode && i > 0 && mayBreak(prev, r) {
			b.WriteRune(breakMark)
		}
		b.WriteRune(r)
		prev = r
	}
}

// hasUnspaced reports whether s holds a character of a script written without spaces: most
// pages hold none, and cost one scan.
func hasUnspaced(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xe2 { // every rune from U+2E80 up starts with 0xe2 or above
			r, _ := utf8.DecodeRuneInString(s[i:])
			if unspaced(r) {
				return true
			}
		}
	}
	return false
}

// unmarkBreaks removes the break marks from rendered text.
func unmarkBreaks(s string) string {
	if !strings.ContainsRune(s, breakMark) {
		return s
	}
	return strings.ReplaceAll(s, string(breakMark), "")
}
