package search

import (
	"strings"

	"github.com/kljensen/snowball/english"
)

// English words come in several forms (index, indexes, indexed; evict, evicting, eviction), and
// a question rarely uses the form of the page. A word of letters is also matched by its stem,
// the Snowball (Porter2) English stemmer's: ordinals finds ordinal, evicting finds eviction.
// The stems are computed for the query's words and for the words that share their first
// letters, never for the whole vocabulary, so the index stays as it is.

// minStemLen is the shortest word that is stemmed: shorter ones are names and abbreviations
// (pod, api, csi) whose "stems" say nothing.
const minStemLen = 4

// minStemStart is the shortest stem that also matches the words it starts (shut: shutdown).
const minStemStart = 4

// stemOf returns the stem of a lower-cased word when it differs from the word, else "".
func stemOf(w string) string {
	if len(w) < minStemLen || !isLowerLetters(w) {
		return ""
	}
	if s := english.Stem(w, true); s != w && s != "" {
		return s
	}
	return ""
}

// isLowerLetters reports whether w is all ASCII lower-case letters: the stemmer's English.
func isLowerLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// stemPrefixes are the prefixes every word of a stem starts with: the stem, and where the stem
// ends in i that the stemmer made of a y, the stem with its y (polici: policy).
func stemPrefixes(stem string) []string {
	if base, ok := strings.CutSuffix(stem, "i"); ok {
		return []string{stem, base + "y"}
	}
	return []string{stem}
}

// stemMatch says how a word relates to the term's stem: qualityStem when the word has the same
// stem, qualityStemStart when it only starts with a stem of minStemStart letters or more, else
// 0. It is part of matchWord's rule, and stemPass finds the same words in the vocabulary.
func (t *Term) stemMatch(w string) float64 {
	starts := strings.HasPrefix(w, t.stem)
	if !starts && !(strings.HasSuffix(t.stem, "i") && strings.HasPrefix(w, t.stem[:len(t.stem)-1]+"y")) {
		return 0
	}
	if w == t.stem || len(w) >= minStemLen && isLowerLetters(w) && english.Stem(w, true) == t.stem {
		return qualityStem
	}
	if starts && len(t.stem) >= minStemStart {
		return qualityStemStart
	}
	return 0
}
