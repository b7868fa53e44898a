package data

import (
	"cmp"
	"slices"
	"strings"

	"github.com/elli-k8s/elli/data/search"
)

// The release line after release day: its patch releases, the security fixes that reached it and
// its end of support. Each patch release and CVE is an Item (so search, show and the explorer
// take them like any page); the facts peculiar to each live in Patch and CVE.

// Patch is a patch release's facts.
type Patch struct {
	// Version is the release, "v1.31.1"; Released its date; Go the Go version it was built with.
	Version, Released, Go string
	// Changes are the changes an operator should know about, each with its pull request.
	Changes []Change
	// CVEs are the ids of the vulnerabilities this release was the first of the line to fix.
	CVEs []string
}

// ChangeType says what a patch release's change is to an operator.
type ChangeType string

// ChangeTypes are the valid change types, in the order a page lists them.
var ChangeTypes = []ChangeType{"security", "regression", "behavior", "known-issue", "fix"}

// Change is one notable change of a patch release.
type Change struct {
	PR         int
	Type       ChangeType
	Components []string
	// Items are the ids of the release's own pages whose text this change alters; the front
	// matter may name them by KEP number, which the loader resolves.
	Items []string
}

// Severity is a vulnerability's rating in its official announcement.
type Severity string

// Severities lists the ratings, least severe first.
var Severities = []Severity{"low", "medium", "high", "critical"}

// Rank orders severities: 1 for low up to 4 for critical, 0 for an unknown one.
func (s Severity) Rank() int { return slices.Index(Severities, s) + 1 }

// ParseSeverity reads a severity in any case.
func ParseSeverity(s string) (Severity, bool) {
	sev := Severity(strings.ToLower(strings.TrimSpace(s)))
	return sev, sev.Rank() > 0
}

// CVSS is a vulnerability's CVSS score and vector.
type CVSS struct {
	Score  float64 `yaml:"score"`
	Vector string  `yaml:"vector"`
}

// CVE is a vulnerability's facts as they bear on the line.
type CVE struct {
	// ID is the CVE id as written, "CVE-2025-0426".
	ID        string
	Severity  Severity
	CVSS      CVSS
	Published string
	// Affected is the line's affected versions (">= v1.31.0, < v1.31.6"), a Range.
	Affected string
	// Fixed is the patch release that fixed it in the line; empty when no 1.31 release did.
	Fixed string
	// FixedInLater, for a CVE with no fix in the line, are the first releases of the later
	// lines that fixed it, oldest line first ("v1.32.10", "v1.33.6", …); empty when no release
	// elli knows fixed it.
	FixedInLater []string
	// ExposedByDefault: a 1.31 cluster as installed by default is exposed.
	ExposedByDefault bool
}

// AffectedRange parses Affected; a validated dataset always parses.
func (c *CVE) AffectedRange() Range {
	r, _ := ParseRange(c.Affected)
	return r
}

// Support is a release line's end of support.
type Support struct {
	// MaintenanceMode and EndOfLife are dates; UpgradeTo the minor release to move to.
	MaintenanceMode string `yaml:"maintenance_mode"`
	EndOfLife       string `yaml:"end_of_life"`
	UpgradeTo       string `yaml:"upgrade_to"`
}

// IsZero reports a release with no support facts.
func (s Support) IsZero() bool { return s == Support{} }

// PatchID is the item id of a patch release: "v1-31-4" for "v1.31.4".
func PatchID(version string) string { return strings.ReplaceAll(version, ".", "-") }

// Patches are the patch releases, newest first.
func (d *Dataset) Patches() []*Item { return d.Select(Filter{Kind: KindPatch}) }

// CVEs are the vulnerabilities, newest first.
func (d *Dataset) CVEs() []*Item { return d.Select(Filter{Kind: KindCVE}) }

// PatchByVersion returns the patch release of that version ("v1.31.4", "1.31.4"), or nil.
func (d *Dataset) PatchByVersion(s string) *Item {
	v, err := ParseVersion(s)
	if err != nil {
		return nil
	}
	if it := d.byID[PatchID(v)]; it != nil && it.Kind == KindPatch {
		return it
	}
	return nil
}

// InLine reports whether a version (as ParseVersion returns it) belongs to the release's line.
func (d *Dataset) InLine(v string) bool { return MinorOf(v) == d.Release.Version }

// KnownVersion reports whether elli has the facts of version v (as ParseVersion returns it):
// the release itself (v1.31.0) or one of its patch releases. It is the one place that decides
// which versions the commands take (elli cve --version, elli patches); a version of the line
// past its newest patch release is one elli cannot speak for, not one that lacks nothing.
func (d *Dataset) KnownVersion(v string) bool {
	return d.InLine(v) && (v == d.Release.Version+".0" || d.PatchByVersion(v) != nil)
}

// NewestVersion is the newest version of the line elli knows: its newest patch release, or the
// release itself before the first one.
func (d *Dataset) NewestVersion() string {
	if ps := d.Patches(); len(ps) > 0 {
		return ps[0].Patch.Version
	}
	return d.Release.Version + ".0"
}

// Lacking lists the vulnerabilities that affect version v (as ParseVersion returns it) of the
// line: the ones fixed in a later patch release, and the ones no 1.31 release fixed. Newest fix
// first; those with no fix in the line come first of all, being the ones only an upgrade of the
// minor release cures.
func (d *Dataset) Lacking(v string) []*Item {
	var out []*Item
	for _, it := range d.CVEs() {
		if it.CVE.AffectedRange().Contains(v) {
			out = append(out, it)
		}
	}
	slices.SortStableFunc(out, func(a, b *Item) int {
		fa, fb := a.CVE.Fixed, b.CVE.Fixed
		switch {
		case fa == "" && fb != "":
			return -1
		case fb == "" && fa != "":
			return 1
		case fa != fb:
			return -CompareVersions(fa, fb)
		}
		return -cmp.Compare(a.CVE.Published, b.CVE.Published)
	})
	return out
}

// CVETally is how a list of CVEs stands in the line: how many a patch release of the line fixed,
// and in which releases, and how many no release of the line fixed. The commands and the explorer
// say it in the same words (i18n Strings.CVETally), so that "fixes" and "CVEs" add up everywhere.
type CVETally struct {
	// Total is the number of CVEs; FixedInLine of them have a fix in the line, the others none.
	Total, FixedInLine int
	// Releases are the patch releases that fixed them, oldest first, each once.
	Releases []string
}

// NoFixInLine is the number of CVEs no release of the line fixed.
func (t CVETally) NoFixInLine() int { return t.Total - t.FixedInLine }

// TallyCVEs tallies CVE items (other items are not counted).
func TallyCVEs(items []*Item) CVETally {
	var t CVETally
	for _, it := range items {
		if it.CVE == nil {
			continue
		}
		t.Total++
		if v := it.CVE.Fixed; v != "" {
			t.FixedInLine++
			if !slices.Contains(t.Releases, v) {
				t.Releases = append(t.Releases, v)
			}
		}
	}
	slices.SortFunc(t.Releases, CompareVersions)
	return t
}

// PatchesAfter lists the patch releases newer than v, newest first: what a cluster on v has not
// yet taken.
func (d *Dataset) PatchesAfter(v string) []*Item {
	var out []*Item
	for _, it := range d.Patches() {
		if CompareVersions(it.Patch.Version, v) > 0 {
			out = append(out, it)
		}
	}
	return out
}

// Later is a patch release's change to what one of the release's own pages says.
type Later struct {
	Patch  *Item
	Change Change
}

// LaterChanges lists the patch releases that changed what the item's page says, oldest first,
// as the line's pages record them in their changes' items.
func (d *Dataset) LaterChanges(id string) []Later { return d.later[id] }

// laterIndex maps each page id to the patch changes naming it, oldest patch first.
func laterIndex(items []*Item) map[string][]Later {
	var m map[string][]Later
	for i := len(items) - 1; i >= 0; i-- { // items hold patches newest first
		it := items[i]
		if it.Kind != KindPatch || it.Patch == nil {
			continue
		}
		for _, ch := range it.Patch.Changes {
			for _, id := range ch.Items {
				if m == nil {
					m = map[string][]Later{}
				}
				m[id] = append(m[id], Later{Patch: it, Change: ch})
			}
		}
	}
	return m
}

// newestFact is the date of the newest fact of the release: its release date, or a later patch
// release or CVE publication.
func newestFact(r *Release, items []*Item) string {
	newest := r.Released
	for _, it := range items {
		d := ""
		switch {
		case it.Patch != nil:
			d = it.Patch.Released
		case it.CVE != nil:
			d = it.CVE.Published
		}
		newest = max(newest, d) // dates in the form 2006-01-02 order as strings
	}
	for _, rr := range r.Road {
		newest = max(newest, rr.Released, rr.Latest.Released)
	}
	return newest
}

// lineTexts gives search a patch release's and a CVE's own facts: a CVE's id is its name, so
// it counts as a title; versions, Go, severities and what the changes touch count as facts.
func lineTexts(it *Item, add func(search.Field, string)) {
	if c := it.CVE; c != nil {
		add(search.Title, c.ID)
		add(search.Meta, strings.Join([]string{string(c.Severity), c.Fixed}, " "))
	}
	if p := it.Patch; p != nil {
		facts := []string{p.Version, p.Go}
		facts = append(facts, p.CVEs...)
		for _, ch := range p.Changes {
			facts = append(facts, string(ch.Type))
			facts = append(facts, ch.Components...)
		}
		add(search.Meta, strings.Join(facts, " "))
	}
}
