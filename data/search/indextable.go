package search

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// IndexTable is a search index as plain data, so that generated code can carry it and a
// process can answer its first search without tokenising every page. It holds only what cannot
// be derived cheaply; the word list, each word's offset and the words grouped by length are cut
// from Joined when the table is taken into use. Documents are numbered as they were given to Build.
//   - Joined is "\x00" + the sorted vocabulary joined by "\x00" + "\x00".
//   - The postings of word w (the w-th in Joined) are Postings[Offsets[w]:Offsets[w+1]], each
//     one item<<postingFieldBits | field, in item order.
//   - CJK is the suffix array of the CJK words: the offsets in Joined where a CJK character
//     starts, sorted by the rest of their word (see cjkSuffixes), which costs milliseconds to sort.
//   - Aliases are the glossary's query aliases (data.QueryAliases): pairs of a Chinese word the pages
//     avoid and the word they use. The generator adds them; an index built at run time has none.
type IndexTable struct {
	Joined   string
	Offsets  []uint32
	Postings []uint32
	CJK      []uint32
	Aliases  []string
	// Synonyms are the groups of the synonyms file (embed/synonyms.yaml): the words the pages
	// use for a concept and the words users type for them. The generator adds them too.
	Synonyms []Synonyms

	checked int // Check passed for this many documents + 1; FromTable need not check again
}

// Table returns the index as a table, for a generator to write out.
func (ix *Index) Table() IndexTable {
	return IndexTable{
		Joined:   ix.joined,
		Offsets:  append([]uint32(nil), ix.offsets...),
		Postings: append([]uint32(nil), ix.postings...),
		CJK:      append([]uint32(nil), ix.cjk...),
		Aliases:  append([]string(nil), ix.aliasTable...),
		Synonyms: ix.synonymTable(),
	}
}

// FromTable uses a table built ahead of time from the same documents as the index (Table), with
// the same SIG names as Build. The documents need no Texts: the few searches that read a
// document's texts (rewardOrder) ask textsOf for them. The table is checked for shape first, so
// that no search can index out of range. Its content is the generator's business: it writes the
// table from a fresh Build, and the snapshot's test compares the two, so the order of the words
// is not checked again here.
func FromTable(docs []Doc, t *IndexTable, sigs []string, textsOf func(doc int) []Text) (*Index, error) {
	if t.checked != len(docs)+1 { // each process opens the snapshot once: check it once
		if err := t.Check(len(docs)); err != nil {
			return nil, err
		}
	}
	ix := fromTable(docs, t, sigs)
	ix.textsOf = textsOf
	return ix, nil
}

// Check refuses a table whose parts do not fit a number of documents, so that no search can
// index out of range. It reads every part once with no more than a comparison per element, allocates
// nothing, and runs in every process that opens the snapshot, so it stays that cheap: the
// word count comes from counting zero bytes, not from splitting the words.
func (t *IndexTable) Check(items int) error {
	j := t.Joined
	if len(j) < 2 || j[0] != 0 || j[len(j)-1] != 0 {
		return fmt.Errorf("index table: the joined words do not start and end with a zero byte")
	}
	if k := strings.Index(j, "\x00\x00"); k >= 0 {
		return fmt.Errorf("index table: an empty word at byte %d", k)
	}
	words := strings.Count(j, "\x00") - 1
	if len(t.Offsets) != words+1 || t.Offsets[0] != 0 || int(t.Offsets[words]) != len(t.Postings) {
		return fmt.Errorf("index table: %d words, %d offsets and %d postings do not fit together", words, len(t.Offsets), len(t.Postings))
	}
	for w := range words {
		if t.Offsets[w] > t.Offsets[w+1] {
			return fmt.Errorf("index table: the offsets of word %d run backwards", w)
		}
	}
	for n, v := range t.Postings {
		if item, f := postingItem(v), postingField(v); int(item) >= items || f >= fieldCount {
			return fmt.Errorf("index table: posting %d names item %d, field %d; there are %d items", n, item, f, items)
		}
	}
	if len(t.Aliases)%2 != 0 || slices.Contains(t.Aliases, "") {
		return fmt.Errorf("index table: %d aliases are not pairs of words", len(t.Aliases))
	}
	for n, g := range t.Synonyms {
		if len(g.Pages) == 0 || slices.Contains(g.Pages, "") || slices.Contains(g.Users, "") {
			return fmt.Errorf("index table: synonym group %d has no word of the pages, or an empty word", n)
		}
	}
	for n, p := range t.CJK {
		// inside a word, at the first byte of a character: a suffix is then a valid string
		if int(p) >= len(t.Joined) || t.Joined[p] == 0 || !utf8.RuneStart(t.Joined[p]) {
			return fmt.Errorf("index table: CJK suffix %d (at %d) does not start a character of a word", n, p)
		}
	}
	t.checked = items + 1
	return nil
}

// fromTable uses a checked table as the index: Joined, Offsets, Postings and CJK as they
// are, the rest cut from Joined.
func fromTable(docs []Doc, t *IndexTable, sigs []string) *Index {
	ix := &Index{
		docs:     docs,
		sigs:     sigs,
		starts:   make([]int32, 0, len(t.Offsets)-1),
		offsets:  t.Offsets,
		postings: t.Postings,
		joined:   t.Joined,
	}
	for at := 1; at < len(t.Joined); {
		ix.starts = append(ix.starts, int32(at))
		at += strings.IndexByte(t.Joined[at:], 0) + 1
	}
	ix.cjk = t.CJK
	ix.aliasTable, ix.aliases = t.Aliases, readAliases(t.Aliases)
	if len(t.Synonyms) > 0 {
		ix.syn = newSynonymIndex(t.Synonyms, ix.holdsCJK)
	}
	ix.deriveWords()
	ix.deriveDocs()
	return ix
}

// synonymTable is the index's synonym groups, copied, for Table.
func (ix *Index) synonymTable() []Synonyms {
	if ix.syn == nil {
		return nil
	}
	out := make([]Synonyms, len(ix.syn.groups))
	for i, g := range ix.syn.groups {
		out[i] = Synonyms{Pages: slices.Clone(g.Pages), Users: slices.Clone(g.Users)}
	}
	return out
}
