package search

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chinese (and Japanese) is written without spaces, so a Chinese query word is a phrase that may
// sit anywhere inside a run of text: 流量分发 inside 服务流量分发的字段. The index keeps each run of
// CJK characters as one word, as it keeps an English word, and finds the runs that hold a phrase
// through a suffix array: every position in the vocabulary where a CJK character starts, sorted
// by the text that follows it up to the end of its run. The runs holding a phrase are then one
// binary search away, however common its characters are elsewhere.
//
// A query run the release holds nowhere ("配置迁移", where the pages say 配置 and 迁移 apart) is
// split into the fewest pieces the release does hold, two characters or more where it can
// (segmentCJK); each piece is then a term of its own, as separate words are in English.

// IsCJKRune reports whether r is a Han, Hiragana, Katakana or Hangul letter: one of the scripts
// written without spaces, whose words are found inside longer runs.
func IsCJKRune(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case 0x4e00 <= r && r <= 0x9fff: // the common ideographs, nearly all Chinese text
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// IsCJK reports whether s holds CJK letters. A word is either all CJK or none: tokenize splits
// runs where the script changes ("cgroup驱动" is cgroup and 驱动).
func IsCJK(s string) bool {
	for _, r := range s {
		if IsCJKRune(r) {
			return true
		}
	}
	return false
}

// cjkSuffixes returns the positions in joined (see joinWords) where a CJK character starts,
// sorted by the rest of its word; equal rests by position, so the order is fully defined. They
// are sorted by their first eight bytes as a number, by a stable radix sort (the positions come
// in order), and only runs that share those eight bytes by the whole rest: sorting strings
// throughout would make building the index several times slower.
func cjkSuffixes(joined string) []uint32 {
	n := 0
	for i := 0; i < len(joined); {
		r, size := utf8.DecodeRuneInString(joined[i:])
		if r >= utf8.RuneSelf && IsCJKRune(r) {
			n++
		}
		i += size
	}
	if n == 0 {
		return nil
	}
	keys := make([]uint64, 0, n) // the first eight bytes of each rest, big-endian, zero past its end
	pos := make([]uint32, 0, n)
	for i := 0; i < len(joined); {
		r, size := utf8.DecodeRuneInString(joined[i:])
		if r >= utf8.RuneSelf && IsCJKRune(r) {
			var key uint64
			for k, end := 0, false; k < 8; k++ {
				key <<= 8
				if end = end || i+k >= len(joined) || joined[i+k] == 0; !end {
					key |= uint64(joined[i+k])
				}
			}
			keys = append(keys, key)
			pos = append(pos, uint32(i))
		}
		i += size
	}
	keys, pos = radixSort(keys, pos)
	for lo := 0; lo < len(pos); {
		hi := lo + 1
		for hi < len(pos) && keys[hi] == keys[lo] {
			hi++
		}
		if hi-lo > 1 && keys[lo]&0xff != 0 { // the rests are longer than the key: compare them
			slices.SortStableFunc(pos[lo:hi], func(a, b uint32) int {
				return strings.Compare(restOfWord(joined, a), restOfWord(joined, b))
			})
		}
		lo = hi
	}
	return pos
}

// radixSort sorts keys, and vals along with them, stably, a byte a pass; a pass is skipped
// where all keys share the byte.
func radixSort(keys []uint64, vals []uint32) ([]uint64, []uint32) {
	k2, v2 := make([]uint64, len(keys)), make([]uint32, len(vals))
	for shift := 0; shift < 64; shift += 8 {
		var count [256]int
		for _, k := range keys {
			count[k>>shift&0xff]++
		}
		if len(keys) == 0 || count[keys[0]>>shift&0xff] == len(keys) {
			continue
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for i, k := range keys {
			d := k >> shift & 0xff
			k2[count[d]], v2[count[d]] = k, vals[i]
			count[d]++
		}
		keys, k2, vals, v2 = k2, keys, v2, vals
	}
	return keys, vals
}

// restOfWord is joined from p up to the end of the word holding p.
func restOfWord(joined string, p uint32) string {
	rest := joined[p:]
	if end := strings.IndexByte(rest, 0); end >= 0 {
		return rest[:end]
	}
	return rest
}

// cjkRange returns the part of ix.cjk whose suffixes start with phrase.
func (ix *Index) cjkRange(phrase string) []uint32 {
	lo, _ := slices.BinarySearchFunc(ix.cjk, phrase, func(p uint32, s string) int {
		return strings.Compare(restOfWord(ix.joined, p), s)
	})
	hi := lo
	for hi < len(ix.cjk) && strings.HasPrefix(restOfWord(ix.joined, ix.cjk[hi]), phrase) {
		hi++
	}
	return ix.cjk[lo:hi]
}

// wordAt returns the id of the word whose text holds position p of joined.
func (ix *Index) wordAt(p uint32) int32 {
	w, found := slices.BinarySearch(ix.starts, int32(p))
	if !found {
		w--
	}
	return int32(w)
}

// holdsCJK reports whether some word of the release holds the phrase.
func (ix *Index) holdsCJK(phrase string) bool { return len(ix.cjkRange(phrase)) > 0 }

// matchCJK finds the words (runs) that hold a CJK term: the run itself is an exact match, a run
// that holds it elsewhere a phrase match. It is Term.matchWord's rule for CJK terms, over the
// whole vocabulary at once.
func (ix *Index) matchCJK(t *Term, consider func(w int32, q float64)) {
	for _, p := range ix.cjkRange(t.Text) {
		w := ix.wordAt(p)
		if ix.word(w) == t.Text {
			consider(w, qualityExact)
		} else {
			consider(w, qualityPhrase)
		}
	}
}

// segmentCJK splits a CJK query run into the pieces to search for: the run itself when some
// word of the release holds it, else its overlapping two-character pieces, each grown to the
// longest phrase the release holds from there, kept where it reaches past the pieces before it:
// 镜像文件系统拆开 gives 镜像文件系统 and 拆开 when the pages hold both but never together. A
// character that no piece of two covers is a piece of its own. A run with a character the
// release holds nowhere can match nothing, split or not: it stays whole (Parse cuts such
// characters out first, see cjkTerms).
func (ix *Index) segmentCJK(run string) []string {
	if utf8.RuneCountInString(run) < 2 || ix.holdsCJK(run) {
		return []string{run}
	}
	// at[k] is the byte offset of the k-th character
	var at []int
	for i := range run {
		at = append(at, i)
	}
	n := len(at)
	at = append(at, len(run))
	for k := range n {
		if !ix.holdsCJK(run[at[k]:at[k+1]]) {
			return []string{run}
		}
	}
	type span struct{ from, to int } // characters
	var spans []span
	covered := 0 // the characters before this are in a piece
	for i := range n {
		j := i + 1
		for j < n && ix.holdsCJK(run[at[i]:at[j+1]]) {
			j++
		}
		if j > covered {
			spans = append(spans, span{i, j})
			covered = j
		}
	}
	// a piece whose characters its neighbours hold already only bridges them (自动发现: 动发)
	for k := 1; k+1 < len(spans); k++ {
		if spans[k-1].to >= spans[k+1].from {
			spans = slices.Delete(spans, k, k+1)
			k--
		}
	}
	pieces := make([]string, len(spans))
	for k, sp := range spans {
		// a piece gives up the characters the next one holds while it keeps two: 配置迁移 is
		// 配置 and 迁移, not 配置迁 and 迁移, where some page says 配置迁...
		if k+1 < len(spans) && spans[k+1].from < sp.to && spans[k+1].from-sp.from >= 2 {
			sp.to = spans[k+1].from
		}
		pieces[k] = run[at[sp.from]:at[sp.to]]
	}
	return pieces
}
