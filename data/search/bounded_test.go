package search_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	. "github.com/elli-k8s/elli/data/search"
)

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
		out = append(out, QueryTerms(w)...)
	}
	return out
}
