package data

import (
	"errors"
	"strconv"
	"strings"
)

// CodeBlock is a fenced code block of a page: what the explorer's c copies.
type CodeBlock struct {
	Lang   string // the fence's language, lower-cased; "" if none
	Line   int    // 1-based line of the opening fence in the Markdown
	Text   string // the code, without the fences and the indent of a list item
	Indent int    // columns before the fence, as inside a list item
}

// CodeBlocks returns the fenced code blocks of a Markdown text (``` or ~~~ fences, indented or
// not, as inside list items), in order. A block never closed runs to the end of the text, as
// CommonMark reads it, and is reported.
func CodeBlocks(md string) ([]CodeBlock, error) {
	var out []CodeBlock
	var cur *CodeBlock
	var fence, indent string
	var text strings.Builder
	for i, l := range strings.Split(md, "\n") {
		trimmed := strings.TrimLeft(l, " \t")
		if cur == nil {
			if f := fenceOf(trimmed); f != "" {
				cur = &CodeBlock{Lang: strings.TrimSpace(strings.TrimLeft(trimmed, f[:1])), Line: i + 1}
				if fs := strings.Fields(cur.Lang); len(fs) > 0 {
					cur.Lang = strings.ToLower(fs[0])
				}
				fence, indent = f, l[:len(l)-len(trimmed)]
				cur.Indent = len(indent)
				text.Reset()
			}
			continue
		}
		if f := fenceOf(trimmed); f != "" && f[0] == fence[0] && len(f) >= len(fence) && strings.TrimSpace(trimmed[len(f):]) == "" {
			cur.Text = text.String()
			out = append(out, *cur)
			cur = nil
			continue
		}
		text.WriteString(strings.TrimPrefix(l, indent))
		text.WriteByte('\n')
	}
	if cur != nil {
		cur.Text = text.String()
		out = append(out, *cur)
		return out, errors.New("a code block opened at line " + strconv.Itoa(cur.Line) + " is never closed")
	}
	return out, nil
}

// fenceOf returns the run of three or more backticks or tildes that opens s, or an empty s[:0].
// It serves CodeBlocks (strings) and the loader's checkBody (bytes) alike.
func fenceOf[T ~string | ~[]byte](s T) T {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(s) && s[n] == c {
			n++
		}
		if n >= 3 {
			return s[:n]
		}
	}
	return s[:0]
}
