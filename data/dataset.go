package data

import (
	"github.com/elli-k8s/elli/data/search"
	"sort"
	"strings"
	"sync"
)

// Dataset is a loaded, validated release. It is immutable after Load and safe to share.
type Dataset struct {
	Release Release
	// Items in display order: enhancements (GA, Beta, Alpha, each by KEP), removals,
	// deprecations, then guide pages in their order.
	Items []*Item
	byID  map[string]*Item
	byKEP map[int]*Item
	// The search index is made on the first search, from a prebuilt table when the dataset has
	// one (NewDatasetIndexed), else by tokenising every item: list, show and gates never pay.
	indexOnce   sync.Once
	index       *search.Index
	searchItems []*Item            // the items the index holds: Items, then the release overview
	table       *search.IndexTable // a prebuilt index, when the dataset came with one
	// checklist is the upgrade checklist, drawn from the items on first use.
	checklistOnce sync.Once
	checklist     []Action
	// release is the overview as a searchable item, made on first use.
	releaseOnce sync.Once
	release     *Item
	// later maps a page id to the patch releases that changed what it says.
	later map[string][]Later
}

// NewDataset builds a dataset from a release and items that were already validated, such as the
// generated snapshot of the embedded release; Load is the way in for anything else.
func NewDataset(r Release, items []*Item) *Dataset { return newDataset(r, items) }

func newDataset(r Release, items []*Item) *Dataset {
	sort.SliceStable(items, func(i, j int) bool { return itemLess(items[i], items[j]) })
	d := &Dataset{Release: r, Items: items, byID: map[string]*Item{}, byKEP: map[int]*Item{}}
	for _, it := range items {
		d.byID[it.ID] = it
		claimKEP(d.byKEP, it)
	}
	d.later = laterIndex(items)
	return d
}

// claimKEP files the item under its KEP number: an enhancement owns its number; a change only
// answers for a KEP nobody else has.
func claimKEP(byKEP map[int]*Item, it *Item) {
	if prev, ok := byKEP[it.KEP]; it.KEP > 0 && (!ok || prev.Kind != KindEnhancement && it.Kind == KindEnhancement) {
		byKEP[it.KEP] = it
	}
}

func kindRank(k Kind) int {
	for i, x := range Kinds {
		if x == k {
			return i
		}
	}
	return len(Kinds)
}

// itemLess is the one display order used everywhere, and the tie-break of search.
func itemLess(a, b *Item) bool {
	if ka, kb := kindRank(a.Kind), kindRank(b.Kind); ka != kb {
		return ka < kb
	}
	// The line's patch releases and CVEs read newest first.
	if a.Patch != nil && b.Patch != nil && a.Patch.Version != b.Patch.Version {
		return CompareVersions(a.Patch.Version, b.Patch.Version) > 0
	}
	if a.CVE != nil && b.CVE != nil && a.CVE.Published != b.CVE.Published {
		return a.CVE.Published > b.CVE.Published
	}
	if ra, rb := a.Stage.rank(), b.Stage.rank(); ra != rb {
		return ra < rb
	}
	// The road reads hop by hop, and within a hop what breaks comes first.
	if a.Road != nil && b.Road != nil {
		if c := CompareVersions(a.Road.Release, b.Road.Release); c != 0 {
			return c < 0
		}
		if ra, rb := a.Road.Impact.Rank(), b.Road.Impact.Rank(); ra != rb {
			return ra < rb
		}
	}
	// Among removals and deprecations, the ones an upgrade must act on come first.
	if a.Kind != KindEnhancement && a.ActionRequired != b.ActionRequired {
		return a.ActionRequired
	}
	if a.Order != b.Order {
		return a.Order < b.Order
	}
	if a.KEP != b.KEP {
		return a.KEP < b.KEP
	}
	return a.ID < b.ID
}

// ByID returns the item with the given id.
func (d *Dataset) ByID(id string) *Item { return d.byID[id] }

// ByKEP returns the enhancement for a KEP number, or the change that refers to it.
func (d *Dataset) ByKEP(n int) *Item { return d.byKEP[n] }

// ParseKEP reads "3866", "KEP-3866", "kep3866" or "#3866": search.ParseKEP, which a query's
// KEP numbers go through too.
func ParseKEP(s string) (int, bool) { return search.ParseKEP(s) }

// Lookup finds an item by KEP reference, patch version ("v1.31.4") or id (a CVE's id is its
// own, in any case). isKEP reports whether ref looked like a KEP.
func (d *Dataset) Lookup(ref string) (it *Item, isKEP bool) {
	if n, ok := ParseKEP(ref); ok {
		return d.byKEP[n], true
	}
	if p := d.PatchByVersion(ref); p != nil {
		return p, false
	}
	return d.byID[strings.ToLower(strings.TrimSpace(ref))], false
}

// Filter selects items. Empty fields match everything.
type Filter struct {
	// Section is the name of one of Sections; a name that is none of them matches nothing.
	Section string
	Stage   Stage
	SIG     string
	Kind    Kind
}

// Match reports whether it passes the filter.
func (f Filter) Match(it *Item) bool {
	if f.Section != "" {
		if i := SectionIndex(f.Section); i < 0 || !Sections[i].Holds(it) {
			return false
		}
	}
	return (f.Stage == "" || it.Stage == f.Stage) &&
		(f.SIG == "" || it.SIG == strings.TrimPrefix(strings.ToLower(f.SIG), "sig-")) &&
		(f.Kind == "" || it.Kind == f.Kind)
}

// Select returns the items passing f, in display order.
func (d *Dataset) Select(f Filter) []*Item {
	var out []*Item
	for _, it := range d.Items {
		if f.Match(it) {
			out = append(out, it)
		}
	}
	return out
}

// SIGsInUse lists the SIGs that own at least one item, sorted.
func (d *Dataset) SIGsInUse() []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range d.Items {
		if it.SIG != "" && !seen[it.SIG] {
			seen[it.SIG] = true
			out = append(out, it.SIG)
		}
	}
	sort.Strings(out)
	return out
}

// ReleaseItem is the release overview as an item of kind release, so that a search can find the
// overview's text (the theme, the numbers, how to get the release) like any page.
func (d *Dataset) ReleaseItem() *Item {
	d.releaseOnce.Do(func() {
		r := &d.Release
		// the body is the whole overview page, facts included, so "2268" or "14 weeks" find it
		d.release = &Item{ID: ReleaseID, Kind: KindRelease, Title: r.Title, Summary: r.Summary,
			Keywords: r.Keywords, KeywordsTr: r.KeywordsTr, Links: r.Links, Body: releaseBody(r), Path: ReleaseFile}
		if len(r.Links) > 0 {
			d.release.URL = r.Links[0].URL
		}
	})
	return d.release
}

// releaseBody is the overview page in each language it has.
func releaseBody(r *Release) Text {
	var tr map[Lang]string
	if _, ok := r.Body.lookup(LangZH); ok {
		tr = map[Lang]string{LangZH: r.Markdown(LangZH)}
	}
	return NewText(r.Markdown(LangEN), tr)
}

// ReleaseID is the id of the release overview.
const ReleaseID = "release"
