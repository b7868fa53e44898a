// Package data holds elli's dataset: the types, loading from an fs.FS, validation and sections.
// Its search runs in package data/search, over documents that search.go makes of the items.
// It knows nothing of terminals; the user interfaces present what it returns.
package data

import (
	"slices"
	"strconv"
	"strings"
)

// Kind says what an item is. Every page of the release is one Item with a Kind.
type Kind string

const (
	KindEnhancement Kind = "enhancement"
	KindRemoval     Kind = "removal"
	KindDeprecation Kind = "deprecation"
	KindGuide       Kind = "guide"
	// KindPatch is a patch release of the line (v1.31.1, …), KindCVE a security fix that reached
	// the line or a vulnerability that affects it.
	KindPatch Kind = "patch"
	KindCVE   Kind = "cve"
	// KindRelease marks the release overview when a search finds it; no content file declares it.
	KindRelease Kind = "release"
)

// Kinds lists the valid kinds in display order.
var Kinds = []Kind{KindEnhancement, KindRemoval, KindDeprecation, KindGuide, KindPatch, KindCVE, KindRoad}

// Stage is an enhancement's maturity in the release.
type Stage string

const (
	StageGA    Stage = "ga"
	StageBeta  Stage = "beta"
	StageAlpha Stage = "alpha"
)

// Stages lists the valid stages, most mature first.
var Stages = []Stage{StageGA, StageBeta, StageAlpha}

// Label is the stage as people write it.
func (s Stage) Label() string {
	switch s {
	case StageGA:
		return "GA"
	case StageBeta:
		return "Beta"
	case StageAlpha:
		return "Alpha"
	}
	return string(s)
}

// rank orders items: GA, Beta, Alpha, then items without a stage.
func (s Stage) rank() int {
	for i, st := range Stages {
		if s == st {
			return i
		}
	}
	return len(Stages)
}

// Lang is a content language. The default language is English; a translation may carry
// title, summary, keywords and body.
type Lang string

const (
	LangEN Lang = "en"
	LangZH Lang = "zh"
)

// Text is a string in the default language plus its translations. Anything a person reads is a
// Text, so a second language fits without changing the types.
type Text struct {
	Default string
	// Tr holds the translations by language, in language order, none empty. A text has one
	// or two, so a slice is found through as fast as a map, and a slice of plain values is
	// what the Go linker lays out as data: the embedded snapshot writes texts as literals,
	// with no code run at start (a map would need some). Set it through NewText, which keeps
	// the order.
	Tr []Translation
}

// Translation is a text in one language other than the default.
type Translation struct {
	Lang Lang
	Text string
}

// WordsTr holds lists of words by language (an item's translated keywords), in language order.
// A slice rather than a map for the same reason as Text.Tr.
type WordsTr []LangWords

// LangWords is a list of words in one language.
type LangWords struct {
	Lang  Lang
	Words []string
}

// In returns the words in lang, or nil.
func (w WordsTr) In(lang Lang) []string {
	for _, x := range w {
		if x.Lang == lang {
			return x.Words
		}
	}
	return nil
}

// set gives the words in lang, keeping the languages in order.
func (w *WordsTr) set(lang Lang, words []string) {
	i, found := slices.BinarySearchFunc(*w, lang, func(x LangWords, l Lang) int { return strings.Compare(string(x.Lang), string(l)) })
	if found {
		(*w)[i].Words = words
		return
	}
	*w = slices.Insert(*w, i, LangWords{lang, words})
}

// In returns the text in lang, falling back to the default language.
func (t Text) In(lang Lang) string {
	if s, ok := t.lookup(lang); ok {
		return s
	}
	return t.Default
}

// Has reports whether a translation into lang exists.
func (t Text) Has(lang Lang) bool { _, ok := t.lookup(lang); return ok || lang == LangEN }

// lookup returns the translation into lang, if the text has one.
func (t Text) lookup(lang Lang) (string, bool) {
	for _, x := range t.Tr {
		if x.Lang == lang {
			return x.Text, true
		}
	}
	return "", false
}

func (t Text) String() string { return t.Default }

// NewText builds a Text from its default-language string and its translations.
func NewText(def string, tr map[Lang]string) Text {
	t := Text{Default: def}
	for lang, s := range tr {
		t.set(lang, s)
	}
	return t
}

// Translations returns the text's translations by language (nil when there are none).
func (t Text) Translations() map[Lang]string {
	if len(t.Tr) == 0 {
		return nil
	}
	out := make(map[Lang]string, len(t.Tr))
	for _, x := range t.Tr {
		out[x.Lang] = x.Text
	}
	return out
}

func (t *Text) set(lang Lang, s string) {
	if lang == LangEN {
		t.Default = s
		return
	}
	if s == "" {
		return // an untranslated field falls back to the default language
	}
	i, found := slices.BinarySearchFunc(t.Tr, lang, func(x Translation, l Lang) int { return strings.Compare(string(x.Lang), string(l)) })
	if found {
		t.Tr[i].Text = s
		return
	}
	t.Tr = slices.Insert(t.Tr, i, Translation{lang, s})
}

// Gate is a feature gate as it stands in the release.
type Gate struct {
	Name       string
	Default    *bool
	Stage      string
	Components []string
	Note       Text
}

// History records the releases in which an enhancement reached each stage.
type History struct {
	Alpha string `yaml:"alpha"`
	Beta  string `yaml:"beta"`
	GA    string `yaml:"ga"`
}

// Link is a titled URL.
type Link struct {
	// Title is the link's text; a translation gives it in its language (links: in its front
	// matter, one title per link, in order).
	Title Text
	URL   string
}

// Item is one page of the release: an enhancement, a deprecation or removal, or a guide page.
// These types carry no JSON tags: what elli prints is defined in ui/cli/schema.go, so renaming
// a field here cannot change the public schema.
type Item struct {
	ID             string
	Kind           Kind
	KEP            int
	Title          Text
	Stage          Stage
	SIG            string
	Summary        Text
	URL            string
	Gates          []Gate
	History        History
	Keywords       []string
	ActionRequired bool
	Components     []string
	Affects        Text
	Instead        Text
	PRs            []int
	Order          int
	// Checklist marks a guide page whose numbered sections are upgrade steps.
	Checklist bool
	Links     []Link
	Body      Text
	// Path is the source file, for error messages.
	Path string
	// KeywordsTr holds translated keywords, indexed for search.
	KeywordsTr WordsTr
	// Patch holds a patch release's facts (kind patch); CVE a security fix's (kind cve).
	Patch *Patch
	CVE   *CVE
	// Road holds a road item's facts (kind road): the release that brings the change.
	Road *Road
}

// gate returns the item's gate with that name, or nil.
func (it *Item) gate(name string) *Gate {
	for i := range it.Gates {
		if it.Gates[i].Name == name {
			return &it.Gates[i]
		}
	}
	return nil
}

// KEPLabel is "KEP-3866", or "" for items without a KEP.
func (it *Item) KEPLabel() string {
	if it.KEP == 0 {
		return ""
	}
	return "KEP-" + strconv.Itoa(it.KEP)
}

// OffByDefault reports whether any of the item's gates is off by default in the release: the
// feature needs switching on.
func (it *Item) OffByDefault() bool {
	for _, g := range it.Gates {
		if g.offByDefault() {
			return true
		}
	}
	return false
}

// offByDefault: the gate exists in the release and is off unless turned on.
func (g Gate) offByDefault() bool {
	return g.Default != nil && !*g.Default && g.Stage != "deprecated" && g.Stage != "removed"
}

// Counts are the enhancement totals by stage.
type Counts struct {
	GA    int `yaml:"ga"`
	Beta  int `yaml:"beta"`
	Alpha int `yaml:"alpha"`
}

// Total is GA + Beta + Alpha.
func (c Counts) Total() int { return c.GA + c.Beta + c.Alpha }

// Cycle is the release's development cycle.
type Cycle struct {
	Start string `yaml:"start"`
	End   string `yaml:"end"`
	Weeks int    `yaml:"weeks"`
}

// Contributors are the release's contribution figures.
type Contributors struct {
	Companies             int    `yaml:"companies"`
	Individuals           int    `yaml:"individuals"`
	EcosystemCompanies    int    `yaml:"ecosystem_companies"`
	EcosystemContributors int    `yaml:"ecosystem_contributors"`
	IndividualsGrowth     string `yaml:"individuals_growth"`
}

// Release holds the release facts and its overview text.
type Release struct {
	Version      string
	Codename     string
	Title        Text
	Released     string
	Cycle        Cycle
	Counts       Counts
	Contributors Contributors
	Summary      Text
	// Support is the line's end of support; empty for a release folder with no patch pages.
	Support Support
	// DataAsOf is the date of the newest fact: the release, its newest patch release or CVE.
	DataAsOf string
	Keywords []string
	Links    []Link
	Body     Text
	// KeywordsTr holds translated keywords, indexed for search.
	KeywordsTr WordsTr
	// Road is the road off the release: the minor releases after it, in order (road/vX.YY/).
	Road []RoadRelease
}
