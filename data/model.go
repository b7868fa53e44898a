// Package data holds elli's dataset: the types, loading from an fs.FS, validation and search.
// It knows nothing of terminals; the user interfaces present what it returns.
package data

import (
	"encoding/json"
	"strconv"
)

// Kind says what an item is. Every page of the release is one Item with a Kind.
type Kind string

const (
	KindEnhancement Kind = "enhancement"
	KindRemoval     Kind = "removal"
	KindDeprecation Kind = "deprecation"
	KindGuide       Kind = "guide"
	// KindRelease marks the release overview when a search finds it; no content file declares it.
	KindRelease Kind = "release"
)

// Kinds lists the valid kinds in display order.
var Kinds = []Kind{KindEnhancement, KindRemoval, KindDeprecation, KindGuide}

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
	tr      map[Lang]string
}

// In returns the text in lang, falling back to the default language.
func (t Text) In(lang Lang) string {
	if s, ok := t.tr[lang]; ok && s != "" {
		return s
	}
	return t.Default
}

// Has reports whether a translation into lang exists.
func (t Text) Has(lang Lang) bool { _, ok := t.tr[lang]; return ok || lang == LangEN }

func (t Text) String() string { return t.Default }

// MarshalJSON writes the default-language text: the JSON schema stays a plain string.
func (t Text) MarshalJSON() ([]byte, error) { return json.Marshal(t.Default) }

// NewText builds a Text from its default-language string and its translations.
func NewText(def string, tr map[Lang]string) Text {
	t := Text{Default: def}
	for lang, s := range tr {
		t.set(lang, s)
	}
	return t
}

// Translations returns the text's translations by language (nil when there are none).
func (t Text) Translations() map[Lang]string { return t.tr }

func (t *Text) set(lang Lang, s string) {
	if lang == LangEN {
		t.Default = s
		return
	}
	if s == "" {
		return // an untranslated field falls back to the default language
	}
	if t.tr == nil {
		t.tr = map[Lang]string{}
	}
	t.tr[lang] = s
}

// Gate is a feature gate as it stands in the release.
type Gate struct {
	Name       string   `json:"name"`
	Default    *bool    `json:"default,omitempty"`
	Stage      string   `json:"stage"`
	Components []string `json:"components"`
	Note       Text     `json:"note,omitzero"`
}

// History records the releases in which an enhancement reached each stage.
type History struct {
	Alpha string `json:"alpha,omitempty" yaml:"alpha"`
	Beta  string `json:"beta,omitempty" yaml:"beta"`
	GA    string `json:"ga,omitempty" yaml:"ga"`
}

// Link is a titled URL.
type Link struct {
	Title string `json:"title" yaml:"title"`
	URL   string `json:"url" yaml:"url"`
}

// Item is one page of the release: an enhancement, a deprecation or removal, or a guide page.
type Item struct {
	ID             string   `json:"id"`
	Kind           Kind     `json:"kind"`
	KEP            int      `json:"kep,omitempty"`
	Title          Text     `json:"title"`
	Stage          Stage    `json:"stage,omitempty"`
	SIG            string   `json:"sig,omitempty"`
	Summary        Text     `json:"summary"`
	URL            string   `json:"url,omitempty"`
	Gates          []Gate   `json:"gates,omitempty"`
	History        History  `json:"history,omitzero"`
	Keywords       []string `json:"keywords,omitempty"`
	ActionRequired bool     `json:"action_required,omitempty"`
	Components     []string `json:"components,omitempty"`
	Affects        Text     `json:"affects,omitzero"`
	Instead        Text     `json:"instead,omitzero"`
	PRs            []int    `json:"prs,omitempty"`
	Order          int      `json:"order,omitempty"`
	// Checklist marks a guide page whose numbered sections are upgrade steps.
	Checklist bool   `json:"-"`
	Links     []Link `json:"links,omitempty"`
	Body      Text   `json:"body"`
	// Path is the source file, for error messages.
	Path string `json:"-"`
	// KeywordsTr holds translated keywords, indexed for search.
	KeywordsTr map[Lang][]string `json:"-"`
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
	GA    int `json:"ga" yaml:"ga"`
	Beta  int `json:"beta" yaml:"beta"`
	Alpha int `json:"alpha" yaml:"alpha"`
}

// Total is GA + Beta + Alpha.
func (c Counts) Total() int { return c.GA + c.Beta + c.Alpha }

// Cycle is the release's development cycle.
type Cycle struct {
	Start string `json:"start" yaml:"start"`
	End   string `json:"end" yaml:"end"`
	Weeks int    `json:"weeks" yaml:"weeks"`
}

// Contributors are the release's contribution figures.
type Contributors struct {
	Companies             int    `json:"companies" yaml:"companies"`
	Individuals           int    `json:"individuals" yaml:"individuals"`
	EcosystemCompanies    int    `json:"ecosystem_companies" yaml:"ecosystem_companies"`
	EcosystemContributors int    `json:"ecosystem_contributors" yaml:"ecosystem_contributors"`
	IndividualsGrowth     string `json:"individuals_growth" yaml:"individuals_growth"`
}

// Release holds the release facts and its overview text.
type Release struct {
	Version      string       `json:"version"`
	Codename     string       `json:"codename"`
	Title        Text         `json:"title"`
	Released     string       `json:"released"`
	Cycle        Cycle        `json:"cycle"`
	Counts       Counts       `json:"counts"`
	Contributors Contributors `json:"contributors"`
	Summary      Text         `json:"summary"`
	DataAsOf     string       `json:"data_as_of"`
	Keywords     []string     `json:"keywords,omitempty"`
	Links        []Link       `json:"links,omitempty"`
	Body         Text         `json:"body"`
	// KeywordsTr holds translated keywords, indexed for search.
	KeywordsTr map[Lang][]string `json:"-"`
}
