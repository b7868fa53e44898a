package data

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// The road fixture: two releases after the base fixture's v1.99, each with one change, the
// first translated.
const (
	fxRoad1     = "road/v1.100/release.md"
	fxRoad1ZH   = "road/v1.100/release.zh.md"
	fxRoad2     = "road/v1.101/release.md"
	fxRoadGates = "road/v1.100/1.100-removed-gates.md"
	fxRoadAPI   = "road/v1.101/1.101-widgets-v1beta1.md"
)

var roadFiles = map[string]string{
	fxRoad1: `---
kind: road-release
version: v1.100
codename: Centurion
released: 2030-05-01
go: go1.40.2
latest: {version: v1.100.7, released: 2031-02-11}
support: {maintenance_mode: 2031-04-28, end_of_life: 2031-06-28}
enhancements: 40
summary: The first hop.
keywords: [centurion]
links:
  - {title: CHANGELOG-1.100, url: https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.100.md}
---
Remove the gates first.
`,
	fxRoad1ZH: `---
summary: 第一跳。
links: [CHANGELOG-1.100]
---
先删掉特性门控。
`,
	fxRoad2: `---
kind: road-release
version: v1.101
codename: Next
released: 2030-09-01
go: go1.41.0
latest: {version: v1.101.2, released: 2030-11-20}
support: {maintenance_mode: 2031-08-28, end_of_life: 2031-10-28}
enhancements: 50
summary: The second hop.
links:
  - {title: CHANGELOG-1.101, url: https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.101.md}
---
Move the widgets.
`,
	fxRoadGates: `---
kind: road
title: Feature gates removed in 1.100
summary: Two gates are gone.
category: gates
impact: breaks
components: [kubelet]
affects: Anyone who sets them.
instead: Delete them.
gates:
  - {name: WidgetFrobnication, stage: removed, components: [kubelet]}
flags:
  - {name: --widget-mode, components: [kubelet]}
links:
  - {title: CHANGELOG-1.100, url: https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.100.md}
---
## What changes

The kubelet refuses them.
`,
	"road/v1.100/1.100-removed-gates.zh.md": `---
title: 1.100 移除的特性门控
summary: 两个特性门控被移除。
links: [CHANGELOG-1.100]
---
## 变更内容

kubelet 拒绝启动。
`,
	fxRoadAPI: `---
kind: road
title: widgets/v1beta1 is no longer served
summary: Widgets move to v1.
category: api
impact: deprecated
components: [kube-apiserver]
affects: Clients of widgets/v1beta1.
instead: Use widgets/v1.
apis: [widgets.example.io/v1beta1]
links:
  - {title: CHANGELOG-1.101, url: https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.101.md}
---
## What changes

Served no more.
`,
}

// roadFS is the base fixture with the road added; its release names the road's first hop.
func roadFS(t *testing.T) fstest.MapFS {
	m := baseFS()
	for p, s := range roadFiles {
		put(m, p, s)
	}
	edit(t, m, fxRelease, "data_as_of: 2030-01-08\n", "")
	return m
}

func TestRoadLoads(t *testing.T) {
	d := mustLoad(t, roadFS(t))
	road := d.Road()
	if len(road) != 2 || road[0].Version != "v1.100" || road[1].Version != "v1.101" {
		t.Fatalf("road = %v, want v1.100 then v1.101 (in version order, not name order)", road)
	}
	if got := road[0].Summary.In(LangZH); got != "第一跳。" {
		t.Errorf("v1.100's Chinese summary = %q", got)
	}
	if got := road[0].Links[0].Title.In(LangZH); got != "CHANGELOG-1.100" {
		t.Errorf("v1.100's Chinese link title = %q", got)
	}
	if road[1].Summary.In(LangZH) != "The second hop." {
		t.Errorf("an untranslated road release falls back to English")
	}
	gates := mustItem(t, d, "1.100-removed-gates")
	if gates.Kind != KindRoad || gates.Road.Release != "v1.100" || gates.Road.Impact != ImpactBreaks || !gates.ActionRequired {
		t.Errorf("1.100-removed-gates = %+v, road %+v", gates, gates.Road)
	}
	if gates.Title.In(LangZH) != "1.100 移除的特性门控" {
		t.Errorf("road item's Chinese title = %q", gates.Title.In(LangZH))
	}
	if api := mustItem(t, d, "1.101-widgets-v1beta1"); api.ActionRequired || !slices.Equal(api.Road.APIs, []string{"widgets.example.io/v1beta1"}) {
		t.Errorf("a deprecation on the road is no action; its APIs are read: %+v", api.Road)
	}
	// The release's own gate keeps its 1.99 facts; the road's removal of it is the road's.
	for _, g := range d.Gates() {
		if g.Item.Road != nil {
			t.Errorf("Gates() lists the road's %s from %s: gates and check would call it removed in the release itself", g.Name, g.Item.ID)
		}
	}
	if rg := d.RoadGates(); len(rg) != 1 || rg[0].Name != "WidgetFrobnication" || rg[0].Item != gates {
		t.Errorf("RoadGates() = %v", rg)
	}
	if d.Release.DataAsOf != "2031-02-11" {
		t.Errorf("data as of %s, want the newest road fact, v1.100.7's 2031-02-11", d.Release.DataAsOf)
	}
	if ids := idsOfKind(d, KindRoad); !slices.Equal(ids, []string{"1.100-removed-gates", "1.101-widgets-v1beta1"}) {
		t.Errorf("the road items, in order, are %v", ids)
	}
	if got := d.RoadItems("v1.101"); len(got) != 1 || got[0].ID != "1.101-widgets-v1beta1" {
		t.Errorf("RoadItems(v1.101) = %v", got)
	}
	if hops := d.RoadTo("1.101"); len(hops) != 2 {
		t.Errorf("RoadTo(1.101) = %d hops, want 2", len(hops))
	}
	if d.RoadTo("v1.102") != nil || d.RoadRelease("v1.99") != nil {
		t.Error("a release off the road has no hops")
	}
	if rr := d.RoadRelease("v1.100.3"); rr == nil || rr.Version != "v1.100" {
		t.Errorf("RoadRelease(v1.100.3) = %v, want the v1.100 line", rr)
	}
}

func idsOfKind(d *Dataset, k Kind) []string {
	var out []string
	for _, it := range d.Select(Filter{Kind: k}) {
		out = append(out, it.ID)
	}
	return out
}

func TestRoadStatusAndTarget(t *testing.T) {
	d := mustLoad(t, roadFS(t))
	day := func(s string) time.Time { t, _ := time.Parse(time.DateOnly, s); return t }
	tests := []struct {
		today        string
		first, other SupportStatus
		target       string
	}{
		{"2030-06-01", StatusSupported, StatusSupported, "v1.100"},
		{"2031-04-27", StatusSupported, StatusSupported, "v1.100"},
		{"2031-04-28", StatusMaintenance, StatusSupported, "v1.100"}, // maintenance starts on its day
		{"2031-06-28", StatusEnded, StatusSupported, "v1.101"},       // so does the end of life
		{"2031-09-01", StatusEnded, StatusMaintenance, "v1.101"},
		{"2032-01-01", StatusEnded, StatusEnded, "v1.101"}, // every line ended: the newest
	}
	for _, tc := range tests {
		road := d.Road()
		if got := road[0].Support.StatusOn(day(tc.today)); got != tc.first {
			t.Errorf("%s: v1.100 is %s, want %s", tc.today, got, tc.first)
		}
		if got := road[1].Support.StatusOn(day(tc.today)); got != tc.other {
			t.Errorf("%s: v1.101 is %s, want %s", tc.today, got, tc.other)
		}
		if got := d.DefaultTarget(day(tc.today)); got != tc.target {
			t.Errorf("%s: default target %s, want %s", tc.today, got, tc.target)
		}
	}
}

func TestRoadProblems(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(t *testing.T, m fstest.MapFS)
		file   string
		field  string
		msg    string
	}{
		{"skipped minor", func(t *testing.T, m fstest.MapFS) {
			put(m, "road/v1.102/release.md", strings.ReplaceAll(roadFiles[fxRoad2], "v1.101", "v1.102"))
			delete(m, fxRoad2)
			delete(m, fxRoadAPI)
		}, "road/v1.102/release.md", "version", "v1.102 follows v1.100 on the road"},
		{"version not the folder", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoad2, "\nversion: v1.101\n", "\nversion: v1.103\n") },
			fxRoad2, "version", `is "v1.103", but the page is in road/v1.101/`},
		{"dates go back", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRoad2, "released: 2030-09-01", "released: 2030-04-01")
		},
			fxRoad2, "released", "is not after v1.100's release"},
		{"latest of another line", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRoad1, "latest: {version: v1.100.7", "latest: {version: v1.101.7")
		}, fxRoad1, "latest.version", "is not a patch release of v1.100"},
		{"latest before the release", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRoad1, "released: 2031-02-11", "released: 2030-02-11")
		}, fxRoad1, "latest.released", "is before the release itself"},
		{"end of life before maintenance", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRoad1, "end_of_life: 2031-06-28", "end_of_life: 2031-03-28")
		}, fxRoad1, "support.end_of_life", "is not after maintenance mode"},
		{"bad go", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoad1, "go: go1.40.2", "go: 1.40") },
			fxRoad1, "go", `"1.40" is not a Go version`},
		{"upgrade_to off the road", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRelease, "summary: A small", "support: {maintenance_mode: 2030-12-28, end_of_life: 2031-02-28, upgrade_to: v1.101}\nsummary: A small")
		}, fxRelease, "support.upgrade_to", "but the road starts at v1.100"},
		{"id without its release", func(t *testing.T, m fstest.MapFS) {
			put(m, "road/v1.101/widgets.md", roadFiles[fxRoadAPI])
		}, "road/v1.101/widgets.md", "", `must start with "1.101-"`},
		{"unknown impact", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoadAPI, "impact: deprecated", "impact: scary") },
			fxRoadAPI, "impact", `unknown impact "scary"`},
		{"unknown category", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoadAPI, "category: api", "category: apis") },
			fxRoadAPI, "category", `unknown category "apis"`},
		{"bad api", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRoadAPI, "apis: [widgets.example.io/v1beta1]", "apis: [Widgets v1beta1]")
		}, fxRoadAPI, "apis[0]", "is not a group/version"},
		{"bad flag", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRoadGates, "name: --widget-mode", "name: widget-mode")
		},
			fxRoadGates, "flags[0].name", `"widget-mode" is not a flag`},
		{"gate not removed", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoadGates, "stage: removed", "stage: beta") },
			fxRoadGates, "gates[0].stage", "lists the gates its release removes"},
		{"locked gate without its value", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoadGates, "stage: removed", "stage: ga") },
			fxRoadGates, "gates[0].default", "gives the value it is locked to"},
		{"road facts on a removal", func(t *testing.T, m fstest.MapFS) {
			edit(t, m, fxRemoval, "kind: removal", "kind: removal\nimpact: breaks")
		}, fxRemoval, "category", "only for road items"},
		{"road item in a folder without release.md", func(t *testing.T, m fstest.MapFS) { delete(m, fxRoad2) },
			fxRoad2, "", "missing: a road release folder starts with its facts"},
		{"stray file in road", func(t *testing.T, m fstest.MapFS) { put(m, "road/notes.md", "x") },
			"road/notes.md", "", "road/ holds one folder per later release"},
		{"road release kind", func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRoad1, "kind: road-release", "kind: release") },
			fxRoad1, "kind", `want "road-release"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := roadFS(t)
			tc.mutate(t, m)
			for _, p := range loadProblems(t, m) {
				if p.File == tc.file && p.Field == tc.field && strings.Contains(p.Msg, tc.msg) {
					return
				}
			}
			t.Errorf("no problem %s [%s] %q in:\n%s", tc.file, tc.field, tc.msg, listProblems(loadProblems(t, m)))
		})
	}
}

// TestSearchFindsTheRoad: a question about removals finds removals, the release's own or the
// road's, whichever says it most plainly; and the road answers what 1.31's pages cannot (the
// questions issue 27 found unanswered).
func TestSearchFindsTheRoad(t *testing.T) {
	d := realDataset(t)
	removesGate := func(it *Item) bool {
		for _, g := range it.Gates {
			if g.Stage == "removed" {
				return true
			}
		}
		return false
	}
	removal := func(it *Item) bool {
		return it.Kind == KindRemoval || it.Road != nil && (it.Road.Category == "removal" || it.Road.Category == "gates" ||
			it.Road.Category == "flags" || it.Road.Category == "api")
	}
	for _, tc := range []struct {
		q    string
		want func(*Item) bool
	}{
		{"特性门控 移除", removal},
		{"feature gate removed", removesGate},
		{"移除", removal},
	} {
		rs := d.Search(tc.q)
		if len(rs) < 3 {
			t.Fatalf("%q: %d results", tc.q, len(rs))
		}
		for _, r := range rs[:3] {
			if !tc.want(r.Item) {
				t.Errorf("%q: %s in the top three is not what was asked for", tc.q, r.Item.ID)
			}
		}
	}
	first := func(q string) string {
		if rs := d.Search(q); len(rs) > 0 {
			return rs[0].Item.ID
		}
		return ""
	}
	if got := first("gitRepo volume disabled"); !strings.HasPrefix(got, "1.33-gitrepo") {
		t.Errorf("gitRepo volume disabled: first %q, want the road's 1.33 gitRepo change", got)
	}
}

// TestEmbeddedRoad pins the road the pages were written from (the tags' dates and .go-version,
// the published release schedule) and where each line stands on days either side of its
// dates, so an edit that moves a date or drops a hop is caught here.
func TestEmbeddedRoad(t *testing.T) {
	d := realDataset(t)
	want := []struct{ version, released, gover, maint, eol string }{
		{"v1.32", "2024-12-11", "go1.23.3", "2025-12-28", "2026-02-28"},
		{"v1.33", "2025-04-23", "go1.24.2", "2026-04-28", "2026-06-28"},
		{"v1.34", "2025-08-27", "go1.24.6", "2026-08-27", "2026-10-27"},
		{"v1.35", "2025-12-17", "go1.25.5", "2026-12-28", "2027-02-28"},
		{"v1.36", "2026-04-22", "go1.26.2", "2027-04-28", "2027-06-28"},
		{"v1.37", "2026-08-26", "go1.26.6", "2027-08-28", "2027-10-28"},
	}
	road := d.Road()
	if len(road) != len(want) {
		t.Fatalf("%d road releases, want %d", len(road), len(want))
	}
	for i, w := range want {
		r := road[i]
		if r.Version != w.version || r.Released != w.released || r.Go != w.gover || r.Support.MaintenanceMode != w.maint || r.Support.EndOfLife != w.eol {
			t.Errorf("road[%d] = %s %s %s %+v, want %+v", i, r.Version, r.Released, r.Go, r.Support, w)
		}
		if len(d.RoadItems(r.Version)) == 0 || !r.Summary.Has(LangZH) || !r.Body.Has(LangZH) {
			t.Errorf("%s: no change, or no Chinese summary and body", r.Version)
		}
		for _, it := range d.RoadItems(r.Version) {
			if !it.Title.Has(LangZH) || !it.Summary.Has(LangZH) || !it.Body.Has(LangZH) || !it.Affects.Has(LangZH) || !it.Instead.Has(LangZH) {
				t.Errorf("%s lacks a Chinese title, summary, body, affects or instead", it.ID)
			}
		}
	}
	day := func(s string) time.Time { t, _ := time.Parse(time.DateOnly, s); return t }
	for _, tc := range []struct {
		today    string
		statuses string // one letter a release: s supported, m maintenance, e ended
		target   string
	}{
		{"2026-12-06", "eeesss", "v1.35"}, // the day this road was written: 1.32 to 1.34 have ended
		{"2026-12-28", "eeemss", "v1.35"}, // 1.35 in maintenance mode
		{"2027-02-28", "eeeess", "v1.36"}, // 1.35's end of life
		{"2027-11-01", "eeeeee", "v1.37"}, // past 1.37's end: the newest is all there is
	} {
		var got string
		for _, r := range road {
			got += string(r.Support.StatusOn(day(tc.today))[0])
		}
		if got != tc.statuses {
			t.Errorf("%s: statuses %s, want %s", tc.today, got, tc.statuses)
		}
		if tg := d.DefaultTarget(day(tc.today)); tg != tc.target {
			t.Errorf("%s: default target %s, want %s", tc.today, tg, tc.target)
		}
	}
	// the examples, each with its item
	for _, id := range []string{"1.32-flowcontrol-v1beta3", "1.32-removed-gates", "1.33-removed-gates", "1.33-gitrepo-volume-disabled",
		"1.34-static-pod-api-objects", "1.34-removed-flags", "1.35-cgroup-v1-fail", "1.35-removed-flags", "1.35-containerd-1x-last",
		"1.36-gitrepo-volume-removed", "1.36-portworx-removed", "1.37-selinux-mount-default", "1.37-removed-flags"} {
		mustItem(t, d, id)
	}
	if it := mustItem(t, d, "1.32-flowcontrol-v1beta3"); !slices.Contains(it.Road.APIs, "flowcontrol.apiserver.k8s.io/v1beta3") {
		t.Errorf("1.32-flowcontrol-v1beta3 names %v", it.Road.APIs)
	}
	if it := mustItem(t, d, "1.33-removed-gates"); it.gate("AppArmor") == nil || it.gate("AppArmorFields") == nil {
		t.Error("1.33-removed-gates does not name the AppArmor gates")
	}
	flags := func(id string) (names []string) {
		for _, f := range mustItem(t, d, id).Road.Flags {
			names = append(names, f.Name)
		}
		return names
	}
	if !slices.Contains(flags("1.34-removed-flags"), "--cloud-config") || !slices.Contains(flags("1.35-removed-flags"), "--pod-infra-container-image") {
		t.Errorf("removed flags: 1.34 %v, 1.35 %v", flags("1.34-removed-flags"), flags("1.35-removed-flags"))
	}
}
