package render

import (
	"strings"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// A table lipgloss has to squeeze wraps inside its cells, and lipgloss picks the column widths
// by their median text, not by their longest word: at 60 columns the pitfalls table cut
// "cloud-controller-m" / "anager" and a flag in three, with no mark, and a reader followed each
// row down three narrow columns at once. A table whose rows do not fit the line as they are is
// written as a list instead, one item a row: its first cell, then the others under it, each
// after its column's heading ("- Ceph workloads fail…" / "  - **Cause:** In-tree…"). A table
// that fits stays a table.

// untable rewrites each table of md wider than l's line as a list; md is returned as it is
// when it has none.
func untable(md string, l layout) string {
	if !strings.Contains(md, "|") {
		return md
	}
	src := []byte(md)
	var edits []edit
	_ = ast.Walk(parseMarkdown(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != east.KindTable {
			return ast.WalkContinue, nil
		}
		if e, ok := tableAsList(md, n, l); ok {
			edits = append(edits, e)
		}
		return ast.WalkSkipChildren, nil
	})
	if len(edits) == 0 {
		return md
	}
	var b strings.Builder
	last := 0
	for _, e := range edits { // in the order of the page
		b.WriteString(md[last:e.at])
		b.WriteString(e.with)
		last = e.end
	}
	b.WriteString(md[last:])
	return b.String()
}

// tableAsList is the edit that writes table n as a list, if it does not fit l's line.
func tableAsList(md string, n ast.Node, l layout) (edit, bool) {
	var rows [][]string
	var widths []int
	start, end := -1, -1
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for k, cell := 0, row.FirstChild(); cell != nil; k, cell = k+1, cell.NextSibling() {
			text := ""
			if lines := cell.Lines(); lines.Len() > 0 {
				seg := lines.At(0)
				text = strings.TrimSpace(md[seg.Start:seg.Stop])
				if start < 0 {
					start = seg.Start
				}
				end = max(end, seg.Stop)
			}
			cells = append(cells, text)
			if k >= len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], inlineWidth(md, cell, l.codePad))
		}
		rows = append(rows, cells)
	}
	// glamour's table: a space before the first column, " | " between columns
	natural := 1 + 3*(len(widths)-1)
	for _, w := range widths {
		natural += w
	}
	if start < 0 || len(rows) < 2 || natural <= l.room(n) {
		return edit{}, false
	}
	start = strings.LastIndexByte(md[:start], '\n') + 1
	if i := strings.IndexByte(md[end:], '\n'); i >= 0 {
		end += i
	} else {
		end = len(md)
	}
	head := rows[0]
	var b strings.Builder
	for _, row := range rows[1:] {
		for k, cell := range row {
			switch {
			case cell == "":
			case k == 0:
				b.WriteString("- " + cell + "\n")
			case k < len(head) && head[k] != "":
				b.WriteString("  - **" + head[k] + "**" + colon(head[k]) + cell + "\n")
			default:
				b.WriteString("  - " + cell + "\n")
			}
		}
	}
	return edit{start, end, strings.TrimSuffix(b.String(), "\n")}, true
}

// colon ends a column's heading: a full-width colon after Chinese, as Chinese text writes it.
func colon(heading string) string {
	if r, _ := utf8.DecodeLastRuneInString(heading); Unspaced(r) {
		return "："
	}
	return ": "
}

// inlineWidth is how many cells n's text takes on one line: its text and inline code, with the
// style's padding either side of the code.
func inlineWidth(md string, n ast.Node, codePad int) int {
	w := 0
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c.Kind() {
		case ast.KindText:
			t := c.(*ast.Text)
			w += xansi.StringWidth(md[t.Segment.Start:t.Segment.Stop])
		case ast.KindCodeSpan:
			w += codeWidth(md, c) + 2*codePad
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return w
}
