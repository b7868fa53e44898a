package search_test

import (
	"testing"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

// Every alias of the real glossary leads to a word the release holds: a query that used the
// avoided word finds what the pages say.
func TestGlossaryAliasesLeadToPages(t *testing.T) {
	pairs, err := data.QueryAliases(content.Glossary)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs)/2 < 30 {
		t.Fatalf("%d alias pairs from the glossary; want the full list", len(pairs)/2)
	}
	ix := realDataset(t).Index()
	for i := 0; i < len(pairs); i += 2 {
		if !ix.HoldsCJK(pairs[i+1]) {
			t.Errorf("%s reads as %s, which no page holds", pairs[i], pairs[i+1])
		}
	}
}
