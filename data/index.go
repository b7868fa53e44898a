package data

import (
	"slices"
	"sort"
	"strings"
)

// field is where in an item a word was found. Lower values weigh more.
type field uint8

const (
	fieldTitle field = iota
	fieldGate
	fieldKeyword
	fieldMeta // SIG, stage, kind, components
	fieldSummary
	fieldBody
	fieldCount
)

// fieldWeight ranks fields: a word in the title says more about an item than one in its body.
var fieldWeight = [fieldCount]float64{10, 8, 6, 5, 3, 1}

// posting says that an item holds a word, in its best field.
type posting struct {
	item  int32
	field field
}

// index is built once, on the first search; searches only read it.
type index struct {
	items    []*Item
	words    []string    // the vocabulary, sorted
	postings [][]posting // postings[w] for words[w], by item
	byLen    [][]int32   // word ids by byte length, for the one-typo pass
	titles   [][]titleSpan
	short    [][]string // per item: title and gate names, for fuzzy subsequence matching
	shortLow [][]string // short in lower case, or "" where it is not plain ASCII
	letters  []bool     // letters[w]: words[w] has no digit, so a typo may be tolerated
	// joined is "\x00" + the words joined by "\x00" + "\x00", and starts[w] the offset of words[w]
	// in it: the substring pass is one strings.Index scan instead of one per word.
	joined string
	starts []int32
}

// titleSpan is a word of an item's title, for highlighting matched characters.
type titleSpan struct {
	word       int32
	start, end int
}

// indexBuilder collects, for each word, the items holding it and the best field of each. Words
// get ids in the order first seen; the current item's best field per word lives in slices
// indexed by word id, so building costs one map lookup per token and few allocations.
type indexBuilder struct {
	ids     map[string]int32
	words   []string
	count   []int32 // count[w]: how many items hold word w
	best    []field // for the current item
	seenBy  []int32 // item+1 that last saw the word
	touched []int32 // word ids seen by the current item
	pairs   []wordPosting
	buf     []token
	lower   []byte
}

type wordPosting struct {
	word int32
	posting
}

func (b *indexBuilder) add(item int32, f field, text string) {
	b.buf = scanWords(text, b.buf[:0])
	for _, t := range b.buf {
		w := b.wordID(t.word)
		switch {
		case b.seenBy[w] != item+1:
			b.seenBy[w] = item + 1
			b.best[w] = f
			b.touched = append(b.touched, w)
		case f < b.best[w]:
			b.best[w] = f
		}
	}
}

// wordID returns the id of the lower-cased word, adding it when new. ASCII words are lower-cased
// into a scratch buffer, so only a new word costs an allocation.
func (b *indexBuilder) wordID(word string) int32 {
	lower := word
	if mayHaveUpper(word) {
		if !isASCII(word) {
			lower = strings.ToLower(word)
		} else {
			b.lower = append(b.lower[:0], word...)
			for i, c := range b.lower {
				if 'A' <= c && c <= 'Z' {
					b.lower[i] = c + 'a' - 'A'
				}
			}
			if w, ok := b.ids[string(b.lower)]; ok {
				return w
			}
			lower = string(b.lower)
		}
	}
	w, ok := b.ids[lower]
	if !ok {
		w = int32(len(b.words))
		b.ids[lower] = w
		b.words = append(b.words, lower)
		b.count = append(b.count, 0)
		b.best = append(b.best, 0)
		b.seenBy = append(b.seenBy, 0)
	}
	return w
}

// endItem records the current item's postings.
func (b *indexBuilder) endItem(item int32) {
	for _, w := range b.touched {
		b.pairs = append(b.pairs, wordPosting{word: w, posting: posting{item: item, field: b.best[w]}})
		b.count[w]++
	}
	b.touched = b.touched[:0]
}

// addItem indexes every field of an item.
func (b *indexBuilder) addItem(i int32, it *Item) {
	b.add(i, fieldTitle, it.Title.Default)
	for _, s := range it.Title.tr {
		b.add(i, fieldTitle, s)
	}
	for _, g := range it.Gates {
		b.add(i, fieldGate, g.Name)
	}
	for _, k := range it.Keywords {
		b.add(i, fieldKeyword, k)
	}
	for _, ks := range it.KeywordsTr {
		for _, k := range ks {
			b.add(i, fieldKeyword, k)
		}
	}
	meta := []string{it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " ")}
	b.add(i, fieldMeta, strings.Join(meta, " "))
	for _, tx := range []Text{it.Summary, it.Affects, it.Instead} {
		b.add(i, fieldSummary, tx.Default)
		for _, s := range tx.tr {
			b.add(i, fieldSummary, s)
		}
	}
	b.add(i, fieldBody, it.Body.Default)
	for _, s := range it.Body.tr {
		b.add(i, fieldBody, s)
	}
	b.endItem(i)
}

func buildIndex(items []*Item) *index {
	b := &indexBuilder{ids: make(map[string]int32, 1024), pairs: make([]wordPosting, 0, 256*len(items))}
	for n, it := range items {
		b.addItem(int32(n), it)
	}

	// Number the words in sorted order, for prefix ranges; ids then maps a word to its number.
	order := make([]int32, len(b.words))
	for w := range order {
		order[w] = int32(w)
	}
	slices.SortFunc(order, func(x, y int32) int { return strings.Compare(b.words[x], b.words[y]) })
	rank := make([]int32, len(order))
	ix := &index{items: items, words: make([]string, len(order))}
	for n, w := range order {
		rank[w] = int32(n)
		ix.words[n] = b.words[w]
	}

	// The postings, word by word in one slab; pairs come in item order, so each word's postings
	// are sorted by item.
	off := make([]int32, len(order)+1)
	for w, n := range b.count {
		off[rank[w]+1] = n
	}
	for n := 1; n < len(off); n++ {
		off[n] += off[n-1]
	}
	slab := make([]posting, len(b.pairs))
	next := slices.Clone(off[:len(order)])
	for _, p := range b.pairs {
		r := rank[p.word]
		slab[next[r]] = p.posting
		next[r]++
	}
	ix.postings = make([][]posting, len(order))
	for r := range ix.postings {
		ix.postings[r] = slab[off[r]:off[r+1]:off[r+1]]
	}

	ix.derive()
	return ix
}

// derive fills in what searching needs besides the words and their postings: it is cheap next
// to tokenising every page, so a prebuilt index (IndexTable) carries only those two.
func (ix *index) derive() {
	ix.letters = make([]bool, len(ix.words))
	ix.starts = make([]int32, len(ix.words))
	var joined strings.Builder
	joined.WriteByte(0)
	for n, w := range ix.words {
		for len(ix.byLen) <= len(w) {
			ix.byLen = append(ix.byLen, nil)
		}
		ix.byLen[len(w)] = append(ix.byLen[len(w)], int32(n))
		ix.letters[n] = isLetters(w)
		ix.starts[n] = int32(joined.Len())
		joined.WriteString(w)
		joined.WriteByte(0)
	}
	ix.joined = joined.String()
	ix.titles = make([][]titleSpan, len(ix.items))
	ix.short = make([][]string, len(ix.items))
	ix.shortLow = make([][]string, len(ix.items))
	for n, it := range ix.items {
		for _, t := range tokenize(it.Title.Default, nil) {
			if w := ix.lookup(t.word); w >= 0 { // always, as titles are indexed; a table could lie
				ix.titles[n] = append(ix.titles[n], titleSpan{word: w, start: t.start, end: t.end})
			}
		}
		ix.short[n] = append(ix.short[n], it.Title.Default)
		for _, g := range it.Gates {
			ix.short[n] = append(ix.short[n], g.Name)
		}
		for _, text := range ix.short[n] {
			ix.shortLow[n] = append(ix.shortLow[n], lowerASCII(text))
		}
	}
}

// lookup returns the id of a word, or -1.
func (ix *index) lookup(w string) int32 {
	n := sort.SearchStrings(ix.words, w)
	if n < len(ix.words) && ix.words[n] == w {
		return int32(n)
	}
	return -1
}

// prefixRange returns the ids of the words that start with p.
func (ix *index) prefixRange(p string) (lo, hi int) {
	lo = sort.SearchStrings(ix.words, p)
	hi = lo
	for hi < len(ix.words) && strings.HasPrefix(ix.words[hi], p) {
		hi++
	}
	return lo, hi
}

// containing calls fn for each word that holds s after its first byte: the words s is a
// substring of, not a prefix (the prefix pass finds those). s must not contain a zero byte.
func (ix *index) containing(s string, fn func(w int32)) {
	for off := 0; ; {
		k := strings.Index(ix.joined[off:], s)
		if k < 0 {
			return
		}
		pos := off + k
		// the word holding pos is the last one starting at or before it
		w, found := slices.BinarySearch(ix.starts, int32(pos))
		if !found {
			w--
		}
		if pos == int(ix.starts[w]) {
			off = pos + 1 // a prefix; the word may still hold s further on
			continue
		}
		fn(int32(w))
		if w+1 == len(ix.starts) {
			return
		}
		off = int(ix.starts[w+1]) // one match per word is enough
	}
}
