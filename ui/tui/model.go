package tui

import (
	"cmp"
	"fmt"
	"os"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/render"
)

// focus is where keys go.
type focus int

const (
	focusList focus = iota
	focusDetail
	focusSearch
	focusNote // the inline note editor (note.go)
)

// renderKey identifies one glamour render: the same item at the same width, theme and language
// always renders the same.
type renderKey struct {
	id    string
	width int
	theme render.Theme
	lang  data.Lang
}

// Model is the explorer's only bubbletea model; its children are plain structs.
type Model struct {
	ds       *data.Dataset
	keys     KeyMap
	styles   Styles
	renderer *render.Renderer
	// render renders a page; tests replace it (a slow page, say). now is the clock renders are
	// timed by.
	render func(md string, width int, theme render.Theme) (string, error)
	now    func() time.Time
	// today is the timeline's clock (Options.Today, else the system's)
	today func() time.Time
	lang  data.Lang
	s     *i18n.Strings // every text of the explorer, in lang

	themeFixed bool // --style dark|light: ignore the terminal's answer
	noColor    bool
	pageTheme  render.Theme // a glamour style chosen for the pages; "" follows the styles
	mouse      bool         // the explorer captures the mouse (--mouse, the config)
	measure    int          // the widest the page's text gets (the width setting)
	fewColors  bool         // the terminal shows 16 colours or fewer

	width, height int
	lay           layout

	tab        int
	focus      focus
	detailOpen bool // reading: the detail replaces the list in single-pane layouts and narrow splits
	lists      []listView
	counts     []int // each tab's size without a search

	input   textinput.Model
	query   string
	search  *search.Query // query as the engine read it: what the list and the page mark
	results []data.Result
	marks   [][]int // per result: the rune positions of its title that the search matched
	marksEN [][]int // the same in the official English title, shown beside a translated one
	matches []int   // per tab: how many results it holds; nil without a search
	// unfolded: the lists show the weaker matches far below the best (data.Result.Folded),
	// which they otherwise fold into one line; ↓ on the last result unfolds them
	unfolded bool

	detail    scroller
	shownKey  renderKey // what the detail holds
	shownReal bool      // false while it holds the quick placeholder
	shownNote string    // the note drawn above it
	shownRow  string    // the row it was shown for (a step and its page share a page)
	cache     map[renderKey]page
	inflight  map[renderKey]time.Time // renders running, and when each started
	recheck   bool                    // a renderTickMsg is on its way (detail.go)
	wanted    renderKey               // the render the detail pane waits for
	find      *findState              // the search's words in the shown page (find.go)
	// anchor is where the reader was in the page before L switched the language, until the
	// page in the new language is shown there (lang.go).
	anchor *anchor

	// rowCache keeps drawn list rows: a frame redraws only rows whose look changed.
	rowCache map[rowKey]string

	help     help.Model
	fullHelp bool
	// helpCache keeps the drawn help footer: it changes with the focus and the window, not with
	// each keystroke, and drawing it was a third of a frame.
	helpCache map[helpKey]string
	// line keeps the Patches tab's drawn timeline (timeline.go)
	line *drawnTimeline

	status    string
	statusErr bool

	code codeCursor // which code block c copied last (code.go)

	user        userState     // ticks, stars and notes, and their saving (state.go)
	groups      []actionGroup // the checklist's groups in m.lang (checklist.go)
	checkFilter checkFilter   // the checklist shows all, todo or done
	starredOnly bool          // every tab shows only starred items (S)
	// resultMarks holds, per item id in the search's results, the title's marked runes (nil
	// when none); noteHits the ids whose note holds the search's words (note.go).
	resultMarks map[string][]int
	// resultMarksEN: the same in the official English title shown beside a translated one
	resultMarksEN map[string][]int
	noteHits      map[string]bool
	noteEdit      *noteEditor // the inline note editor, while open (note.go)
	getenv        func(string) string

	// actions reach the outside world; tests replace them.
	openURL  func(url string) error
	copyText func(text string) error // the system clipboard, for y and c
}

// New builds the explorer's model over a loaded dataset.
func New(ds *data.Dataset, opts Options) Model {
	dark := opts.Theme != "light"
	lang := opts.Lang
	if lang == "" {
		lang = data.LangEN
	}
	m := Model{
		ds:         ds,
		keys:       KeyMapFor(lang),
		renderer:   render.NewRenderer(),
		lang:       lang,
		s:          i18n.For(lang),
		themeFixed: opts.Theme == "dark" || opts.Theme == "light",
		noColor:    opts.NoColor,
		pageTheme:  opts.PageTheme,
		mouse:      opts.Mouse,
		measure:    cmp.Or(opts.Measure, userfile.DefaultWidth),
		lists:      make([]listView, len(data.Sections)),
		counts:     countTabs(ds),
		cache:      map[renderKey]page{},
		rowCache:   map[rowKey]string{},
		helpCache:  map[helpKey]string{},
		line:       &drawnTimeline{},
		inflight:   map[renderKey]time.Time{},
		now:        time.Now,
		find:       &findState{at: -1},
		help:       help.New(),
		openURL:    systemOpener().open,
		copyText:   copyToSystemClipboard,
		tab:        max(0, data.SectionIndex(opts.Tab)),
		getenv:     os.Getenv,
	}
	m.today = time.Now
	if day := opts.Today; !day.IsZero() {
		m.today = func() time.Time { return day }
	}
	m.user, m.status = loadState(opts, ds)
	m.statusErr = m.status != ""
	m.groups = actionGroups(ds, m.lang)
	if checklistTab >= 0 {
		// the rows the tab lists, its actions and then its guide pages, as its position
		// counter counts them (the tab said 44 over a counter of 1/49)
		m.counts[checklistTab] = len(ds.Checklist()) + len(ds.Select(data.Filter{Section: data.Sections[checklistTab].Name}))
	}
	m.render = m.renderer.Render
	m.input = textinput.New()
	m.input.Prompt = "/ "
	m.input.Placeholder = m.s.TUI.SearchPlaceholder
	m.input.CharLimit = search.MaxQueryLen
	m.setStyles(NewStyles(dark, opts.NoColor, false))
	if note := m.s.UntranslatedNote(ds, lang); note != "" && m.status == "" {
		m.status = note // a --data folder may lack the language
	}
	if opts.Search != "" {
		m.input.SetValue(opts.Search) // cut to CharLimit, as typing would be
		m.setQuery(m.input.Value())
		if _, cut := search.BoundQuery(opts.Search); cut.Chars > 0 || cut.Words > 0 {
			m.status, m.statusErr = m.s.CutNote(cut), false
		}
	}
	m.refreshRows("")
	if opts.Open != "" {
		m.openItem(opts.Open)
	}
	return m
}

// Init asks the terminal for its background unless the theme was chosen on the command line.
func (m Model) Init() tea.Cmd {
	// Build the search index while the first frame is on screen, so the first keystroke of a
	// search does not pay for it.
	ds := m.ds
	warm := func() tea.Msg { ds.PrepareSearch(); return nil }
	if m.themeFixed || m.noColor {
		return warm
	}
	return tea.Batch(tea.RequestBackgroundColor, warm)
}

func (m *Model) setStyles(s Styles) {
	m.styles = s
	clear(m.rowCache)
	clear(m.helpCache)
	*m.line = drawnTimeline{}
	m.help.Styles = s.Help
	m.input.SetStyles(s.Input)
}

// activeList is the list of the active tab.
func (m *Model) activeList() *listView { return &m.lists[m.tab] }

// refreshRows rebuilds every tab's rows from the dataset or the search results, keeping each
// tab's cursor on the same item where possible (or on keepID for the active tab).
func (m *Model) refreshRows(keepID string) {
	for i := range data.Sections {
		keep := keepID
		if i != m.tab || keep == "" {
			if r, ok := m.lists[i].selected(); ok {
				keep = r.id()
			}
		}
		m.lists[i].setRows(m.rowsFor(i), keep, m.lang)
	}
}

func (m *Model) rowsFor(t int) []row {
	switch t {
	case checklistTab:
		return m.checklistRows()
	case roadTab:
		return m.roadRows()
	}
	var rows []row
	if m.query == "" {
		if t == 0 && !m.starredOnly {
			rows = append(rows, row{})
		}
		for _, it := range m.ds.Items {
			if data.Sections[t].Holds(it) && m.itemShown(it) {
				rows = append(rows, m.markRow(row{item: it}))
			}
		}
		return rows
	}
	folded := 0
	for i, r := range m.results {
		var add row
		switch {
		case r.Item.Kind == data.KindRelease:
			if t != 0 || m.starredOnly {
				continue
			}
			add = row{matches: m.marks[i]} // the overview row
		case data.Sections[t].Holds(r.Item) && m.itemShown(r.Item):
			add = m.markRow(row{item: r.Item, matches: m.marks[i], matchesEN: m.marksEN[i]})
		default:
			continue
		}
		if m.folds(r) {
			folded++
			continue
		}
		rows = append(rows, add)
	}
	if folded > 0 {
		rows = append(rows, row{heading: fmt.Sprintf(m.s.TUI.Folded, folded)})
	}
	return rows
}

// folds reports whether the lists fold a result away: a weaker match far below the best, while
// the user has not unfolded them.
func (m *Model) folds(r data.Result) bool { return r.Folded && !m.unfolded }

// shown is how many results the lists show, those folded away left out.
func (m *Model) shown() int {
	n := 0
	for _, r := range m.results {
		if !m.folds(r) {
			n++
		}
	}
	return n
}

// unfoldAtEnd shows the folded results when the cursor is on the last result of a list that
// folds some, and reports whether it did; the cursor stays, for ↓ to move onto the first of them.
func (m *Model) unfoldAtEnd() bool {
	l := m.activeList()
	if m.unfolded || len(l.rows) == 0 || l.rows[len(l.rows)-1].heading == "" || m.query == "" {
		return false
	}
	for i := l.cursor + 1; i < len(l.rows); i++ {
		if l.rows[i].selectable() {
			return false
		}
	}
	keep := ""
	if r, ok := l.selected(); ok {
		keep = r.id()
	}
	m.unfolded = true
	m.countMatches()
	m.refreshRows(keep)
	return true
}

// setQuery runs the search for q and records how many results each tab holds.
func (m *Model) setQuery(q string) {
	m.query = q
	m.unfolded = false
	m.search = m.ds.ParseQuery(q)
	m.results = m.withNoteHits(m.ds.SearchQuery(m.search))
	m.markTitles()
	if _, cut := search.BoundQuery(q); cut.Chars > 0 || cut.Words > 0 {
		m.status, m.statusErr = m.s.CutNote(cut), false
	}
	if q == "" || strings.TrimSpace(q) == "" {
		m.query = ""
		m.search, m.results, m.marks, m.marksEN = nil, nil, nil, nil
		m.matches, m.resultMarks, m.resultMarksEN, m.noteHits = nil, nil, nil, nil
		return
	}
	m.countMatches()
}

// countMatches counts each tab's results that the lists show.
func (m *Model) countMatches() {
	m.matches = make([]int, len(data.Sections))
	for _, r := range m.results {
		for i, t := range data.Sections {
			if t.Holds(r.Item) && (i == 0 || r.Item.Kind != data.KindRelease) && !m.folds(r) {
				m.matches[i]++
			}
		}
	}
}

// markTitles finds, for each result, the letters of its title that the search matched: in the
// shown language, and in the official English title that a translated enhancement shows beside
// it.
func (m *Model) markTitles() {
	m.marks = make([][]int, len(m.results))
	m.marksEN = make([][]int, len(m.results))
	m.resultMarks = make(map[string][]int, len(m.results))
	m.resultMarksEN = make(map[string][]int, len(m.results))
	for i, r := range m.results {
		m.marks[i] = runePositions(r.Item.Title.In(m.lang), r.TitleSpans(m.lang))
		m.resultMarks[r.Item.ID] = m.marks[i]
		if showsOfficialTitle(r.Item, m.lang) {
			m.marksEN[i] = runePositions(r.Item.Title.Default, r.TitleSpans(data.LangEN))
			m.resultMarksEN[r.Item.ID] = m.marksEN[i]
		}
	}
}

// countTabs returns each tab's size without a search; the dataset never changes, so New counts
// once.
func countTabs(ds *data.Dataset) []int {
	counts := make([]int, len(data.Sections))
	counts[0] = 1 // the overview row
	for _, it := range ds.Items {
		for i, t := range data.Sections {
			if t.Holds(it) {
				counts[i]++
			}
		}
	}
	return counts
}

// openItem deep-links to an item: the tab that holds it, the cursor on it, the detail open.
func (m *Model) openItem(ref string) {
	it, _ := m.ds.Lookup(ref)
	if it == nil {
		return
	}
	m.tab = data.HomeSection(it)
	m.lists[m.tab].setRows(m.rowsFor(m.tab), it.ID, m.lang)
	m.focus = focusDetail
	m.detailOpen = true
}

// selectedURL is the link `o` and `y` act on.
func (m *Model) selectedURL() string {
	r, ok := m.activeList().selected()
	switch {
	case !ok:
		return ""
	case r.item == nil:
		if len(m.ds.Release.Links) > 0 {
			return m.ds.Release.Links[0].URL
		}
		return ""
	}
	return r.item.URL
}
