package search

import (
	"strings"
	"unicode/utf8"
)

// A search query is bounded, whoever typed it: the explorer's input holds MaxQueryLen
// characters, and `elli search` and `elli --search` are cut to the same. Each term is a pass over
// the index, so the terms are bounded too; no real query comes near either bound.
const (
	MaxQueryLen   = 200
	MaxQueryTerms = 12
)

// QueryCut says what BoundQuery left out of a query; the user interfaces say it in words
// (i18n Strings.CutNote), in the user's language.
type QueryCut struct {
	Chars   int // characters beyond MaxQueryLen
	Repeats int // words said again (in any case)
	Words   int // words beyond MaxQueryTerms terms
}

// BoundQuery cuts a query to MaxQueryLen characters, drops repeated words and keeps the words
// that fit in MaxQueryTerms terms ("kube-proxy" is two terms). Search applies it itself;
// callers use it to tell the user what was left out.
func BoundQuery(q string) (string, QueryCut) {
	var cut QueryCut
	if n := utf8.RuneCountInString(q); n > MaxQueryLen {
		cut.Chars = n - MaxQueryLen
		i, k := 0, 0
		for i = range q {
			if k == MaxQueryLen {
				break
			}
			k++
		}
		q = q[:i]
	}
	words := strings.Fields(q)
	kept := words[:0]
	seen := make(map[string]bool, len(words))
	terms := 0
	for _, w := range words {
		low := strings.ToLower(w)
		wt := queryTerms(w)
		switch n := max(1, len(wt)); {
		case seen[low]:
			cut.Repeats++
		case terms+n > MaxQueryTerms && terms < MaxQueryTerms:
			// a word of many parts ("a-b-c-…") keeps the parts that fit, unless they are a
			// word already kept ("00 … 00!00": bounding the result again must change nothing)
			cut.Words++
			if part := strings.Join(wt[:MaxQueryTerms-terms], "-"); !seen[strings.ToLower(part)] {
				seen[strings.ToLower(part)] = true
				kept = append(kept, part)
				terms = MaxQueryTerms
			}
		case terms+n > MaxQueryTerms:
			cut.Words++
		default:
			seen[low] = true
			terms += n
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " "), cut
}
