package i18n

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
)

// texts walks a catalog and returns every text by its field path ("TUI.NoMatch").
func texts(v reflect.Value, path string, out map[string]string) {
	switch v.Kind() {
	case reflect.String:
		out[path] = v.String()
	case reflect.Struct:
		for i := range v.NumField() {
			name := v.Type().Field(i).Name
			if path != "" {
				name = path + "." + name
			}
			texts(v.Field(i), name, out)
		}
	default:
		panic(fmt.Sprintf("%s is a %s: a catalog holds strings and structs of them", path, v.Kind()))
	}
}

func catalogTexts(s *Strings) map[string]string {
	out := map[string]string{}
	texts(reflect.ValueOf(*s), "", out)
	return out
}

// sameInChinese are the texts with no words to translate: names, columns of identifiers,
// punctuation.
var sameInChinese = map[string]bool{
	"TUI.WindowTitle": true, "TUI.Header": true, "Out.ColID": true, "Out.ColSIG": true,
	"Sep": true, "Then": true, "Out.Label": true, "Out.CheckSeeItem": true, "Out.GateItem": true,
	"Out.CheckNote": true, "Out.CheckReadCount": true, "Out.ClusterWhere": true, "Out.Tally": true, "Out.TallySep": true,
}

func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// TestCatalogComplete: every language has every text; a format takes the same arguments in
// every language; a Chinese text is written in Chinese, not left in English; no English text is
// in Chinese but the two that name Chinese as the language to switch to.
func TestCatalogComplete(t *testing.T) {
	enTexts := catalogTexts(&en)
	for _, lang := range data.Langs {
		s, ok := catalogs[lang]
		if !ok {
			t.Errorf("no catalog for %s", lang)
			continue
		}
		for path, text := range catalogTexts(s) {
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: %s is empty", lang, path)
			}
			if a, b := FormatArgs(enTexts[path]), FormatArgs(text); !slices.Equal(a, b) {
				t.Errorf("%s: %s takes %v, the English text takes %v", lang, path, b, a)
			}
			switch {
			case lang == data.LangZH && !sameInChinese[path] && path != "Keys.Lang" && !hasHan(text):
				t.Errorf("zh: %s = %q is not Chinese", path, text)
			case lang == data.LangEN && path != "Keys.Lang" && path != "Keys.LangLong" && path != "TUI.Switched" && hasHan(text):
				t.Errorf("en: %s = %q holds Chinese", path, text)
			}
		}
	}
	if For("fr") != &en || For(data.LangZH) != &zh {
		t.Error("For: zh gives the Chinese catalog, anything unknown the English one")
	}
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		s     *Strings
		words []string
		want  string
	}{
		{&en, nil, ""}, {&en, []string{"a"}, "a"}, {&en, []string{"a", "b", "c"}, "a, b or c"},
		{&zh, []string{"ga", "beta", "alpha"}, "ga、beta 或 alpha"},
	} {
		if got := c.s.List(c.words); got != c.want {
			t.Errorf("%s List(%q) = %q, want %q", c.s.Name, c.words, got, c.want)
		}
	}
}

func TestCutNote(t *testing.T) {
	for _, c := range []struct {
		s    *Strings
		cut  search.QueryCut
		want string
	}{
		{&en, search.QueryCut{}, ""},
		{&en, search.QueryCut{Repeats: 2}, "the search used each word once"},
		{&en, search.QueryCut{Chars: 5, Words: 1, Repeats: 1}, "the search used its first 200 characters and its first 12 terms"},
		{&zh, search.QueryCut{Repeats: 1}, "搜索时重复的词只算一次"},
		{&zh, search.QueryCut{Chars: 5, Words: 1}, "搜索时只取前 200 个字符，且只取前 12 个词"},
	} {
		if got := c.s.CutNote(c.cut); got != c.want {
			t.Errorf("%s CutNote(%+v) = %q, want %q", c.s.Name, c.cut, got, c.want)
		}
	}
}

func TestMatchedNote(t *testing.T) {
	for _, c := range []struct {
		s          *Strings
		words, not []string
		want       string
	}{
		{&en, nil, nil, ""},
		{&en, []string{"pod", "security"}, nil, "matched: pod security"},
		{&zh, []string{"流量", "分发"}, nil, "已匹配：流量 分发"},
		{&en, []string{"pod", "security", "admission"}, []string{"full"}, "matched 3 of 4 words: pod security admission (not: full)"},
		{&zh, []string{"流量"}, []string{"分发", "拓扑"}, "匹配了 1 个词，共 3 个：流量（未匹配：分发 拓扑）"},
	} {
		if got := c.s.MatchedNote(c.words, c.not); got != c.want {
			t.Errorf("%s MatchedNote(%q, %q) = %q, want %q", c.s.Name, c.words, c.not, got, c.want)
		}
	}
}

func TestUntranslatedNote(t *testing.T) {
	item := func(id string, tr map[data.Lang]string) *data.Item {
		return &data.Item{ID: id, Kind: data.KindGuide, Title: data.NewText(id, tr)}
	}
	zhTitle := map[data.Lang]string{data.LangZH: "甲"}
	full := data.NewDataset(data.Release{Title: data.NewText("R", zhTitle)}, []*data.Item{item("a", zhTitle)})
	none := data.NewDataset(data.Release{Title: data.NewText("R", nil)}, []*data.Item{item("a", nil)})
	half := data.NewDataset(data.Release{Title: data.NewText("R", zhTitle)}, []*data.Item{item("a", nil), item("b", zhTitle)})
	for _, c := range []struct {
		ds   *data.Dataset
		lang data.Lang
		want string
	}{
		{full, data.LangZH, ""}, {none, data.LangEN, ""},
		{none, data.LangZH, "此数据集没有中文文本，以英文显示"},
		{half, data.LangZH, "共 3 个页面中有 1 个没有中文文本，以英文显示"},
	} {
		if got := For(c.lang).UntranslatedNote(c.ds, c.lang); got != c.want {
			t.Errorf("%s: got %q, want %q", c.lang, got, c.want)
		}
	}
}

// TestCVETally: the CVEs add up in words, each part only when it counts any, in both languages.
func TestCVETally(t *testing.T) {
	for _, tc := range []struct {
		lang  data.Lang
		tally data.CVETally
		want  string
	}{
		{data.LangEN, data.CVETally{Total: 6, FixedInLine: 3, Releases: []string{"v1.31.5", "v1.31.6", "v1.31.12"}},
			"6 CVEs: 3 fixed in 1.31 (v1.31.5, .6, .12), 3 with no 1.31 fix"},
		{data.LangEN, data.CVETally{Total: 3}, "3 CVEs: 3 with no 1.31 fix"},
		{data.LangEN, data.CVETally{Total: 1, FixedInLine: 1, Releases: []string{"v1.31.5"}}, "1 CVE: 1 fixed in 1.31 (v1.31.5)"},
		{data.LangEN, data.CVETally{}, "no CVE"},
		{data.LangZH, data.CVETally{Total: 6, FixedInLine: 3, Releases: []string{"v1.31.5", "v1.31.6", "v1.31.12"}},
			"6 个 CVE：3 个已在 1.31 修复（v1.31.5、.6、.12），3 个在 1.31 没有修复"},
	} {
		if got := For(tc.lang).CVETally(tc.tally, "v1.31"); got != tc.want {
			t.Errorf("%s: CVETally(%+v) = %q, want %q", tc.lang, tc.tally, got, tc.want)
		}
	}
}
