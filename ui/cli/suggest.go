package cli

import (
	"slices"
	"strings"
)

// suggest finds what a mistyped word most likely meant among the valid ones: a word it begins or
// ends up as ("nodes" for node, "removal-cephfs" for removal-cephfs-volume-plugin), else one
// within a small edit distance ("bta" for beta). It returns the best few, best first, none when
// nothing comes close; the messages that use it ("did you mean …?") name them beside the full list.
func suggest(word string, valid []string, most int) []string {
	w := strings.ToLower(strings.TrimSpace(word))
	if len(w) < 2 {
		return nil
	}
	type scored struct {
		s     string
		score int
	}
	var found []scored
	for _, v := range valid {
		lv := strings.ToLower(v)
		switch {
		case lv == w:
			continue
		case len(w) >= 3 && strings.HasPrefix(lv, w): // the start of a longer word
			found = append(found, scored{v, len(lv) - len(w)})
		case len(lv) >= 3 && strings.HasPrefix(w, lv): // a plural, a suffix too many
			found = append(found, scored{v, len(w) - len(lv)})
		default:
			if d := editDistance(w, lv); d <= max(1, len(w)/4) {
				found = append(found, scored{v, 100 + d}) // after every prefix match
			}
		}
	}
	slices.SortStableFunc(found, func(a, b scored) int { return a.score - b.score })
	var out []string
	for _, f := range found[:min(most, len(found))] {
		out = append(out, f.s)
	}
	return out
}

// editDistance is the Levenshtein distance of two words, by bytes (the words are ids and
// flag values, ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
