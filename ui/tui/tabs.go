package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// The explorer's tabs are data.Sections, in their order; m.tab indexes them.

// renderTabs draws the tab row, shortening labels until it fits the width. counts[i] is the
// number of items in tab i; matches[i] is how many match the active search (-1 with no search).
// ends[i] is the column just past tab i, for mouse clicks.
func renderTabs(s Styles, lang data.Lang, active int, counts, matches []int, width int) (row string, ends []int) {
	for _, variant := range []int{0, 1, 2} {
		var parts []string
		ends = ends[:0]
		x := 0
		for i, t := range data.Sections {
			label := t.Label.In(lang)
			if variant > 0 {
				label = t.Short.In(lang)
			}
			if variant == 2 && i != active {
				label = fmt.Sprint(i + 1)
			}
			n := fmt.Sprint(counts[i])
			if matches[i] >= 0 {
				n = fmt.Sprintf("%d/%d", matches[i], counts[i])
			}
			if i == 0 && matches[i] < 0 {
				n = "" // the overview holds everything; its count would repeat the header
			}
			text := label
			if n != "" && variant < 2 || n != "" && i == active {
				text += " " + n
			}
			part := s.TabNormal.Render(text)
			if i == active {
				part = s.TabActive.Render(text)
			}
			parts = append(parts, part)
			x += lipgloss.Width(part)
			ends = append(ends, x)
			x++ // the separator
		}
		row = strings.Join(parts, s.TabSep.Render("│"))
		if lipgloss.Width(row) <= width || variant == 2 {
			return ansi.Truncate(row, width, "…"), ends
		}
	}
	return "", nil
}

// tabAt returns the tab drawn at column x, or -1.
func tabAt(ends []int, x int) int {
	for i, end := range ends {
		if x < end {
			return i
		}
	}
	return -1
}
