package data

import (
	"fmt"
	"slices"
	"strings"
)

var (
	// apiRE is a group/version no longer served: "flowcontrol.apiserver.k8s.io/v1beta3".
	apiRE  = lazyRegexp(`^([a-z0-9-]+(\.[a-z0-9-]+)*/)?v[0-9]+((alpha|beta)[0-9]+)?$`)
	flagRE = lazyRegexp(`^--[a-z0-9][a-z0-9-]*$`)
)

// road checks the road's releases against each other and the release: one folder per minor
// release after it, none skipped, dates increasing along the road, and the patch and support
// dates of each line in order.
func (c *checker) road(r *Release, items []*Item) {
	prevVersion, prevReleased := r.Version, r.Released
	for i := range r.Road {
		rr := &r.Road[i]
		f := rr.Path
		if want := path0(f); rr.Version != want {
			c.fail(f, "version", "is %q, but the page is in road/%s/", rr.Version, want)
		}
		if prevVersion != "" && versionRE().MatchString(prevVersion) && versionRE().MatchString(rr.Version) {
			if next := nextMinor(prevVersion); rr.Version != next {
				c.fail(f, "version", "%s follows %s on the road: the road climbs one minor release at a time, so %s comes next", rr.Version, prevVersion, next)
			}
		}
		if rr.Codename == "" {
			c.fail(f, "codename", "missing: the release's name, as announced")
		}
		c.required(f, "summary", rr.Summary.Default)
		if strings.TrimSpace(rr.Body.Default) == "" {
			c.fail(f, "body", "missing: write the hop at a glance after the front matter")
		}
		if !goVersionRE().MatchString(rr.Go) {
			c.fail(f, "go", "%q is not a Go version such as go1.23.3", rr.Go)
		}
		if rr.Enhancements <= 0 {
			c.fail(f, "enhancements", "missing: how many enhancements the release counts")
		}
		okR := c.date(f, "released", rr.Released)
		if okR && prevReleased != "" && rr.Released <= prevReleased {
			c.fail(f, "released", "%s is not after %s's release (%s): dates increase along the road", rr.Released, prevVersion, prevReleased)
		}
		c.latest(rr, okR)
		okM := c.date(f, "support.maintenance_mode", rr.Support.MaintenanceMode)
		okE := c.date(f, "support.end_of_life", rr.Support.EndOfLife)
		if okM && okE && rr.Support.EndOfLife <= rr.Support.MaintenanceMode {
			c.fail(f, "support.end_of_life", "%s is not after maintenance mode (%s)", rr.Support.EndOfLife, rr.Support.MaintenanceMode)
		}
		if okM && okR && rr.Support.MaintenanceMode <= rr.Released {
			c.fail(f, "support.maintenance_mode", "%s is not after the release (%s)", rr.Support.MaintenanceMode, rr.Released)
		}
		if rr.Support.UpgradeTo != "" {
			c.fail(f, "support.upgrade_to", "is not for a road release: the next folder on the road is the next hop")
		}
		for j, k := range rr.Keywords {
			if strings.TrimSpace(k) == "" {
				c.fail(f, fmt.Sprintf("keywords[%d]", j), "is empty")
			}
		}
		for _, fv := range []fieldValue{{"codename", rr.Codename}, {"summary", rr.Summary.Default}} {
			if _, ch, bad := findControl([]byte(fv.value)); bad {
				c.fail(f, fv.field, "holds the control character %U, which could rewrite a terminal; remove it", ch)
			}
		}
		if len(rr.Links) == 0 {
			c.fail(f, "links", "missing: list the sources, the CHANGELOG first")
		}
		c.links(f, rr.Links)
		prevVersion, prevReleased = rr.Version, rr.Released
	}
	if len(r.Road) > 0 && r.Support.UpgradeTo != "" && r.Support.UpgradeTo != r.Road[0].Version {
		c.fail(ReleaseFile, "support.upgrade_to", "says %s, but the road starts at %s", r.Support.UpgradeTo, r.Road[0].Version)
	}
	for _, it := range items {
		if it.Road != nil && !slices.ContainsFunc(r.Road, func(rr RoadRelease) bool { return rr.Version == it.Road.Release }) {
			c.fail(it.Path, "", "road/%s/ has no release.md: a road release folder starts with its facts", it.Road.Release)
		}
	}
}

// latest checks a road release's newest known patch release: of its line, not before it.
func (c *checker) latest(rr *RoadRelease, okR bool) {
	f, l := rr.Path, rr.Latest
	v, err := ParseVersion(l.Version)
	switch {
	case err != nil:
		c.fail(f, "latest.version", "%q is not a version such as %s.4", l.Version, rr.Version)
		return
	case MinorOf(v) != rr.Version:
		c.fail(f, "latest.version", "%s is not a patch release of %s", l.Version, rr.Version)
	}
	if c.date(f, "latest.released", l.Released) && okR && l.Released < rr.Released {
		c.fail(f, "latest.released", "%s is before the release itself (%s)", l.Released, rr.Released)
	}
}

// roadItem checks a road item's own facts.
func (c *checker) roadItem(it *Item) {
	f, rd := it.Path, it.Road
	c.required(f, "affects", it.Affects.Default)
	c.required(f, "instead", it.Instead.Default)
	if len(it.Components) == 0 {
		c.fail(f, "components", "missing: name what the change touches, e.g. [kubelet]")
	}
	if !slices.Contains(Categories, rd.Category) {
		c.fail(f, "category", "unknown category %q: use %s", rd.Category, joinStrings(Categories))
	}
	if !slices.Contains(Impacts, rd.Impact) {
		c.fail(f, "impact", "unknown impact %q: use %s", rd.Impact, joinStrings(Impacts))
	}
	for i, a := range rd.APIs {
		if !apiRE().MatchString(a) {
			c.fail(f, fmt.Sprintf("apis[%d]", i), "%q is not a group/version such as flowcontrol.apiserver.k8s.io/v1beta3", a)
		}
	}
	for i, fl := range rd.Flags {
		if !flagRE().MatchString(fl.Name) {
			c.fail(f, fmt.Sprintf("flags[%d].name", i), "%q is not a flag such as --cloud-config", fl.Name)
		}
		if len(fl.Components) == 0 {
			c.fail(f, fmt.Sprintf("flags[%d].components", i), "missing: name the components that took the flag, e.g. [kubelet]")
		}
	}
	for i, g := range it.Gates {
		switch {
		case g.Stage == "ga" && g.Default == nil:
			c.fail(f, fmt.Sprintf("gates[%d].default", i), "missing: a gate the release locks (stage: ga) gives the value it is locked to")
		case g.Stage != "removed" && g.Stage != "deprecated" && g.Stage != "ga":
			c.fail(f, fmt.Sprintf("gates[%d].stage", i), "is %q: a road item lists the gates its release removes (stage: removed), locks to their default (stage: ga, with default) or deprecates", g.Stage)
		}
	}
	if len(it.Links) == 0 {
		c.fail(f, "links", "missing: list the sources, the CHANGELOG first")
	}
	for i, pr := range it.PRs {
		if pr <= 0 {
			c.fail(f, fmt.Sprintf("prs[%d]", i), "must be a pull request number")
		}
	}
	c.onlyFor(it, "enhancements", "stage", it.Stage != "", "sig", it.SIG != "", "history", it.History != History{})
	c.onlyFor(it, "guide pages", "order", it.Order != 0)
}

func joinStrings[S ~string](xs []S) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = string(x)
	}
	return strings.Join(s, ", ")
}

// path0 is the road release folder of a road page: "v1.32" for road/v1.32/release.md.
func path0(p string) string {
	parts := strings.Split(p, "/")
	if len(parts) >= 2 && parts[0] == roadDir {
		return parts[1]
	}
	return ""
}

// nextMinor is "v1.33" for "v1.32".
func nextMinor(v string) string {
	major, minor, _ := strings.Cut(strings.TrimPrefix(v, "v"), ".")
	n := 0
	fmt.Sscanf(minor, "%d", &n)
	return fmt.Sprintf("v%s.%d", major, n+1)
}
