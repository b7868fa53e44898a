package data

import (
	"slices"
	"strings"
	"testing"
)

// TestEmbeddedLineFacts pins the facts of the 1.31 line that the pages were written from
// (CHANGELOG-1.31, the release schedule and end-of-life records, the official CVE issues), so an
// edit that moves a date, drops a release or loosens a range is caught here and not by a reader.
func TestEmbeddedLineFacts(t *testing.T) {
	d := realDataset(t)
	if got, want := d.Release.Support, (Support{MaintenanceMode: "2025-08-28", EndOfLife: "2025-11-11", UpgradeTo: "v1.32"}); got != want {
		t.Errorf("support = %+v, want %+v", got, want)
	}
	// the line's own newest fact is CVE-2025-13281's; the road's releases come later
	want := "2025-12-01"
	for _, rr := range d.Road() {
		want = max(want, rr.Latest.Released)
	}
	if d.Release.DataAsOf != want {
		t.Errorf("data as of %s, want %s (the newest fact: CVE-2025-13281 of the line, or the road's newest patch release)", d.Release.DataAsOf, want)
	}
	// One date and Go version per release, from the schedule and the "built with Go" entries.
	wantPatches := []struct{ version, released, gover string }{
		{"v1.31.1", "2024-09-11", "go1.22.6"}, {"v1.31.2", "2024-10-22", "go1.22.8"},
		{"v1.31.3", "2024-11-19", "go1.22.8"}, {"v1.31.4", "2024-12-10", "go1.22.9"},
		{"v1.31.5", "2025-01-15", "go1.22.10"}, {"v1.31.6", "2025-02-12", "go1.22.12"},
		{"v1.31.7", "2025-03-11", "go1.23.6"}, {"v1.31.8", "2025-04-22", "go1.23.6"},
		{"v1.31.9", "2025-05-15", "go1.23.8"}, {"v1.31.10", "2025-06-17", "go1.23.10"},
		// v1.31.12 was due on 2025-08-12 but its tag (and v1.32.8's) was cut on 2025-08-13
		{"v1.31.11", "2025-07-15", "go1.23.10"}, {"v1.31.12", "2025-08-13", "go1.23.11"},
		{"v1.31.13", "2025-09-09", "go1.23.12"}, {"v1.31.14", "2025-11-11", "go1.24.9"},
	}
	if n := len(d.Patches()); n != len(wantPatches) {
		t.Errorf("%d patch releases, want %d", n, len(wantPatches))
	}
	for _, w := range wantPatches {
		it := d.PatchByVersion(w.version)
		if it == nil {
			t.Errorf("patch release %s missing", w.version)
			continue
		}
		if it.Patch.Released != w.released || it.Patch.Go != w.gover {
			t.Errorf("%s: released %s with %s, want %s with %s", w.version, it.Patch.Released, it.Patch.Go, w.released, w.gover)
		}
	}
	// The final release is the end-of-life date; nothing of the line is released after it.
	if last := d.Patches()[0]; last.Patch.Released != d.Release.Support.EndOfLife {
		t.Errorf("final patch %s released %s, want the end-of-life date %s", last.Patch.Version, last.Patch.Released, d.Release.Support.EndOfLife)
	}
	// components as each advisory names them (CVE-2024-7598's: kube-apiserver, though its
	// mitigation is a kube-controller-manager gate); the later lines' fixes as the advisory
	// lists them, and the first minor release that shipped the fix
	wantCVEs := map[string]struct {
		fixed      string
		severity   Severity
		exposed    bool
		components []string
		later      []string
	}{
		"CVE-2024-7598":  {"", "low", false, []string{"kube-apiserver"}, nil},
		"CVE-2024-9042":  {"v1.31.5", "medium", false, []string{"kubelet"}, nil},
		"CVE-2025-0426":  {"v1.31.6", "medium", false, []string{"kubelet"}, nil},
		"CVE-2025-1767":  {"", "medium", true, []string{"kubelet"}, nil},
		"CVE-2025-5187":  {"v1.31.12", "medium", true, []string{"kube-apiserver"}, nil},
		"CVE-2025-13281": {"", "medium", false, []string{"kube-controller-manager"}, []string{"v1.32.10", "v1.33.6", "v1.34.2", "v1.35.0"}},
	}
	if n := len(d.CVEs()); n != len(wantCVEs) {
		t.Errorf("%d CVEs, want %d", n, len(wantCVEs))
	}
	for _, it := range d.CVEs() {
		w, ok := wantCVEs[it.CVE.ID]
		if !ok {
			t.Errorf("unexpected CVE page %s", it.CVE.ID)
			continue
		}
		if it.CVE.Fixed != w.fixed || it.CVE.Severity != w.severity || it.CVE.ExposedByDefault != w.exposed {
			t.Errorf("%s: fixed %q, %s, exposed %v; want fixed %q, %s, exposed %v", it.CVE.ID, it.CVE.Fixed, it.CVE.Severity, it.CVE.ExposedByDefault, w.fixed, w.severity, w.exposed)
		}
		if !slices.Equal(it.Components, w.components) || !slices.Equal(it.CVE.FixedInLater, w.later) {
			t.Errorf("%s: components %v, fixed in later lines %v; want %v, %v", it.CVE.ID, it.Components, it.CVE.FixedInLater, w.components, w.later)
		}
	}
	// What a cluster lacks at the boundaries of the fixes: v1.31.11 lacks CVE-2025-5187, whose
	// fix is v1.31.12; v1.31.12 has it; every version lacks the three that 1.31 never fixed.
	ids := func(v string) []string {
		var out []string
		for _, it := range d.Lacking(v) {
			out = append(out, it.CVE.ID)
		}
		slices.Sort(out)
		return out
	}
	for v, want := range map[string][]string{
		"v1.31.0":  {"CVE-2024-7598", "CVE-2024-9042", "CVE-2025-0426", "CVE-2025-13281", "CVE-2025-1767", "CVE-2025-5187"},
		"v1.31.5":  {"CVE-2024-7598", "CVE-2025-0426", "CVE-2025-13281", "CVE-2025-1767", "CVE-2025-5187"},
		"v1.31.11": {"CVE-2024-7598", "CVE-2025-13281", "CVE-2025-1767", "CVE-2025-5187"},
		"v1.31.12": {"CVE-2024-7598", "CVE-2025-13281", "CVE-2025-1767"},
		"v1.31.14": {"CVE-2024-7598", "CVE-2025-13281", "CVE-2025-1767"},
	} {
		if got := ids(v); !slices.Equal(got, want) {
			t.Errorf("Lacking(%s) = %v, want %v", v, got, want)
		}
	}
	// The release's own pages that v1.31.1 changed link forward to it.
	for _, id := range []string{"4004-deprecate-kube-proxy-version", "deprecation-kube-proxy-version", "pitfalls"} {
		later := d.LaterChanges(id)
		if len(later) == 0 || later[0].Patch.Patch.Version != "v1.31.1" || later[0].Change.PR != 126721 {
			t.Errorf("%s: later changes %+v, want v1.31.1 (#126721) first", id, later)
		}
	}
}

// TestEmbeddedLineWords: what the pages say of a CVE agrees with its facts. A CVE no release of
// the line fixed is never called fixed by a patch page: v1.31.7's OrderedNamespaceDeletion gate
// mitigates CVE-2024-7598 and says so. A gate that the 1.31 kubelet does not know is not
// offered as a 1.31 setting: GitRepoVolumeDriver first exists in 1.33.
func TestEmbeddedLineWords(t *testing.T) {
	d := realDataset(t)
	for _, cve := range d.CVEs() {
		if cve.CVE.Fixed != "" {
			continue
		}
		id := cve.CVE.ID
		for _, p := range d.Patches() {
			for _, lang := range []Lang{LangEN, LangZH} {
				page := p.Summary.In(lang) + "\n" + p.Markdown(lang)
				for _, bad := range []string{"fix for " + id, "fix of " + id, id + " 的修复", "to get the fix", "才能获得修复"} {
					if strings.Contains(page, bad) {
						t.Errorf("%s (%s) says %q, but no 1.31 release fixes %s: say mitigation", p.ID, lang, bad, id)
					}
				}
			}
		}
	}
	gitRepo := d.ByID("cve-2025-1767")
	for lang, want := range map[Lang]string{LangEN: "first exists in 1.33", LangZH: "从 1.33 才出现"} {
		if md := gitRepo.Markdown(lang); !strings.Contains(md, want) || strings.Contains(md, "until 1.32") {
			t.Errorf("cve-2025-1767 (%s) must say the GitRepoVolumeDriver gate %s", lang, want)
		}
	}
	for lang, want := range map[Lang]string{LangEN: "#130194", LangZH: "#130194"} {
		if md := d.ByID("v1-31-7").Markdown(lang); !strings.Contains(md, want) || !strings.Contains(md, "1.23.6") {
			t.Errorf("v1-31-7 (%s) must source its Go version to %s and the tag's go 1.23.6", lang, want)
		}
	}
}
