package data

import (
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
