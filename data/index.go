package data

import (
	"slices"
	"sort"
	"strings"
	"sync"
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

// A posting says that an item holds a word, in its best field: item<<postingFieldBits | field.
// Packed in a uint32, a prebuilt index is usable as the generated constant data it is.
const (
	postingFieldBits = 3 // fieldCount fits
	postingFieldMask = 1<<postingFieldBits - 1
)

func makePosting(item int32, f field) uint32 { return uint32(item)<<postingFieldBits | uint32(f) }
func postingItem(p uint32) int32             { return int32(p >> postingFieldBits) }
func postingField(p uint32) field            { return field(p & postingFieldMask) }

// index is built once, on the first search; searches only read it. Everything but the per-item
// slices is flat, so that a prebuilt index (IndexTable) is used as it is, without copying.
type index struct {
	items []*Item
	// The vocabulary, sorted: joined is "\x00" + the words joined by "\x00" + "\x00", and
	// starts[w] the offset of word w in it (see word). The substring pass is one strings.Index
	// scan of joined instead of one per word, and a prebuilt table is used as it is.
	joined string
	starts []int32
	// The postings of word w are postings[offsets[w]:offsets[w+1]], by item.
	offsets  []uint32
	postings []uint32
	// byLen holds the ids of the words before latinEnd grouped by byte length, for the one-typo
	// pass: the words of length l are byLen[lenStarts[l]:lenStarts[l+1]]. They are grouped on
	// the first typo pass (lenOnce): a search with only short terms never needs them.
	lenOnce   sync.Once
	byLen     []int32
	lenStarts []uint32
	// latinEnd is where in joined the trailing run of CJK words starts (the words sort after
	// the others), and latinWords how many words come before it: the substring and typo passes
	// of a Latin term stop there, as no CJK run holds one.
	latinEnd   int
	latinWords int
	// cjk is the suffix array of the CJK words (cjkSuffixes), for CJK terms.
	cjk []uint32
	// aliases read a Chinese query word the pages avoid as the word they use (aliases.go);
	// aliasTable is their IndexTable form.
	aliases    []aliasPair
	aliasTable []string
	short      [][]string // per item: title and gate names, for fuzzy subsequence matching
	shortLow   [][]string // short in lower case, or "" where it is not plain ASCII
	// qualities keeps the word → quality slices of finished searches (see takeQuality).
	qualities sync.Pool
}

// word returns the text of word w.
func (ix *index) word(w int32) string {
	end := len(ix.joined) - 1
	if int(w)+1 < len(ix.starts) {
		end = int(ix.starts[w+1]) - 1
	}
	return ix.joined[ix.starts[w]:end]
}

// wordCount is the size of the vocabulary.
func (ix *index) wordCount() int { return len(ix.starts) }

// postingsOf returns the postings of word w.
func (ix *index) postingsOf(w int32) []uint32 {
	return ix.postings[ix.offsets[w]:ix.offsets[w+1]]
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
	word    int32
	posting uint32
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
			b.lower = appendLower(b.lower[:0], word)
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
		b.pairs = append(b.pairs, wordPosting{word: w, posting: makePosting(item, b.best[w])})
		b.count[w]++
	}
	b.touched = b.touched[:0]
}

// addItem indexes every field of an item.
func (b *indexBuilder) addItem(i int32, it *Item) {
	b.add(i, fieldTitle, it.Title.Default)
	for _, x := range it.Title.tr {
		b.add(i, fieldTitle, x.s)
	}
	for _, g := range it.Gates {
		b.add(i, fieldGate, g.Name)
	}
	for _, g := range it.Gates { // a gate's note is a line of the page, as short as a summary
		b.add(i, fieldSummary, g.Note.Default)
		for _, x := range g.Note.tr {
			b.add(i, fieldSummary, x.s)
		}
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
		for _, x := range tx.tr {
			b.add(i, fieldSummary, x.s)
		}
	}
	b.add(i, fieldBody, it.Body.Default)
	for _, x := range it.Body.tr {
		b.add(i, fieldBody, x.s)
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
	ix := &index{items: items}
	words := make([]string, len(order))
	for n, w := range order {
		rank[w] = int32(n)
		words[n] = b.words[w]
	}

	// The postings, word by word in one slab; pairs come in item order, so each word's postings
	// are sorted by item.
	ix.offsets = make([]uint32, len(order)+1)
	for w, n := range b.count {
		ix.offsets[rank[w]+1] = uint32(n)
	}
	for n := 1; n < len(ix.offsets); n++ {
		ix.offsets[n] += ix.offsets[n-1]
	}
	ix.postings = make([]uint32, len(b.pairs))
	next := slices.Clone(ix.offsets[:len(order)])
	for _, p := range b.pairs {
		r := rank[p.word]
		ix.postings[next[r]] = p.posting
		next[r]++
	}
	ix.joined, ix.starts = joinWords(words)
	ix.cjk = cjkSuffixes(ix.joined)
	ix.deriveWords()
	ix.deriveItems()
	return ix
}

// deriveWords fills in what is cut from the vocabulary: where the trailing CJK words start.
func (ix *index) deriveWords() {
	latin := ix.wordCount()
	for latin > 0 && isCJK(ix.word(int32(latin-1))) {
		latin--
	}
	ix.latinWords, ix.latinEnd = latin, len(ix.joined)
	if latin < ix.wordCount() {
		ix.latinEnd = int(ix.starts[latin])
	}
}

// groupByLength groups the ids of the words before latinEnd by byte length, in id order within
// a length, and notes where each length's group starts (see byLen), for the one-typo pass,
// which no CJK term takes.
func (ix *index) groupByLength() {
	n := ix.latinWords
	length := func(w int) int { return len(ix.word(int32(w))) }
	longest := 0
	for w := range n {
		longest = max(longest, length(w))
	}
	starts := make([]uint32, longest+2)
	for w := range n {
		starts[length(w)+1]++
	}
	for l := 1; l < len(starts); l++ {
		starts[l] += starts[l-1]
	}
	ids := make([]int32, n)
	next := slices.Clone(starts[:longest+1])
	for w := range n {
		ids[next[length(w)]] = int32(w)
		next[length(w)]++
	}
	ix.byLen, ix.lenStarts = ids, starts
}

// joinWords returns "\x00" + the words joined by "\x00" + "\x00", and the offset of each word in it.
func joinWords(words []string) (joined string, starts []int32) {
	size := 1
	for _, w := range words {
		size += len(w) + 1
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteByte(0)
	starts = make([]int32, len(words))
	for n, w := range words {
		starts[n] = int32(b.Len())
		b.WriteString(w)
		b.WriteByte(0)
	}
	return b.String(), starts
}

// wordsOfLength returns the ids of the Latin words l bytes long.
func (ix *index) wordsOfLength(l int) []int32 {
	ix.lenOnce.Do(ix.groupByLength)
	if l < 0 || l+1 >= len(ix.lenStarts) {
		return nil
	}
	return ix.byLen[ix.lenStarts[l]:ix.lenStarts[l+1]]
}

// deriveItems fills in the per-item parts of the index, which come from the items themselves:
// a prebuilt index carries only the flat parts. Each part is one slab cut per item, so this
// costs a handful of allocations.
func (ix *index) deriveItems() {
	texts := 0
	for _, it := range ix.items {
		texts += 1 + len(it.Gates)
	}
	ix.short = make([][]string, len(ix.items))
	ix.shortLow = make([][]string, len(ix.items))
	short, shortLow := make([]string, 0, texts), make([]string, 0, texts)
	for n, it := range ix.items {
		first := len(short)
		short = append(short, it.Title.Default)
		for _, g := range it.Gates {
			short = append(short, g.Name)
		}
		for _, text := range short[first:] {
			shortLow = append(shortLow, lowerASCII(text))
		}
		ix.short[n] = short[first:len(short):len(short)]
		ix.shortLow[n] = shortLow[first:len(shortLow):len(shortLow)]
	}
}

// appendLower appends word in lower case to dst.
func appendLower(dst []byte, word string) []byte {
	if isASCII(word) {
		for i := 0; i < len(word); i++ {
			c := word[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		return dst
	}
	return append(dst, strings.ToLower(word)...)
}

// lookup returns the id of a word, or -1.
func (ix *index) lookup(w string) int32 {
	n := ix.find(w)
	if n < ix.wordCount() && ix.word(int32(n)) == w {
		return int32(n)
	}
	return -1
}

// find returns the id of the first word not before s: where s is or would be.
func (ix *index) find(s string) int {
	return sort.Search(ix.wordCount(), func(w int) bool { return ix.word(int32(w)) >= s })
}

// prefixRange returns the ids of the words that start with p.
func (ix *index) prefixRange(p string) (lo, hi int) {
	lo = ix.find(p)
	hi = lo
	for hi < ix.wordCount() && strings.HasPrefix(ix.word(int32(hi)), p) {
		hi++
	}
	return lo, hi
}

// containing calls fn for each word that holds s after its first byte: the words s is a
// substring of, not a prefix (the prefix pass finds those). s must not contain a zero byte.
func (ix *index) containing(s string, fn func(w int32)) {
	joined := ix.joined[:ix.latinEnd]
	for off := 0; ; {
		k := strings.Index(joined[off:], s)
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
