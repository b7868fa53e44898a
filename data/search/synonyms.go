package search

import (
	"slices"
	"strings"
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
	// byWord maps a one-token word, and the stem of an English one, to its groups; byPair a
	// two-token one ("run out") the same way, keyed "run out".
	byWord map[string][]int
	byPair map[string][]int
	// cjk are the CJK words of the groups that no page holds, longest first, for cutting a query
	// run (cjkTerms): a word the pages hold is found by the run's pieces as it is.
	cjk []string
}

func newSynonymIndex(groups []Synonyms, held func(string) bool) *synonymIndex {
	s := &synonymIndex{groups: groups, byWord: map[string][]int{}, byPair: map[string][]int{}}
	for g, group := range groups {
		for _, w := range slices.Concat(group.Pages, group.Users) {
			parts := strings.Fields(w)
			switch len(parts) {
			case 1:
				s.byWord[w] = appendOnce(s.byWord[w], g)
				if st := stemOf(w); st != "" {
					s.byWord[st] = appendOnce(s.byWord[st], g)
				}
				if IsCJK(w) && !held(w) {
					s.cjk = append(s.cjk, w)
				}
			case 2:
				s.byPair[w] = appendOnce(s.byPair[w], g)
				if a, b := stemOf(parts[0]), stemOf(parts[1]); a != "" || b != "" {
					s.byPair[cmpOr(a, parts[0])+" "+cmpOr(b, parts[1])] = appendOnce(s.byPair[cmpOr(a, parts[0])+" "+cmpOr(b, parts[1])], g)
				}
			}
		}
	}
	slices.SortFunc(s.cjk, func(a, b string) int { return len(b) - len(a) })
	s.cjk = slices.Compact(s.cjk)
	return s
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

// lookup returns the groups of a word term, by its text or its stem.
func (s *synonymIndex) lookup(t *Term) []int {
	if s == nil || t.Kind != TermWord {
		return nil
	}
	if g := s.byWord[t.Text]; g != nil {
		return g
	}
	if t.stem != "" {
		return s.byWord[t.stem]
	}
	return nil
}

// lookupPair returns the groups of two word terms read as one word ("run out").
func (s *synonymIndex) lookupPair(a, b *Term) []int {
	if s == nil || a.Kind != TermWord || b.Kind != TermWord {
		return nil
	}
	if g := s.byPair[a.Text+" "+b.Text]; g != nil {
		return g
	}
	return s.byPair[cmpOr(a.stem, a.Text)+" "+cmpOr(b.stem, b.Text)]
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
	if s == nil || len(s.cjk) == 0 {
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
