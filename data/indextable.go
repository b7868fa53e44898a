package data

import (
	"fmt"
	"slices"
)

// IndexTable is a search index as plain data, so that generated code can carry it and a
// process can answer its first search without tokenising every page. Words is the sorted
// vocabulary; the postings of Words[w] are Postings[Offsets[w]:Offsets[w+1]], each one
// item<<postingFieldBits | field, in item order. Items are numbered as Dataset.Items, with
// the release overview (ReleaseItem) last.
type IndexTable struct {
	Words    []string
	Offsets  []uint32
	Postings []uint32
}

const postingFieldBits = 3 // fieldCount fits

// IndexTable returns the dataset's search index as a table, for a generator to write out.
func (d *Dataset) IndexTable() IndexTable {
	ix := d.searchIndex()
	t := IndexTable{Words: slices.Clone(ix.words), Offsets: make([]uint32, 0, len(ix.words)+1)}
	t.Offsets = append(t.Offsets, 0)
	for _, ps := range ix.postings {
		for _, p := range ps {
			t.Postings = append(t.Postings, uint32(p.item)<<postingFieldBits|uint32(p.field))
		}
		t.Offsets = append(t.Offsets, uint32(len(t.Postings)))
	}
	return t
}

// NewDatasetIndexed is NewDataset with a search index built ahead of time from the same items
// (IndexTable). The table is checked for shape here, and turned into the index on the first
// search; its content is the generator's business, whose tests compare it with a fresh build.
func NewDatasetIndexed(r Release, items []*Item, t IndexTable) (*Dataset, error) {
	d := newDataset(r, items)
	if err := t.check(len(d.Items) + 1); err != nil {
		return nil, err
	}
	d.table = &t
	return d, nil
}

func (t IndexTable) check(items int) error {
	if len(t.Offsets) != len(t.Words)+1 || t.Offsets[0] != 0 || int(t.Offsets[len(t.Words)]) != len(t.Postings) {
		return fmt.Errorf("index table: %d words, %d offsets and %d postings do not fit together", len(t.Words), len(t.Offsets), len(t.Postings))
	}
	if !slices.IsSorted(t.Words) {
		return fmt.Errorf("index table: the words are not sorted")
	}
	for w := range t.Words {
		if t.Offsets[w] > t.Offsets[w+1] {
			return fmt.Errorf("index table: the offsets of %q run backwards", t.Words[w])
		}
	}
	for n, v := range t.Postings {
		if item, f := int(v>>postingFieldBits), field(v&(1<<postingFieldBits-1)); item >= items || f >= fieldCount {
			return fmt.Errorf("index table: posting %d names item %d, field %d; there are %d items", n, item, f, items)
		}
	}
	return nil
}

// indexFromTable turns a checked table into the index.
func indexFromTable(items []*Item, t *IndexTable) *index {
	ix := &index{items: items, words: t.Words, postings: make([][]posting, len(t.Words))}
	slab := make([]posting, len(t.Postings))
	for n, v := range t.Postings {
		slab[n] = posting{item: int32(v >> postingFieldBits), field: field(v & (1<<postingFieldBits - 1))}
	}
	for w := range ix.postings {
		lo, hi := t.Offsets[w], t.Offsets[w+1]
		ix.postings[w] = slab[lo:hi:hi]
	}
	ix.derive()
	return ix
}
