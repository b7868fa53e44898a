package data

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Chinese has several words for many Kubernetes terms, and elli's pages use one (embed's
// glossary.yaml: 弃用, never 废弃; 服务账号, never 服务账户). A reader types the one they know, so a
// query word the release holds nowhere is read with the glossary's words in place of the ones
// it avoids: 废弃 finds the deprecations, 服务账户令牌 finds KEP-4193. The pairs come from the
// glossary through the index table (IndexTable.Aliases), written by the snapshot's generator;
// a release given with --data has none.

// QueryAliases reads a glossary (terms, each the Chinese word the pages use and the words they
// avoid) into alias pairs, IndexTable.Aliases' form: an avoided word, then the word to read
// instead, for each avoided word that stands for one word of the pages. Pairs are Chinese only:
// "Pod 安全标准" for "Pod 安全性标准" gives 安全标准 for 安全性标准; a term with two words ("启用 /
// 禁用") gives none, since which one was meant is unknown.
func QueryAliases(glossary []byte) ([]string, error) {
	var g struct {
		Terms []struct {
			EN    string   `yaml:"en"`
			ZH    string   `yaml:"zh"`
			Avoid []string `yaml:"avoid"`
			Allow []string `yaml:"allow"`
		} `yaml:"terms"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(glossary))
	dec.KnownFields(true)
	if err := dec.Decode(&g); err != nil {
		return nil, fmt.Errorf("glossary: %s", cleanYAMLError(err))
	}
	type pair struct{ from, to string }
	var pairs []pair
	for _, term := range g.Terms {
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
		if !isCJKRune(r) {
			return false
		}
	}
	return s != ""
}

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
func (ix *index) dealias(run string) string {
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
