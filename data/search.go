package data

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sahilm/fuzzy"
)

// How well a query term matches a word, before the field's weight.
const (
	qualityExact     = 1.0
	qualityPrefix    = 0.75
	qualityTypo      = 0.55
	qualityFuzzy     = 0.45 // at best, for a tight subsequence in a title or gate name
	qualitySubstring = 0.35
	scoreKEP         = 1000 // "3866" or "KEP-3866" names one item
	scoreRelatedKEP  = 500  // a change that refers to that KEP

	minTypoLen      = 5 // one typo is tolerated in words of five letters or more
	minSubstringLen = 3
)

// Result is one item found by a search.
type Result struct {
	Item  *Item
	Score float64
	// TitleMatches are the rune positions in Item.Title.Default that matched, for highlighting.
	TitleMatches []int
}

// termMatch records, for one term, the words it matched and how well.
type termMatch struct {
	term    string
	quality []float64       // word id → quality; 0 where the term does not match the word
	words   []int32         // the word ids with a quality
	fuzzy   map[int32][]int // item → byte positions of a fuzzy title match
	perItem []float64       // item → best weighted score
}

// Search runs a query over the dataset: every term must match; results are best first, ties in
// display order. An empty query returns nil. The query is bounded first (BoundQuery).
func (d *Dataset) Search(query string) []Result {
	q, _ := BoundQuery(query)
	return d.searchIndex().search(q)
}

func (ix *index) search(query string) []Result {
	raw := strings.Fields(query)
	if len(raw) == 0 {
		return nil
	}
	n := len(ix.items)
	total := make([]float64, n)
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	var matches []*termMatch
	for k := 0; k < len(raw); k++ {
		r := raw[k]
		if sig, used := sigRef(raw[k:]); used > 0 {
			// "sig storage" or "sig-storage" names a SIG: keep its items, as the SIG filter does.
			for i, it := range ix.items {
				if it.SIG == sig {
					total[i] += fieldWeight[fieldMeta]
				} else {
					alive[i] = false
				}
			}
			k += used - 1
			continue
		}
		if kep, ok := ParseKEP(r); ok && ix.hasKEP(kep) {
			for i, it := range ix.items {
				switch {
				case it.KEP == kep && it.Kind == KindEnhancement:
					total[i] += scoreKEP
				case it.KEP == kep:
					total[i] += scoreRelatedKEP
				default:
					alive[i] = false
				}
			}
			continue
		}
		for _, term := range queryTerms(r) {
			m := ix.matchTerm(term)
			matches = append(matches, m)
			for i, s := range m.perItem {
				if s == 0 {
					alive[i] = false
				}
				total[i] += s
			}
		}
	}
	var found []int32
	for i, ok := range alive {
		if ok && total[i] > 0 {
			found = append(found, int32(i))
		}
	}
	// Best first; ix.items are in display order (newDataset sorts them before indexing), so
	// ties keep display order by item number.
	slices.SortFunc(found, func(a, b int32) int {
		if c := cmp.Compare(total[b], total[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	var out []Result
	if len(found) > 0 {
		out = make([]Result, len(found))
	}
	for k, i := range found {
		out[k] = Result{Item: ix.items[i], Score: total[i], TitleMatches: ix.highlight(i, matches)}
	}
	for _, m := range matches {
		ix.returnQuality(m)
	}
	return out
}

// takeQuality returns a zeroed word → quality slice as long as the vocabulary. Such slices are
// reused: over a large vocabulary a fresh one per term would cost more than the matching.
func (ix *index) takeQuality() []float64 {
	if q, ok := ix.qualities.Get().(*[]float64); ok {
		return *q
	}
	return make([]float64, len(ix.words))
}

// returnQuality zeroes the words m set and keeps its slice for the next term.
func (ix *index) returnQuality(m *termMatch) {
	for _, w := range m.words {
		m.quality[w] = 0
	}
	q := m.quality
	m.quality = nil
	ix.qualities.Put(&q)
}

// sigRef reads a SIG named at the start of the query words: "sig storage", "SIG Storage" or
// "sig-storage". It returns the SIG and how many words named it, or 0 words.
func sigRef(words []string) (sig string, used int) {
	first := strings.ToLower(words[0])
	if name, ok := strings.CutPrefix(first, "sig-"); ok && contains(SIGs, name) {
		return name, 1
	}
	if first == "sig" && len(words) > 1 && contains(SIGs, strings.ToLower(words[1])) {
		return strings.ToLower(words[1]), 2
	}
	return "", 0
}

func (ix *index) hasKEP(kep int) bool {
	for _, it := range ix.items {
		if it.KEP == kep {
			return true
		}
	}
	return false
}

// matchTerm finds the words a term matches, exact first, then by prefix, one typo, substring, and
// finally a tight fuzzy subsequence over titles and gate names only: a fuzzy match over long
// bodies would let "nft" match any text holding an n, an f and a t in that order.
func (ix *index) matchTerm(term string) *termMatch {
	m := &termMatch{term: term, quality: ix.takeQuality(), perItem: make([]float64, len(ix.items))}
	consider := func(w int32, q float64) {
		if m.quality[w] == 0 {
			m.words = append(m.words, w)
		}
		if q > m.quality[w] {
			m.quality[w] = q
		}
	}
	if w := ix.lookup(term); w >= 0 {
		consider(w, qualityExact)
	}
	lo, hi := ix.prefixRange(term)
	if len(term) >= 2 || isCJK(term) {
		for w := lo; w < hi; w++ {
			consider(int32(w), qualityPrefix)
		}
	}
	if len(term) >= minTypoLen && isLetters(term) {
		for l := len(term) - 1; l <= len(term)+1; l++ {
			for _, w := range ix.wordsOfLength(l) {
				if word := ix.words[w]; withinOneEdit(term, word) && isLetters(word) {
					consider(w, qualityTypo)
				}
			}
		}
	}
	if len(term) >= minSubstringLen || isCJK(term) {
		ix.containing(term, func(w int32) { consider(w, qualitySubstring) })
	}
	for _, w := range m.words {
		q := m.quality[w]
		for _, p := range ix.postingsOf(w) {
			if item, s := postingItem(p), q*fieldWeight[postingField(p)]; s > m.perItem[item] {
				m.perItem[item] = s
			}
		}
	}
	if len(term) >= 3 {
		ix.fuzzyShort(m)
	}
	return m
}

// fuzzyShort matches the term as a subsequence of each item's title and gate names, keeping only
// tight matches: the matched characters must lie within twice the term's length.
func (ix *index) fuzzyShort(m *termMatch) {
	ascii := isASCII(m.term)
	for i, texts := range ix.short {
		for f, text := range texts {
			if low := ix.shortLow[i][f]; ascii && low != "" && !mayMatchTight(m.term, low) {
				continue
			}
			found := fuzzy.Find(m.term, []string{text})
			if len(found) == 0 {
				continue
			}
			pos := found[0].MatchedIndexes
			span := pos[len(pos)-1] - pos[0] + 1
			if span > 2*len(m.term) {
				continue
			}
			weight := fieldWeight[fieldGate]
			if f == 0 {
				weight = fieldWeight[fieldTitle]
			}
			s := qualityFuzzy * weight * float64(len(m.term)) / float64(span)
			if s > m.perItem[i] {
				m.perItem[i] = s
				if f == 0 {
					if m.fuzzy == nil {
						m.fuzzy = map[int32][]int{}
					}
					m.fuzzy[int32(i)] = append([]int(nil), pos...)
				}
			}
		}
	}
}

// mayMatchTight reports whether term could be a subsequence of text within twice its length,
// the only fuzzy matches fuzzyShort keeps. It is a cheap filter before fuzzy.Find, which then
// decides: it answers false only when no such match exists. Both strings are lower-case ASCII.
func mayMatchTight(term, text string) bool {
	limit := 2 * len(term)
	for start := 0; ; start++ {
		k := strings.IndexByte(text[start:], term[0])
		if k < 0 {
			return false
		}
		start += k
		// the earliest end of a match that starts here
		t, j := 1, start+1
		for ; t < len(term) && j < len(text) && j-start < limit; j++ {
			if text[j] == term[t] {
				t++
			}
		}
		if t == len(term) {
			return true
		}
		if j == len(text) {
			return false // the rest of the text does not hold the term: no later start can
		}
	}
}

// lowerASCII returns s in lower case when it is plain ASCII (no zero byte), else "": fuzzy.Find
// folds case beyond ASCII, so such text is left to it.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] == 0 {
			return ""
		}
	}
	return strings.ToLower(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// highlight returns the rune positions of the title that the terms matched.
func (ix *index) highlight(item int32, matches []*termMatch) []int {
	title := ix.items[item].Title.Default
	var seen []int // rune positions, possibly repeated
	mark := func(byteStart, byteEnd int) {
		for b := byteStart; b < byteEnd; {
			seen = append(seen, runeIndex(title, b))
			_, size := decodeRune(title[b:])
			b += size
		}
	}
	for _, m := range matches {
		for _, sp := range ix.titles[item] {
			start, end := int(sp.start), int(sp.end)
			q := m.quality[sp.word]
			if q == 0 {
				continue
			}
			word := ix.words[sp.word]
			switch {
			case q == qualityPrefix && strings.HasPrefix(word, m.term):
				mark(start, min(end, start+len(m.term)))
			case q == qualitySubstring:
				if k := strings.Index(word, m.term); k >= 0 {
					mark(start+k, min(end, start+k+len(m.term)))
				}
			default:
				mark(start, end)
			}
		}
		for _, b := range m.fuzzy[item] {
			seen = append(seen, runeIndex(title, b))
		}
	}
	if len(seen) == 0 {
		return nil
	}
	slices.Sort(seen)
	return slices.Clip(slices.Compact(seen))
}
