package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/elli-k8s/elli/data"
)

// KeyMap declares every key binding once; help is generated from it, so the two cannot drift.
type KeyMap struct {
	// Global
	Quit, Help, Search, NextTab, PrevTab, Open, Copy, CopyCode, Mouse, Suspend key.Binding
	// Tabs jump to a tab: 1 to the first of data.Sections, 2 to the second, and so on.
	Tabs []key.Binding
	// List
	Up, Down, PageUp, PageDown, Top, Bottom, Enter, Back, ClearSearch key.Binding
	// Detail
	ScrollUp, ScrollDown, HalfUp, HalfDown, DetailPageUp, DetailPageDown, DetailTop, DetailBottom, FindNext, FindPrev key.Binding
	// Search input
	Accept, Cancel, ResultUp, ResultDown key.Binding
	// Findings (elli check --tui): read a finding's item, go to the explorer, come back
	ReadFinding, Explore, Findings key.Binding
	// The user's marks: Done ticks a checklist action, Star stars an item, StarredOnly shows
	// only starred items in every tab, Note writes a note, Filter cycles the checklist through
	// all, todo and done.
	Done, Star, StarredOnly, Note, Filter key.Binding
	// The inline note editor
	NoteSave, NoteCancel key.Binding
}

// DefaultKeyMap returns elli's bindings.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Quit:     b([]string{"q", "ctrl+c"}, "q", "quit"),
		Help:     b([]string{"?"}, "?", "help"),
		Search:   b([]string{"/"}, "/", "search"),
		NextTab:  b([]string{"tab", "l", "right"}, "tab/→", "next tab"),
		PrevTab:  b([]string{"shift+tab", "h", "left"}, "⇧tab/←", "prev tab"),
		Tabs:     tabKeys(b),
		Open:     b([]string{"o"}, "o", "open link"),
		Copy:     b([]string{"y"}, "y", "copy link"),
		CopyCode: b([]string{"c"}, "c", "copy code"),
		Mouse:    b([]string{"m"}, "m", "mouse on/off"),
		Suspend:  b([]string{"ctrl+z"}, "ctrl+z", "suspend"),

		Up:          b([]string{"up", "k"}, "↑/k", "up"),
		Down:        b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:      b([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown:    b([]string{"pgdown", "ctrl+d"}, "pgdn", "page down"),
		Top:         b([]string{"g", "home"}, "g", "first"),
		Bottom:      b([]string{"G", "end"}, "G", "last"),
		Enter:       b([]string{"enter"}, "enter", "read"),
		Back:        b([]string{"esc", "h", "left", "backspace"}, "esc", "back to list"),
		ClearSearch: b([]string{"esc"}, "esc", "clear search"),

		ScrollUp:       b([]string{"up", "k"}, "↑/k", "scroll up"),
		ScrollDown:     b([]string{"down", "j"}, "↓/j", "scroll down"),
		HalfUp:         b([]string{"ctrl+u", "u"}, "ctrl+u", "half page up"),
		HalfDown:       b([]string{"ctrl+d", "d"}, "ctrl+d", "half page down"),
		DetailPageUp:   b([]string{"pgup", "b"}, "pgup/b", "page up"),
		DetailPageDown: b([]string{"pgdown", "space", "f"}, "space", "page down"),
		DetailTop:      b([]string{"g", "home"}, "g", "top"),
		DetailBottom:   b([]string{"G", "end"}, "G", "bottom"),
		FindNext:       b([]string{"n"}, "n", "next match"),
		FindPrev:       b([]string{"N"}, "N", "prev match"),

		Accept:     b([]string{"enter"}, "enter", "go to results"),
		Cancel:     b([]string{"esc"}, "esc", "clear"),
		ResultUp:   b([]string{"up", "ctrl+p"}, "↑", "prev result"),
		ResultDown: b([]string{"down", "ctrl+n"}, "↓", "next result"),

		ReadFinding: b([]string{"enter"}, "enter", "read its item"),
		Explore:     b([]string{"e"}, "e", "the explorer"),
		Findings:    b([]string{"esc"}, "esc", "back to the findings"),
		Done:        b([]string{"space"}, "space", "tick done"),
		Star:        b([]string{"s"}, "s", "star"),
		StarredOnly: b([]string{"S"}, "S", "starred only"),
		Note:        b([]string{"e"}, "e", "edit note"),
		Filter:      b([]string{"t"}, "t", "all/todo/done"),

		NoteSave:   b([]string{"ctrl+s"}, "ctrl+s", "save note"),
		NoteCancel: b([]string{"esc"}, "esc", "cancel"),
	}
}

// tabKeys binds the digits to the sections, in order (there are fewer than ten), each described
// by its short label, which keeps the full help within 80 columns.
func tabKeys(b func(keys []string, help, desc string) key.Binding) []key.Binding {
	out := make([]key.Binding, len(data.Sections))
	for i, s := range data.Sections {
		n := strconv.Itoa(i + 1)
		out[i] = b([]string{n}, n, s.Short.Default)
	}
	return out
}

// helpKeys implements help.KeyMap for the current focus.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }

// helpFor returns the bindings that apply where the focus is; checklist says the checklist tab
// is active.
func (k KeyMap) helpFor(f focus, searching, checklist bool) helpKeys {
	switch f {
	case focusNote:
		return helpKeys{
			short: []key.Binding{k.NoteSave, k.NoteCancel},
			full:  [][]key.Binding{{k.NoteSave, k.NoteCancel}},
		}
	case focusSearch:
		return helpKeys{
			short: []key.Binding{k.Accept, k.Cancel, k.ResultUp, k.ResultDown},
			full:  [][]key.Binding{{k.Accept, k.Cancel}, {k.ResultUp, k.ResultDown}},
		}
	case focusDetail:
		back := k.Back
		short := []key.Binding{k.ScrollDown, k.DetailPageDown, back}
		actions := []key.Binding{back, k.Open, k.Copy, k.CopyCode, k.Search, k.Star, k.Note}
		if searching {
			short = append(short, k.FindNext)
			actions = append(actions, k.FindNext, k.FindPrev)
		}
		return helpKeys{
			short: append(short, k.Open, k.Copy, k.Search, k.Help, k.Quit),
			full: [][]key.Binding{
				{k.ScrollUp, k.ScrollDown, k.HalfUp, k.HalfDown},
				{k.DetailPageUp, k.DetailPageDown, k.DetailTop, k.DetailBottom},
				actions,
				{k.NextTab, k.PrevTab, k.Mouse, k.Suspend, k.Quit},
			},
		}
	}
	half := (len(k.Tabs) + 1) / 2
	short := []key.Binding{k.Down, k.Enter}
	if checklist {
		short = append(short, k.Done, k.Filter)
	}
	short = append(short, k.NextTab, k.Search)
	if searching {
		short = append(short, k.ClearSearch)
	}
	short = append(short, k.Open, k.Help, k.Quit)
	mine := []key.Binding{k.Done, k.Star, k.StarredOnly, k.Note}
	if checklist {
		mine = append(mine, k.Filter)
	}
	return helpKeys{
		short: short,
		full: [][]key.Binding{
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
			{k.Enter, k.Search, k.ClearSearch, k.Open, k.Copy, k.CopyCode},
			mine,
			append([]key.Binding{k.NextTab, k.PrevTab}, k.Tabs[:half]...),
			append(slices.Clone(k.Tabs[half:]), k.Mouse, k.Suspend, k.Help, k.Quit),
		},
	}
}

// AllBindings lists every binding with a help text, grouped by where it applies; the README's key
// table is generated from it.
func (k KeyMap) AllBindings() []struct {
	Context  string
	Bindings []key.Binding
} {
	return []struct {
		Context  string
		Bindings []key.Binding
	}{
		{"List and detail", slices.Concat([]key.Binding{k.NextTab, k.PrevTab}, k.Tabs, []key.Binding{k.Search, k.Open, k.Copy, k.CopyCode, k.Mouse, k.Help, k.Suspend, k.Quit})},
		{"List", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Enter, k.ClearSearch}},
		{"Detail", []key.Binding{k.ScrollUp, k.ScrollDown, k.HalfUp, k.HalfDown, k.DetailPageUp, k.DetailPageDown, k.DetailTop, k.DetailBottom, k.Back, k.FindNext, k.FindPrev}},
		{"Search input", []key.Binding{k.Accept, k.Cancel, k.ResultUp, k.ResultDown}},
		{"Findings (elli check --tui)", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.ReadFinding, k.Explore, k.Findings, k.Quit}},
		{"Checklist, stars, notes", []key.Binding{k.Done, k.Filter, k.Star, k.StarredOnly, k.Note}},
		{"Note editor", []key.Binding{k.NoteSave, k.NoteCancel}},
	}
}

// KeyTable renders every binding as a Markdown table, for the README.
func (k KeyMap) KeyTable() string {
	var b strings.Builder
	b.WriteString("| Where | Keys | Action |\n|---|---|---|\n")
	for _, group := range k.AllBindings() {
		for _, bind := range group.Bindings {
			keys := make([]string, len(bind.Keys()))
			for i, key := range bind.Keys() {
				keys[i] = "`" + key + "`"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", group.Context, strings.Join(keys, " "), bind.Help().Desc)
		}
	}
	return b.String()
}
