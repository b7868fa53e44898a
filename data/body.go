package data

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"unicode/utf8"
)

// The Markdown renderer's time and memory grow much faster than the text when blocks nest or
// pile up: a blockquote 80 levels deep (81 bytes) took 45 s and 1.35 GB to render, 16 kB of
// one-line quotes 2.3 s. The real pages nest lists and quotes one level deep and open at most
// 13 of them, so a page may nest MaxNesting levels and open MaxBlocks lists items and quotes.
const (
	MaxNesting = 8
	MaxBlocks  = 500
)

// checkBody checks a page's Markdown before anything renders it: the nesting and the number
// of list items and quotes, and character references that would decode to a control character.
// firstLine is the file line the body starts on; the problem names the line.
func checkBody(body []byte, firstLine int) string {
	var fence []byte // the code fence open at the top level, if any
	blocks := 0
	for n, rest := firstLine, body; len(rest) > 0; n++ {
		var line []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			line, rest = rest, nil
		}
		if msg := checkReferences(line); msg != "" {
			return fmt.Sprintf("line %d: %s", n, msg)
		}
		depth, markers, text := containerPrefix(line)
		if fence != nil {
			// Closing too readily only means checking code as if it were text.
			if bytes.HasPrefix(text, fence) && len(bytes.TrimRight(bytes.TrimLeft(text, string(fence[:1])), " \t")) == 0 {
				fence = nil
			}
			continue
		}
		// Only a fence at the top level (no indent, no marker) is skipped as code: one inside a
		// list or quote also ends where its container does, which this scan does not follow.
		if f := fenceOf(text); len(f) > 0 && len(text) == len(line) {
			fence = f
			continue
		}
		if depth > MaxNesting {
			return fmt.Sprintf("line %d nests %d levels of lists and quotes; a page may nest %d: flatten it", n, depth, MaxNesting)
		}
		if blocks += markers; blocks > MaxBlocks {
			return fmt.Sprintf("line %d opens list item or quote number %d; a page may have %d: split the page", n, blocks, MaxBlocks)
		}
	}
	return ""
}

// containerPrefix reads the blockquote and list markers that open a line ("> ", "- ", "* ",
// "+ ", "1. ", "1) ") and the white space around them, and returns the text after them. depth
// bounds from above how deep the line nests: each marker opens a level, and each level a line
// continues without a marker (a list item's) needs two more columns of indent than the one
// around it, beyond the space a marker takes (a tab counts to the next multiple of four).
func containerPrefix(line []byte) (depth, markers int, text []byte) {
	col, space := 0, 0
	i := 0
	for {
		for ; i < len(line) && (line[i] == ' ' || line[i] == '\t'); i++ {
			w := 1
			if line[i] == '\t' {
				w = 4 - col%4
			}
			col, space = col+w, space+w
		}
		if i >= len(line) {
			break
		}
		j := markerEnd(line, i)
		if j < 0 {
			break
		}
		markers++
		col += j - i
		i = j
	}
	return markers + max(0, space-markers)/2, markers, line[i:]
}

// markerEnd is the end of the container marker at line[i], or -1 if none starts there.
func markerEnd(line []byte, i int) int {
	switch c := line[i]; {
	case c == '>':
		return i + 1
	case c == '-' || c == '*' || c == '+':
		if i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t' {
			return i + 1
		}
	case c >= '0' && c <= '9':
		j := i
		for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j < len(line) && (line[j] == '.' || line[j] == ')') && (j+1 == len(line) || line[j+1] == ' ' || line[j+1] == '\t') {
			return j + 1
		}
	}
	return -1
}

// checkReferences finds an HTML character reference that the renderer would decode to a
// control character ("&#27;", "&#x202e;", "&lrm;"), which the raw-byte check cannot see.
func checkReferences(line []byte) string {
	for i := bytes.IndexByte(line, '&'); i >= 0; {
		end := RefEnd(line, i)
		ref := string(line[i:end])
		if dec := html.UnescapeString(ref); dec != ref {
			if r, _ := utf8.DecodeRuneInString(dec); UnsafeRune(r) {
				if len(ref) > 16 {
					ref = ref[:10] + "…" + ref[len(ref)-4:]
				}
				return fmt.Sprintf("%s stands for the control character %U, which could rewrite a terminal; remove it", ref, r)
			}
		}
		j := bytes.IndexByte(line[i+1:], '&')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return ""
}

// RefEnd is the end of the character reference that may start at s[i] == '&': "&#" and decimal
// digits, "&#x" and hex digits (any number of them: a run of zeros still decodes), or a name;
// then an optional ';'. html.UnescapeString decides whether it is one. The loader's check and
// the renderer's neutralize both read references through it.
func RefEnd[T ~string | ~[]byte](s T, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '#' {
		j++
		if j < len(s) && (s[j] == 'x' || s[j] == 'X') {
			j++
		}
		for j < len(s) && isHex(s[j]) {
			j++
		}
	} else {
		const longestName = 32 // &CounterClockwiseContourIntegral;
		for j < len(s) && j-i <= longestName && isAlnum(s[j]) {
			j++
		}
	}
	if j < len(s) && s[j] == ';' {
		j++
	}
	return j
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// CheckMarkdownShape applies the loader's bounds on a page's Markdown (its nesting and number of
// lists items and quotes) to md, and says what breaks one, or "". Tests that feed the renderer
// arbitrary Markdown use it to keep to the shape a loaded page can have.
func CheckMarkdownShape(md string) string {
	return checkBody([]byte(strings.ReplaceAll(md, "&", " ")), 1) // the references are not shape
}
