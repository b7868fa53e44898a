// Package i18n holds every text of elli's user interfaces, the explorer's and the command line's,
// in each language elli speaks. A language is one value of Strings (en.go, zh.go): a text is a
// field, so code names it at compile time, and a field left empty in a language, or a format
// whose verbs differ from the English one, fails the catalog test, which names the field. The
// words composed into pages (stage, feature gate, …) live beside the content, in package data.
package i18n

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
)

// Strings is every text of the user interfaces in one language. A field holding a format says
// in its comment what it takes, in order; a translation may reorder them with %[n]s.
type Strings struct {
	// Name is the language's own name: "English", "简体中文".
	Name string
	// Sep joins a list ("a, b"); Or joins its last item ("a, b or c").
	Sep, Or string
	// Then joins sentences said one after the other ("a; b").
	Then string

	TUI  TUI
	Keys Keys
	Cut  Cut
	Note Note
	Out  Output
	Help Help
}

// Help is the chrome of the command line's help pages (ui/cli/help.go): section titles, the
// closing paragraph, the help flag's usage.
type Help struct {
	Usage, Examples, Commands, Topics, Flags, GlobalFlags, LearnMore string
	LearnMoreText                                                    string // the program: elli, or kubectl elli
	FlagHelp                                                         string // the command's name
}

// TUI is the explorer's text.
type TUI struct {
	WindowTitle string // version, codename
	TooSmall    string // least width, least height, width, height
	Header      string // version, codename
	HeaderFacts string // release date, enhancements, GA, Beta, Alpha
	// HeaderFactsShort is HeaderFacts where room is scarce.
	HeaderFactsShort string

	SearchPlaceholder, TypeToSearch, NoMatch, OneMatch string
	Matches                                            string // count
	// MatchedWords is what a result that matched only some of the search's words says on the
	// status line (and elli search on a terminal's stderr): matched, of how many, which, the
	// others. MatchedAll is what one that matched every word says: which.
	MatchedWords, MatchedAll string
	// Folded is the list's last line when it folds the weaker matches far below the best
	// (data.Result.Folded): how many; ↓ on the last result shows them.
	Folded string

	Empty                              string
	EmptySearch                        string // results in all tabs
	EmptyStarred, EmptyTodo, EmptyDone string
	OverviewRow                        string // the release's title

	// The Patches tab's timeline. LineHead: the line, patch releases; then the CVEs (CVETally),
	// LineSupportedUntil or LineInMaintenance (end of life), or LineEnded (end of life, the
	// release to upgrade to). The markers: LineEndOfLife, LineMaintenance (a date), LineToday,
	// LineReleased (version, date). LineLegend: the glyphs of supported, maintenance mode, a
	// patch release (supported, in maintenance mode), a high or critical fix, a lower one, each
	// as a plain %s in that order (the explorer colours each). RowPatch and RowCVE: the list's label.
	LineHead, LineSupportedUntil, LineInMaintenance, LineEnded string
	LineEndOfLife, LineMaintenance, LineToday, LineReleased    string
	LineLegend                                                 string
	// The Road tab's picture. RoadHead: the release, the newest release on the road, the default
	// target (data.Dataset.DefaultTarget), today's date (last: the part cut on a narrow screen,
	// where the column through the rows still marks today). RoadLegend: the glyphs of
	// supported, maintenance mode, end of life, today and the default target, each as a plain %s
	// in that order.
	RoadHead, RoadLegend string
	// RoadHopRow heads a release's changes on the Road tab: the version (▶ before the default
	// target), its support today, the impact "breaks on upgrade" and how many changes have it,
	// the codename (last, the part cut where the row is narrow).
	RoadHopRow string
	// RowRemoval and RowDeprecation label a change's row, in a column of five cells.
	RowRemoval, RowDeprecation string
	// Off marks a row whose feature is off by default.
	Off string
	// What the signs of the list mean, in the full help's legend.
	MeansOverview, MeansKEP, MeansRemoval, MeansDeprecation, MeansStep, MeansOff string
	MeansPatch, MeansCVE, MeansRoad                                              string
	MeansTodo, MeansDone, MeansStar, MeansNote                                   string

	// HelpClose heads the full help (?): how to close it
	HelpClose string

	Opened, Copied string // URL
	NoBrowser      string // URL
	// LinkCut is the status line's link of the selected item when it does not fit: the URL,
	// cut in its middle
	LinkCut        string
	NoLineHolds    string // the search words, quoted
	OnlySIG        string
	FindAt         string // match, matches
	OneLineMatches string
	LinesMatch     string // lines

	// Switched is the status line after L: the language now shown.
	Switched string

	NoCode     string
	CopiedCode string // block, blocks, what it is, its first line
	CodeLines  string // lines
	CodeLine   string
	CodeNext   string
	MouseOn    string
	MouseOff   string

	// the checklist, stars and notes
	ProgressDone                         string // done, all
	FilterAll, FilterTodo, FilterDone    string
	FilterNow                            string // filter, the next filter
	NotSaved, OnlyStarred, AllItems      string
	StateUnreadable                      string // the problem
	StateUnknownIDs                      string // ids, release
	StateNotSaved                        string // why
	NotOnChecklist                       string // item
	TickedDone, TickedNotDone            string // action, done, all
	StarNoOverview, Starred, Unstarred   string // Starred, Unstarred: what
	NoteNoOverview, NoteUnchanged        string
	NoteSaved, NoteRemoved, NoteOn       string // what
	NotePlaceholder, YourNote, NoteEdits string

	// elli check --tui
	BackToFindings, FixLabel, ItemLabel string
	NoFindings                          string // the paths checked
	OneNoteLeft, NotesLeft              string // NotesLeft: count
	// LacksFixes: a cluster's patch release is open to CVEs (version, CVETally)
	LacksFixes                    string
	Errors, Warnings, Infos       string // count
	OneError, OneWarning, OneInfo string
}

// Keys are the descriptions of the explorer's key bindings (ui/tui/keys.go), in help.
type Keys struct {
	Quit, Help, Search, NextTab, PrevTab, Open, Copy, CopyCode, Mouse, Suspend, Lang string
	Up, Down, PageUp, PageDown, First, Last, Read, Back, ClearSearch                 string
	ScrollUp, ScrollDown, HalfUp, HalfDown, Top, Bottom, NextMatch, PrevMatch        string
	ToResults, Clear, PrevResult, NextResult                                         string
	ReadFinding, Explore, Findings                                                   string
	Done, Star, StarredOnly, Note, Filter, NoteSave, NoteCancel                      string
	// LangLong describes L where there is room (docs/explorer.md's key table).
	LangLong string
}

// Cut says what a bounded search left out of a query (search.QueryCut).
type Cut struct {
	Used  string // what was kept: one or two of the parts below
	And   string
	Chars string // characters kept
	Words string // terms kept
	Once  string
}

// Note is a one-line notice about the data.
type Note struct {
	// NoTranslation: the whole dataset lacks the language; Untranslated: pages, of pages.
	NoTranslation, Untranslated string
}

// Output is what commands print besides the content: table headings, labels, notices.
type Output struct {
	ColID, ColStage, ColSIG, ColTitle, ColName, ColDefault, ColComponents string

	// elli patches and elli cve: the tables' headings, and NoFix in the FIXED IN column (the
	// line, 1.31)
	ColVersion, ColReleased, ColGo, ColCVEs, ColSummary string
	ColCVE, ColCVSS, ColFixedIn, NoFix                  string
	SupportLine                                         string // line, maintenance mode, end of life, upgrade to
	CVENone                                             string // version, date of the data
	CVELacking                                          string // version, CVETally
	// CVEs and how they stand in the line, said in the same words by the Patches tab, elli
	// patches, elli cve and the findings (Strings.CVETally): CVECount or OneCVE or NoCVE the
	// total; TallyFixed the ones a patch release of the line fixed (count, line, releases);
	// TallyNoFix the others (count, line); Tally the total and the parts, joined by TallySep.
	CVECount, OneCVE, NoCVE, TallyFixed, TallyNoFix, Tally, TallySep string
	// FixedLater: a CVE with no fix in the line that later lines fixed (id, their releases)
	FixedLater string
	// RoadSupported, RoadMaintenance, RoadEnded: cve --version for a release on the road after
	// the line, by its support today (version, its minor release, the line, maintenance mode,
	// end of life, its newest patch release)
	RoadSupported, RoadMaintenance, RoadEnded string
	NewerPatches                              string // count, newest, all of them
	// SearchFolded is elli search's note on stderr when it leaves out the weaker matches far
	// below the best (data.Result.Folded): how many.
	SearchFolded string

	// elli road: where the release stands (version, end of life), the way to the target
	// (target, its status, hops, breaking count, action count), each hop's head (version,
	// codename, released, status phrase, newest patch, its date), the status phrases (date),
	// the IMPACT column, the data's date, and what to do next (target)
	RoadFrom, RoadTo, RoadHop                         string
	HopSupported, HopMaintenance, HopEnded, ColImpact string
	RoadAsOf, RoadNext                                string

	GateDefault, GateStage, GateComponents, GateDescribedIn, GateNote, GateMore string
	GateClose                                                                   string // name
	GateItem                                                                    string // KEP or id, title, stage or kind
	// Label is a label before its value: "Default:".
	Label string

	Version     string // version, commit, date
	VersionData string // version, codename, date of the data

	// Checklist heads elli checklist (version); NoteGone stands for what a note is about when
	// the release does not have its id.
	Checklist, NoteGone string

	// elli check: the findings table, its summary, --rules and the notes on stderr
	CheckFix, CheckSee    string
	CheckSeeItem          string // item id, item title
	CheckFile, CheckFiles string // count
	CheckClean            string // the files checked (CheckFile/CheckFiles)
	// CheckCleanPartial replaces CheckClean, in the table and the Findings view alike, when
	// the check could not read everything (it wrote notes): what was checked, and how much of
	// it was read (CheckReadCount; "" in the view, which does not count)
	CheckCleanPartial                             string
	CheckReadCount                                string // CheckFiles (or CheckNoFile…)
	CheckNoFile                                   string // CheckFiles for no file
	CheckNoObject                                 string // CheckObjects for no object
	CheckNothing                                  string // what was checked, when it held nothing to check and no note
	CheckStdin                                    string // what was checked, for - (standard input)
	CheckMorePaths                                string // the first paths, how many more
	CheckToHint                                   string // the default road target ("1.33")
	CheckHop                                      string // a release on the road, "v1.32 Penelope"
	CheckSummary                                  string // counts, files with findings, the files checked
	CheckError, CheckErrors                       string // count
	CheckWarning, CheckWarnings                   string // count
	CheckInfo                                     string // count
	CheckSkipped, CheckUnparsable, CheckTruncated string
	CheckNote                                     string // place, CheckSkipped (or another kind), message
	CheckMoreNotes                                string // count
	CheckObject, CheckObjects                     string // count (elli check --cluster)
	// elli check --cluster: the frame line (context and server version), progress, unreachable
	ClusterUpgrade, ClusterCurrent, ClusterOther string // where: ClusterWhere, or the version alone
	ClusterWhere                                 string // context, version
	ClusterReading                               string // kind, count
	ClusterUnreachable                           string // reason
	ClusterPartial                               string // kinds not read, kinds
	ColRule, ColSeverity, ColItem, ColFinds      string
}

var catalogs = map[data.Lang]*Strings{data.LangEN: &en, data.LangZH: &zh}

// For returns the texts of lang; English for a language elli does not speak.
func For(lang data.Lang) *Strings {
	if s, ok := catalogs[lang]; ok {
		return s
	}
	return &en
}

// List joins words as "a, b or c" in the language.
func (s *Strings) List(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], s.Sep) + s.Or + words[len(words)-1]
}

// CVETally says how CVEs stand in the line v (v1.31): "6 CVEs: 3 fixed in 1.31 (v1.31.5, .6,
// .12), 3 with no 1.31 fix". A part that counts none is left out.
func (s *Strings) CVETally(t data.CVETally, v string) string {
	o := &s.Out
	if t.Total == 0 {
		return o.NoCVE
	}
	total := s.CVECount(t.Total)
	line := strings.TrimPrefix(v, "v")
	var parts []string
	if t.FixedInLine > 0 {
		parts = append(parts, fmt.Sprintf(o.TallyFixed, t.FixedInLine, line, strings.Join(shortVersions(t.Releases), s.Sep)))
	}
	if n := t.NoFixInLine(); n > 0 {
		parts = append(parts, fmt.Sprintf(o.TallyNoFix, n, line))
	}
	return fmt.Sprintf(o.Tally, total, strings.Join(parts, o.TallySep))
}

// CVECount says a number of CVEs: "6 CVEs", "1 CVE", "no CVE".
func (s *Strings) CVECount(n int) string {
	switch n {
	case 0:
		return s.Out.NoCVE
	case 1:
		return s.Out.OneCVE
	}
	return fmt.Sprintf(s.Out.CVECount, n)
}

// shortVersions writes each version after the first of its line by its patch number alone:
// v1.31.5, .6, .12.
func shortVersions(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v
		if i > 0 && data.MinorOf(v) == data.MinorOf(vs[i-1]) {
			out[i] = strings.TrimPrefix(v, data.MinorOf(v))
		}
	}
	return out
}

// ClusterFrame is the line that says what a cluster scan's findings mean for the server's
// version: frame is "upgrade" (a v1.30 server), "current" (v1.31) or anything else for a
// version the scan can only assume is going to v1.31. The table of elli check --cluster
// prints it first and the Findings view under its header; context and server come sanitized.
func (s *Strings) ClusterFrame(frame, context, server string) string {
	where := server
	if context != "" {
		where = fmt.Sprintf(s.Out.ClusterWhere, context, server)
	}
	switch frame {
	case "upgrade":
		return fmt.Sprintf(s.Out.ClusterUpgrade, where)
	case "current":
		return fmt.Sprintf(s.Out.ClusterCurrent, where)
	}
	return fmt.Sprintf(s.Out.ClusterOther, where)
}

// MatchedNote is what a result says of the search's words (the explorer's status line, elli
// search's note on stderr): "matched: pods lose connections" when it matched every word,
// "matched 3 of 4 words: service ip range (not: full)" when only some; "" for no word (a SIG
// filter alone).
func (s *Strings) MatchedNote(words, not []string) string {
	switch {
	case len(words) == 0:
		return ""
	case len(not) == 0:
		return fmt.Sprintf(s.TUI.MatchedAll, strings.Join(words, " "))
	}
	return fmt.Sprintf(s.TUI.MatchedWords, len(words), len(words)+len(not), strings.Join(words, " "), strings.Join(not, " "))
}

// CutNote is the one-line notice of what a bounded search left out of a query, or "" when it
// kept everything.
func (s *Strings) CutNote(c search.QueryCut) string {
	var parts []string
	if c.Chars > 0 {
		parts = append(parts, fmt.Sprintf(s.Cut.Chars, search.MaxQueryLen))
	}
	if c.Words > 0 {
		parts = append(parts, fmt.Sprintf(s.Cut.Words, search.MaxQueryTerms))
	}
	if c.Repeats > 0 && len(parts) == 0 {
		parts = append(parts, s.Cut.Once)
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf(s.Cut.Used, strings.Join(parts, s.Cut.And))
}

// UntranslatedNote is the one-line notice for a dataset that lacks the language in part or in
// whole, or "" when it has every page in it.
func (s *Strings) UntranslatedNote(ds *data.Dataset, lang data.Lang) string {
	missing, total := ds.Untranslated(lang)
	switch {
	case missing == 0:
		return ""
	case missing == total:
		return s.Note.NoTranslation
	}
	return fmt.Sprintf(s.Note.Untranslated, missing, total)
}

// formatVerb finds the fmt verbs of a format, with an explicit argument index if any.
var formatVerb = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)
})

// FormatArgs lists the arguments a format takes, each as "n:verb" by its position, sorted: two
// formats that take the same arguments give the same list, whatever order they use them in.
// The tests hold every translation to its English format with it.
func FormatArgs(format string) []string {
	var out []string
	n := 0
	for _, m := range formatVerb().FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		} else {
			n++
		}
		v := m[2]
		if v == "w" {
			v = "v" // an error wrapped, as a message shows it
		}
		out = append(out, fmt.Sprintf("%d:%s", n, v))
	}
	slices.Sort(out)
	return out
}
