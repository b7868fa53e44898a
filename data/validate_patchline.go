package data

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

var (
	goVersionRE = lazyRegexp(`^go1\.[0-9]+(\.[0-9]+)?$`)
	cveIDRE     = lazyRegexp(`^CVE-[0-9]{4}-[0-9]{4,}$`)
	cvssRE      = lazyRegexp(`^CVSS:(3\.[01]|4\.0)/[A-Za-z]+:[A-Za-z]+(/[A-Za-z]+:[A-Za-z]+)*$`)
)

// date checks a front matter date.
func (c *checker) date(file, field, d string) bool {
	if _, err := time.Parse(time.DateOnly, d); err != nil {
		if d == "" {
			c.fail(file, field, "missing: give the date in the form 2024-09-11")
		} else {
			c.fail(file, field, "%q is not a date in the form 2024-09-11", d)
		}
		return false
	}
	return true
}

// patch checks a patch release's own facts; line checks them against each other.
func (c *checker) patch(it *Item) {
	f, p := it.Path, it.Patch
	c.onlyFor(it, "enhancements", "stage", it.Stage != "", "sig", it.SIG != "", "gates", len(it.Gates) > 0)
	c.onlyFor(it, "enhancements and changes", "kep", it.KEP != 0, "prs", len(it.PRs) > 0, "components", len(it.Components) > 0)
	c.onlyFor(it, "guide pages", "order", it.Order != 0)
	c.onlyFor(it, "deprecations and removals", "affects", it.Affects.Default != "", "instead", it.Instead.Default != "")
	v, err := ParseVersion(p.Version)
	switch {
	case p.Version == "":
		c.fail(f, "version", "missing: give the patch release, e.g. v1.31.1")
	case err != nil || v != p.Version || semverPatchless(v):
		c.fail(f, "version", "%q is not a patch release such as v1.31.1", p.Version)
	case PatchID(v) != it.ID:
		c.fail(f, "version", "is %s, but the file is named %s.md: name it %s.md", v, it.ID, PatchID(v))
	}
	c.date(f, "released", p.Released)
	if !goVersionRE().MatchString(p.Go) {
		c.fail(f, "go", "%q is not a Go version such as go1.22.6", p.Go)
	}
	for i, ch := range p.Changes {
		field := fmt.Sprintf("changes[%d]", i)
		if ch.PR <= 0 {
			c.fail(f, field+".pr", "missing: every change names its pull request")
		}
		if !slices.Contains(ChangeTypes, ch.Type) {
			c.fail(f, field+".type", "unknown type %q: use %s", ch.Type, joinTypes())
		}
		if len(ch.Components) == 0 {
			c.fail(f, field+".components", "missing: name what the change touches, e.g. [kube-proxy]")
		}
		if _, r, bad := findControl([]byte(strings.Join(ch.Components, " ") + strings.Join(ch.Items, " "))); bad {
			c.fail(f, field, "holds the control character %U, which could rewrite a terminal; remove it", r)
		}
	}
	for i, id := range p.CVEs {
		if !cveIDRE().MatchString(id) {
			c.fail(f, fmt.Sprintf("cves[%d]", i), "%q is not a CVE id such as CVE-2024-10220", id)
		}
	}
}

func semverPatchless(v string) bool {
	return strings.Count(v, ".") != 2 || strings.ContainsAny(v, "-+")
}

func joinTypes() string {
	s := make([]string, len(ChangeTypes))
	for i, t := range ChangeTypes {
		s[i] = string(t)
	}
	return strings.Join(s, ", ")
}

func (c *checker) cve(it *Item) {
	f, v := it.Path, it.CVE
	c.onlyFor(it, "enhancements", "stage", it.Stage != "", "sig", it.SIG != "", "gates", len(it.Gates) > 0)
	c.onlyFor(it, "enhancements and changes", "kep", it.KEP != 0, "prs", len(it.PRs) > 0)
	c.onlyFor(it, "guide pages", "order", it.Order != 0)
	c.onlyFor(it, "deprecations and removals", "affects", it.Affects.Default != "", "instead", it.Instead.Default != "")
	switch {
	case !cveIDRE().MatchString(v.ID):
		c.fail(f, "id", "%q is not a CVE id such as CVE-2025-0426", v.ID)
	case strings.ToLower(v.ID) != it.ID:
		c.fail(f, "id", "is %s, but the file is named %s.md: name it %s.md", v.ID, it.ID, strings.ToLower(v.ID))
	}
	if v.Severity.Rank() == 0 {
		c.fail(f, "severity", "%q is not a severity: use low, medium, high or critical as the announcement rates it", v.Severity)
	}
	if v.CVSS.Score <= 0 || v.CVSS.Score > 10 {
		c.fail(f, "cvss.score", "%v is not a CVSS score (above 0, at most 10)", v.CVSS.Score)
	}
	if !cvssRE().MatchString(v.CVSS.Vector) {
		c.fail(f, "cvss.vector", "%q is not a CVSS vector such as CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:H", v.CVSS.Vector)
	}
	if len(it.Components) == 0 {
		c.fail(f, "components", "missing: name the affected components, e.g. [kubelet]")
	}
	c.date(f, "published", v.Published)
	c.fixedInLater(it)
	r, err := ParseRange(v.Affected)
	if err != nil {
		c.fail(f, "affected", "%v", err)
		return
	}
	hi, inclusive, bounded := r.Upper()
	switch {
	case v.Fixed == "" && bounded:
		c.fail(f, "affected", "ends at %s, but no fixed release is given: add fixed: or drop the bound", hi)
	case v.Fixed != "" && (!bounded || inclusive || hi != v.Fixed):
		c.fail(f, "affected", "must end \"< %s\", the release that fixed it (fixed: %s)", v.Fixed, v.Fixed)
	}
}

// fixedInLater checks the form of a CVE's fixes in later lines: patch releases such as
// v1.32.10, one per minor release, oldest line first, and only for a CVE the line did not fix
// (line checks that they come after the release).
func (c *checker) fixedInLater(it *Item) {
	f, v := it.Path, it.CVE
	if len(v.FixedInLater) > 0 && v.Fixed != "" {
		c.fail(f, "fixed_in_later", "the line fixed it in %s: fixed_in_later is only for a CVE with no fix in the line", v.Fixed)
		return
	}
	for i, s := range v.FixedInLater {
		field := fmt.Sprintf("fixed_in_later[%d]", i)
		got, err := ParseVersion(s)
		if err != nil || got != s || semverPatchless(got) {
			c.fail(f, field, "%q is not a release such as v1.32.10", s)
			return
		}
		if i > 0 && CompareVersions(MinorOf(got), MinorOf(v.FixedInLater[i-1])) <= 0 {
			c.fail(f, field, "%s does not come after %s's line: give the first fixed release of each later line once, oldest line first", got, v.FixedInLater[i-1])
			return
		}
	}
}

// line checks the patch releases and CVEs against each other and against the release: the
// versions belong to the line, dates increase with the versions, every fix names the patch
// release that made it and that release lists it, every page a change names exists.
func (c *checker) line(r *Release, items []*Item) {
	var patches, cves []*Item
	for _, it := range items {
		switch {
		case it.Patch != nil:
			patches = append(patches, it)
		case it.CVE != nil:
			cves = append(cves, it)
		}
	}
	if len(patches)+len(cves) > 0 || !r.Support.IsZero() {
		c.support(r)
	}
	byVersion := map[string]*Item{}
	for _, p := range patches {
		byVersion[p.Patch.Version] = p
		if r.Version != "" && MinorOf(p.Patch.Version) != r.Version {
			c.fail(p.Path, "version", "%s is not a patch release of %s", p.Patch.Version, r.Version)
		}
		if p.Patch.Released != "" && p.Patch.Released <= r.Released {
			c.fail(p.Path, "released", "%s is not after the release itself (%s)", p.Patch.Released, r.Released)
		}
	}
	sorted := slices.Clone(patches)
	slices.SortFunc(sorted, func(a, b *Item) int { return CompareVersions(a.Patch.Version, b.Patch.Version) })
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1].Patch, sorted[i].Patch
		if a.Released != "" && b.Released != "" && b.Released <= a.Released {
			c.fail(sorted[i].Path, "released", "%s is not after %s's date (%s): dates must increase with the versions", b.Released, a.Version, a.Released)
		}
	}
	byCVE := map[string]*Item{}
	for _, v := range cves {
		byCVE[v.CVE.ID] = v
		if later := v.CVE.FixedInLater; len(later) > 0 && r.Version != "" && CompareVersions(MinorOf(later[0]), r.Version) <= 0 {
			c.fail(v.Path, "fixed_in_later[0]", "%s is not of a line after %s: the line's own fix goes in fixed", later[0], r.Version)
		}
		if v.CVE.Fixed == "" {
			continue
		}
		p := byVersion[v.CVE.Fixed]
		switch {
		case p == nil:
			c.fail(v.Path, "fixed", "%s has no page in patches/: the fix must name a patch release of the line", v.CVE.Fixed)
		case !slices.Contains(p.Patch.CVEs, v.CVE.ID):
			c.fail(v.Path, "fixed", "says %s, but %s does not list %s in its cves", v.CVE.Fixed, p.Path, v.CVE.ID)
		}
		if lo, ok := v.CVE.AffectedRange().Lower(); ok && r.Version != "" && MinorOf(lo) != r.Version {
			c.fail(v.Path, "affected", "starts at %s, outside %s: give the line's range", lo, r.Version)
		}
	}
	resolve := pageIDs(items)
	for _, p := range patches {
		for i, id := range p.Patch.CVEs {
			v := byCVE[id]
			switch {
			case v == nil:
				c.fail(p.Path, fmt.Sprintf("cves[%d]", i), "%s has no page in cves/ (cves/%s.md)", id, strings.ToLower(id))
			case v.CVE.Fixed != p.Patch.Version:
				c.fail(p.Path, fmt.Sprintf("cves[%d]", i), "lists %s, but %s says it was fixed in %q", id, v.Path, v.CVE.Fixed)
			}
		}
		for i, ch := range p.Patch.Changes {
			for j, ref := range ch.Items {
				if resolve(ref) == "" {
					c.fail(p.Path, fmt.Sprintf("changes[%d].items[%d]", i, j), "%q is no page of the release: name an enhancement or change by KEP number or id", ref)
				}
			}
		}
	}
	if _, err := time.Parse(time.DateOnly, r.DataAsOf); err == nil {
		if newest := newestFact(r, items); r.DataAsOf != newest {
			c.fail(ReleaseFile, "data_as_of", "says %s, but the newest fact is of %s: drop the field, elli works it out", r.DataAsOf, newest)
		}
	}
}

// support checks the line's end of support, which a folder with patch pages must give.
func (c *checker) support(r *Release) {
	const f = ReleaseFile
	s := r.Support
	okM := c.date(f, "support.maintenance_mode", s.MaintenanceMode)
	okE := c.date(f, "support.end_of_life", s.EndOfLife)
	if okM && okE && s.EndOfLife <= s.MaintenanceMode {
		c.fail(f, "support.end_of_life", "%s is not after maintenance mode (%s)", s.EndOfLife, s.MaintenanceMode)
	}
	if okM && s.MaintenanceMode <= r.Released {
		c.fail(f, "support.maintenance_mode", "%s is not after the release (%s)", s.MaintenanceMode, r.Released)
	}
	if !versionRE().MatchString(s.UpgradeTo) {
		c.fail(f, "support.upgrade_to", "%q is not a release such as v1.32", s.UpgradeTo)
	} else if r.Version != "" && CompareVersions(s.UpgradeTo, r.Version) <= 0 {
		c.fail(f, "support.upgrade_to", "%s is not newer than %s", s.UpgradeTo, r.Version)
	}
}
