package data

import (
	"fmt"
	"github.com/elli-k8s/elli/data/search"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

const (
	idNFTables     = "3866-nftables-kube-proxy"
	idAppArmor     = "24-apparmor"
	idCephFS       = "removal-cephfs-volume-plugin"
	idCephRBD      = "removal-ceph-rbd-volume-plugin"
	idKPVersion    = "4004-deprecate-kube-proxy-version"
	idKPVersionDep = "deprecation-kube-proxy-version"
	idKubeadmGuide = "kubeadm-v1beta4"
)

// searchCase is one real query and what a user must see.
type searchCase struct {
	q        string
	first    string   // the expected first result
	top      int      // with inTop: one of inTop must be within the first top results
	inTop    []string //
	contains []string // ids that must be found
	excludes []string // ids that must not be found
	max      int      // at most this many results; -1 for none at all
	check    func(t *testing.T, d *Dataset, rs []Result)
}

func TestSearchQueries(t *testing.T) {
	d := realDataset(t)
	storage := idsOf(d.Select(Filter{SIG: "storage"}))
	if len(storage) < 3 {
		t.Fatalf("only %d SIG storage items: the SIG cases below would prove little", len(storage))
	}
	onlyKEP := func(kep int) func(t *testing.T, d *Dataset, rs []Result) {
		return func(t *testing.T, d *Dataset, rs []Result) {
			for _, r := range rs {
				if r.Item.KEP != kep {
					t.Errorf("%s (KEP %d) found for a KEP %d query", r.Item.ID, r.Item.KEP, kep)
				}
			}
		}
	}
	allHave := func(words ...string) func(t *testing.T, d *Dataset, rs []Result) {
		return func(t *testing.T, d *Dataset, rs []Result) {
			for _, r := range rs {
				text := searchableText(r.Item)
				for _, w := range words {
					if !strings.Contains(text, w) {
						t.Errorf("%s does not contain %q, yet it matched", r.Item.ID, w)
					}
				}
			}
			// and every item holding all the words as words is found
			for _, it := range d.Items {
				if hasWords(it, words...) && !slices.ContainsFunc(rs, func(r Result) bool { return r.Item == it }) {
					t.Errorf("%s holds %v but was not found", it.ID, words)
				}
			}
		}
	}
	exactly := func(want []string) func(t *testing.T, d *Dataset, rs []Result) {
		return func(t *testing.T, d *Dataset, rs []Result) {
			got := slices.Sorted(slices.Values(resultIDs(rs)))
			if w := slices.Sorted(slices.Values(want)); !slices.Equal(got, w) {
				t.Errorf("results %v, want exactly %v", got, w)
			}
		}
	}

	tests := []searchCase{
		{q: "nftables", first: idNFTables},
		{q: "nft", first: idNFTables, max: 9},
		{q: "nfttables", first: idNFTables}, // one letter too many
		{q: "3866", first: idNFTables, check: onlyKEP(3866)},
		{q: "KEP-3866", first: idNFTables, check: onlyKEP(3866)},
		{q: "kep3866", first: idNFTables, check: onlyKEP(3866)},
		{q: "#3866", first: idNFTables, check: onlyKEP(3866)},
		{q: "4004", first: idKPVersion, contains: []string{idKPVersionDep}, check: onlyKEP(4004)},
		{q: "apparmor", first: idAppArmor},
		{q: "AppArmor", first: idAppArmor},
		{q: "apparmr", first: idAppArmor},  // a letter missing
		{q: "aparmor", first: idAppArmor},  // a letter missing
		{q: "appamror", first: idAppArmor}, // two letters swapped
		{q: "apparmour", first: idAppArmor},
		{q: "cephfs", first: idCephFS},
		{q: "cepfs", first: idCephFS},
		{q: "kube proxy version", top: 2, inTop: []string{idKPVersion, idKPVersionDep}, contains: []string{idKPVersion, idKPVersionDep}},
		{q: "PDBUnhealthyPodEvictionPolicy", first: "3017-pdb-unhealthy-pod-eviction-policy"},
		{q: "pdbunhealthypodevictionpolicy", first: "3017-pdb-unhealthy-pod-eviction-policy"},
		{q: "unhealthy pod eviction", first: "3017-pdb-unhealthy-pod-eviction-policy"}, // words of an acronym-led gate name
		{q: "NFTablesProxyMode", first: idNFTables},
		{q: "trafficDistribution", first: "4444-service-traffic-distribution"},
		{q: "image volume", first: "4639-image-volume-source"},
		{q: "job success", top: 2, inTop: []string{"3998-job-success-policy"}},
		{q: "volume expansion", first: "1790-recover-volume-expansion-failure"},
		{q: "kube-proxy", contains: []string{idNFTables, idKPVersion, "3836-kube-proxy-lb-connection-draining"}},
		// no typo tolerance on words with digits: v1beta4 is not v1beta1, v1beta3 or v1beta5
		{q: "v1beta4", first: idKubeadmGuide, excludes: []string{"1880-multiple-service-cidrs"}},
		{q: "v1beta5", max: -1},
		{q: "sig storage", check: exactly(storage)},
		{q: "SIG Storage", check: exactly(storage)},
		{q: "sig-storage", check: exactly(storage)},
		{q: "sig node cgroup", contains: []string{"4569-cgroup-v1-maintenance-mode"}, check: func(t *testing.T, d *Dataset, rs []Result) {
			for _, r := range rs {
				if r.Item.SIG != "node" {
					t.Errorf("%s (SIG %s) found for sig node", r.Item.ID, r.Item.SIG)
				}
			}
		}},
		{q: "storage", contains: storage, check: func(t *testing.T, d *Dataset, rs []Result) {
			if len(rs) > 0 && !strings.Contains(strings.ToLower(rs[0].Item.Title.Default), "storage") {
				t.Errorf("first result %q does not have storage in its title", rs[0].Item.Title.Default)
			}
		}},
		{q: "ceph csi", contains: []string{idCephFS, idCephRBD}, check: allHave("ceph", "csi")},
		{q: "csi ceph", contains: []string{idCephFS, idCephRBD}, check: allHave("ceph", "csi")},
		{q: "nftables conntrack", first: idNFTables, check: allHave("nftables", "conntrack")},
		{q: "xyzzyq", max: -1},
		{q: "apparmor xyzzyq", max: -1}, // every term must match
		// typos are tolerated only in words of five letters or more
		{q: "cehp", max: -1},
		{q: "cepn", excludes: []string{idCephFS, idCephRBD}},
		{q: "kueb", max: -1},
		{q: "pdos", max: -1},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) {
			rs := d.Search(tc.q)
			ids := resultIDs(rs)
			show := ids[:min(len(ids), 8)]
			if tc.max == -1 && len(rs) != 0 {
				t.Errorf("want no results, got %d: %v", len(rs), show)
			}
			if tc.max > 0 && len(rs) > tc.max {
				t.Errorf("%d results, want at most %d: %v", len(rs), tc.max, show)
			}
			if tc.first != "" {
				mustItem(t, d, tc.first)
				if len(rs) == 0 || rs[0].Item.ID != tc.first {
					t.Errorf("first result: got %v, want %s", show, tc.first)
				}
			}
			if tc.top > 0 {
				top := ids[:min(len(ids), tc.top)]
				if !slices.ContainsFunc(top, func(id string) bool { return slices.Contains(tc.inTop, id) }) {
					t.Errorf("top %d: got %v, want one of %v", tc.top, top, tc.inTop)
				}
			}
			for _, id := range tc.contains {
				mustItem(t, d, id)
				if !slices.Contains(ids, id) {
					t.Errorf("%s not found: %v", id, show)
				}
			}
			for _, id := range tc.excludes {
				mustItem(t, d, id)
				if slices.Contains(ids, id) {
					t.Errorf("%s found: %v", id, show)
				}
			}
			if tc.check != nil {
				tc.check(t, d, rs)
			}
			checkResultOrder(t, rs)
		})
	}
}

// checkResultOrder checks the invariants of every result list: best first, ties in display
// order, each item once, positive scores, highlights inside the title.
func checkResultOrder(t *testing.T, rs []Result) {
	t.Helper()
	seen := map[*Item]bool{}
	for i, r := range rs {
		if seen[r.Item] {
			t.Errorf("%s listed twice", r.Item.ID)
		}
		seen[r.Item] = true
		if r.Score <= 0 {
			t.Errorf("%s has score %v", r.Item.ID, r.Score)
		}
		if i > 0 {
			p := rs[i-1]
			if p.Score < r.Score || p.Score == r.Score && !itemLess(p.Item, r.Item) {
				t.Errorf("out of order: %s (%v) before %s (%v)", p.Item.ID, p.Score, r.Item.ID, r.Score)
			}
		}
		title, spans := r.Item.Title.Default, r.TitleSpans(LangEN)
		for j, sp := range spans {
			if sp.Start < 0 || sp.End > len(title) || sp.Start >= sp.End || !utf8.ValidString(title[sp.Start:sp.End]) ||
				j > 0 && spans[j-1].Start > sp.Start || sp.Term < 0 || sp.Term >= len(r.Query.Terms) {
				t.Errorf("%s: title spans %v outside the title's %d bytes, not whole runes or not in order", r.Item.ID, spans, len(title))
				break
			}
		}
	}
}

func TestSearchEmptyQuery(t *testing.T) {
	d := realDataset(t)
	for _, q := range []string{"", " ", "\t\n  "} {
		if rs := d.Search(q); rs != nil {
			t.Errorf("Search(%q) = %d results, want nil", q, len(rs))
		}
	}
	// punctuation alone has no terms: it must not list everything
	for _, q := range []string{"-", "...", "?"} {
		if rs := d.Search(q); len(rs) != 0 {
			t.Errorf("Search(%q) = %d results, want none", q, len(rs))
		}
	}
}

func TestSearchDeterministic(t *testing.T) {
	d := realDataset(t)
	// A second, independent load: the index is built from maps, whose order must not leak.
	d2, err := Load(realFS(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"kube proxy", "storage", "volume", "job", "nft", "gate", "cgroup", "1.31", "alpha", "apparmr"} {
		a, b, c := d.Search(q), d.Search(q), d2.Search(q)
		if len(a) == 0 {
			t.Errorf("%q: no results; pick queries that find something", q)
		}
		for _, other := range [][]Result{b, c} {
			if !sameResults(a, other) {
				t.Errorf("%q gives different results on a repeat:\n %v\n %v", q, resultIDs(a), resultIDs(other))
			}
		}
		checkResultOrder(t, a)
	}
}

func sameResults(a, b []Result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Item.ID != b[i].Item.ID || a[i].Score != b[i].Score || !slices.Equal(a[i].TitleSpans(LangEN), b[i].TitleSpans(LangEN)) {
			return false
		}
	}
	return true
}

func TestSearchTitleMatches(t *testing.T) {
	d := realDataset(t)
	tests := []struct {
		q, id string
		want  []string // the highlighted runs of the title, in order
	}{
		{"nft", idNFTables, []string{"nft"}},
		{"nftables", idNFTables, []string{"nftables"}},
		{"apparmor", idAppArmor, []string{"AppArmor"}},
		{"appamror", idAppArmor, []string{"AppArmor"}},
		{"volume expansion", "1790-recover-volume-expansion-failure", nil},
		{"kube proxy", idNFTables, []string{"kube", "proxy"}},
		{"cephfs", idCephFS, []string{"CephFS"}},
		{"image volume", "4639-image-volume-source", []string{"Volume"}}, // the camel part of VolumeSource
	}
	for _, tc := range tests {
		it := mustItem(t, d, tc.id)
		var r *Result
		for _, x := range d.Search(tc.q) {
			if x.Item == it {
				r = &x
				break
			}
		}
		if r == nil {
			t.Errorf("%q does not find %s", tc.q, tc.id)
			continue
		}
		got := spanRuns(it.Title.Default, r.TitleSpans(LangEN))
		want := tc.want
		if want == nil { // every word of the query, as written in the title
			for _, w := range strings.Fields(tc.q) {
				k := strings.Index(strings.ToLower(it.Title.Default), w)
				if k < 0 {
					t.Fatalf("test case: %q not in %q", w, it.Title.Default)
				}
				want = append(want, it.Title.Default[k:k+len(w)])
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q on %q highlights %q (spans %v), want %q", tc.q, it.Title.Default, got, r.TitleSpans(LangEN), want)
		}
	}
	// "nft" in "Add an nftables-based kube-proxy backend": exactly the three letters.
	it := mustItem(t, d, idNFTables)
	rs := d.Search("nft")
	k := strings.Index(it.Title.Default, "nftables")
	if len(rs) == 0 || rs[0].Item != it || !slices.Equal(rs[0].TitleSpans(LangEN), []search.Span{{Start: k, End: k + 3, Term: 0}}) {
		t.Errorf("nft: got %+v, want the span %v in %q", rs[0].TitleSpans(LangEN), []search.Span{{Start: k, End: k + 3, Term: 0}}, it.Title.Default)
	}
	// a result found only in its body highlights nothing
	for _, r := range d.Search("conntrack") {
		if !strings.Contains(strings.ToLower(r.Item.Title.Default), "conntrack") && len(r.TitleSpans(LangEN)) > 0 {
			t.Errorf("%s: conntrack is not in the title %q, yet %v is highlighted", r.Item.ID, r.Item.Title.Default, r.TitleSpans(LangEN))
		}
	}
}

// spanRuns returns the highlighted runs of s: spans that touch or overlap make one run.
func spanRuns(s string, spans []search.Span) []string {
	var out []string
	for i := 0; i < len(spans); {
		start, end := spans[i].Start, spans[i].End
		j := i + 1
		for ; j < len(spans) && spans[j].Start <= end; j++ {
			end = max(end, spans[j].End)
		}
		out = append(out, s[start:end])
		i = j
	}
	return out
}

// TestSearchFuzzyIsTight guards against a fuzzy pass that floods: a short term may match titles
// and gate names as a tight subsequence, never bodies.
func TestSearchFuzzyIsTight(t *testing.T) {
	d := realDataset(t)
	for _, q := range []string{"nft", "dra", "pdb", "cdi"} {
		rs := d.Search(q)
		if len(rs) >= len(d.Items)/4 {
			t.Errorf("%q matches %d of %d items: %v", q, len(rs), len(d.Items), resultIDs(rs))
		}
	}
}

func TestSearchFindsTheReleaseOverview(t *testing.T) {
	d := realDataset(t)
	for _, q := range []string{"minikube", "sailor", "tenth anniversary", "2268"} {
		rs := d.Search(q)
		if len(rs) == 0 || rs[0].Item.ID != ReleaseID || rs[0].Item.Kind != KindRelease {
			t.Errorf("search %q: got %v, want the release overview first", q, resultIDs(rs))
		}
	}
	if it := d.ReleaseItem(); it.Title.Default != d.Release.Title.Default || it.URL != d.Release.Links[0].URL {
		t.Errorf("release item %+v does not mirror the release", it)
	}
}

func TestConcurrentSearchesAgree(t *testing.T) {
	d := realDataset(t)
	queries := []string{"nft", "nftables proxy", "apparmor", "kube proxy", "volume expansion", "swapp", "cgroup v1", "sig storage"}
	want := make([][]Result, len(queries))
	for i, q := range queries {
		want[i] = d.Search(q)
		if len(want[i]) == 0 {
			t.Fatalf("fixture: %q finds nothing", q)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(queries))
	for g := range 8 {
		wg.Go(func() {
			for r := range 20 {
				i := (g + r) % len(queries)
				got := d.Search(queries[i])
				if len(got) != len(want[i]) {
					errs <- fmt.Sprintf("%q: %d results, alone %d", queries[i], len(got), len(want[i]))
					return
				}
				for k := range got {
					if got[k].Item != want[i][k].Item || got[k].Score != want[i][k].Score || !slices.Equal(got[k].TitleSpans(LangEN), want[i][k].TitleSpans(LangEN)) {
						errs <- fmt.Sprintf("%q result %d: %s %v, alone %s %v", queries[i], k, got[k].Item.ID, got[k].Score, want[i][k].Item.ID, want[i][k].Score)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
