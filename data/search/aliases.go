package search

import (
	"strings"
	"unicode/utf8"
)

// Chinese has several words for many Kubernetes terms, and the pages use one: a query word the
// release holds nowhere is read with the glossary's words in place of the ones it avoids
// (data.QueryAliases makes the pairs from the glossary; IndexTable.Aliases carries them).

// aliasPair is an avoided word and the word the pages use instead.
type aliasPair struct{ from, to string }

// readAliases turns IndexTable.Aliases into pairs.
func readAliases(flat []string) []aliasPair {
	pairs := make([]aliasPair, 0, len(flat)/2)
	for i := 0; i+1 < len(flat); i += 2 {
		pairs = append(pairs, aliasPair{flat[i], flat[i+1]})
	}
	return pairs
}

// dealias reads a Chinese query word with the glossary's words in place of the ones it avoids,
// in one pass from the left: at each character, the longest word of the glossary that starts
// there wins, and a word the pages use is kept as it is, so 特性门控 stays although it holds the
// avoided 特性门, and 领导者选举, once read, is not read again.
func (ix *Index) dealias(run string) string {
	if len(ix.aliases) == 0 {
		return run
	}
	var b strings.Builder
	for i := 0; i < len(run); {
		best, with := 0, ""
		for _, p := range ix.aliases {
			if n := len(p.to); n > best && strings.HasPrefix(run[i:], p.to) {
				best, with = n, p.to
			}
			if n := len(p.from); n > best && strings.HasPrefix(run[i:], p.from) {
				best, with = n, p.to
			}
		}
		if best == 0 {
			_, best = utf8.DecodeRuneInString(run[i:])
			with = run[i : i+best]
		}
		b.WriteString(with)
		i += best
	}
	return b.String()
}
