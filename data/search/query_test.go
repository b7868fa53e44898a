package search

import (
	"slices"
	"strings"
	"testing"
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
