package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/render"
)

// findingsModel is the explorer as elli check --tui opens it: the findings first, grouped by
// file, with the selected one's message and fix below them; enter opens the item that explains
// a finding in the explorer, and esc comes back. The explorer itself is unchanged: it gets
// every message while it is on screen, and the window size and colours always.
type findingsModel struct {
	ex       Model
	findings []check.Finding
	from     string
	notes    int // notes left on the terminal (CheckFindings.Notes)
	// cluster: a cluster scan's frame and lacking fixes (CheckFindings), for the banner
	cluster CheckFindings
	lines   []findingLine // the list as drawn: file headings and findings
	cursor  int           // index into findings
	top     int           // first line of lines on screen
	active  bool          // the findings are on screen; else the explorer is
	opened  bool          // the explorer shows an item opened from a finding
	// ruleWidth is the widest rule id, so that the objects line up
	ruleWidth int
	// lineCol: some finding has a line number, so the rows keep a column for it; a cluster
	// scan's findings have none (their place is a field path)
	lineCol bool
	// road: some finding comes from a release on the road (check --to), so each row names its
	// release
	road bool
}

// findingLine is one line of the list: a file's heading (finding -1) or a finding.
type findingLine struct {
	file    string
	finding int
}

func newFindingsModel(ex Model, opts Options) findingsModel {
	m := findingsModel{ex: ex, findings: opts.Check.Findings, from: opts.Check.From, notes: opts.Check.Notes, active: true}
	m.cluster = CheckFindings{Frame: opts.Check.Frame, Context: opts.Check.Context, Server: opts.Check.Server,
		LackingIn: opts.Check.LackingIn, Lacking: opts.Check.Lacking}
	for i, f := range m.findings {
		if i == 0 || f.File != m.findings[i-1].File {
			m.lines = append(m.lines, findingLine{file: f.File, finding: -1})
		}
		m.lines = append(m.lines, findingLine{finding: i})
		m.ruleWidth = max(m.ruleWidth, len(f.Rule))
		m.road = m.road || f.Release != ""
		m.lineCol = m.lineCol || f.Line > 0
	}
	return m
}

func (m findingsModel) Init() tea.Cmd { return m.ex.Init() }

func (m findingsModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if msg, ok := msg.(tea.KeyPressMsg); ok {
		if m.active {
			return m.handleKey(msg)
		}
		// the explorer gives the key back when it has nothing to go back to itself
		k := m.ex.keys
		back := m.opened && m.ex.focus == focusDetail && key.Matches(msg, k.Back) ||
			m.ex.focus == focusList && m.ex.query == "" && key.Matches(msg, k.Findings)
		if back {
			m.active, m.opened = true, false
			return m, nil
		}
	}
	if _, isMouse := msg.(tea.MouseMsg); isMouse && m.active {
		return m, nil
	}
	ex, cmd := m.ex.Update(msg)
	m.ex = ex.(Model)
	m.scrollToCursor()
	return m, cmd
}

func (m findingsModel) handleKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.ex.keys
	page := max(1, m.listHeight()-1)
	switch {
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Suspend):
		return m, tea.Suspend
	case key.Matches(msg, k.Up):
		m.cursor--
	case key.Matches(msg, k.Down):
		m.cursor++
	case key.Matches(msg, k.PageUp):
		m.cursor -= page
	case key.Matches(msg, k.PageDown):
		m.cursor += page
	case key.Matches(msg, k.Top):
		m.cursor = 0
	case key.Matches(msg, k.Bottom):
		m.cursor = len(m.findings) - 1
	case key.Matches(msg, k.ReadFinding):
		if len(m.findings) == 0 {
			return m, nil
		}
		f := m.findings[m.cursor]
		if it, _ := m.ex.ds.Lookup(f.Item); it == nil {
			return m, nil // a --data release without the item: nothing to open
		}
		m.ex.openItem(f.Item)
		m.ex.status, m.ex.statusErr = m.ex.s.TUI.BackToFindings, false
		m.ex.relayout()
		m.active, m.opened = false, true
		return m, m.ex.syncDetail()
	case key.Matches(msg, k.Explore):
		m.active = false
		return m, m.ex.syncDetail()
	case key.Matches(msg, k.Lang):
		return m, m.ex.switchLang()
	}
	m.cursor = max(0, min(m.cursor, len(m.findings)-1))
	m.scrollToCursor()
	return m, nil
}

// Layout: a header line, the banner (lines that say what the check means, for a cluster its
// frame), the list, a pane for the selected finding, and the help line. The
// pane's six lines inside its border: where (two, for a cluster object's long field path),
// what (two), the fix (what room is left, at least one), and the item.
const findingPaneLines = 8

// paneHeight is findingPaneLines, one less in a window of the explorer's minimum height, where
// the place gets one line: the list keeps a row.
func (m findingsModel) paneHeight() int { return max(7, min(findingPaneLines, m.ex.height-3)) }

func (m findingsModel) listHeight() int {
	return max(1, m.ex.height-2-m.paneHeight()-m.bannerLines())
}

// bannerLines is how many lines banner draws, counted without drawing them: listHeight runs
// on every key and frame.
func (m findingsModel) bannerLines() int {
	n := 0
	for _, on := range []bool{m.cluster.Server != "", m.notes > 0, m.cluster.Lacking.Total > 0} {
		if on {
			n++
		}
	}
	room := m.ex.height - 2 - m.paneHeight() - findingsMinList
	if len(m.findings) == 0 {
		room = m.ex.height - 2 - findingsMinList // the message in the middle
	}
	return max(0, min(n, room))
}

// findingsMinList is the list's rows that the banner leaves when the window is short.
const findingsMinList = 3

// banner is the lines under the header, each cut to the width: what a cluster scan's findings
// mean for the server's version (the first line of the table, from the same definition), that
// the check left notes on the terminal (a partial scan must not look complete), and how the
// CVEs the server's patch release is open to stand (the table lists them). A short window keeps
// the first ones, and the list at least findingsMinList rows.
func (m findingsModel) banner(w int) []string {
	st, t := m.ex.styles, m.ex.s.TUI
	var out []string
	if c := m.cluster; c.Server != "" {
		line := m.ex.s.ClusterFrame(c.Frame, render.SanitizeLine(c.Context), render.SanitizeLine(c.Server))
		out = append(out, st.HeaderDim.Render(ansi.Truncate(line, w, "…")))
	}
	if m.notes > 0 {
		s := t.OneNoteLeft
		if m.notes > 1 {
			s = fmt.Sprintf(t.NotesLeft, m.notes)
		}
		out = append(out, st.OffMarker.Render(ansi.Truncate(s, w, "…")))
	}
	if c := m.cluster; c.Lacking.Total > 0 {
		v := render.SanitizeLine(c.LackingIn)
		s := fmt.Sprintf(t.LacksFixes, v, m.ex.s.CVETally(c.Lacking, m.ex.ds.Release.Version))
		if ansi.StringWidth(s) > w { // the count alone, so that the command stays whole
			s = fmt.Sprintf(t.LacksFixes, v, m.ex.s.CVECount(c.Lacking.Total))
		}
		out = append(out, st.OffMarker.Render(ansi.Truncate(s, w, "…")))
	}
	return out[:m.bannerLines()]
}

// scrollToCursor keeps the cursor's line (and its file's heading, where there is room) on
// screen.
func (m *findingsModel) scrollToCursor() {
	at := m.lineOf(m.cursor)
	h := m.listHeight()
	if at-1 < m.top && at > 0 && m.lines[at-1].finding < 0 {
		m.top = at - 1
	}
	if at < m.top {
		m.top = at
	}
	if at >= m.top+h {
		m.top = at - h + 1
	}
	m.top = max(0, min(m.top, len(m.lines)-h))
}

func (m findingsModel) lineOf(finding int) int {
	for i, l := range m.lines {
		if l.finding == finding {
			return i
		}
	}
	return 0
}

func (m findingsModel) View() tea.View {
	if !m.active {
		return m.ex.View()
	}
	v := tea.NewView(m.Render())
	v.AltScreen = true
	if m.ex.mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = "elli check"
	return v
}

// Render draws the findings screen.
func (m findingsModel) Render() string {
	w, h := m.ex.width, m.ex.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := m.ex.styles
	if m.ex.lay.tooSmall {
		return m.ex.Render() // the explorer's own "enlarge the window" screen
	}
	banner := m.banner(w)
	out := append([]string{m.header(w)}, banner...)
	if len(m.findings) == 0 {
		msg := i18n.Fill(m.ex.s.TUI.NoFindings, render.SanitizeLine(m.from))
		if m.notes > 0 {
			// the table's words for a partial check, without its count of files
			msg = i18n.Fill(m.ex.s.Out.CheckCleanPartial, render.SanitizeLine(m.from), "")
		}
		body := lipgloss.Place(w, h-2-len(banner), lipgloss.Center, lipgloss.Center, st.Empty.Render(strings.Join(render.Wrap(msg, w-4), "\n")))
		return strings.Join(append(out, body, m.helpLine(w)), "\n")
	}
	lh := m.listHeight()
	for i := m.top; i < m.top+lh; i++ {
		if i >= len(m.lines) {
			out = append(out, "")
			continue
		}
		out = append(out, m.lineView(m.lines[i], w))
	}
	out = append(out, m.paneView(w), m.helpLine(w))
	return strings.Join(out, "\n")
}

func (m findingsModel) header(w int) string {
	st := m.ex.styles
	counts := map[check.Severity]int{}
	for _, f := range m.findings {
		counts[f.Severity]++
	}
	left := st.Header.Render("elli check") + st.HeaderDim.Render(" · "+render.SanitizeLine(m.from))
	t := m.ex.s.TUI
	plural := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return fmt.Sprintf(many, n)
	}
	right := plural(counts[check.Error], t.OneError, t.Errors) + " · " + plural(counts[check.Warning], t.OneWarning, t.Warnings) +
		" · " + plural(counts[check.Info], t.OneInfo, t.Infos)
	if room := w - lipgloss.Width(left) - 2; room >= lipgloss.Width(right) {
		return left + strings.Repeat(" ", w-lipgloss.Width(left)-lipgloss.Width(right)) + st.HeaderDim.Render(right)
	}
	return ansi.Truncate(left, w, "…")
}

// severityStyle colours a severity with the explorer's palette: errors in its warning red,
// warnings in its match amber, info in its accent.
func (m findingsModel) severityStyle(s check.Severity) lipgloss.Style {
	st := m.ex.styles
	switch s {
	case check.Error:
		return st.StatusError
	case check.Warning:
		return st.OffMarker
	}
	return st.Header.UnsetBold()
}

func (m findingsModel) lineView(l findingLine, w int) string {
	st := m.ex.styles
	if l.finding < 0 {
		return ansi.Truncate(st.Header.Render(render.SanitizeLine(l.file)), w, "…")
	}
	f := m.findings[l.finding]
	// the line number, where the list has any: a cluster object has none, and a column of
	// dashes would only push its field path off an 80-column screen
	pre := "  "
	if m.lineCol {
		loc := "-"
		if f.Line > 0 {
			loc = strconv.Itoa(f.Line)
		}
		pre = fmt.Sprintf("  %5s  ", loc)
	}
	sev := f.Severity.String()
	text := pre + fmt.Sprintf("%-7s  %-*s", sev, m.ruleWidth, f.Rule)
	if m.road {
		// a check along the road (--to): the release that brings each finding
		rel := f.Release
		if rel == "" {
			rel = data.MinorOf(m.ex.ds.Release.Version)
		}
		text += fmt.Sprintf("  %-5s", rel)
	}
	switch {
	case f.Path != "":
		// a cluster finding: its heading names the object, the row says where in it
		text += "  " + render.SanitizeLine(f.Path)
	case f.Kind != "":
		obj := f.Kind + " " + f.Name
		if f.Namespace != "" {
			obj = f.Kind + " " + f.Namespace + "/" + f.Name
		}
		text += "  " + render.SanitizeLine(obj)
	}
	text = ansi.Truncate(text, w, "…")
	if l.finding == m.cursor {
		return st.RowSelected.Render(text + strings.Repeat(" ", max(0, w-ansi.StringWidth(text))))
	}
	// colour the severity word alone: it sits after the location
	if strings.HasPrefix(text, pre+sev) {
		return pre + m.severityStyle(f.Severity).Render(sev) + st.Row.Render(text[len(pre)+len(sev):])
	}
	return st.Row.Render(text)
}

// paneView shows the selected finding: where it is, what it is, the fix and the item.
func (m findingsModel) paneView(w int) string {
	st := m.ex.styles
	f := m.findings[m.cursor]
	inner := w - 4 // the border and a space of padding on each side
	loc := render.SanitizeLine(f.File)
	if f.Line > 0 {
		loc += ":" + strconv.Itoa(f.Line)
	}
	if f.Path != "" {
		loc += " " + render.SanitizeLine(f.Path) // a cluster object's field (elli check --cluster)
	}
	title := f.Item
	if it, _ := m.ex.ds.Lookup(f.Item); it != nil {
		title = it.Title.In(m.ex.lang)
	}
	// six lines (five in the smallest window, where the place gets one): where (up to two),
	// what (up to two), the fix (what room is left), and the item, which always shows since
	// enter opens it
	n := m.paneHeight() - 2 // inside the border
	lines := paneWrapPlace(loc, inner, min(2, n-4))
	for i := range lines {
		lines[i] = st.HeaderDim.Render(lines[i])
	}
	lines = append(lines, paneWrap(render.SanitizeLine(f.Message), inner, 2)...)
	label := m.ex.s.TUI.FixLabel
	fix := paneWrap(label+render.SanitizeLine(f.Fix), inner, n-1-len(lines))
	if rest, ok := strings.CutPrefix(fix[0], label); ok {
		fix[0] = st.HeaderDim.Render(label) + rest
	}
	lines = append(lines, fix...)
	for len(lines) < n-1 {
		lines = append(lines, "")
	}
	lines = append(lines, ansi.Truncate(st.HeaderDim.Render(m.ex.s.TUI.ItemLabel)+title, inner, "…"))
	return st.PaneBorder.Padding(0, 1).Width(w).Render(strings.Join(lines, "\n"))
}

func (m findingsModel) helpLine(w int) string {
	k := m.ex.keys
	binds := []key.Binding{k.Down, k.ReadFinding, k.Explore, k.Quit}
	if len(m.findings) == 0 {
		binds = []key.Binding{k.Explore, k.Quit}
	}
	return shortFooter(m.ex.help, binds, []key.Binding{k.Quit}, w) // as the explorer's: q always shows
}

// paneWrap wraps plain text in at most n lines of width cells, the last ending in "…" when
// text is left over. It breaks at spaces and where Chinese text may break, and cuts a word
// wider than the pane with a mark (render.Wrap): a pane line is never wider than the pane.
func paneWrap(text string, width, n int) []string {
	return clipLines(render.Wrap(text, width), width, n)
}

// paneWrapPlace wraps a finding's place, a file or a cluster object and its field path: at its
// spaces, and a path wider than the pane is cut (with a mark) after a dot or a slash where one
// falls near the end of the line. When that takes more than n lines, the place is cut as one
// word, filling each line: at 80 columns an object and its long field show whole on two.
func paneWrapPlace(place string, width, n int) []string {
	var ls []string
	for _, l := range render.WrapText(place, width) {
		ls = append(ls, render.Cut(l, width, "./")...)
	}
	if len(ls) > n {
		ls = render.Cut(place, width, "./")
	}
	return clipLines(ls, width, n)
}

// clipLines keeps n lines, the last ending in "…" when lines are left out.
func clipLines(ls []string, width, n int) []string {
	if len(ls) == 0 {
		ls = []string{""}
	}
	if len(ls) > n {
		ls = append(ls[:n-1], ansi.Truncate(ls[n-1], width-1, "")+"…")
	}
	return ls
}
