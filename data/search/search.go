package search

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// How well a query term matches a word, before the field's weight.
const (
	qualityExact     = 1.0
	qualityPrefix    = 0.75
	qualityPhrase    = 0.75 // a CJK term inside a longer run: as good as a prefix in English
	qualityStem      = 0.7  // another form of the word: indexes for indexed, eviction for evicting
	qualityTypo      = 0.55
	qualityStemStart = 0.5  // a word that starts with the stem: shutdown for shuts
	qualityFuzzy     = 0.45 // at best, for a tight subsequence in a title or gate name
	qualitySubstring = 0.35
	scoreKEP         = 1000 // "3866" or "KEP-3866" names one item
	scoreRelatedKEP  = 500  // a change that refers to that KEP

	minTypoLen      = 5 // one typo is tolerated in words of five letters or more
	minSubstringLen = 3
	minFuzzyLen     = 5
)

// Hit is one document found by a search: its number in the documents given to Build, its
// score, and the words of the query it matched (Query.Report says them).
type Hit struct {
	Doc     int
	Score   float64
	Matched TermSet
	// Full: the document matched every meaningful word of the query (see Search).
	Full bool
	// Folded: a match well below the best result, partial, or any in a question of three words
	// or more; a list shows it only when asked to, under a line that says how many there are.
	Folded bool
}

// termMatch records, for one term, the words it matched and how well.
type termMatch struct {
	term    string
	quality []float64 // word id → quality; 0 where the term does not match the word
	words   []int32   // the word ids with a quality
	perItem []float64 // item → best weighted score
}

// How a query's words are weighed (Search).
const (
	// handful is how many results that match every meaningful word a list needs before it
	// stops there: with fewer, it goes on with the partial matches.
	handful = 5
	// specificWeight multiplies the weight of a word that names one thing (Term.specific): a
	// flag, a version, a CVE id, a gate or a KEP number outweighs the words around it.
	specificWeight = 4
	// closeToBest is the share of the best score a partial match needs to be shown unfolded.
	closeToBest = 0.5
)

// rarity is how much a word found in df of n documents says about a document that holds it
// (BM25's inverse document frequency): about 4.5 for a word of one page in a hundred, 0.7 for a
// word of half the pages, near 0 for a word every page holds ("kube" is a prefix of all).
func rarity(df, n int) float64 {
	return math.Log(1 + (float64(n-df)+0.5)/(float64(df)+0.5))
}

// Search runs a query read by Parse. Each word of the query (Query.Words) weighs by how rare it
// is in the release (rarity), four times as much when it names one thing (Term.specific: a
// flag, a version, an id, a gate); a KEP number counts as such a word that its enhancement
// holds in its title. A document scores, for each word it matches, the word's weight times
// how well it matched (exactly, by prefix, by stem, …) times the weight of the field it is in,
// and then that sum times the share of the query's weight it matched.
//
// The meaningful words of a query are those that name one thing when it has such words, else
// those found in fewer than half the documents (all of them when every word is that common):
// "kubelet: unknown flag --keep-terminated-pod-volumes" is about the flag, and "pods" and
// "node" say little about a page of a Kubernetes release. Documents that match every
// meaningful word come first (Hit.Full), by score. When fewer than a handful do, and the query
// has three words or more or none matched them all, the documents that match words holding
// half the query's weight, or half its words, follow (any word when none does), by score. Those
// below half the best score are folded (Hit.Folded), for a list to show them only when asked:
// the partial matches, and in a question of three words or more any match.
//
// A query of one or two words of which one is found nowhere is a keyword search with a typo or
// a word the release does not use ("apparmor xyzzyq"), which finds nothing rather than ignore
// the word. One CJK character never brings a document into the list alone: pages use it
// everywhere. A SIG filter is always applied and stop words are ignored. Hits are best first,
// ties in the order of the documents; an empty query finds nothing.
func (ix *Index) Search(q *Query) []Hit {
	if q.Empty() {
		return nil
	}
	n := len(ix.docs)
	total := make([]float64, n)   // the weighed score of each document
	covered := make([]float64, n) // the weight of the words it matched
	matched := make([]TermSet, n) // the words each document matched
	alive := make([]bool, n)      // passes the SIG filters
	for i := range alive {
		alive[i] = true
	}
	words, known := 0, 0
	var weak TermSet       // one CJK character among other words: it never brings a document in alone
	var meaningful TermSet // see above
	var common TermSet     // the known words found in half the documents or more
	var specific TermSet
	weight := 0.0 // of the known words
	var matches []*termMatch
	for ti := range q.Terms {
		t := &q.Terms[ti]
		if t.Kind == TermSIG {
			// "sig storage" or "sig-storage" names a SIG: keep its items, as the SIG filter does.
			for i := range ix.docs {
				alive[i] = alive[i] && ix.docs[i].SIG == t.Text
			}
			continue
		}
		if t.stop {
			continue
		}
		var perItem []float64
		if t.Kind == TermKEP {
			perItem = make([]float64, n)
			for i := range ix.docs {
				switch d := &ix.docs[i]; {
				case d.KEP == t.KEP && d.OwnsKEP:
					perItem[i] = fieldWeight[Title]
				case d.KEP == t.KEP:
					perItem[i] = fieldWeight[Title] * scoreRelatedKEP / scoreKEP
				}
			}
		} else {
			m := ix.matchTerm(t, q.altsOf(ti))
			matches = append(matches, m)
			perItem = m.perItem
		}
		df := 0
		for _, s := range perItem {
			if s > 0 {
				df++
			}
		}
		words++
		if t.noBody {
			weak |= 1 << ti
		}
		if df == 0 {
			continue
		}
		known++
		w := rarity(df, n)
		if t.run > 0 {
			// a piece of a Chinese run the release holds nowhere whole is a guess at a word
			// (控制器来): its rarity says little, so it weighs no more than a word of one page
			// in ten
			w = min(w, rarity(n/10, n))
		}
		switch {
		case 2*df >= n: // even a version: "1.31" is on every page of the release
			common |= 1 << ti
		case t.specific:
			w *= specificWeight
			specific |= 1 << ti
		}
		weight += w
		for i, s := range perItem {
			if s > 0 {
				s /= fieldWeight[Title] // how well, 0 to 1: an exact word of the title is 1
				total[i] += w * s
				// a word in the title covers the question's word more than one in the body
				covered[i] += w * math.Sqrt(s)
				matched[i] |= 1 << ti
			}
		}
		meaningful |= 1 << ti
	}
	for _, m := range matches {
		ix.returnQuality(m)
	}
	if words == 0 { // a SIG filter alone: its items, in their order
		var out []Hit
		for i, ok := range alive {
			if ok {
				out = append(out, Hit{Doc: i, Score: 1, Full: true})
			}
		}
		return out
	}
	if known < words && words <= 2 {
		return nil // a keyword search with a word found nowhere
	}
	all := meaningful // the known words
	switch {
	case specific != 0:
		meaningful = specific
	case meaningful&^common != 0:
		meaningful &^= common
	}
	ix.rewardOrder(q, matched, total)

	var found []int32
	for i, ok := range alive {
		if !ok || matched[i] == 0 || matched[i]&^weak == 0 && matched[i] != all {
			continue
		}
		total[i] *= covered[i] / weight
		found = append(found, int32(i))
	}
	full := func(i int32) bool { return matched[i]&meaningful == meaningful }
	// Full matches first, then best first; ties keep the documents' order (data gives them in
	// display order).
	slices.SortFunc(found, func(a, b int32) int {
		if fa, fb := full(a), full(b); fa != fb {
			if fa {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(total[b], total[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	most := func(i int32) bool {
		return 2*covered[i] >= weight || words > 2 && 2*bits.OnesCount16(uint16(matched[i])) >= words
	}
	nFull := 0
	for nFull < len(found) && full(found[nFull]) {
		nFull++
	}
	switch {
	case nFull >= handful || nFull > 0 && words <= 2:
		// enough full matches, or a keyword search that has some: the partial ones would be noise
		found = found[:nFull]
	case slices.ContainsFunc(found[nFull:], most):
		// partial matches that hold half the query's words or half its weight; the others only
		// when nothing better was found
		found = slices.DeleteFunc(found, func(i int32) bool { return !full(i) && !most(i) })
	}
	// Fold what scores far below the best: a partial match, or, in a question of three words or
	// more, any match: one that holds its few meaningful words somewhere in a long page says
	// little of it. The list shows the rest, full matches first, then folds the others in the
	// same order.
	best := 0.0
	for _, i := range found {
		best = max(best, total[i])
	}
	folded := func(i int32) bool { return total[i] < closeToBest*best && (!full(i) || words > 2) }
	slices.SortStableFunc(found, func(a, b int32) int {
		fa, fb := folded(a), folded(b)
		switch {
		case fa == fb:
			return 0
		case fb:
			return -1
		}
		return 1
	})
	out := make([]Hit, len(found))
	for k, i := range found {
		out[k] = Hit{Doc: int(i), Score: total[i], Matched: matched[i], Full: full(i), Folded: folded(i)}
	}
	// Scores go down the list: where a group (shown or folded, full or partial) starts with a
	// score above the end of the group before, its scores are scaled below it, in their order.
	for start := 0; start < len(out); {
		end, top := start, 0.0
		for end < len(out) && out[end].Full == out[start].Full && out[end].Folded == out[start].Folded {
			top = max(top, out[end].Score)
			end++
		}
		if start > 0 && top >= out[start-1].Score {
			scale := 0.9 * out[start-1].Score / top
			for k := start; k < end; k++ {
				out[k].Score *= scale
			}
		}
		start = end
	}
	return nilIfEmpty(out)
}

// orderBonus is the share a document's score gains when it holds the pieces of a Chinese run
// in the order they were typed: enough to rank it above a document that holds the same pieces
// out of order, too little to lift it over one that matches more words or in better fields.
const orderBonus = 0.1

// rewardOrder raises the score of each document that holds two or more pieces of one CJK run
// (Term.run) in one of its texts, in the order the run had them: 镜像文件系统拆开 ranks
// "镜像文件系统的拆分" above "拆开……镜像文件系统".
func (ix *Index) rewardOrder(q *Query, matched []TermSet, total []float64) {
	var runs [][]int // the terms of each run, by their index in the query
	for ti, t := range q.Terms {
		if t.run == 0 {
			continue
		}
		for len(runs) < int(t.run) {
			runs = append(runs, nil)
		}
		runs[t.run-1] = append(runs[t.run-1], ti)
	}
	if len(runs) == 0 {
		return
	}
	var pieces []string
	for i := range ix.docs {
		for _, run := range runs {
			pieces = pieces[:0]
			for _, ti := range run {
				if matched[i]&(1<<ti) != 0 {
					pieces = append(pieces, q.Terms[ti].Text)
				}
			}
			if len(pieces) >= 2 && ix.holdsInOrder(i, pieces) {
				total[i] *= 1 + orderBonus
			}
		}
	}
}

// holdsInOrder reports whether one text of document doc holds the pieces one after another.
// Pieces may overlap (甲乙, 乙丙 in 甲乙丙): the next is looked for from the second character of
// the one before.
func (ix *Index) holdsInOrder(doc int, pieces []string) bool {
	texts := ix.docs[doc].Texts
	if len(texts) == 0 && ix.textsOf != nil {
		texts = ix.textsOf(doc)
	}
	for _, t := range texts {
		rest, ok := t.Text, true
		for _, p := range pieces {
			k := strings.Index(rest, p)
			if k < 0 {
				ok = false
				break
			}
			_, size := utf8.DecodeRuneInString(rest[k:])
			rest = rest[k+size:]
		}
		if ok {
			return true
		}
	}
	return false
}

func nilIfEmpty(hits []Hit) []Hit {
	if len(hits) == 0 {
		return nil
	}
	return hits
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
func (ix *Index) matchTerm(t *Term, alts []Term) *termMatch {
	term := t.Text
	m := &termMatch{term: term, quality: ix.takeQuality(), perItem: make([]float64, len(ix.docs))}
	scale := 1.0
	consider := func(w int32, q float64) {
		q *= scale
		if m.quality[w] == 0 {
			m.words = append(m.words, w)
		}
		if q > m.quality[w] {
			m.quality[w] = q
		}
	}
	if !t.stop { // a stop word matches nothing (Search skips it)
		ix.matchWords(t, consider)
		// its synonyms: the words the pages use for it (synonyms.go), a little below itself
		scale = qualitySynonym
		for k := range alts {
			ix.matchWords(&alts[k], consider)
		}
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
	if t.fuzzy {
		ix.fuzzyShort(m)
	}
	return m
}

// matchWords finds the words of the vocabulary a term matches, by Term.matchWord's rule.
func (ix *Index) matchWords(t *Term, consider func(w int32, q float64)) {
	if t.cjk {
		ix.matchCJK(t, consider)
	} else {
		ix.matchLatin(t, consider)
	}
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
	if t.stem != "" {
		ix.stemPass(t, consider)
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

// stemPass finds the words of the term's stem (stemMatch): they start with the stem, or with
// its y where the stem ends in i (policy: polici), so two prefix ranges hold them all.
func (ix *Index) stemPass(t *Term, consider func(w int32, q float64)) {
	for _, p := range stemPrefixes(t.stem) {
		lo, hi := ix.prefixRange(p)
		for w := lo; w < hi; w++ {
			if q := t.stemMatch(ix.word(int32(w))); q > 0 {
				consider(int32(w), q)
			}
		}
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

// Unfound returns the query's words that match no word of any document, in the order typed: a
// query that finds nothing can name the word to blame ("xyzzyq").
func (ix *Index) Unfound(q *Query) []string {
	var out []string
	for ti := range q.Terms {
		t := &q.Terms[ti]
		if !t.counts() || t.Kind != TermWord {
			continue
		}
		m := ix.matchTerm(t, q.altsOf(ti))
		if !slices.ContainsFunc(m.perItem, func(s float64) bool { return s > 0 }) {
			out = append(out, cmpOr(t.said, t.Text))
		}
		ix.returnQuality(m)
	}
	return out
}
