package data

import (
	"fmt"
	"slices"
)

// IndexTable is a search index as plain data, so that generated code can carry it and a
// process can answer its first search without tokenising every page or copying the index.
// Items are numbered as Dataset.Items, with the release overview (ReleaseItem) last.
//   - Words is the sorted vocabulary.
//   - The postings of Words[w] are Postings[Offsets[w]:Offsets[w+1]], each one
//     item<<postingFieldBits | field, in item order.
//   - ByLength holds the word ids grouped by byte length, in id order within a length; the
//     words of length l are ByLength[LengthStarts[l]:LengthStarts[l+1]].
//   - Joined is "\x00" + the words joined by "\x00" + "\x00"; Words[w] starts at Starts[w].
type IndexTable struct {
	Words        []string
	Offsets      []uint32
	Postings     []uint32
	ByLength     []int32
	LengthStarts []uint32
	Joined       string
	Starts       []int32
}

// IndexTable returns the dataset's search index as a table, for a generator to write out.
func (d *Dataset) IndexTable() IndexTable {
	ix := d.searchIndex()
	return IndexTable{
		Words:        slices.Clone(ix.words),
		Offsets:      slices.Clone(ix.offsets),
		Postings:     slices.Clone(ix.postings),
		ByLength:     slices.Clone(ix.byLen),
		LengthStarts: slices.Clone(ix.lenStarts),
		Joined:       ix.joined,
		Starts:       slices.Clone(ix.starts),
	}
}

// NewDatasetIndexed is NewDataset with a search index built ahead of time from the same items
// (IndexTable). The table is checked for shape here, and used as the index on the first
// search; its content is the generator's business, whose tests compare it with a fresh build.
func NewDatasetIndexed(r Release, items []*Item, t IndexTable) (*Dataset, error) {
	d := newDataset(r, items)
	if err := t.check(len(d.Items) + 1); err != nil {
		return nil, err
	}
	d.table = &t
	return d, nil
}

// check refuses a table whose parts do not fit together, so that no search can index out of
// range. It reads every part once and allocates nothing.
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
		if item, f := postingItem(v), postingField(v); int(item) >= items || f >= fieldCount {
			return fmt.Errorf("index table: posting %d names item %d, field %d; there are %d items", n, item, f, items)
		}
	}
	if err := t.checkLengths(); err != nil {
		return err
	}
	return t.checkJoined()
}

func (t IndexTable) checkLengths() error {
	if len(t.ByLength) != len(t.Words) || len(t.LengthStarts) == 0 || t.LengthStarts[0] != 0 ||
		int(t.LengthStarts[len(t.LengthStarts)-1]) != len(t.Words) {
		return fmt.Errorf("index table: %d words, %d by length and %d length starts do not fit together", len(t.Words), len(t.ByLength), len(t.LengthStarts))
	}
	for l := 0; l+1 < len(t.LengthStarts); l++ {
		if t.LengthStarts[l] > t.LengthStarts[l+1] {
			return fmt.Errorf("index table: the length starts run backwards at length %d", l)
		}
	}
	for l := 0; l+1 < len(t.LengthStarts); l++ {
		for _, w := range t.ByLength[t.LengthStarts[l]:t.LengthStarts[l+1]] {
			if w < 0 || int(w) >= len(t.Words) || len(t.Words[w]) != l {
				return fmt.Errorf("index table: word %d is listed under length %d", w, l)
			}
		}
	}
	return nil
}

func (t IndexTable) checkJoined() error {
	if len(t.Starts) != len(t.Words) {
		return fmt.Errorf("index table: %d words and %d starts do not fit together", len(t.Words), len(t.Starts))
	}
	at := 1 // after the leading zero byte
	for w, word := range t.Words {
		if int(t.Starts[w]) != at || at+len(word) >= len(t.Joined) || t.Joined[at-1] != 0 || t.Joined[at:at+len(word)] != word {
			return fmt.Errorf("index table: the joined words do not hold %q at %d", word, t.Starts[w])
		}
		at += len(word) + 1
	}
	if at != len(t.Joined) || t.Joined[at-1] != 0 {
		return fmt.Errorf("index table: the joined words are %d bytes, want %d", len(t.Joined), at)
	}
	return nil
}

// indexFromTable uses a checked table as the index: the table's slices become the index's.
func indexFromTable(items []*Item, t *IndexTable) *index {
	ix := &index{
		items:     items,
		words:     t.Words,
		offsets:   t.Offsets,
		postings:  t.Postings,
		byLen:     t.ByLength,
		lenStarts: t.LengthStarts,
		joined:    t.Joined,
		starts:    t.Starts,
	}
	ix.deriveItems()
	return ix
}
