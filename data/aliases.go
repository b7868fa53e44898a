package data

import (
	"slices"
	"strings"

	"github.com/elli-k8s/elli/data/search"
)

// Chinese has several words for many Kubernetes terms, and elli's pages use one (embed's
// glossary.yaml: 弃用, never 废弃; 服务账号, never 服务账户). A reader types the one they know, so a
// query word the release holds nowhere is read with the glossary's words in place of the ones
// it avoids (package search's dealias): 废弃 finds the deprecations, 服务账户令牌 finds KEP-4193.
// The pairs come from the glossary through the index table (search.IndexTable.Aliases), written
// by the snapshot's generator; a release given with --data has none.

// QueryAliases reads a glossary (terms, each the Chinese word the pages use and the words they
// avoid) into alias pairs, IndexTable.Aliases' form: an avoided word, then the word to read
// instead, for each avoided word that stands for one word of the pages. Pairs are Chinese only:
// "Pod 安全标准" for "Pod 安全性标准" gives 安全标准 for 安全性标准; a term with two words ("启用 /
// 禁用") gives none, since which one was meant is unknown.
func QueryAliases(glossary []byte) ([]string, error) {
	terms, err := ParseGlossary(glossary)
	if err != nil {
		return nil, err
	}
	type pair struct{ from, to string }
	var pairs []pair
	for _, term := range terms {
		if strings.Contains(term.ZH, "/") {
			continue
		}
		for _, avoid := range term.Avoid {
			if from, to, ok := chineseDifference(avoid, term.ZH); ok {
				pairs = append(pairs, pair{from, to})
			}
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return strings.Compare(a.from, b.from) })
	pairs = slices.CompactFunc(pairs, func(a, b pair) bool { return a.from == b.from })
	out := make([]string, 0, 2*len(pairs))
	for _, p := range pairs {
		out = append(out, p.from, p.to)
	}
	return out, nil
}

// chineseDifference compares two phrases word by word (split at spaces): when they differ in one
// word and both are Chinese, it returns the two.
func chineseDifference(a, b string) (from, to string, ok bool) {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) != len(wb) {
		return "", "", false
	}
	for i := range wa {
		if wa[i] == wb[i] {
			continue
		}
		if from != "" || !isAllCJK(wa[i]) || !isAllCJK(wb[i]) {
			return "", "", false
		}
		from, to = wa[i], wb[i]
	}
	return from, to, from != ""
}

// isAllCJK reports whether s is a non-empty run of CJK letters.
func isAllCJK(s string) bool {
	for _, r := range s {
		if !search.IsCJKRune(r) {
			return false
		}
	}
	return s != ""
}
