package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"
)

// How well a query term matches a word, before the field's weight.
const (
	qualityExact     = 1.0
	qualityPrefix    = 0.75
	qualityPhrase    = 0.75 // a CJK term inside a longer run: as good as a prefix in English
	qualityTypo      = 0.55
	qualityFuzzy     = 0.45 // at best, for a tight subsequence in a title or gate name
	qualitySubstring = 0.35
	scoreKEP         = 1000 // "3866" or "KEP-3866" names one item
	scoreRelatedKEP  = 500  // a change that refers to that KEP

	minTypoLen      = 5 // one typo is tolerated in words of five letters or more
	minSubstringLen = 3
	minFuzzyLen     = 3
)

// Hit is one document found by a search: its number in the documents given to Build.
type Hit struct {
	Doc   int
	Score float64
}

// termMatch records, for one term, the words it matched and how well.
type termMatch struct {
	term    string
	quality []float64 // word id → quality; 0 where the term does not match the word
	words   []int32   // the word ids with a quality
	perItem []float64 // item → best weighted score
}

// Search runs a query read by Parse: every term must match; hits are best first, ties in the
// order of the documents. An empty query finds nothing.
func (ix *Index) Search(q *Query) []Hit {
	if q.Empty() {
		return nil
	}
	n := len(ix.docs)
	total := make([]float64, n)
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	var matches []*termMatch
	for ti := range q.Terms {
		t := &q.Terms[ti]
		switch t.Kind {
		case TermSIG:
			// "sig storage" or "sig-storage" names a SIG: keep its items, as the SIG filter does.
			for i := range ix.docs {
				if ix.docs[i].SIG == t.Text {
					total[i] += fieldWeight[Meta]
				} else {
					alive[i] = false
				}
			}
		case TermKEP:
			for i := range ix.docs {
				switch d := &ix.docs[i]; {
				case d.KEP == t.KEP && d.OwnsKEP:
					total[i] += scoreKEP
				case d.KEP == t.KEP:
					total[i] += scoreRelatedKEP
				default:
					alive[i] = false
				}
			}
		default:
			m := ix.matchTerm(t)
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
	// Best first; ties keep the documents' order (data gives them in display order).
	slices.SortFunc(found, func(a, b int32) int {
		if c := cmp.Compare(total[b], total[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	var out []Hit
	if len(found) > 0 {
		out = make([]Hit, len(found))
	}
	for k, i := range found {
		out[k] = Hit{Doc: int(i), Score: total[i]}
	}
	for _, m := range matches {
		ix.returnQuality(m)
	}
	return out
}

// takeQuality returns a zeroed word → quality slice as long as the vocabulary. Such slices are
// reused: over a large vocabulary a fresh one per term would cost more than the matching.
func (ix *Index) takeQuality() []float64 {
	if q, ok := ix.qualities.Get().(*[]float64); ok {
		return *q
	}
	return make([]float64, ix.wordCount())
}

// returnQuality zeroes the words m set and keeps its slice for the next term.
func (ix *Index) returnQuality(m *termMatch) {
	for _, w := range m.words {
		m.quality[w] = 0
	}
	q := m.quality
	m.quality = nil
	ix.qualities.Put(&q)
}

// matchTerm finds the words a term matches in the whole vocabulary, pass by pass: exact, by
// prefix, one typo, inside a word; the passes find the words Term.matchWord accepts, each with
// the quality it gives. Then a tight fuzzy subsequence over titles and gate names only: a fuzzy
// match over long bodies would let "nft" match any text holding an n, an f and a t in order.
func (ix *Index) matchTerm(t *Term) *termMatch {
	term := t.Text
	m := &termMatch{term: term, quality: ix.takeQuality(), perItem: make([]float64, len(ix.docs))}
	consider := func(w int32, q float64) {
		if m.quality[w] == 0 {
			m.words = append(m.words, w)
		}
		if q > m.quality[w] {
			m.quality[w] = q
		}
	}
	if t.cjk {
		ix.matchCJK(t, consider)
	} else {
		ix.matchLatin(t, consider)
	}
	for _, w := range m.words {
		q := m.quality[w]
		for _, p := range ix.postingsOf(w) {
			if t.noBody && postingField(p) == Body {
				continue
			}
			if item, s := postingItem(p), q*fieldWeight[postingField(p)]; s > m.perItem[item] {
				m.perItem[item] = s
			}
		}
	}
	if len(term) >= minFuzzyLen && !t.cjk {
		ix.fuzzyShort(m)
	}
	return m
}

// matchLatin finds the words a term of letters and digits matches: exactly, by prefix, with one
// typo, inside a word.
func (ix *Index) matchLatin(t *Term, consider func(w int32, q float64)) {
	term := t.Text
	if w := ix.lookup(term); w >= 0 {
		consider(w, qualityExact)
	}
	if t.prefix {
		lo, hi := ix.prefixRange(term)
		for w := lo; w < hi; w++ {
			consider(int32(w), qualityPrefix)
		}
	}
	if t.typo {
		for l := len(term) - 1; l <= len(term)+1; l++ {
			for _, w := range ix.wordsOfLength(l) {
				if word := ix.word(w); withinOneEdit(term, word) && isLetters(word) {
					consider(w, qualityTypo)
				}
			}
		}
	}
	if t.inside {
		ix.containing(term, func(w int32) { consider(w, qualitySubstring) })
	}
}

// fuzzyShort matches the term as a subsequence of each document's title and gate names, keeping only
// tight matches (fuzzyTight).
func (ix *Index) fuzzyShort(m *termMatch) {
	for i := range ix.docs {
		for f, text := range ix.docs[i].Short {
			_, span, ok := fuzzyTight(m.term, text, ix.shortLow[i][f])
			if !ok {
				continue
			}
			weight := fieldWeight[Gate]
			if f == 0 {
				weight = fieldWeight[Title]
			}
			if s := qualityFuzzy * weight * float64(len(m.term)) / float64(span); s > m.perItem[i] {
				m.perItem[i] = s
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
