package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// The explorer's tabs are data.Sections, in their order; m.tab indexes them.

// tabForm is one way to write the tab row, from the widest to the narrowest: the tabs' labels
// (full, their short label, the short label cut to a few cells, or the tab's number key) and
// how a search's count reads (matches of all, or matches alone).
type tabForm struct {
	label func(s data.Section, i int, lang data.Lang) string
	// cut: the count of matches alone, "40", rather than "40/92"
	cut bool
	// countsActive: only the active tab keeps its count (the last resort)
	countsActive bool
	// tight: the tabs other than the active one lose their padding, the bar alone parts them
	tight bool
}

// tabForms lists the forms renderTabs tries in turn. A label is shortened before it is given up
// for its number, and every tab keeps its count until the very last form, so that at 80
// columns a search still says where its matches are and the tabs keep their names. Before a
// label is cut, the padding goes: with eight tabs the short labels and their counts fit 80
// columns only without it.
func tabForms() []tabForm {
	full := func(s data.Section, _ int, lang data.Lang) string { return s.Label.In(lang) }
	short := func(s data.Section, _ int, lang data.Lang) string { return s.Short.In(lang) }
	cutTo := func(cells int) func(data.Section, int, data.Lang) string {
		return func(s data.Section, _ int, lang data.Lang) string { return ansi.Truncate(s.Short.In(lang), cells, "") }
	}
	number := func(_ data.Section, i int, _ data.Lang) string { return fmt.Sprint(i + 1) }
	forms := []tabForm{{label: full}, {label: short}, {label: short, cut: true},
		{label: short, tight: true}, {label: short, cut: true, tight: true}}
	for cells := 5; cells >= 2; cells-- {
		forms = append(forms, tabForm{label: cutTo(cells), cut: true, tight: true})
	}
	return append(forms, tabForm{label: number, cut: true, tight: true}, tabForm{label: number, cut: true, countsActive: true, tight: true})
}

// renderTabs draws the tab row in the widest form that fits the width (tabForms). counts[i] is
// the number of items in tab i; matches[i] is how many match the active search (-1 with no
// search). The active tab keeps its short label in every form. ends[i] is the column just past
// tab i, for mouse clicks.
func renderTabs(s Styles, lang data.Lang, active int, counts, matches []int, width int) (row string, ends []int) {
	forms := tabForms()
	for f, form := range forms {
		var parts []string
		ends = ends[:0]
		x := 0
		for i, t := range data.Sections {
			label := form.label(t, i, lang)
			if i == active && f > 1 {
				label = t.Short.In(lang)
			}
			n := fmt.Sprint(counts[i])
			switch {
			case matches[i] >= 0 && form.cut:
				n = fmt.Sprint(matches[i])
			case matches[i] >= 0:
				n = fmt.Sprintf("%d/%d", matches[i], counts[i])
			}
			if i == 0 && matches[i] < 0 || form.countsActive && i != active {
				n = "" // the overview holds everything; its count would repeat the header
			}
			text := label
			if n != "" {
				text += " " + n
			}
			normal := s.TabNormal
			if form.tight {
				normal = normal.Padding(0)
			}
			part := normal.Render(text)
			if i == active {
				part = s.TabActive.Render(text)
			}
			parts = append(parts, part)
			x += lipgloss.Width(part)
			ends = append(ends, x)
			x++ // the separator
		}
		row = strings.Join(parts, s.TabSep.Render("│"))
		if lipgloss.Width(row) <= width || f == len(forms)-1 {
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
