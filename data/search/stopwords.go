package search

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Words that carry no meaning in a question: "how do I ..." and "怎么办" say that the user asks,
// not what about. In a query with other words they neither select nor score an item, and they
// are marked nowhere; a query of stop words alone is searched as it is ("the" finds "the").
//
// The lists are short on purpose: a word that names something in Kubernetes ("no", "all",
// "off", "down", "up", "default", 能, 会 in 性能 and 会话) is not on them, whatever a general
// stop list says.

// stopEN are English stop words, lower case, as tokenize splits them (don't: don, t).
var stopEN = setOf(`a an the my our your their his her its i me we us you he she it they them
	is are was were be been being am do does did done doing has have had having
	should would could can cannot will shall may might must
	what when where which who whom whose why how whether
	to of in on at by for from with into onto about as than then so if or and but nor
	this that these those there here
	s t m d ll re ve don doesn didn isn aren wasn weren won wouldn shouldn couldn hasn haven
	please any some anything something before after`)

// stopZH are Chinese stop words. A Chinese query run is cut at each of them, longest first, so
// 卡住了怎么办 reads as 卡住; a run the release holds as it is (目的, 了解) is never cut.
var stopZH = sortLongestFirst(strings.Fields(`怎么办 怎么样 怎么 怎样 如何 为什么 为何 什么 哪些 哪个 哪里
	是否 是不是 有没有 能不能 可不可以 要不要 需不需要 能否 可以 还能用 还能 能用
	请问 应该 之前 之后 以前 以后 我的 我们的 我们 你的 一个 一些 这个 那个 这些 那些
	的 了 吗 呢 吧 啊 呀 嘛 么`))

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

func sortLongestFirst(words []string) []string {
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	return words
}

// isStopWord reports whether a lower-cased word or CJK run is a stop word as a whole.
func isStopWord(w string) bool {
	if stopEN[w] {
		return true
	}
	return slices.Contains(stopZH, w)
}

// cutStopWords splits a CJK run at the Chinese stop words it holds, longest first at each
// position, and returns the parts between them: 扩容卡住了怎么办 gives 扩容卡住.
func cutStopWords(run string) []string {
	parts, isStop := cutAtWords(run, stopZH)
	var out []string
	for k, part := range parts {
		if !isStop[k] {
			out = append(out, part)
		}
	}
	return out
}

// cutAtWords splits a CJK run at the words of a list sorted longest first (stopZH, the
// synonyms' CJK words): at each position the longest word of the list that starts there is a
// part of its own. It returns the parts in order, and which of them are words of the list.
func cutAtWords(run string, words []string) (parts []string, isWord []bool) {
	start := 0
	for i := 0; i < len(run); {
		n := 0
		for _, w := range words {
			if strings.HasPrefix(run[i:], w) {
				n = len(w)
				break
			}
		}
		if n == 0 {
			_, size := utf8.DecodeRuneInString(run[i:])
			i += size
			continue
		}
		if i > start {
			parts, isWord = append(parts, run[start:i]), append(isWord, false)
		}
		parts, isWord = append(parts, run[i:i+n]), append(isWord, true)
		i += n
		start = i
	}
	if start < len(run) {
		parts, isWord = append(parts, run[start:]), append(isWord, false)
	}
	return parts, isWord
}

// edgeZH are characters that, at the start or end of a Chinese query run, only tie it to the
// rest of the sentence: 升级到 is 升级, 要检查 is 检查. They are cut from a run's edges while two
// characters or more are left, so 要求 and 到期 stay whole.
const edgeZH = "到要把被给让"

// trimEdges cuts edgeZH characters from both ends of a CJK run, keeping two characters at least.
func trimEdges(run string) string {
	for utf8.RuneCountInString(run) > 2 {
		first, size := utf8.DecodeRuneInString(run)
		if strings.ContainsRune(edgeZH, first) {
			run = run[size:]
			continue
		}
		last, size := utf8.DecodeLastRuneInString(run)
		if strings.ContainsRune(edgeZH, last) {
			run = run[:len(run)-size]
			continue
		}
		break
	}
	return run
}
