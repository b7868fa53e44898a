package data

import (
	"slices"
	"strings"
	"testing"
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
