package cli

import (
	"math"
	"strings"

	"github.com/elli-k8s/elli/data"
)

// The JSON that elli prints is a public interface, and these types are its only definition:
// every --json goes through them, so a field has one shape in every command, and renaming a
// field of data.Item changes nothing here. SCHEMA.md documents each type field by field, and
// schema_test.go checks both the documentation and every command's output against them.
//
// What each command prints:
//
//   - elli list --json: an array of [Item], in display order.
//   - elli search --json: an array of [SearchResult], best first.
//   - elli gates [NAME] --json: an array of [GateEntry].
//   - elli show KEP|ID --json: one [Page]; elli show release --json: one [ReleasePage].
//   - elli patches --json: an array of [Patch]; elli patches VERSION --json: one [PatchPage].
//   - elli cve --json: an array of [CVE]; elli cve ID --json: one [CVEPage];
//     elli cve --version V --json: one [CVEReport].
//
// The presence rules, the same for every type: arrays are always present ([] when empty);
// booleans are always present; a gate's default is null when unknown; url is always present (""
// without a link); every other optional field is absent when the item has none.

// Item is one item of the release: an element of list, and the head of search results and pages.
type Item struct {
	ID             string `json:"id"`
	Kind           string `json:"kind"`
	KEP            int    `json:"kep,omitempty"`
	Title          string `json:"title"`
	Stage          string `json:"stage,omitempty"`
	SIG            string `json:"sig,omitempty"`
	Summary        string `json:"summary"`
	URL            string `json:"url"`
	Gates          []Gate `json:"gates"`
	OffByDefault   bool   `json:"off_by_default"`
	ActionRequired bool   `json:"action_required"`
	Lang           string `json:"lang"`
}

// Gate is a feature gate as the release has it.
type Gate struct {
	Name       string   `json:"name"`
	Default    *bool    `json:"default"`
	Stage      string   `json:"stage"`
	Components []string `json:"components"`
	Note       string   `json:"note,omitempty"`
}

// SearchResult is an element of search: the item, its score and the words it matched.
type SearchResult struct {
	Item
	Score   float64 `json:"score"`
	Matched Matched `json:"matched"`
}

// Matched says which words of the query a search result matched, as the search read them.
type Matched struct {
	Words []string `json:"words"`
	Not   []string `json:"not"`
}

// GateEntry is an element of gates: the gate and the item that describes it. A gate that several
// items describe appears once per item.
type GateEntry struct {
	Gate
	Item ItemRef `json:"item"`
	Lang string  `json:"lang"`
}

// ItemRef names an item.
type ItemRef struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	KEP   int    `json:"kep,omitempty"`
	Title string `json:"title"`
}

// Page is what show prints for an item: the item and the rest of its page.
type Page struct {
	Item
	History    *History `json:"history,omitempty"`
	Keywords   []string `json:"keywords"`
	Components []string `json:"components"`
	Affects    string   `json:"affects,omitempty"`
	Instead    string   `json:"instead,omitempty"`
	PRs        []int    `json:"prs"`
	Order      int      `json:"order,omitempty"`
	Links      []Link   `json:"links"`
	Body       string   `json:"body"`
}

// History is the release in which an enhancement reached each stage.
type History struct {
	Alpha string `json:"alpha,omitempty"`
	Beta  string `json:"beta,omitempty"`
	GA    string `json:"ga,omitempty"`
}

// Link is a titled URL.
type Link struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// ReleasePage is what show prints for the release overview: the overview as a search finds it
// (id and kind "release") and the release's facts.
type ReleasePage struct {
	Page
	Version      string       `json:"version"`
	Codename     string       `json:"codename"`
	Released     string       `json:"released"`
	Cycle        Cycle        `json:"cycle"`
	Counts       Counts       `json:"counts"`
	Contributors Contributors `json:"contributors"`
	Support      *Support     `json:"support,omitempty"`
	DataAsOf     string       `json:"data_as_of"`
}

// Support is the end of a release line's support.
type Support struct {
	MaintenanceMode string `json:"maintenance_mode"`
	EndOfLife       string `json:"end_of_life"`
	UpgradeTo       string `json:"upgrade_to"`
}

// PatchFacts are a patch release's own facts.
type PatchFacts struct {
	Version  string        `json:"version"`
	Released string        `json:"released"`
	Go       string        `json:"go"`
	Changes  []PatchChange `json:"changes"`
	CVEs     []string      `json:"cves"`
}

// PatchChange is a change of a patch release an operator should know about.
type PatchChange struct {
	PR         int      `json:"pr"`
	Type       string   `json:"type"`
	Components []string `json:"components"`
	Items      []string `json:"items"`
}

// Patch is an element of patches: the item and its facts.
type Patch struct {
	Item
	PatchFacts
}

// PatchPage is what patches VERSION prints: the page and its facts.
type PatchPage struct {
	Page
	PatchFacts
}

// CVEFacts are a vulnerability's facts as they bear on the line.
type CVEFacts struct {
	CVE              string   `json:"cve"`
	Severity         string   `json:"severity"`
	CVSS             float64  `json:"cvss"`
	CVSSVector       string   `json:"cvss_vector"`
	Published        string   `json:"published"`
	Affected         string   `json:"affected"`
	Fixed            string   `json:"fixed,omitempty"`
	FixedInLater     []string `json:"fixed_in_later"`
	ExposedByDefault bool     `json:"exposed_by_default"`
}

// CVE is an element of cve: the item and its facts.
type CVE struct {
	Item
	CVEFacts
}

// CVEPage is what cve ID prints: the page and its facts.
type CVEPage struct {
	Page
	CVEFacts
}

// CVEReport is what cve --version prints: the CVEs a version is open to, how many of them a
// later patch release of the line fixed and how many none, and the newer patch releases.
type CVEReport struct {
	Version     string  `json:"version"`
	FailOn      string  `json:"fail_on"`
	Failed      bool    `json:"failed"`
	FixedInLine int     `json:"fixed_in_line"`
	NoFixInLine int     `json:"no_fix_in_line"`
	Lacking     []CVE   `json:"lacking"`
	Patches     []Patch `json:"patches"`
}

// Cycle is the release's development cycle.
type Cycle struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Weeks int    `json:"weeks"`
}

// Counts are the release's enhancements by stage. The keys end in _total because ga, beta and
// alpha are the releases of a [History]: a field name has one shape in the whole schema.
type Counts struct {
	GA    int `json:"ga_total"`
	Beta  int `json:"beta_total"`
	Alpha int `json:"alpha_total"`
}

// Contributors are the release's contribution figures.
type Contributors struct {
	Companies             int    `json:"companies"`
	Individuals           int    `json:"individuals"`
	EcosystemCompanies    int    `json:"ecosystem_companies"`
	EcosystemContributors int    `json:"ecosystem_contributors"`
	IndividualsGrowth     string `json:"individuals_growth"`
}

// The text of every type is in the language of the run (lang): ids, kinds, KEP numbers, stages,
// gate names and defaults are the same in every language. An item without a translation into
// lang (a --data folder may lack Chinese) gives its English text, and says "en".

// langOf is the language an item's text is given in.
func langOf(it *data.Item, lang data.Lang) data.Lang {
	if it.Translated(lang) {
		return lang
	}
	return data.LangEN
}

func itemOf(it *data.Item, lang data.Lang) Item {
	gates := make([]Gate, 0, len(it.Gates))
	for _, g := range it.Gates {
		gates = append(gates, gateOf(g, lang))
	}
	return Item{
		ID: it.ID, Kind: string(it.Kind), KEP: it.KEP, Title: it.Title.In(lang),
		Stage: string(it.Stage), SIG: it.SIG, Summary: strings.TrimSpace(it.Summary.In(lang)),
		URL: it.URL, Gates: gates, OffByDefault: it.OffByDefault(), ActionRequired: it.ActionRequired,
		Lang: string(langOf(it, lang)),
	}
}

// refIn names an item, as every type that refers to one does, its title in lang.
func refIn(it *data.Item, lang data.Lang) ItemRef {
	return ItemRef{ID: it.ID, Kind: string(it.Kind), KEP: it.KEP, Title: it.Title.In(lang)}
}

func gateOf(g data.Gate, lang data.Lang) Gate {
	return Gate{Name: g.Name, Default: g.Default, Stage: g.Stage, Components: orEmpty(g.Components), Note: g.Note.In(lang)}
}

func itemsOf(items []*data.Item, lang data.Lang) []Item {
	out := make([]Item, 0, len(items))
	for _, it := range items {
		out = append(out, itemOf(it, lang))
	}
	return out
}

func searchResultsOf(results []data.Result, lang data.Lang) []SearchResult {
	out := make([]SearchResult, 0, len(results))
	for _, r := range results {
		words, not := r.Words()
		out = append(out, SearchResult{Item: itemOf(r.Item, lang), Score: math.Round(r.Score*1000) / 1000,
			Matched: Matched{Words: orEmpty(words), Not: orEmpty(not)}})
	}
	return out
}

func gateEntriesOf(refs []data.GateRef, lang data.Lang) []GateEntry {
	out := make([]GateEntry, 0, len(refs))
	for _, g := range refs {
		out = append(out, GateEntry{Gate: gateOf(g.Gate, lang), Item: refIn(g.Item, lang), Lang: string(langOf(g.Item, lang))})
	}
	return out
}

func pageOf(it *data.Item, lang data.Lang) Page {
	p := Page{
		Item: itemOf(it, lang), Keywords: orEmpty(keywordsIn(it, lang)), Components: orEmpty(it.Components),
		Affects: strings.TrimSpace(it.Affects.In(lang)), Instead: strings.TrimSpace(it.Instead.In(lang)),
		PRs: orEmpty(it.PRs), Order: it.Order, Links: linksOf(it.Links, lang), Body: it.Body.In(lang),
	}
	if h := it.History; h != (data.History{}) {
		p.History = &History{Alpha: h.Alpha, Beta: h.Beta, GA: h.GA}
	}
	return p
}

// keywordsIn are the item's keywords in lang, its English ones when it has none there.
func keywordsIn(it *data.Item, lang data.Lang) []string {
	if k := it.KeywordsTr.In(lang); len(k) > 0 {
		return k
	}
	return it.Keywords
}

func releasePageOf(ds *data.Dataset, lang data.Lang) ReleasePage {
	r := &ds.Release
	p := pageOf(ds.ReleaseItem(), lang)
	p.Body = r.Body.In(lang) // the overview's own text; the search item's body also holds the facts
	c := r.Contributors
	return ReleasePage{
		Page: p, Version: r.Version, Codename: r.Codename, Released: r.Released,
		Cycle:  Cycle{Start: r.Cycle.Start, End: r.Cycle.End, Weeks: r.Cycle.Weeks},
		Counts: Counts{GA: r.Counts.GA, Beta: r.Counts.Beta, Alpha: r.Counts.Alpha},
		Contributors: Contributors{
			Companies: c.Companies, Individuals: c.Individuals, EcosystemCompanies: c.EcosystemCompanies,
			EcosystemContributors: c.EcosystemContributors, IndividualsGrowth: c.IndividualsGrowth,
		},
		Support:  supportOf(r.Support),
		DataAsOf: r.DataAsOf,
	}
}

func supportOf(s data.Support) *Support {
	if s.IsZero() {
		return nil
	}
	return &Support{MaintenanceMode: s.MaintenanceMode, EndOfLife: s.EndOfLife, UpgradeTo: s.UpgradeTo}
}

func patchFactsOf(p *data.Patch) PatchFacts {
	changes := make([]PatchChange, 0, len(p.Changes))
	for _, c := range p.Changes {
		changes = append(changes, PatchChange{PR: c.PR, Type: string(c.Type), Components: orEmpty(c.Components), Items: orEmpty(c.Items)})
	}
	return PatchFacts{Version: p.Version, Released: p.Released, Go: p.Go, Changes: changes, CVEs: orEmpty(p.CVEs)}
}

func patchesOf(items []*data.Item, lang data.Lang) []Patch {
	out := make([]Patch, 0, len(items))
	for _, it := range items {
		out = append(out, Patch{Item: itemOf(it, lang), PatchFacts: patchFactsOf(it.Patch)})
	}
	return out
}

func cveFactsOf(c *data.CVE) CVEFacts {
	return CVEFacts{CVE: c.ID, Severity: string(c.Severity), CVSS: c.CVSS.Score, CVSSVector: c.CVSS.Vector,
		Published: c.Published, Affected: c.Affected, Fixed: c.Fixed, FixedInLater: orEmpty(c.FixedInLater), ExposedByDefault: c.ExposedByDefault}
}

func cvesOf(items []*data.Item, lang data.Lang) []CVE {
	out := make([]CVE, 0, len(items))
	for _, it := range items {
		out = append(out, CVE{Item: itemOf(it, lang), CVEFacts: cveFactsOf(it.CVE)})
	}
	return out
}

func linksOf(links []data.Link, lang data.Lang) []Link {
	out := make([]Link, 0, len(links))
	for _, l := range links {
		out = append(out, Link{Title: l.Title.In(lang), URL: l.URL})
	}
	return out
}

// orEmpty turns nil into an empty slice, which JSON prints as [] rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
