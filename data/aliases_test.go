package data

import (
	"slices"
	"strings"
	"testing"

	content "github.com/elli-k8s/elli/embed"
)

func TestQueryAliases(t *testing.T) {
	glossary := `terms:
  - {en: deprecated, zh: 弃用, avoid: [废弃, 过时]}
  - {en: feature gate, zh: 特性门控, avoid: [功能门控, 特性门]}
  - {en: Pod Security Standards, zh: Pod 安全性标准, avoid: [Pod 安全标准]}
  - {en: enable / disable, zh: 启用 / 禁用, avoid: [开启门控]}
  - {en: Helm chart, zh: Helm chart, avoid: [Helm Chart]}
  - {en: init container, zh: Init 容器, avoid: [初始化容器]}
`
	got, err := QueryAliases([]byte(glossary))
	if err != nil {
		t.Fatal(err)
	}
	// sorted by the avoided word; a term with two words, English words and phrases that differ in
	// more than one Chinese word give none
	want := []string{"功能门控", "特性门控", "安全标准", "安全性标准", "废弃", "弃用", "特性门", "特性门控", "过时", "弃用"}
	if !slices.Equal(got, want) {
		t.Errorf("QueryAliases = %q, want %q", got, want)
	}
	for _, bad := range []string{"terms: [", "terms:\n  - {en: x, zh: y, typo: z}\n"} {
		if _, err := QueryAliases([]byte(bad)); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("QueryAliases(%q): error %v, want one line", bad, err)
		}
	}
}

func TestDealias(t *testing.T) {
	ix := &index{aliases: readAliases([]string{"特性门", "特性门控", "废弃", "弃用", "选举", "X", "主节点选举", "领导者选举"})}
	for _, tc := range []struct{ in, want string }{
		{"废弃", "弃用"},
		{"特性门控", "特性门控"}, // the pages' word holds the avoided one: kept
		{"废弃的特性门", "弃用的特性门控"},
		{"主节点选举", "领导者选举"}, // the longest avoided word first
		{"节点", "节点"},
	} {
		if got := ix.dealias(tc.in); got != tc.want {
			t.Errorf("dealias(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Every alias of the real glossary leads to a word the release holds: a query that used the
// avoided word finds what the pages say.
func TestGlossaryAliasesLeadToPages(t *testing.T) {
	pairs, err := QueryAliases(content.Glossary)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs)/2 < 30 {
		t.Fatalf("%d alias pairs from the glossary; want the full list", len(pairs)/2)
	}
	ix := realDataset(t).searchIndex()
	for i := 0; i < len(pairs); i += 2 {
		if !ix.holdsCJK(pairs[i+1]) {
			t.Errorf("%s reads as %s, which no page holds", pairs[i], pairs[i+1])
		}
	}
}
