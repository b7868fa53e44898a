package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// The help footer. bubbles' help draws the full help as one column per group, side by side, and
// cuts what passes the width: at 80 columns the last groups (the tabs, L, ctrl+z, ? and q) never
// showed. Here the full help is laid out in as few rows as the width allows, so every key shows
// at any width the explorer runs in, and the one-line footer drops keys from its end but always
// keeps ? and q, so every size says how to see the rest and how to leave.

// helpGap is the space between two columns of the full help.
const helpGap = "   "

// helpLines returns the footer's lines, unpadded: the short help, or the full help and under it
// the legend of the list's signs.
func (m Model) helpLines(k helpKey) []string {
	keys := m.keys.helpFor(k.focus, k.searching, k.checklist)
	if k.atEnd { // at the bottom of the list, down goes nowhere: offer up
		keys.short = slices.Clone(keys.short)
		for i, b := range keys.short {
			if sameKeys(b, m.keys.Down) {
				keys.short[i] = m.keys.Up
			}
		}
	}
	if !k.full {
		return []string{shortFooter(m.help, keys.ShortHelp(), []key.Binding{m.keys.Help, m.keys.Quit}, k.width)}
	}
	// the first line says how to close it: the full help hides part of the screen
	closeHint := m.help.Styles.FullDesc.Render(ansi.Truncate(m.s.TUI.HelpClose, k.width, "…"))
	lines := append([]string{closeHint}, helpGrid(m.help.Styles, keys.FullHelp(), k.width)...)
	if k.focus != focusSearch && k.focus != focusNote {
		lines = append(lines, m.legend()...)
	}
	return lines
}

// shortFooter draws the one-line help: the bindings in order, with those of keep moved to the
// end, dropping the others from the end until the line fits the width.
func shortFooter(h help.Model, short, keep []key.Binding, width int) string {
	var rest, kept []key.Binding
	for _, b := range short {
		if slices.ContainsFunc(keep, func(k key.Binding) bool { return sameKeys(k, b) }) {
			kept = append(kept, b)
		} else {
			rest = append(rest, b)
		}
	}
	h.SetWidth(0) // measured here: bubbles would cut the line with an ellipsis
	for n := len(rest); ; n-- {
		line := h.ShortHelpView(slices.Concat(rest[:n], kept))
		if lipgloss.Width(line) <= width || n == 0 {
			return line
		}
	}
}

func sameKeys(a, b key.Binding) bool { return slices.Equal(a.Keys(), b.Keys()) }

// helpEntry is one binding of the full help, measured.
type helpEntry struct {
	key, desc string
	kw, dw    int
}

// helpGrid lays the groups of bindings out in columns, top to bottom then left to right, in the
// fewest rows whose columns fit width. A group starts a column of its own when that fits in as
// few rows; otherwise the bindings flow on from column to column.
func helpGrid(st help.Styles, groups [][]key.Binding, width int) []string {
	var entries []helpEntry
	var starts []int // where each group begins in entries
	for _, g := range groups {
		starts = append(starts, len(entries))
		for _, b := range g {
			if !b.Enabled() || b.Help().Key == "" {
				continue
			}
			h := b.Help()
			entries = append(entries, helpEntry{h.Key, h.Desc, lipgloss.Width(h.Key), lipgloss.Width(h.Desc)})
		}
	}
	if len(entries) == 0 {
		return nil
	}
	var cols [][]helpEntry
	for rows := 1; rows <= len(entries); rows++ {
		cols = columns(entries, starts, rows)
		if gridWidth(cols) <= width {
			break
		}
		cols = columns(entries, nil, rows)
		if gridWidth(cols) <= width {
			break
		}
	}
	return drawGrid(st, cols)
}

// columns cuts entries into columns of at most rows entries, starting a new column at each of
// starts too.
func columns(entries []helpEntry, starts []int, rows int) [][]helpEntry {
	var cols [][]helpEntry
	var col []helpEntry
	for i, e := range entries {
		if len(col) == rows || len(col) > 0 && slices.Contains(starts, i) {
			cols = append(cols, col)
			col = nil
		}
		col = append(col, e)
	}
	return append(cols, col)
}

// colWidths returns the widths of a column's keys and descriptions.
func colWidths(col []helpEntry) (kw, dw int) {
	for _, e := range col {
		kw, dw = max(kw, e.kw), max(dw, e.dw)
	}
	return kw, dw
}

func gridWidth(cols [][]helpEntry) int {
	w := 0
	for i, c := range cols {
		kw, dw := colWidths(c)
		w += kw + 1 + dw
		if i > 0 {
			w += len(helpGap)
		}
	}
	return w
}

func drawGrid(st help.Styles, cols [][]helpEntry) []string {
	rows := 0
	for _, c := range cols {
		rows = max(rows, len(c))
	}
	lines := make([]strings.Builder, rows)
	for ci, c := range cols {
		kw, dw := colWidths(c)
		for r := range rows {
			b := &lines[r]
			if ci > 0 {
				b.WriteString(helpGap)
			}
			if r >= len(c) {
				b.WriteString(strings.Repeat(" ", kw+1+dw))
				continue
			}
			e := c[r]
			b.WriteString(st.FullKey.Render(e.key) + strings.Repeat(" ", kw-e.kw+1))
			b.WriteString(st.FullDesc.Render(e.desc) + strings.Repeat(" ", dw-e.dw))
		}
	}
	out := make([]string, rows)
	for i := range lines {
		out[i] = strings.TrimRight(lines[i].String(), " ")
	}
	return out
}
