package data

import (
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

// index is built once at load; searches only read it.
type index struct {
	items    []*Item
	words    []string    // the vocabulary, sorted
	postings [][]posting // postings[w] for words[w], by item
	byLen    [][]int32   // word ids by byte length, for the one-typo pass
	titles   [][]titleSpan
	short    [][]string // per item: title and gate names, for fuzzy subsequence matching
}

// titleSpan is a word of an item's title, for highlighting matched characters.
type titleSpan struct {
	word       int32
	start, end int
}

func buildIndex(items []*Item) *index {
	type key struct {
		word string
		item int32
	}
	best := map[key]field{}
	add := func(i int32, f field, text string, buf []token) []token {
		buf = tokenize(text, buf[:0])
		for _, t := range buf {
			k := key{t.word, i}
			if prev, ok := best[k]; !ok || f < prev {
				best[k] = f
			}
		}
		return buf
	}
	var buf []token
	for n, it := range items {
		i := int32(n)
		for _, tx := range []Text{it.Title} {
			buf = add(i, fieldTitle, tx.Default, buf)
			for _, s := range tx.tr {
				buf = add(i, fieldTitle, s, buf)
			}
		}
		for _, g := range it.Gates {
			buf = add(i, fieldGate, g.Name, buf)
		}
		for _, k := range it.Keywords {
			buf = add(i, fieldKeyword, k, buf)
		}
		for _, ks := range it.keywordsTr {
			for _, k := range ks {
				buf = add(i, fieldKeyword, k, buf)
			}
		}
		meta := []string{it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " ")}
		buf = add(i, fieldMeta, strings.Join(meta, " "), buf)
		for _, tx := range []Text{it.Summary, it.Affects, it.Instead} {
			buf = add(i, fieldSummary, tx.Default, buf)
			for _, s := range tx.tr {
				buf = add(i, fieldSummary, s, buf)
			}
		}
		buf = add(i, fieldBody, it.Body.Default, buf)
		for _, s := range it.Body.tr {
			buf = add(i, fieldBody, s, buf)
		}
	}

	ix := &index{items: items}
	ids := map[string]int32{}
	for k := range best {
		if _, ok := ids[k.word]; !ok {
			ids[k.word] = 0
			ix.words = append(ix.words, k.word)
		}
	}
	sort.Strings(ix.words)
	for n, w := range ix.words {
		ids[w] = int32(n)
	}
	ix.postings = make([][]posting, len(ix.words))
	for k, f := range best {
		w := ids[k.word]
		ix.postings[w] = append(ix.postings[w], posting{item: k.item, field: f})
	}
	for _, p := range ix.postings {
		sort.Slice(p, func(a, b int) bool { return p[a].item < p[b].item })
	}
	for n, w := range ix.words {
		for len(ix.byLen) <= len(w) {
			ix.byLen = append(ix.byLen, nil)
		}
		ix.byLen[len(w)] = append(ix.byLen[len(w)], int32(n))
	}
	ix.titles = make([][]titleSpan, len(items))
	ix.short = make([][]string, len(items))
	for n, it := range items {
		for _, t := range tokenize(it.Title.Default, nil) {
			ix.titles[n] = append(ix.titles[n], titleSpan{word: ids[t.word], start: t.start, end: t.end})
		}
		ix.short[n] = append(ix.short[n], it.Title.Default)
		for _, g := range it.Gates {
			ix.short[n] = append(ix.short[n], g.Name)
		}
	}
	return ix
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
