package search

import (
	"slices"
	"sort"
	"strings"
	"sync"
)

// Field is where in a document a text is. Lower values weigh more.
type Field uint8

const (
	Title   Field = iota
	Gate          // a feature gate's name
	Keyword       // a keyword given for search
	Meta          // SIG, stage, kind, components
	Summary       // the summary and lines as short (a gate's note, who is affected, what to do)
	Body
	fieldCount
)

// fieldWeight ranks fields: a word in the title says more about an item than one in its body.
var fieldWeight = [fieldCount]float64{10, 8, 6, 5, 3, 1}

// Doc is one document the index holds, as package data makes it from an item: its texts, each
// in the field it belongs to (every language's text counts: a query finds a document by its
// English or its Chinese words), and the facts a query term can name rather than match.
type Doc struct {
	// Texts may be nil for a prebuilt index (FromTable), which reads them only when a search
	// needs them, through the function FromTable was given.
	Texts []Text
	// Short are the title and the gate names: the texts a term also matches as a tight fuzzy
	// subsequence ("nftpm" in NFTablesProxyMode). The first is the title.
	Short []string
	// KEP is the document's KEP number, 0 for none; OwnsKEP says the document is that KEP
	// (an enhancement) rather than a change that refers to it.
	KEP     int
	OwnsKEP bool
	// SIG is the owning SIG's name, which a query's "sig network" keeps.
	SIG string
}

// Text is one text of a document and the field it is in.
type Text struct {
	Field Field
	Text  string
}

// A posting says that an item holds a word, in its best field: item<<postingFieldBits | field.
// Packed in a uint32, a prebuilt index is usable as the generated constant data it is.
const (
	postingFieldBits = 3 // fieldCount fits
	postingFieldMask = 1<<postingFieldBits - 1
)

func makePosting(item int32, f Field) uint32 { return uint32(item)<<postingFieldBits | uint32(f) }
func postingItem(p uint32) int32             { return int32(p >> postingFieldBits) }
func postingField(p uint32) Field            { return Field(p & postingFieldMask) }

// Index is built once, on the first search; searches only read it, so it is safe to share.
// Everything but the per-document slices is flat, so that a prebuilt index (IndexTable) is used
// as it is, without copying.
type Index struct {
	docs []Doc
	// sigs are the SIG names a query may name ("sig network"), whether or not a document has one.
	sigs []string
	// keps holds the KEP numbers of the documents: a number in a query is a KEP reference only
	// when some document has it.
	keps map[int]bool
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
	// syn finds the words the pages use for a query word (synonyms.go); nil without a table.
	syn      *synonymIndex
	shortLow [][]string // per document: Doc.Short in lower case, or "" where it is not plain ASCII
	// textsOf gives the texts of a document that a prebuilt index holds without them (FromTable):
	// one function for the index rather than one for each document made when the index opens.
	textsOf func(doc int) []Text
	// qualities keeps the word → quality slices of finished searches (see takeQuality).
	qualities sync.Pool
}

// word returns the text of word w.
func (ix *Index) word(w int32) string {
	end := len(ix.joined) - 1
	if int(w)+1 < len(ix.starts) {
		end = int(ix.starts[w+1]) - 1
	}
	return ix.joined[ix.starts[w]:end]
}

// wordCount is the size of the vocabulary.
func (ix *Index) wordCount() int { return len(ix.starts) }

// postingsOf returns the postings of word w.
func (ix *Index) postingsOf(w int32) []uint32 {
	return ix.postings[ix.offsets[w]:ix.offsets[w+1]]
}

// indexBuilder collects, for each word, the items holding it and the best field of each. Words
// get ids in the order first seen; the current item's best field per word lives in slices
// indexed by word id, so building costs one map lookup per token and few allocations.
type indexBuilder struct {
	ids     map[string]int32
	words   []string
	count   []int32 // count[w]: how many items hold word w
	best    []Field // for the current item
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

func (b *indexBuilder) add(item int32, f Field, text string) {
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

// addDoc indexes every text of a document.
func (b *indexBuilder) addDoc(i int32, d *Doc) {
	for _, t := range d.Texts {
		b.add(i, t.Field, t.Text)
	}
	b.endItem(i)
}

// Build indexes the documents, in their order: a search's ties keep it. sigs are the SIG names
// a query may name.
func Build(docs []Doc, sigs []string) *Index {
	b := &indexBuilder{ids: make(map[string]int32, 1024), pairs: make([]wordPosting, 0, 256*len(docs))}
	for n := range docs {
		b.addDoc(int32(n), &docs[n])
	}

	// Number the words in sorted order, for prefix ranges; ids then maps a word to its number.
	order := make([]int32, len(b.words))
	for w := range order {
		order[w] = int32(w)
	}
	slices.SortFunc(order, func(x, y int32) int { return strings.Compare(b.words[x], b.words[y]) })
	rank := make([]int32, len(order))
	ix := &Index{docs: docs, sigs: sigs}
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
	ix.deriveDocs()
	return ix
}

// deriveWords fills in what is cut from the vocabulary: where the trailing CJK words start.
func (ix *Index) deriveWords() {
	latin := ix.wordCount()
	for latin > 0 && IsCJK(ix.word(int32(latin-1))) {
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
func (ix *Index) groupByLength() {
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
func (ix *Index) wordsOfLength(l int) []int32 {
	ix.lenOnce.Do(ix.groupByLength)
	if l < 0 || l+1 >= len(ix.lenStarts) {
		return nil
	}
	return ix.byLen[ix.lenStarts[l]:ix.lenStarts[l+1]]
}

// deriveDocs fills in the per-document parts of the index, which come from the documents
// themselves: a prebuilt index carries only the flat parts. The lower-cased short texts are one
// slab cut per document, so this costs a handful of allocations.
func (ix *Index) deriveDocs() {
	texts := 0
	for _, d := range ix.docs {
		texts += len(d.Short)
	}
	ix.keps = make(map[int]bool, len(ix.docs))
	ix.shortLow = make([][]string, len(ix.docs))
	shortLow := make([]string, 0, texts)
	for n, d := range ix.docs {
		if d.KEP > 0 {
			ix.keps[d.KEP] = true
		}
		first := len(shortLow)
		for _, text := range d.Short {
			shortLow = append(shortLow, lowerASCII(text))
		}
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
func (ix *Index) lookup(w string) int32 {
	n := ix.find(w)
	if n < ix.wordCount() && ix.word(int32(n)) == w {
		return int32(n)
	}
	return -1
}

// find returns the id of the first word not before s: where s is or would be.
func (ix *Index) find(s string) int {
	return sort.Search(ix.wordCount(), func(w int) bool { return ix.word(int32(w)) >= s })
}

// prefixRange returns the ids of the words that start with p.
func (ix *Index) prefixRange(p string) (lo, hi int) {
	lo = ix.find(p)
	hi = lo
	for hi < ix.wordCount() && strings.HasPrefix(ix.word(int32(hi)), p) {
		hi++
	}
	return lo, hi
}

// containing calls fn for each word that holds s after its first byte: the words s is a
// substring of, not a prefix (the prefix pass finds those). s must not contain a zero byte.
func (ix *Index) containing(s string, fn func(w int32)) {
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
