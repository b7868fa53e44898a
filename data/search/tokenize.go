package search

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is a lower-cased word of a text with its byte span in the original.
type token struct {
	word       string
	start, end int
}

// tokenize splits s into words of letters and digits. A change of script also ends a word: a run
// of CJK characters ("驱动" in "cgroup驱动") is a word of its own, as Chinese puts no space between
// its words and the English ones. A camel-cased word also yields its parts ("NFTablesProxyMode"
// gives nftablesproxymode, nftables, proxy, mode) so that a gate name can be found by any of
// its words.
func tokenize(s string, out []token) []token {
	first := len(out)
	out = scanWords(s, out)
	for i := first; i < len(out); i++ {
		out[i].word = strings.ToLower(out[i].word)
	}
	return out
}

// scanWords is tokenize without the lower-casing: each token's word is its span of s.
func scanWords(s string, out []token) []token {
	start := -1
	inCJK := false // the current word is a run of CJK characters
	for i := 0; i < len(s); {
		var word, cjk bool
		size := 1
		if c := s[i]; c < utf8.RuneSelf { // ASCII, the common case
			word = asciiWord[c]
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			cjk = IsCJKRune(r)
			word = cjk || unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		switch {
		case word && start < 0:
			start, inCJK = i, cjk
		case !word && start >= 0:
			out = appendWord(s, start, i, inCJK, out)
			start = -1
		case word && cjk != inCJK: // the script changes: a new word
			out = appendWord(s, start, i, inCJK, out)
			start, inCJK = i, cjk
		}
		i += size
	}
	if start >= 0 {
		out = appendWord(s, start, len(s), inCJK, out)
	}
	return out
}

// asciiWord marks the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

func appendWord(s string, start, end int, cjk bool, out []token) []token {
	w := s[start:end]
	out = append(out, token{word: w, start: start, end: end})
	if cjk {
		return out // no case, no camel parts
	}
	return appendCamelParts(w, start, out)
}

// appendCamelParts splits w before each upper-case letter that follows a lower-case one
// ("NFTablesProxyMode": NFTables, Proxy, Mode) and, where w has an acronym run, also before the
// run's last capital ("PDBUnhealthyPodEvictionPolicy": PDB, Unhealthy, ...), so that every word of
// a gate name can be found.
func appendCamelParts(w string, offset int, out []token) []token {
	if !mayHaveUpper(w) {
		return out
	}
	var camel, acronym []int
	var prev rune
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			next, _ := utf8.DecodeRuneInString(w[i+utf8.RuneLen(r):])
			switch {
			case unicode.IsLower(prev):
				camel = append(camel, i)
			case unicode.IsUpper(prev) && unicode.IsLower(next):
				acronym = append(acronym, i)
			}
		}
		prev = r
	}
	out = appendParts(w, offset, camel, out)
	if len(acronym) > 0 {
		out = appendParts(w, offset, mergeSorted(camel, acronym), out)
	}
	return out
}

// appendParts appends the parts of w between the given byte boundaries; none without boundaries.
func appendParts(w string, offset int, cuts []int, out []token) []token {
	if len(cuts) == 0 {
		return out
	}
	start := 0
	for _, c := range append(cuts, len(w)) {
		out = append(out, token{word: w[start:c], start: offset + start, end: offset + c})
		start = c
	}
	return out
}

func mergeSorted(a, b []int) []int {
	out := append(append([]int(nil), a...), b...)
	sort.Ints(out)
	return out
}

// queryTerms splits a query into lower-cased terms: whitespace separates terms, and punctuation
// inside a term ("kube-proxy", "spec.ordinals") splits it into words that must all match. Camel
// parts of a query word are dropped: the whole word already stands for them.
func queryTerms(q string) []string {
	var terms []string
	whole := token{start: -1, end: -1}
	for _, t := range tokenize(q, nil) {
		if t.start >= whole.start && t.end <= whole.end {
			continue
		}
		whole = t
		terms = append(terms, t.word)
	}
	return terms
}

// withinOneEdit reports whether a and b differ by at most one substitution, insertion, deletion or
// transposition of adjacent letters, in linear time.
func withinOneEdit(a, b string) bool {
	if a == b {
		return true
	}
	la, lb := len(a), len(b)
	if la-lb > 1 || lb-la > 1 {
		return false
	}
	i := 0
	for i < la && i < lb && a[i] == b[i] {
		i++
	}
	switch {
	case la == lb:
		if a[i+1:] == b[i+1:] {
			return true // substitution
		}
		return i+1 < la && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] // transposition
	case la > lb:
		return a[i+1:] == b[i:]
	default:
		return a[i:] == b[i+1:]
	}
}

// isLetters reports whether s has no digits: a typo is tolerated in words, not in versions such
// as v1beta4 or numbers, where one character is the whole difference.
func isLetters(s string) bool {
	for _, r := range s {
		if unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// mayHaveUpper reports whether s holds an upper-case ASCII letter or any non-ASCII rune.
func mayHaveUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// WordsOf returns the lower-cased words the index reads from a text, camel parts included: what
// a text holds, for a caller that must know (a test that a word is in the pages).
func WordsOf(text string) []string {
	toks := tokenize(text, nil)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.word
	}
	return out
}
