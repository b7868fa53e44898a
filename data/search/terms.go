package search

import (
	"math"
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
	// Terms are what the query asks for, in the order typed. A result that satisfies every one
	// comes before one that satisfies most of them (Index.Search); stop words count for neither.
	Terms []Term
	// alts are, for each term, the words the pages use for it (synonyms.go); nil for most.
	alts [][]Term
}

// TermSet is a set of terms of a query, by their index in Query.Terms (MaxQueryTerms fit).
type TermSet uint16

// Has reports whether the set holds term i.
func (s TermSet) Has(i int) bool { return i >= 0 && i < 16 && s&(1<<i) != 0 }

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
	// stop: a word that carries no meaning in a question ("how", "the", 怎么办): it neither
	// selects nor scores an item and marks nothing, unless the query has no other words.
	stop bool
	// said is what the user typed for the term when it is more than its text: two words the
	// synonyms file reads as one ("double dash"), the second of which is then a stop word.
	said string
	// stem is the English stem of a word of letters when it differs from the word (ordinals:
	// ordin): the word then also matches the other forms of its stem (ordinal).
	stem string
	// run numbers the terms cut from one CJK run the release holds nowhere whole (1, 2, …; 0
	// for any other term): a document that holds those pieces in the order typed ranks above
	// one that holds the same pieces out of order (inOrder).
	run uint8
	// specific: the term comes from a word that names one thing, a flag, a version, a CVE id or
	// a gate name typed in its case (isSpecific): such a word outweighs the rest of a question.
	specific bool
	// fuzzy: the term matches no word of the release, not even through a synonym, so it may
	// match titles and gate names as a tight subsequence of letters ("nftpm"). A term that
	// matches words never does: its letters scattered over a title would be noise, both in the
	// ranking and in the highlight of the list.
	fuzzy bool
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
	var runs uint8 // CJK runs cut into pieces so far
	for k := 0; k < len(raw) && len(q.Terms) < MaxQueryTerms; k++ {
		if sig, used := sigRef(raw[k:], ix.sigs); used > 0 {
			q.Terms = append(q.Terms, Term{Kind: TermSIG, Text: sig})
			k += used - 1
			continue
		}
		if kep, ok := ParseKEP(raw[k]); ok && ix.keps[kep] {
			q.Terms = append(q.Terms, Term{Kind: TermKEP, Text: strconv.Itoa(kep), KEP: kep, specific: true})
			continue
		}
		specific := isSpecific(raw[k])
		for _, w := range queryTerms(raw[k]) {
			if !IsCJK(w) {
				t := wordTerm(w)
				t.specific = specific && !t.stop
				q.Terms = append(q.Terms, t)
				continue
			}
			pieces := ix.cjkTerms(w)
			if len(pieces) > 1 && runs < math.MaxUint8 {
				runs++
				for i := range pieces {
					pieces[i].run = runs
				}
			}
			q.Terms = append(q.Terms, pieces...)
		}
	}
	if len(q.Terms) > MaxQueryTerms { // a long Chinese run split into many pieces
		q.Terms = q.Terms[:MaxQueryTerms]
	}
	ix.addSynonyms(q)
	// a query of stop words alone is searched as it is: "the" finds "the"
	if !slices.ContainsFunc(q.Terms, func(t Term) bool { return t.Kind != TermSIG && !t.stop }) {
		for i := range q.Terms {
			q.Terms[i].stop = false
		}
	}
	for i := range q.Terms {
		t := &q.Terms[i]
		t.fuzzy = t.Kind == TermWord && !t.cjk && !t.stop && len(t.Text) >= minFuzzyLen && !ix.matchesAnyWord(t, q.altsOf(i))
	}
	return q
}

// isSpecific reports whether a query word, as typed, names one thing rather than describe it: a
// flag ("--keep-terminated-pod-volumes", "-it"), a version ("1.31", "v1.31.2", "v1beta3"), a
// CVE id ("CVE-2024-7598") or a name in camel case ("NFTablesProxyMode"). Plain words, and
// compounds of plain words ("kube-proxy"), are not: they say what the question is about.
func isSpecific(raw string) bool {
	w := strings.Trim(raw, "\"'`“”‘’,;:!?()[]{}<>。，；：！？（）")
	switch {
	case len(w) >= 2 && w[0] == '-' && (isASCIILetter(w[1]) || w[1] == '-' && len(w) > 2 && isASCIILetter(w[2])):
		return true // a flag
	case len(w) >= 8 && strings.EqualFold(w[:4], "cve-"):
		return true
	}
	digits, letters, dots, upperAfterLower := 0, 0, 0, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '.':
			dots++
		case isASCIILetter(c):
			letters++
			if i > 0 && 'A' <= c && c <= 'Z' && 'a' <= w[i-1] && w[i-1] <= 'z' {
				upperAfterLower = true
			}
		}
	}
	switch {
	case digits > 0 && dots > 0 && letters <= 1: // 1.31, v1.31.2
		return true
	case digits > 0 && letters > 1 && (w[0] == 'v' || w[0] == 'V') && '0' <= w[1] && w[1] <= '9':
		return true // v1beta3, v1alpha2
	}
	return upperAfterLower && letters >= 6 // NFTablesProxyMode, AppArmor
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// matchesAnyWord reports whether a word term, or one of its synonyms, matches some word of the
// vocabulary by Term.matchWord's rule (the passes of matchLatin, cheapest first).
func (ix *Index) matchesAnyWord(t *Term, alts []Term) bool {
	for _, x := range append([]Term{*t}, alts...) {
		if x.cjk {
			return true // a synonym in Chinese: the term is a word of the synonyms file
		}
		if ix.lookup(x.Text) >= 0 {
			return true
		}
		if x.prefix {
			if lo, hi := ix.prefixRange(x.Text); hi > lo {
				return true
			}
		}
	}
	found := false
	consider := func(int32, float64) { found = true }
	for _, x := range append([]Term{*t}, alts...) {
		if ix.matchLatin(&x, consider); found {
			return true
		}
	}
	return false
}

// cjkTerms reads a run of CJK characters typed as one word, less the characters at its edges
// that tie it to the sentence (trimEdges: 升级到 is 升级). A run the release holds is one phrase,
// as typed (目的 and 了解 hold stop words but are words). Else the run is cut at its stop
// words (卡住了怎么办: 卡住), each part is read with the glossary's words for those the pages
// avoid (dealias), and what is left is split into the pieces the release holds (segmentCJK).
// Characters the release holds nowhere are left out, and so are single characters where a
// piece of two or more was found: they would match pages by one common character. A run of
// stop words alone is one stop word; a run found nowhere at all stays whole, and matches
// nothing.
func (ix *Index) cjkTerms(run string) []Term {
	run = trimEdges(run)
	if ix.holdsCJK(run) {
		return []Term{wordTerm(run)}
	}
	var pieces []string
	stops := true
	for _, part := range cutStopWords(run) {
		stops = false
		cut, isWord := ix.syn.cutSynonyms(trimEdges(part))
		for k, part := range cut {
			if isWord[k] { // a word of the synonyms file: searched as it is and as the pages say it
				pieces = append(pieces, part)
				continue
			}
			if !ix.holdsCJK(part) {
				part = ix.dealias(part) // 废弃: the pages say 弃用
			}
			for _, known := range ix.heldParts(part) {
				for _, piece := range ix.segmentCJK(known) {
					pieces = append(pieces, trimEdges(piece)) // 之前要检查: 之前, 检查
				}
			}
		}
	}
	if slices.ContainsFunc(pieces, func(p string) bool { return utf8.RuneCountInString(p) > 1 }) {
		pieces = slices.DeleteFunc(pieces, func(p string) bool { return utf8.RuneCountInString(p) == 1 })
	}
	var out []Term
	for _, p := range pieces {
		out = append(out, wordTerm(p))
	}
	switch {
	case len(out) > 0:
		return out
	case stops:
		t := wordTerm(run)
		t.stop = true
		return []Term{t}
	}
	return []Term{wordTerm(run)}
}

// addSynonyms gives each word of the query the words the pages use for it, from the synonyms
// file; two words that are one there ("run out") become one: the first carries them, the second
// is read as a stop word.
func (ix *Index) addSynonyms(q *Query) {
	q.alts = make([][]Term, len(q.Terms))
	if ix.syn == nil {
		return
	}
	for i := 0; i < len(q.Terms); i++ {
		t := &q.Terms[i]
		if i+1 < len(q.Terms) {
			if g := ix.syn.lookupPair(t, &q.Terms[i+1]); g != nil {
				q.alts[i] = ix.syn.alternatives(g, t.Text)
				t.stop = false
				t.said = t.Text + " " + q.Terms[i+1].Text
				q.Terms[i+1].stop = true
				i++
				continue
			}
		}
		if g := ix.syn.lookup(t); g != nil {
			q.alts[i] = ix.syn.alternatives(g, t.Text)
		}
	}
}

// heldParts returns the parts of a CJK run between the characters the release holds nowhere.
func (ix *Index) heldParts(run string) []string {
	if ix.holdsCJK(run) {
		return []string{run}
	}
	var parts []string
	start := 0
	for i, r := range run {
		if ix.holdsCJK(string(r)) {
			continue
		}
		if i > start {
			parts = append(parts, run[start:i])
		}
		start = i + utf8.RuneLen(r)
	}
	if start < len(run) {
		parts = append(parts, run[start:])
	}
	return parts
}

// wordTerm is a TermWord for a lower-cased word, or for a run of CJK characters.
func wordTerm(w string) Term {
	if IsCJK(w) {
		return Term{Kind: TermWord, Text: w, cjk: true, noBody: utf8.RuneCountInString(w) == 1, stop: isStopWord(w)}
	}
	return Term{Kind: TermWord, Text: w, stop: isStopWord(w), stem: stemOf(w),
		prefix: len(w) >= 2,
		typo:   len(w) >= minTypoLen && isLetters(w),
		inside: len(w) >= minSubstringLen,
	}
}

// Empty reports whether the query asks for nothing.
func (q *Query) Empty() bool { return q == nil || len(q.Terms) == 0 }

// Words returns the terms that match words of a text (words and KEP numbers), as typed: what
// the marks in a page stand for. A SIG filter has none, nor has a stop word.
func (q *Query) Words() []string {
	var out []string
	if q == nil {
		return nil
	}
	for _, t := range q.Terms {
		if t.counts() {
			out = append(out, t.Text)
		}
	}
	return out
}

// counts reports whether the term is one of the query's words: a word or KEP number that is not
// a stop word. A result is ranked by how many of them it matches; a SIG filter every result
// passes.
func (t *Term) counts() bool { return t.Kind != TermSIG && !t.stop }

// Counted returns the set of the query's words (Words): the terms a result may match or not.
func (q *Query) Counted() TermSet {
	var s TermSet
	if q != nil {
		for i := range q.Terms {
			if q.Terms[i].counts() {
				s |= 1 << i
			}
		}
	}
	return s
}

// Report splits the query's words into those a result matched (its Hit.Matched) and those it
// did not, each as the engine read it (lower case; a Chinese run as the pieces it searched).
func (q *Query) Report(matched TermSet) (words, not []string) {
	if q == nil {
		return nil, nil
	}
	for i, t := range q.Terms {
		switch {
		case !t.counts():
		case matched.Has(i):
			words = append(words, cmpOr(t.said, t.Text))
		default:
			not = append(not, cmpOr(t.said, t.Text))
		}
	}
	return words, not
}

// Only returns the query as a result that matched only some of its words sees it: the words it
// did not match mark nothing (Spans), so a page shows exactly what matched. The query itself
// when every word matched.
func (q *Query) Only(matched TermSet) *Query {
	if q == nil || q.Counted()&^matched == 0 {
		return q
	}
	o := &Query{Terms: slices.Clone(q.Terms), alts: q.alts}
	for i := range o.Terms {
		if o.Terms[i].counts() && !matched.Has(i) {
			o.Terms[i].stop = true
		}
	}
	return o
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
	case t.Kind != TermWord || t.stop:
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
	}
	var stem float64 // stemMatch stems the word: once, for both of its cases below
	if t.stem != "" {
		stem = t.stemMatch(w)
	}
	switch {
	case stem == qualityStem:
		return qualityStem
	case t.typo && len(w)-len(t.Text) <= 1 && len(t.Text)-len(w) <= 1 && withinOneEdit(t.Text, w) && isLetters(w):
		return qualityTypo
	case stem == qualityStemStart:
		return qualityStemStart
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

// altsOf returns the synonyms of term i.
func (q *Query) altsOf(i int) []Term {
	if i < len(q.alts) {
		return q.alts[i]
	}
	return nil
}

// match says how well term i matches a lower-cased word, its synonyms included (Term.matchWord
// over the term and its synonyms), with the text that matched (the term's own or a synonym's)
// and whether that text occurs in the word (by prefix, inside it, as a phrase in a CJK run)
// rather than stand for the whole word (exactly, with a typo, by its stem).
func (q *Query) match(i int, w string) (quality float64, text string, inWord bool) {
	t := &q.Terms[i]
	if t.stop {
		return 0, "", false
	}
	base := t.matchWord(w)
	quality, text = base, t.Text
	for k := range q.altsOf(i) {
		a := &q.alts[i][k]
		if aq := a.matchWord(w); qualitySynonym*aq > quality {
			base, quality, text = aq, qualitySynonym*aq, a.Text
		}
	}
	inWord = base == qualityPrefix || base == qualityPhrase || base == qualitySubstring
	return quality, text, inWord
}
