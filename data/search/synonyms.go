package search

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
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

// synonymIndex finds the group of a query word.
type synonymIndex struct {
	groups []Synonyms
	// byWord maps a one-token word to its groups, byPair a two-token one ("run out"); words
	// holds the one-token words sorted, for finding those of a stem, and pairs the two-token
	// ones split. Stems are computed when a query needs them, for the few words that share
	// their first letters: stemming every word here would cost each process's first search.
	byWord map[string][]int
	byPair map[string][]int
	words  []string
	pairs  [][2]string
	// cjk are the CJK words of the groups that no page holds, longest first, for cutting a query
	// run (cjkTerms): a word the pages hold is found by the run's pieces as it is. Sorted out on
	// the first query with a Chinese run the release does not hold (cjkOnce).
	cjkOnce sync.Once
	cjk     []string
	held    func(string) bool
}

func newSynonymIndex(groups []Synonyms, held func(string) bool) *synonymIndex {
	s := &synonymIndex{groups: groups, byWord: make(map[string][]int, 8*len(groups)), byPair: map[string][]int{}, held: held}
	for g, group := range groups {
		for _, w := range slices.Concat(group.Pages, group.Users) {
			if a, b, two := strings.Cut(w, " "); two {
				if s.byPair[w] == nil {
					s.pairs = append(s.pairs, [2]string{a, b})
				}
				s.byPair[w] = appendOnce(s.byPair[w], g)
				continue
			}
			if s.byWord[w] == nil {
				s.words = append(s.words, w)
			}
			s.byWord[w] = appendOnce(s.byWord[w], g)
		}
	}
	slices.Sort(s.words)
	return s
}

// unheldCJK fills in cjk.
func (s *synonymIndex) unheldCJK() {
	for _, w := range s.words {
		if IsCJK(w) && !s.held(w) {
			s.cjk = append(s.cjk, w)
		}
	}
	slices.SortStableFunc(s.cjk, func(a, b string) int { return len(b) - len(a) })
}

func appendOnce(list []int, g int) []int {
	if slices.Contains(list, g) {
		return list
	}
	return append(list, g)
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

// lookup returns the groups of a word term, by its text or its stem.
func (s *synonymIndex) lookup(t *Term) []int {
	if s == nil || t.Kind != TermWord {
		return nil
	}
	if g := s.byWord[t.Text]; g != nil || t.stem == "" {
		return g
	}
	var out []int
	for _, p := range stemPrefixes(t.stem) {
		lo, _ := slices.BinarySearch(s.words, p)
		for k := lo; k < len(s.words) && strings.HasPrefix(s.words[k], p); k++ {
			if sameWord(t, s.words[k]) {
				for _, g := range s.byWord[s.words[k]] {
					out = appendOnce(out, g)
				}
			}
		}
	}
	return out
}

// lookupPair returns the groups of two word terms read as one word ("run out", "shuts down").
func (s *synonymIndex) lookupPair(a, b *Term) []int {
	if s == nil || a.Kind != TermWord || b.Kind != TermWord {
		return nil
	}
	if g := s.byPair[a.Text+" "+b.Text]; g != nil {
		return g
	}
	for _, p := range s.pairs {
		if sameWord(a, p[0]) && sameWord(b, p[1]) {
			return s.byPair[p[0]+" "+p[1]]
		}
	}
	return nil
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
	start := 0
	for i := 0; i < len(run); {
		n := 0
		for _, w := range s.cjk {
			if strings.HasPrefix(run[i:], w) {
				n = len(w)
				break
			}
		}
		if n == 0 {
			_, size := utf8.DecodeRuneInString(run[i:])
			i += size
			continue
		}
		if i > start {
			parts, isWord = append(parts, run[start:i]), append(isWord, false)
		}
		parts, isWord = append(parts, run[i:i+n]), append(isWord, true)
		i += n
		start = i
	}
	if start < len(run) {
		parts, isWord = append(parts, run[start:]), append(isWord, false)
	}
	return parts, isWord
}
