package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// KeyMap declares every key binding once; help is generated from it, so the two cannot drift.
type KeyMap struct {
	// Global
	Quit, Help, Search, NextTab, PrevTab, Open, Copy, CopyCode, Mouse, Suspend, Lang key.Binding
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

// DefaultKeyMap returns elli's bindings, described in English.
func DefaultKeyMap() KeyMap { return KeyMapFor(data.LangEN) }

// KeyMapFor returns elli's bindings described in lang. The keys are the same in every language.
func KeyMapFor(lang data.Lang) KeyMap {
	d := i18n.For(lang).Keys
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Quit:     b([]string{"q", "ctrl+c"}, "q", d.Quit),
		Help:     b([]string{"?"}, "?", d.Help),
		Search:   b([]string{"/"}, "/", d.Search),
		NextTab:  b([]string{"tab", "l", "right"}, "tab/→", d.NextTab),
		PrevTab:  b([]string{"shift+tab", "h", "left"}, "⇧tab/←", d.PrevTab),
		Tabs:     tabKeys(b, lang),
		Open:     b([]string{"o"}, "o", d.Open),
		Copy:     b([]string{"y"}, "y", d.Copy),
		CopyCode: b([]string{"c"}, "c", d.CopyCode),
		Mouse:    b([]string{"m"}, "m", d.Mouse),
		Suspend:  b([]string{"ctrl+z"}, "ctrl+z", d.Suspend),
		// L switches between English and Chinese; its help names the other language.
		Lang: b([]string{"L"}, "L", d.Lang),

		Up:          b([]string{"up", "k"}, "↑/k", d.Up),
		Down:        b([]string{"down", "j"}, "↓/j", d.Down),
		PageUp:      b([]string{"pgup", "ctrl+u"}, "pgup", d.PageUp),
		PageDown:    b([]string{"pgdown", "ctrl+d"}, "pgdn", d.PageDown),
		Top:         b([]string{"g", "home"}, "g", d.First),
		Bottom:      b([]string{"G", "end"}, "G", d.Last),
		Enter:       b([]string{"enter"}, "enter", d.Read),
		Back:        b([]string{"esc", "h", "left", "backspace"}, "esc", d.Back),
		ClearSearch: b([]string{"esc"}, "esc", d.ClearSearch),

		ScrollUp:       b([]string{"up", "k"}, "↑/k", d.ScrollUp),
		ScrollDown:     b([]string{"down", "j"}, "↓/j", d.ScrollDown),
		HalfUp:         b([]string{"ctrl+u", "u"}, "ctrl+u", d.HalfUp),
		HalfDown:       b([]string{"ctrl+d", "d"}, "ctrl+d", d.HalfDown),
		DetailPageUp:   b([]string{"pgup", "b"}, "pgup/b", d.PageUp),
		DetailPageDown: b([]string{"pgdown", "space", "f"}, "space", d.PageDown),
		DetailTop:      b([]string{"g", "home"}, "g", d.Top),
		DetailBottom:   b([]string{"G", "end"}, "G", d.Bottom),
		FindNext:       b([]string{"n"}, "n", d.NextMatch),
		FindPrev:       b([]string{"N"}, "N", d.PrevMatch),

		Accept:     b([]string{"enter"}, "enter", d.ToResults),
		Cancel:     b([]string{"esc"}, "esc", d.Clear),
		ResultUp:   b([]string{"up", "ctrl+p"}, "↑", d.PrevResult),
		ResultDown: b([]string{"down", "ctrl+n"}, "↓", d.NextResult),

		ReadFinding: b([]string{"enter"}, "enter", d.ReadFinding),
		Explore:     b([]string{"e"}, "e", d.Explore),
		Findings:    b([]string{"esc"}, "esc", d.Findings),
		Done:        b([]string{"space"}, "space", d.Done),
		Star:        b([]string{"s"}, "s", d.Star),
		StarredOnly: b([]string{"S"}, "S", d.StarredOnly),
		Note:        b([]string{"e"}, "e", d.Note),
		Filter:      b([]string{"t"}, "t", d.Filter),

		NoteSave:   b([]string{"ctrl+s"}, "ctrl+s", d.NoteSave),
		NoteCancel: b([]string{"esc"}, "esc", d.NoteCancel),
	}
}

// tabKeys binds the digits to the sections, in order (there are fewer than ten), each described
// by its short label, which keeps the full help within 80 columns.
func tabKeys(b func(keys []string, help, desc string) key.Binding, lang data.Lang) []key.Binding {
	out := make([]key.Binding, len(data.Sections))
	for i, s := range data.Sections {
		n := strconv.Itoa(i + 1)
		out[i] = b([]string{n}, n, s.Short.In(lang))
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
				{k.NextTab, k.PrevTab, k.Mouse, k.Lang, k.Suspend, k.Help, k.Quit},
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
	short = append(short, k.Open, k.Help, k.Lang, k.Quit)
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
			append(slices.Clone(k.Tabs[half:]), k.Mouse, k.Lang, k.Suspend, k.Help, k.Quit),
		},
	}
}

// AllBindings lists every binding with a help text, grouped by where it applies; docs/explorer.md's key
// table is generated from it.
func (k KeyMap) AllBindings() []struct {
	Context  string
	Bindings []key.Binding
} {
	return []struct {
		Context  string
		Bindings []key.Binding
	}{
		{"List and detail", slices.Concat([]key.Binding{k.NextTab, k.PrevTab}, k.Tabs, []key.Binding{k.Search, k.Open, k.Copy, k.CopyCode, k.Mouse, k.Lang, k.Help, k.Suspend, k.Quit})},
		{"List", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Enter, k.ClearSearch}},
		{"Detail", []key.Binding{k.ScrollUp, k.ScrollDown, k.HalfUp, k.HalfDown, k.DetailPageUp, k.DetailPageDown, k.DetailTop, k.DetailBottom, k.Back, k.FindNext, k.FindPrev}},
		{"Search input", []key.Binding{k.Accept, k.Cancel, k.ResultUp, k.ResultDown}},
		{"Findings (elli check --tui)", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.ReadFinding, k.Explore, k.Findings, k.Quit}},
		{"Checklist, stars, notes", []key.Binding{k.Done, k.Filter, k.Star, k.StarredOnly, k.Note}},
		{"Note editor", []key.Binding{k.NoteSave, k.NoteCancel}},
	}
}

// KeyTable renders every binding as a Markdown table, for docs/explorer.md.
func (k KeyMap) KeyTable() string {
	var b strings.Builder
	b.WriteString("| Where | Keys | Action |\n|---|---|---|\n")
	for _, group := range k.AllBindings() {
		for _, bind := range group.Bindings {
			keys := make([]string, len(bind.Keys()))
			for i, key := range bind.Keys() {
				keys[i] = "`" + key + "`"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", group.Context, strings.Join(keys, " "), k.Desc(bind))
		}
	}
	return b.String()
}

// Desc is what a binding does, as a reference (docs/explorer.md's key table, the man page's KEYS)
// says it in English: in the app, the language key's help names the other language; here it
// names both.
func (k KeyMap) Desc(b key.Binding) string {
	if slices.Equal(b.Keys(), k.Lang.Keys()) {
		return i18n.For(data.LangEN).Keys.LangLong
	}
	return b.Help().Desc
}
