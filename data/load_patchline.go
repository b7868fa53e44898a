package data

import "strings"

// lineFacts takes a patch release's or a CVE's own fields from the front matter into the item,
// and refuses them on any other kind, so that a misplaced fact cannot pass unseen.
func (f *itemFile) lineFacts(it *Item, h *itemHead) {
	patchSet := h.Version != "" || h.Released != "" || h.Go != "" || len(h.Changes) > 0 || len(h.CVEs) > 0
	cveSet := h.ID != "" || h.Severity != "" || h.CVSS != (CVSS{}) || h.Published != "" ||
		h.Affected != "" || h.Fixed != "" || len(h.FixedInLater) > 0 || h.ExposedByDefault != nil
	switch it.Kind {
	case KindPatch:
		p := &Patch{Version: h.Version, Released: h.Released, Go: h.Go, CVEs: h.CVEs}
		for _, ch := range h.Changes {
			p.Changes = append(p.Changes, Change{PR: ch.PR, Type: ChangeType(ch.Type), Components: ch.Components, Items: ch.Items})
		}
		it.Patch = p
	case KindCVE:
		c := &CVE{ID: h.ID, Severity: Severity(h.Severity), CVSS: h.CVSS, Published: h.Published,
			Affected: h.Affected, Fixed: h.Fixed, FixedInLater: h.FixedInLater}
		if h.ExposedByDefault == nil {
			f.fail("exposed_by_default", "missing: say whether a default 1.31 cluster is exposed (true or false)")
		} else {
			c.ExposedByDefault = *h.ExposedByDefault
		}
		it.CVE = c
	}
	if patchSet && it.Kind != KindPatch {
		f.fail("version", "version, released, go, changes and cves are only for patch releases (kind: patch)")
	}
	if cveSet && it.Kind != KindCVE {
		f.fail("id", "id, severity, cvss, published, affected, fixed, fixed_in_later and exposed_by_default are only for CVEs (kind: cve)")
	}
}

// derive completes a validated release with what its pages imply: the date of the newest fact,
// and each patch change's pages named by id where the front matter gave a KEP number.
func derive(r *Release, items []*Item) {
	r.DataAsOf = newestFact(r, items)
	ids := pageIDs(items)
	for _, it := range items {
		if it.Patch == nil {
			continue
		}
		for i := range it.Patch.Changes {
			ch := &it.Patch.Changes[i]
			for j, ref := range ch.Items {
				ch.Items[j] = ids(ref)
			}
		}
	}
}

// pageIDs resolves what a patch change names, a KEP number or an item id, to the id of one of
// the release's own pages ("" when nothing answers). A KEP is the enhancement's, or else the one
// change that refers to it.
func pageIDs(items []*Item) func(string) string {
	byID := map[string]*Item{}
	byKEP := map[int]*Item{}
	for _, it := range items {
		byID[it.ID] = it
		claimKEP(byKEP, it)
	}
	return func(ref string) string {
		ref = strings.TrimSpace(ref)
		if n, ok := ParseKEP(ref); ok {
			if it := byKEP[n]; it != nil {
				return it.ID
			}
			return ""
		}
		if it := byID[ref]; it != nil && it.Kind != KindPatch && it.Kind != KindCVE {
			return it.ID
		}
		return ""
	}
}
