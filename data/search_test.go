package data

import (
	"fmt"
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
	if len(rs) == 0 || rs[0].Item != it || !slices.Equal(rs[0].TitleSpans(LangEN), []Span{{k, k + 3, 0}}) {
		t.Errorf("nft: got %+v, want the span %v in %q", rs[0].TitleSpans(LangEN), []Span{{k, k + 3, 0}}, it.Title.Default)
	}
	// a result found only in its body highlights nothing
	for _, r := range d.Search("conntrack") {
		if !strings.Contains(strings.ToLower(r.Item.Title.Default), "conntrack") && len(r.TitleSpans(LangEN)) > 0 {
			t.Errorf("%s: conntrack is not in the title %q, yet %v is highlighted", r.Item.ID, r.Item.Title.Default, r.TitleSpans(LangEN))
		}
	}
}

// spanRuns returns the highlighted runs of s: spans that touch or overlap make one run.
func spanRuns(s string, spans []Span) []string {
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

func TestTokenize(t *testing.T) {
	type tok struct {
		word       string
		start, end int
	}
	tests := []struct {
		in   string
		want []tok
	}{
		{"NFTablesProxyMode", []tok{{"nftablesproxymode", 0, 17}, {"nftables", 0, 8}, {"proxy", 8, 13}, {"mode", 13, 17},
			{"nf", 0, 2}, {"tables", 2, 8}, {"proxy", 8, 13}, {"mode", 13, 17}}},
		{"PDBUnhealthyPod", []tok{{"pdbunhealthypod", 0, 15}, {"pdbunhealthy", 0, 12}, {"pod", 12, 15},
			{"pdb", 0, 3}, {"unhealthy", 3, 12}, {"pod", 12, 15}}},
		{"trafficDistribution", []tok{{"trafficdistribution", 0, 19}, {"traffic", 0, 7}, {"distribution", 7, 19}}},
		{"kube-proxy v1beta4, spec.ordinals", []tok{{"kube", 0, 4}, {"proxy", 5, 10}, {"v1beta4", 11, 18}, {"spec", 20, 24}, {"ordinals", 25, 33}}},
		{"AppArmor", []tok{{"apparmor", 0, 8}, {"app", 0, 3}, {"armor", 3, 8}}},
		{"KEP CDI", []tok{{"kep", 0, 3}, {"cdi", 4, 7}}},
		{"小部件 ok", []tok{{"小部件", 0, 9}, {"ok", 10, 12}}},
		// a change of script ends a word: Chinese puts no space before or after English words
		{"cgroup驱动", []tok{{"cgroup", 0, 6}, {"驱动", 6, 12}}},
		{"用KubeletCgroupDriverFromCRI门控", []tok{{"用", 0, 3}, {"kubeletcgroupdriverfromcri", 3, 29},
			{"kubelet", 3, 10}, {"cgroup", 10, 16}, {"driver", 16, 22}, {"from", 22, 26}, {"cri", 26, 29}, {"门控", 29, 35}}},
		{"v1.31中，默认", []tok{{"v1", 0, 2}, {"31", 3, 5}, {"中", 5, 8}, {"默认", 11, 17}}},
		{"", nil},
		{" -- ", nil},
	}
	for _, tc := range tests {
		var got []tok
		for _, x := range tokenize(tc.in, nil) {
			got = append(got, tok{x.word, x.start, x.end})
			if tc.in[x.start:x.end] != "" && strings.ToLower(tc.in[x.start:x.end]) != x.word {
				t.Errorf("tokenize(%q): span %d:%d is %q, word %q", tc.in, x.start, x.end, tc.in[x.start:x.end], x.word)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("tokenize(%q) =\n %v\nwant\n %v", tc.in, got, tc.want)
		}
	}
}

func TestQueryTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"nftables", []string{"nftables"}},
		{"NFTablesProxyMode", []string{"nftablesproxymode"}}, // camel parts dropped
		{"kube-proxy", []string{"kube", "proxy"}},
		{"spec.ordinals", []string{"spec", "ordinals"}},
		{"AppArmor", []string{"apparmor"}},
		{"v1beta4", []string{"v1beta4"}},
		{"trafficDistribution", []string{"trafficdistribution"}},
		{"cgroup驱动", []string{"cgroup", "驱动"}},
		{"", nil},
		{"--", nil},
	}
	for _, tc := range tests {
		if got := queryTerms(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("queryTerms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestWithinOneEdit(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"apparmor", "apparmor", true},
		{"apparmor", "apparmr", true},   // deletion
		{"apparmor", "aparmor", true},   // deletion of a doubled letter
		{"apparmor", "appamror", true},  // transposition
		{"apparmor", "apparmour", true}, // insertion
		{"apparmor", "epparmor", true},  // substitution, first letter
		{"apparmor", "apparmox", true},  // substitution, last letter
		{"apparmor", "pparmor", true},   // deletion, first letter
		{"apparmor", "apparmo", true},   // deletion, last letter
		{"apparmor", "papramor", false}, // two transpositions
		{"apparmor", "appamr", false},   // two deletions
		{"apparmor", "apparmorxx", false},
		{"apparmor", "xpparmox", false}, // two substitutions
		{"ab", "ba", true},
		{"abc", "acb", true},
		{"abcd", "badc", false},
		{"ceph", "cehp", true}, // one edit: the length rule, not this, keeps it out of search
		{"", "", true},
		{"", "a", true},
		{"a", "", true},
		{"", "ab", false},
		{"kubelet", "kublet", true},
		{"kubelet", "kubectl", false},
	}
	for _, tc := range tests {
		if got := withinOneEdit(tc.a, tc.b); got != tc.want {
			t.Errorf("withinOneEdit(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := withinOneEdit(tc.b, tc.a); got != tc.want {
			t.Errorf("withinOneEdit(%q, %q) = %v, want %v (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestParseKEP(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		isOK bool
	}{
		{"3866", 3866, true},
		{"KEP-3866", 3866, true},
		{"kep-3866", 3866, true},
		{"kep3866", 3866, true},
		{"KEP3866", 3866, true},
		{"#3866", 3866, true},
		{"  24 ", 24, true},
		{"0", 0, false},
		{"KEP-", 0, false},
		{"kep 3866", 0, false},
		{"3866a", 0, false},
		{"-3866", 0, false},
		{"v1.31", 0, false},
		{"nftables", 0, false},
		{"", 0, false},
		{"99999999999999999999999", 0, false},
		{"+3866", 0, false},
		{"KEP-+3866", 0, false},
		{"KEP--3866", 0, false},
		{"#kep-3866", 0, false},
		{"3 866", 0, false},
		{"٣٨٦٦", 0, false}, // Arabic-Indic digits
	}
	for _, tc := range tests {
		n, ok := ParseKEP(tc.in)
		if ok != tc.isOK || ok && n != tc.n {
			t.Errorf("ParseKEP(%q) = %d, %v; want %d, %v", tc.in, n, ok, tc.n, tc.isOK)
		}
	}
}

func TestLookup(t *testing.T) {
	d := realDataset(t)
	tests := []struct {
		ref    string
		id     string // "" for not found
		kepRef bool
	}{
		{"3866", idNFTables, true},
		{"KEP-3866", idNFTables, true},
		{"kep3866", idNFTables, true},
		{"4004", idKPVersion, true}, // the enhancement, not the deprecation that cites it
		{"KEP-4004", idKPVersion, true},
		{idKPVersionDep, idKPVersionDep, false},
		{"  Deprecation-Kube-Proxy-Version ", idKPVersionDep, false},
		{idKubeadmGuide, idKubeadmGuide, false},
		{"24", idAppArmor, true},
		{"99999", "", true},
		{"no-such-item", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		it, isKEP := d.Lookup(tc.ref)
		got := ""
		if it != nil {
			got = it.ID
		}
		if got != tc.id || isKEP != tc.kepRef {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tc.ref, got, isKEP, tc.id, tc.kepRef)
		}
	}
	// A KEP that only a change cites answers with that change.
	for _, it := range d.Items {
		if it.Kind == KindEnhancement || it.KEP == 0 {
			continue
		}
		owner := d.ByKEP(it.KEP)
		if owner == nil {
			t.Errorf("ByKEP(%d) = nil, but %s cites it", it.KEP, it.ID)
		} else if owner.KEP != it.KEP || (owner.Kind != KindEnhancement && slices.ContainsFunc(d.Items, func(x *Item) bool { return x.KEP == it.KEP && x.Kind == KindEnhancement })) {
			t.Errorf("ByKEP(%d) = %s, want the enhancement when there is one", it.KEP, owner.ID)
		}
	}
	if d.ByKEP(4004).Kind != KindEnhancement {
		t.Error("ByKEP(4004) is not the enhancement")
	}
}

func TestFilterSelect(t *testing.T) {
	d := realDataset(t)
	all := d.Select(Filter{})
	if len(all) != len(d.Items) {
		t.Fatalf("Select({}) = %d items, want all %d", len(all), len(d.Items))
	}
	for i := 1; i < len(all); i++ {
		if !itemLess(all[i-1], all[i]) {
			t.Errorf("display order broken: %s before %s", all[i-1].ID, all[i].ID)
		}
	}
	// display order: enhancements GA, Beta, Alpha by KEP; removals; deprecations; guide by order
	if all[0].ID != idAppArmor {
		t.Errorf("first item %s, want KEP 24 (the lowest GA KEP)", all[0].ID)
	}
	var kinds []Kind
	for _, it := range all {
		if len(kinds) == 0 || kinds[len(kinds)-1] != it.Kind {
			kinds = append(kinds, it.Kind)
		}
	}
	if !slices.Equal(kinds, Kinds) {
		t.Errorf("kinds in display order: %v, want %v", kinds, Kinds)
	}

	tests := []struct {
		f    Filter
		want int
	}{
		{Filter{Stage: StageGA}, 11},
		{Filter{Stage: StageBeta}, 22},
		{Filter{Stage: StageAlpha}, 12},
		{Filter{Kind: KindEnhancement}, 45},
		{Filter{Kind: KindGuide}, len(wantGuides)},
		{Filter{Stage: StageBeta, Kind: KindRemoval}, 0},
		{Filter{SIG: "no-such-sig"}, 0},
	}
	for _, tc := range tests {
		if got := len(d.Select(tc.f)); got != tc.want {
			t.Errorf("Select(%+v) = %d items, want %d", tc.f, got, tc.want)
		}
	}
	if n := len(d.Select(Filter{Kind: KindRemoval})) + len(d.Select(Filter{Kind: KindDeprecation})); n != 21 {
		t.Errorf("removals + deprecations = %d, want 21", n)
	}
	// SIG filters accept "sig-" and any case; they AND with the other fields.
	storage := d.Select(Filter{SIG: "storage"})
	for _, f := range []Filter{{SIG: "sig-storage"}, {SIG: "Storage"}, {SIG: "SIG-Storage"}} {
		if got := d.Select(f); !slices.Equal(got, storage) {
			t.Errorf("Select(%+v) = %v, want %v", f, idsOf(got), idsOf(storage))
		}
	}
	for _, it := range d.Select(Filter{SIG: "node", Stage: StageAlpha}) {
		if it.SIG != "node" || it.Stage != StageAlpha {
			t.Errorf("%s (%s, %s) passed sig node + alpha", it.ID, it.SIG, it.Stage)
		}
	}
	sigs := d.SIGsInUse()
	if !slices.IsSorted(sigs) || !slices.Contains(sigs, "storage") || !slices.Contains(sigs, "network") || slices.Contains(sigs, "") {
		t.Errorf("SIGsInUse() = %v", sigs)
	}
	total := 0
	for _, s := range sigs {
		total += len(d.Select(Filter{SIG: s}))
	}
	if total != 45 {
		t.Errorf("the SIGs in use own %d items, want the 45 enhancements", total)
	}
}

func TestFindGates(t *testing.T) {
	d := realDataset(t)
	nft := mustItem(t, d, idNFTables)
	for _, name := range []string{"NFTablesProxyMode", "nftablesproxymode", "NFTABLESPROXYMODE"} {
		refs := d.FindGates(name)
		if len(refs) != 1 || refs[0].Item != nft || refs[0].Name != "NFTablesProxyMode" {
			t.Errorf("FindGates(%q) = %v, want the one gate of %s", name, gateRefs(refs), nft.ID)
		}
	}
	refs := d.FindGates("DisableNodeKubeProxyVersion")
	if len(refs) < 2 || refs[0].Item.ID != idKPVersion {
		t.Errorf("FindGates(DisableNodeKubeProxyVersion) = %v, want the enhancement first, then the deprecation", gateRefs(refs))
	}
	for _, r := range refs {
		if r.Name != "DisableNodeKubeProxyVersion" {
			t.Errorf("exact lookup returned %s", r.Name)
		}
	}
	fz := d.FindGates("nftproxy")
	if len(fz) == 0 || fz[0].Name != "NFTablesProxyMode" {
		t.Errorf("FindGates(nftproxy) = %v, want NFTablesProxyMode first", gateRefs(fz))
	}
	fz = d.FindGates("PDBUnhealthy")
	if len(fz) == 0 || fz[0].Name != "PDBUnhealthyPodEvictionPolicy" {
		t.Errorf("FindGates(PDBUnhealthy) = %v, want PDBUnhealthyPodEvictionPolicy first", gateRefs(fz))
	}
	if refs := d.FindGates("zzqqxx"); len(refs) != 0 {
		t.Errorf("FindGates(zzqqxx) = %v, want none", gateRefs(refs))
	}
	all := d.Gates()
	for i := 1; i < len(all); i++ {
		if strings.ToLower(all[i-1].Name) > strings.ToLower(all[i].Name) {
			t.Errorf("Gates() not by name: %s before %s", all[i-1].Name, all[i].Name)
		}
	}
}

func gateRefs(refs []GateRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Name+"@"+r.Item.ID)
	}
	return out
}

func TestItemMarkdown(t *testing.T) {
	d := realDataset(t)
	nft := mustItem(t, d, idNFTables)
	md := nft.Markdown(LangEN)
	for _, want := range []string{
		"# KEP-3866: Add an nftables-based kube-proxy backend\n",
		"*" + strings.TrimSpace(nft.Summary.Default) + "*",
		"**Stage:** Beta",
		"**SIG:** network",
		"**History:** alpha v1.29 → beta v1.31",
		"**Feature gate**\n\n- `NFTablesProxyMode`: beta, on by default, in kube-proxy — the gate only makes the mode available",
		"## What changes in 1.31",
		"## Links",
		"- KEP:\n  <https://github.com/kubernetes/enhancements/issues/3866>\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("3866 Markdown lacks %q", want)
		}
	}
	headings := 0
	for _, l := range outsideCode(md) {
		if strings.HasPrefix(l, "# ") {
			headings++
		}
	}
	if !strings.HasPrefix(md, "# KEP-3866") || headings != 1 {
		t.Errorf("3866 Markdown must have exactly one level-1 heading, first")
	}
	if !strings.Contains(md, nft.Body.Default) {
		t.Error("3866 Markdown does not include the body")
	}

	// an off-by-default gate says so
	if md := d.ByKEP(1880).Markdown(LangEN); !strings.Contains(md, "**Feature gates**\n\n- `MultiCIDRServiceAllocator`: beta, off by default, in kube-apiserver, kube-controller-manager — ") {
		t.Errorf("1880 Markdown does not show its gate off:\n%s", md[:min(len(md), 600)])
	}

	ceph := mustItem(t, d, idCephFS)
	md = ceph.Markdown(LangEN)
	for _, want := range []string{
		"# CephFS in-tree volume plugin removed\n",
		"**Kind:** Removal",
		"**Components:** kubelet",
		"**PRs:** #124544",
		"**Action required on upgrade**",
		"- **Who is affected:** " + ceph.Affects.Default,
		"- **What to do instead:** " + ceph.Instead.Default,
		"- PR 124544:\n  <https://github.com/kubernetes/kubernetes/pull/124544>\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("cephfs Markdown lacks %q", want)
		}
	}
	if strings.Contains(md, "KEP-") && ceph.KEP == 0 {
		t.Error("a change without a KEP shows one")
	}

	dep := mustItem(t, d, idKPVersionDep)
	md = dep.Markdown(LangEN)
	for _, want := range []string{"**Kind:** Deprecation", "**Related:** KEP-4004", "- `DisableNodeKubeProxyVersion`: beta, on by default"} {
		if !strings.Contains(md, want) {
			t.Errorf("kube-proxy version deprecation Markdown lacks %q", want)
		}
	}

	removed := mustItem(t, d, "removal-graduated-feature-gates").Markdown(LangEN)
	if !strings.Contains(removed, "- `ReadWriteOncePod`: removed, in kube-apiserver,") || strings.Contains(removed, "default unknown") {
		t.Errorf("a removed gate should show no default:\n%s", removed)
	}

	guide := mustItem(t, d, idKubeadmGuide)
	md = guide.Markdown(LangEN)
	if !strings.HasPrefix(md, "# "+guide.Title.Default+"\n") || strings.Contains(md, "**Stage:**") || strings.Contains(md, "**Feature gate") {
		t.Errorf("guide Markdown:\n%s", md[:min(len(md), 400)])
	}
	// every item composes a page with one level-1 heading
	for _, it := range d.Items {
		md := it.Markdown(LangEN)
		if n := strings.Count("\n"+strings.Join(outsideCode(md), "\n"), "\n# "); n != 1 {
			t.Errorf("%s: %d level-1 headings in its page", it.ID, n)
		}
	}
	rmd := d.Release.Markdown(LangEN)
	for _, want := range []string{"# Kubernetes v1.31: Elli", "- **Enhancements:** 45: 11 GA, 22 Beta, 12 Alpha", "- **Cycle:** 14 weeks (2024-05-07 to 2024-08-13)", "113 companies and 528 individuals", "379 companies and 2268 contributors"} {
		if !strings.Contains(rmd, want) {
			t.Errorf("release Markdown lacks %q", want)
		}
	}
}

// searchableText is everything of an item the index reads, lower-cased.
func searchableText(it *Item) string {
	parts := []string{it.Title.Default, it.Summary.Default, it.Affects.Default, it.Instead.Default, it.Body.Default,
		it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " "), strings.Join(it.Keywords, " ")}
	for _, g := range it.Gates {
		parts = append(parts, g.Name)
	}
	return strings.ToLower(strings.Join(parts, " "))
}

// hasWords reports whether every word is a whole token of the item's searchable text.
func hasWords(it *Item, words ...string) bool {
	toks := map[string]bool{}
	for _, tk := range tokenize(searchableText(it), nil) {
		toks[tk.word] = true
	}
	for _, w := range words {
		if !toks[w] {
			return false
		}
	}
	return true
}

func idsOf(items []*Item) []string {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

// The release overview is searchable: its theme, numbers and install notes are found like a page.
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

func TestGatedefaultPhrase(t *testing.T) {
	on, off := true, false
	for _, c := range []struct {
		def  *bool
		want string
	}{{&on, "on by default"}, {&off, "off by default"}, {nil, "default unknown"}} {
		if got := (Gate{Default: c.def}).defaultPhrase(LangEN); got != c.want {
			t.Errorf("defaultPhrase(%v) = %q, want %q", c.def, got, c.want)
		}
	}
}

// Searches share the index and its pool of scratch slices: run concurrently (CI runs this under
// -race), each must give exactly what the same query gives alone, so no search may see another's
// leftovers. The queries overlap in the words they match.
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
