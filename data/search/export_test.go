package search

// Hooks for the tests of package search_test, which load the real release through package data
// (that imports this package, so only an external test can).

var (
	LowerASCII       = lowerASCII
	MayMatchTight    = mayMatchTight
	CJKSuffixes      = cjkSuffixes
	RestOfWord       = restOfWord
	JoinWords        = joinWords
	WordTerm         = wordTerm
	PostingItem      = postingItem
	PostingField     = postingField
	PostingFieldBits = postingFieldBits
	FieldCount       = fieldCount
)

// ShortTexts are the titles and gate names the fuzzy pass reads.
func (ix *Index) ShortTexts() []string {
	var out []string
	for _, d := range ix.docs {
		out = append(out, d.Short...)
	}
	return out
}

// Docs are the documents the index holds.
func (ix *Index) Docs() []Doc { return ix.docs }

// WordList is the vocabulary as a slice, for tests to range over.
func (ix *Index) WordList() []string {
	out := make([]string, ix.wordCount())
	for w := range out {
		out[w] = ix.word(int32(w))
	}
	return out
}

func (ix *Index) Containing(s string, fn func(w int32)) { ix.containing(s, fn) }
func (ix *Index) PostingsOf(w int32) []uint32           { return ix.postingsOf(w) }
func (ix *Index) SegmentCJK(run string) []string        { return ix.segmentCJK(run) }
func (ix *Index) HoldsCJK(phrase string) bool           { return ix.holdsCJK(phrase) }

// MatchTerm returns the quality the index's passes give each word for a term.
func (ix *Index) MatchTerm(t *Term) []float64 {
	m := ix.matchTerm(t, nil)
	q := append([]float64(nil), m.quality...)
	ix.returnQuality(m)
	return q
}

func (t *Term) MatchWord(w string) float64 { return t.matchWord(w) }

// ScanWords is scanWords' words, in their case.
func ScanWords(s string) []string {
	var out []string
	for _, t := range scanWords(s, nil) {
		out = append(out, t.word)
	}
	return out
}

var QueryTerms = queryTerms

// SetSynonyms gives a built index synonym groups, as a table would.
func (ix *Index) SetSynonyms(groups []Synonyms) { ix.syn = newSynonymIndex(groups, ix.holdsCJK) }

// MatchQueryTerm is MatchTerm for term i of a query, with its synonyms.
func (ix *Index) MatchQueryTerm(q *Query, i int) []float64 {
	m := ix.matchTerm(&q.Terms[i], q.altsOf(i))
	out := append([]float64(nil), m.quality...)
	ix.returnQuality(m)
	return out
}

// MatchForTest is the marks' rule for term i of the query.
func (q *Query) MatchForTest(i int, w string) float64 {
	quality, _, _ := q.match(i, w)
	return quality
}

// Specific and Fuzzy are a term as Parse marks it: a word that names one thing, a word that
// matches no word of the release.
func Specific(t Term) Term { t.specific = true; return t }
func Fuzzy(t Term) Term    { t.fuzzy = true; return t }
