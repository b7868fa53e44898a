package data

import (
	"slices"
	"testing"
)

// The engine's documents are the dataset's items in display order, then the release overview:
// search keeps the documents' order for ties, and a hit's number names the item.
func TestSearchDocsInDisplayOrder(t *testing.T) {
	d := realDataset(t)
	d.searchIndex()
	if !slices.Equal(d.searchItems, append(slices.Clone(d.Items), d.ReleaseItem())) || !slices.IsSortedFunc(d.searchItems, func(a, b *Item) int {
		if itemLess(a, b) {
			return -1
		}
		return 1
	}) {
		t.Fatal("the index's items are not the dataset's items in display order, then the release overview, which search relies on for ties")
	}
	for _, q := range []string{"nftables", "3866", "sig storage", "卷"} {
		for _, r := range d.Search(q) {
			if doc := docOf(r.Item, true); doc.KEP != r.Item.KEP || doc.SIG != r.Item.SIG {
				t.Errorf("%q: %s's document says KEP %d, SIG %q", q, r.Item.ID, doc.KEP, doc.SIG)
			}
		}
	}
}
