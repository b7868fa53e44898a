package data

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBoundQuery(t *testing.T) {
	long := strings.Repeat("é", MaxQueryLen+5) // two bytes each: the cut counts characters
	tests := []struct {
		q, want string
		cut     QueryCut
	}{
		{"nftables", "nftables", QueryCut{}},
		{"  pod   failure\tpolicy ", "pod failure policy", QueryCut{}},
		{"pod Pod POD failure pod", "pod failure", QueryCut{Repeats: 3}},
		{"a b c d e f g h i j k l m n", "a b c d e f g h i j k l", QueryCut{Words: 2}},
		// kube-proxy is two terms: it counts as two against the bound
		{"a b c d e f g h i j kube-proxy x", "a b c d e f g h i j kube-proxy", QueryCut{Words: 1}},
		// a word of more parts than fit keeps the parts that do
		{"a b c d e f g h i j k-l-m-n", "a b c d e f g h i j k-l", QueryCut{Words: 1}},
		{strings.Repeat("w-", 40), strings.TrimSuffix(strings.Repeat("w-", 12), "-"), QueryCut{Words: 1}},
		// the parts that fit are a word kept already: the word goes, and a later one may fit
		{"a b c d e f g h i j k a-b-c z", "a b c d e f g h i j k z", QueryCut{Words: 1}},
		{long, long[:2*MaxQueryLen], QueryCut{Chars: 5}},
		{strings.Repeat("x ", 150), "x", QueryCut{Chars: 100, Repeats: 99}},
		{"", "", QueryCut{}},
	}
	for _, tc := range tests {
		got, cut := BoundQuery(tc.q)
		if got != tc.want || cut != tc.cut {
			t.Errorf("BoundQuery(%.40q) = %.40q, %+v; want %.40q, %+v", tc.q, got, cut, tc.want, tc.cut)
		}
	}
}

// Whatever the query, what Search runs is within the bounds, and a cut query finds what its
// bounded form finds.
func TestSearchIsBounded(t *testing.T) {
	d := realDataset(t)
	huge := strings.Repeat("nftables kube-proxy backend ", 40000) // 1.1 MB, 120k words
	bounded, cut := BoundQuery(huge)
	if cut.Chars == 0 || cut.Repeats == 0 || utf8.RuneCountInString(bounded) > MaxQueryLen || len(queryTermsOf(bounded)) > MaxQueryTerms {
		t.Fatalf("BoundQuery left %d characters, %d terms (%+v)", utf8.RuneCountInString(bounded), len(queryTermsOf(bounded)), cut)
	}
	if got, want := d.Search(huge), d.Search(bounded); !sameResults(got, want) || len(got) == 0 {
		t.Errorf("the huge query found %d results, its bounded form %d", len(got), len(want))
	}
}

func queryTermsOf(q string) []string {
	var out []string
	for _, w := range strings.Fields(q) {
		out = append(out, queryTerms(w)...)
	}
	return out
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
