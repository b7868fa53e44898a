package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sahilm/fuzzy"
)

// Span is a part of a text that a query term matched: the bytes text[Start:End]. Offsets are in
// bytes of the UTF-8 text, so they slice it directly; a user interface that counts runes or
// terminal cells converts them (utf8.RuneCountInString(text[:Start])). A term found inside a
// longer word covers only its own bytes: "内存" inside the run "节点内存交换", which Chinese writes
// without spaces, is the six bytes of 内存, not the run.
type Span struct {
	Start, End int
	Term       int // the index in Query.Terms of the term that matched
}

// Spans returns where the query's terms match words of text, ordered by Start then End. Text
// is split into words as the index splits it (tokenize), so each word, and each part of a
// camel-cased word ("NFTablesProxyMode": NFTables, Proxy, Mode), is judged by Term.matchWord:
// the text of a page is marked exactly where the engine would have matched it. A term matched
// exactly, with a typo or by its stem covers the word; by prefix or inside it, each place the
// term occurs. A stop word marks nothing.
// Spans of different terms may overlap; identical ones are kept once.
func (q *Query) Spans(text string) []Span {
	if q.Counted() == 0 { // called for each line of a page: Words would allocate for each
		return nil
	}
	var spans []Span
	var lower []byte
	for _, tok := range scanWords(text, nil) {
		w := tok.word
		if mayHaveUpper(w) { // most words of a page are lower case already: no copy for them
			lower = appendLower(lower[:0], w)
			w = string(lower)
		}
		for ti := range q.Terms {
			quality, matched, inWord := q.match(ti, w)
			switch {
			case quality == 0:
			case !inWord || len(w) != len(tok.word):
				// the whole word: matched exactly, with a typo or by its stem (its letters are
				// not the term's); also where lower-casing changed the word's length in bytes,
				// so positions in w are not positions in the text
				spans = append(spans, Span{tok.start, tok.end, ti})
			default:
				for from := 0; ; {
					k := strings.Index(w[from:], matched)
					if k < 0 {
						break
					}
					at := tok.start + from + k
					spans = append(spans, Span{at, at + len(matched), ti})
					from += k + len(matched)
				}
			}
		}
	}
	return sortSpans(spans)
}

func sortSpans(spans []Span) []Span {
	slices.SortFunc(spans, func(a, b Span) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.Term, b.Term))
	})
	// a camel part and its whole word often give the same span
	return slices.CompactFunc(spans, func(a, b Span) bool { return a.Start == b.Start && a.End == b.End })
}

// fuzzySpans returns the letters of text that a word term matches as a tight subsequence, the
// fuzzy match search allows in titles and gate names ("nftpm" in NFTablesProxyMode), or nil.
// Only a term that matches no word of the release has them (Term.fuzzy): one that does is
// marked where it matched, never by letters scattered over another word.
func (q *Query) fuzzySpans(ti int, text string) []Span {
	t := &q.Terms[ti]
	if !t.fuzzy || t.stop {
		return nil
	}
	pos, _, ok := fuzzyTight(t.Text, text, lowerASCII(text))
	if !ok {
		return nil
	}
	spans := make([]Span, len(pos))
	for i, b := range pos {
		_, size := utf8.DecodeRuneInString(text[b:])
		spans[i] = Span{b, b + size, ti}
	}
	return spans
}

// fuzzyTight matches term as a subsequence of text whose letters lie within twice the term's
// length: pos are their byte offsets, span the width they cover. low is text in lower case when
// it is plain ASCII, else "" (see lowerASCII): it lets most texts be refused without fuzzy.Find.
func fuzzyTight(term, text, low string) (pos []int, span int, ok bool) {
	if low != "" && isASCII(term) && !mayMatchTight(term, low) {
		return nil, 0, false
	}
	found := fuzzy.Find(term, []string{text})
	if len(found) == 0 {
		return nil, 0, false
	}
	pos = found[0].MatchedIndexes
	span = pos[len(pos)-1] - pos[0] + 1
	if span > 2*len(term) {
		return nil, 0, false
	}
	return pos, span, true
}

// ShortSpans is Spans for a title or a gate name, which search also matches fuzzily (Doc.Short):
// a term that matches no word of the release is shown by the letters of its fuzzy match, if any.
func (q *Query) ShortSpans(text string) []Span {
	if q == nil || text == "" {
		return nil
	}
	spans := q.Spans(text)
	var fuzzy []Span
	for ti := range q.Terms {
		if !slices.ContainsFunc(spans, func(s Span) bool { return s.Term == ti }) {
			fuzzy = append(fuzzy, q.fuzzySpans(ti, text)...)
		}
	}
	if len(fuzzy) == 0 {
		return spans
	}
	return sortSpans(append(spans, fuzzy...))
}
