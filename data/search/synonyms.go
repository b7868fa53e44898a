package search

import (
	"slices"
	"strings"
	"sync"
)

// People ask in their words, the pages answer in theirs: "IP range is full" where the page says
// the Service range is exhausted, 关机 where it says 终止. The synonyms file (embed/synonyms.yaml)
// gives, for a concept, the words the pages use and the words users type for them, in English
// and Chinese. A query word that is one of either (or has the stem of one) also matches the
// pages' words of its group, a little below its own matches (qualitySynonym); a user's phrase of
// two words ("run out", "IP 段") counts as one word. The groups come to the index with its
// table (IndexTable.Synonyms), as the glossary's aliases do.

// Synonyms is one group of the synonyms file: the words the pages use, and the words users type
// for them. A word is one token as tokenize reads it (a word of letters and digits, or a CJK
// run), or two ("run out", "ip 段"), lower case.
type Synonyms struct {
	Pages []string
	Users []string
}

// qualitySynonym scales the quality of a match through a synonym: below the word itself.
const qualitySynonym = 0.9

// synonymIndex finds the group of a query word. It holds the groups as the table gives them
// and reads them word by word for each query word: a few hundred string comparisons per word
// cost a query less than a microsecond, while building maps of the words would cost every
// process that searches once more than the search itself. Stems are computed when a query
// needs them, for the few words that start with the query word's stem.
type synonymIndex struct {
	groups []Synonyms
	// cjk are the CJK words of the groups that no page holds, longest first, for cutting a query
	// run (cjkTerms): a word the pages hold is found by the run's pieces as it is. Sorted out on
	// the first query with a Chinese run the release does not hold (cjkOnce).
	cjkOnce sync.Once
	cjk     []string
	held    func(string) bool
}

func newSynonymIndex(groups []Synonyms, held func(string) bool) *synonymIndex {
	return &synonymIndex{groups: groups, held: held}
}

// groupsWith returns, in file order, the groups with a word that match accepts.
func (s *synonymIndex) groupsWith(match func(w string) bool) []int {
	var out []int
	for g, group := range s.groups {
		if slices.ContainsFunc(group.Pages, match) || slices.ContainsFunc(group.Users, match) {
			out = append(out, g)
		}
	}
	return out
}

// unheldCJK fills in cjk.
func (s *synonymIndex) unheldCJK() {
	for _, group := range s.groups {
		for _, w := range slices.Concat(group.Pages, group.Users) {
			if IsCJK(w) && !strings.Contains(w, " ") && !slices.Contains(s.cjk, w) && !s.held(w) {
				s.cjk = append(s.cjk, w)
			}
		}
	}
	slices.SortStableFunc(s.cjk, func(a, b string) int { return len(b) - len(a) })
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// sameWord reports whether a word of the synonyms file is the term's word: the same text, or
// the same stem.
func sameWord(t *Term, w string) bool {
	return w == t.Text || t.stem != "" && t.stemMatch(w) == qualityStem
}

// lookup returns the groups of a word term: those holding its text, else those holding a word
// of its stem. A user's phrase of two words is lookupPair's.
func (s *synonymIndex) lookup(t *Term) []int {
	if s == nil || t.Kind != TermWord {
		return nil
	}
	if g := s.groupsWith(func(w string) bool { return w == t.Text }); g != nil || t.stem == "" {
		return g
	}
	return s.groupsWith(func(w string) bool { return !strings.Contains(w, " ") && sameWord(t, w) })
}

// lookupPair returns the groups of two word terms read as one word ("run out", "shuts down"):
// those holding the two words as typed, else as forms of their stems.
func (s *synonymIndex) lookupPair(a, b *Term) []int {
	if s == nil || a.Kind != TermWord || b.Kind != TermWord {
		return nil
	}
	if g := s.groupsWith(func(w string) bool { // w == a.Text+" "+b.Text, without making it
		n := len(a.Text)
		return len(w) == n+1+len(b.Text) && w[n] == ' ' && w[:n] == a.Text && w[n+1:] == b.Text
	}); g != nil || a.stem == "" && b.stem == "" {
		return g
	}
	return s.groupsWith(func(w string) bool {
		x, y, two := strings.Cut(w, " ")
		return two && sameWord(a, x) && sameWord(b, y)
	})
}

// alternatives are the pages' words of the groups, as terms, less the word itself.
func (s *synonymIndex) alternatives(groups []int, self string) []Term {
	var out []Term
	seen := map[string]bool{self: true}
	for _, g := range groups {
		for _, w := range s.groups[g].Pages {
			if strings.Contains(w, " ") || seen[w] {
				continue // a page's phrase of two words is found by its words, typed as they are
			}
			seen[w] = true
			out = append(out, wordTerm(w))
		}
	}
	return out
}

// cutSynonyms splits a CJK run at the synonyms' CJK words it holds, longest first at each
// position: 节点关机 gives 节点 and 关机, so that 关机 is searched as 关机 and its pages' words,
// though no page says 关机. It returns the parts, and which of them are such words.
func (s *synonymIndex) cutSynonyms(run string) (parts []string, isWord []bool) {
	if s == nil {
		return []string{run}, []bool{false}
	}
	s.cjkOnce.Do(s.unheldCJK)
	if len(s.cjk) == 0 {
		return []string{run}, []bool{false}
	}
	return cutAtWords(run, s.cjk)
}
