package data

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// verbRE finds the fmt verbs of a format, with an explicit argument index if any.
var verbRE = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// verbsOf lists a format's verbs by the argument each takes, so a translation may reorder its
// arguments with %[2]s and still be compared with the English format.
func verbsOf(format string) []string {
	var out []string
	n := 0
	for _, m := range verbRE.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		if m[1] != "" {
			fmt.Sscan(m[1], &n)
		} else {
			n++
		}
		out = append(out, fmt.Sprintf("%d:%s", n, m[2]))
	}
	slices.Sort(out)
	return out
}

// TestPageWordsComplete: every page word exists in every language, a translation's format takes
// the same arguments as the English one, and every map holds the same keys.
func TestPageWordsComplete(t *testing.T) {
	en := reflect.ValueOf(wordsEN)
	for _, lang := range Langs {
		w, ok := pageWordsByLang[lang]
		if !ok {
			t.Errorf("no page words for %s", lang)
			continue
		}
		v := reflect.ValueOf(*w)
		for i := range v.NumField() {
			name := v.Type().Field(i).Name
			switch f := v.Field(i); f.Kind() {
			case reflect.String:
				if f.String() == "" {
					t.Errorf("%s: page word %s is empty", lang, name)
				}
				if a, b := verbsOf(en.Field(i).String()), verbsOf(f.String()); !slices.Equal(a, b) {
					t.Errorf("%s: page word %s takes %v, English takes %v", lang, name, b, a)
				}
			case reflect.Map:
				for _, k := range en.Field(i).MapKeys() {
					if s := f.MapIndex(k); !s.IsValid() || s.String() == "" {
						t.Errorf("%s: page word %s[%v] is missing", lang, name, k)
					}
				}
				if f.Len() != en.Field(i).Len() {
					t.Errorf("%s: page word %s has %d entries, English %d", lang, name, f.Len(), en.Field(i).Len())
				}
			default:
				t.Errorf("page word %s is a %s; the test knows strings and maps", name, f.Kind())
			}
		}
	}
}

func TestGateDefaultPhraseZH(t *testing.T) {
	on, off := true, false
	for _, c := range []struct {
		def  *bool
		want string
	}{{&on, "默认启用"}, {&off, "默认禁用"}, {nil, "默认值未知"}} {
		if got := (Gate{Default: c.def}).defaultPhrase(LangZH); got != c.want {
			t.Errorf("defaultPhrase(%v) = %q, want %q", c.def, got, c.want)
		}
	}
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{
		"en": LangEN, "EN": LangEN, "en_US.UTF-8": LangEN, "en-GB": LangEN,
		"zh": LangZH, " zh ": LangZH, "zh_CN.UTF-8": LangZH, "zh-Hans": LangZH, "zh_TW": LangZH,
		"": "", "fr": "", "english": "", "zhx": "", "C": "",
	} {
		got, ok := ParseLang(in)
		if got != want || ok != (want != "") {
			t.Errorf("ParseLang(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// A Chinese page keeps every fact of the English one and says it in Chinese; an enhancement
// keeps its official English title beside the Chinese one.
func TestMarkdownZH(t *testing.T) {
	d := realDataset(t)
	it := d.ByID("3866-nftables-kube-proxy")
	if it == nil {
		t.Fatal("no 3866 in the release")
	}
	en, zh := it.Markdown(LangEN), it.Markdown(LangZH)
	for _, want := range []string{"# KEP-3866：" + it.Title.In(LangZH), "KEP 官方标题：" + it.Title.Default,
		"**阶段**：Beta", "**SIG**：network", "`NFTablesProxyMode`：Beta，默认启用，作用于 kube-proxy", "## 链接"} {
		if !strings.Contains(zh, want) {
			t.Errorf("the Chinese page of 3866 lacks %q:\n%s", want, zh[:min(len(zh), 600)])
		}
	}
	for _, unwanted := range []string{"Stage:", "on by default", "Official title", "## Links"} {
		if strings.Contains(zh, unwanted) {
			t.Errorf("the Chinese page of 3866 holds the English %q", unwanted)
		}
	}
	if strings.Contains(en, "官方") || !strings.Contains(en, "**Stage:** Beta") {
		t.Errorf("the English page changed:\n%s", en[:min(len(en), 400)])
	}
	change := d.ByID("removal-cephfs-volume-plugin")
	if change == nil {
		t.Fatal("no removal-cephfs-volume-plugin in the release")
	}
	zh = change.Markdown(LangZH)
	for _, want := range []string{"**类别**：移除", "**影响范围**：" + change.Affects.In(LangZH), "**替代做法**："} {
		if !strings.Contains(zh, want) {
			t.Errorf("the Chinese page of the CephFS removal lacks %q", want)
		}
	}
	if strings.Contains(zh, "官方标题") {
		t.Error("a removal has no KEP title to keep")
	}
	rel := d.Release.Markdown(LangZH)
	for _, want := range []string{"**发布日期**：" + d.Release.Released, "**代号**：Elli", "**增强**：共 45 项：GA 11 项"} {
		if !strings.Contains(rel, want) {
			t.Errorf("the Chinese overview lacks %q", want)
		}
	}
}

// Every section has a label and a short label in every language, and the Chinese ones that
// are words (not stage names) are Chinese.
func TestSectionsTranslated(t *testing.T) {
	for _, s := range Sections {
		for _, lang := range Langs {
			if !s.Label.Has(lang) || !s.Short.Has(lang) || s.Label.In(lang) == "" || s.Short.In(lang) == "" {
				t.Errorf("section %s has no label in %s", s.Name, lang)
			}
		}
		if _, stage := map[string]bool{"ga": true, "beta": true, "alpha": true}[s.Name]; !stage &&
			(!hasHan(s.Label.In(LangZH)) || !hasHan(s.Short.In(LangZH))) {
			t.Errorf("section %s: the Chinese labels %q, %q are not Chinese", s.Name, s.Label.In(LangZH), s.Short.In(LangZH))
		}
	}
}

func TestUntranslated(t *testing.T) {
	d := realDataset(t)
	for _, lang := range Langs {
		if missing, total := d.Untranslated(lang); missing != 0 || total != len(d.Items)+1 {
			t.Errorf("the shipped release: %d of %d pages lack %s", missing, total, lang)
		}
	}
	half := NewDataset(Release{Title: NewText("R", nil)}, []*Item{
		{ID: "a", Title: NewText("A", map[Lang]string{LangZH: "甲"})},
		{ID: "b", Title: NewText("B", nil)},
	})
	if missing, total := half.Untranslated(LangZH); missing != 2 || total != 3 {
		t.Errorf("one item and the release untranslated: got %d of %d, want 2 of 3", missing, total)
	}
}

// Front matter fields are plain text: a page escapes what Markdown would read as markup in them,
// so "InTreePlugin*Unregister" in a summary does not end the summary's italics at its *.
func TestMarkdownEscapesPlainFields(t *testing.T) {
	it := &Item{ID: "x", Kind: KindRemoval, Title: NewText("a_b <c>", nil), Summary: NewText("Gates InTreePlugin*Unregister, `x` [y]", nil),
		Affects: NewText("a\\b", nil), Instead: NewText("*none*", nil)}
	md := it.Markdown(LangEN)
	for _, want := range []string{"# a\\_b \\<c>", "*Gates InTreePlugin\\*Unregister, \\`x\\` \\[y\\]*", "a\\\\b", "\\*none\\*"} {
		if !strings.Contains(md, want) {
			t.Errorf("the page lacks %q:\n%s", want, md)
		}
	}
	d := realDataset(t)
	for _, lang := range Langs {
		if md := d.ByID("removal-intree-unregister-gates").Markdown(lang); !strings.Contains(md, "InTreePlugin\\*Unregister") {
			t.Errorf("%s: the summary's * is not escaped:\n%s", lang, md[:min(len(md), 300)])
		}
	}
}
