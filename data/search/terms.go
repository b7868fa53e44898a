package search

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Query is a search as the engine reads it. Search, the highlight of a result's title and the
// marks in the page being read all go through one Query, so they agree on what each word typed
// means: "sig network" is a filter and marks nothing, "aparmor" is a word that matches
// "AppArmor" with one typo, and so is marked there.
type Query struct {
	// Terms are what the query asks for, in the order typed; a result satisfies every one.
	Terms []Term
}

// TermKind says how a term selects items.
type TermKind uint8

const (
	// TermWord matches words: exactly, by prefix, with one typo, or inside a longer word.
	TermWord TermKind = iota
	// TermKEP is a KEP number ("3866", "KEP-3866"): its enhancement, and changes that refer to it.
	TermKEP
	// TermSIG names a SIG ("sig network", "sig-network") and keeps its items; a filter, it
	// matches no word.
	TermSIG
)

// Term is one thing a query asks for.
type Term struct {
	Kind TermKind
	// Text is the word in lower case, the KEP number in digits, or the SIG's name.
	Text string
	KEP  int // for TermKEP

	prefix, typo, inside bool // which kinds of word match the term allows (see matchWord)
	// cjk: the term is a CJK phrase, found in any run of CJK text that holds it. noBody: it is
	// one character, which pages use everywhere: it selects items by their titles, keywords and
	// summaries, not their bodies (the page still marks it wherever it occurs).
	cjk, noBody bool
}

// ParseQuery reads a query, bounded first (BoundQuery). Whitespace separates words; punctuation
// inside a word ("kube-proxy") splits it into terms that must all match, and so does a change of
// script ("cgroup驱动" is cgroup and 驱动). A number is a KEP reference only when the release has
// that KEP; otherwise it is a word ("2268"). A Chinese word is a phrase; one the release holds
// nowhere is read with the glossary's words for those the pages avoid (dealias), then split
// into pieces the release does hold (segmentCJK), each a term of its own.
func (ix *Index) Parse(query string) *Query {
	bounded, _ := BoundQuery(query)
	raw := strings.Fields(bounded)
	q := &Query{}
	for k := 0; k < len(raw) && len(q.Terms) < MaxQueryTerms; k++ {
		if sig, used := sigRef(raw[k:], ix.sigs); used > 0 {
			q.Terms = append(q.Terms, Term{Kind: TermSIG, Text: sig})
			k += used - 1
			continue
		}
		if kep, ok := ParseKEP(raw[k]); ok && ix.keps[kep] {
			q.Terms = append(q.Terms, Term{Kind: TermKEP, Text: strconv.Itoa(kep), KEP: kep})
			continue
		}
		for _, w := range queryTerms(raw[k]) {
			if !IsCJK(w) {
				q.Terms = append(q.Terms, wordTerm(w))
				continue
			}
			if !ix.holdsCJK(w) {
				w = ix.dealias(w) // 废弃: the pages say 弃用
			}
			for _, piece := range ix.segmentCJK(w) {
				q.Terms = append(q.Terms, wordTerm(piece))
			}
		}
	}
	if len(q.Terms) > MaxQueryTerms { // a long Chinese run split into many pieces
		q.Terms = q.Terms[:MaxQueryTerms]
	}
	return q
}

// wordTerm is a TermWord for a lower-cased word, or for a run of CJK characters.
func wordTerm(w string) Term {
	if IsCJK(w) {
		return Term{Kind: TermWord, Text: w, cjk: true, noBody: utf8.RuneCountInString(w) == 1}
	}
	return Term{Kind: TermWord, Text: w,
		prefix: len(w) >= 2,
		typo:   len(w) >= minTypoLen && isLetters(w),
		inside: len(w) >= minSubstringLen,
	}
}

// Empty reports whether the query asks for nothing.
func (q *Query) Empty() bool { return q == nil || len(q.Terms) == 0 }

// Words returns the terms that match words of a text (words and KEP numbers), as typed: what
// the marks in a page stand for. A SIG filter has none.
func (q *Query) Words() []string {
	var out []string
	if q == nil {
		return nil
	}
	for _, t := range q.Terms {
		if t.Kind != TermSIG {
			out = append(out, t.Text)
		}
	}
	return out
}

// matchWord says how well the term matches a lower-cased word: exactly, by prefix, with one typo
// (terms of five letters or more, not numbers), or inside the word (three bytes or more); a CJK
// term matches a run of CJK text exactly or anywhere inside it, since CJK text has no spaces
// between words. 0 if not at all. It is the one definition of a match: the index's passes
// (matchTerm) find the same words in the whole vocabulary at once, and a test holds the two
// together.
func (t *Term) matchWord(w string) float64 {
	switch {
	case t.Kind == TermKEP:
		if w == t.Text {
			return qualityExact
		}
		return 0
	case t.Kind != TermWord:
		return 0
	case w == t.Text:
		return qualityExact
	case t.cjk:
		if strings.Contains(w, t.Text) {
			return qualityPhrase
		}
		return 0
	case t.prefix && strings.HasPrefix(w, t.Text):
		return qualityPrefix
	case t.typo && len(w)-len(t.Text) <= 1 && len(t.Text)-len(w) <= 1 && withinOneEdit(t.Text, w) && isLetters(w):
		return qualityTypo
	case t.inside && len(w) > 1 && strings.Contains(w[1:], t.Text):
		return qualitySubstring
	}
	return 0
}

// sigRef reads a SIG named at the start of the query words: "sig storage", "SIG Storage" or
// "sig-storage". It returns the SIG and how many words named it, or 0 words.
func sigRef(words, sigs []string) (sig string, used int) {
	first := strings.ToLower(words[0])
	if name, ok := strings.CutPrefix(first, "sig-"); ok && slices.Contains(sigs, name) {
		return name, 1
	}
	if first == "sig" && len(words) > 1 && slices.Contains(sigs, strings.ToLower(words[1])) {
		return strings.ToLower(words[1]), 2
	}
	return "", 0
}

// ParseKEP reads "3866", "KEP-3866", "kep3866" or "#3866".
func ParseKEP(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 3 && strings.EqualFold(s[:3], "kep") {
		s = strings.TrimPrefix(s[3:], "-")
	} else {
		s = strings.TrimPrefix(s, "#")
	}
	if s == "" || s[0] < '0' || s[0] > '9' { // Atoi alone would take "+3866"
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// CJK reports whether the term is a run of CJK characters, matched as a phrase inside runs.
func (t *Term) CJK() bool { return t.cjk }
