package check

import (
	"context"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"unicode"

	"github.com/elli-k8s/elli/data"
)

var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0-9.]*([a-zA-Z%])`)

// args maps each argument a format takes, by position, to the verb that prints it.
func args(format string) map[int]string {
	out := map[int]string{}
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[3] == "%" {
			continue
		}
		if m[2] != "" {
			next, _ = strconv.Atoi(m[2])
		}
		out[next] = m[3]
		next++
	}
	return out
}

// Every text has its Chinese, which takes the same arguments with the same verbs (in any
// order), and reads as Chinese.
func TestTextCatalog(t *testing.T) {
	en, zh := reflect.ValueOf(textEN), reflect.ValueOf(textZH)
	for i := range en.NumField() {
		name := en.Type().Field(i).Name
		e, z := en.Field(i).String(), zh.Field(i).String()
		if e == "" || z == "" {
			t.Errorf("%s is empty in a language", name)
			continue
		}
		if !reflect.DeepEqual(args(e), args(z)) {
			t.Errorf("%s: English takes %v, Chinese %v", name, args(e), args(z))
		}
		if name != "PersistentVolume" && !slices.ContainsFunc([]rune(z), func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			t.Errorf("%s has no Chinese: %q", name, z)
		}
	}
	for _, r := range Rules {
		zhText, ok := ruleTextsZH[r.ID]
		if !ok || zhText[0] == "" || zhText[1] == "" {
			t.Errorf("rule %s has no Chinese title or fix", r.ID)
		}
		if r.TitleIn(data.LangEN) != r.Title || r.FixIn(data.LangZH) != zhText[1] {
			t.Errorf("rule %s: TitleIn/FixIn pick the wrong language", r.ID)
		}
	}
	if len(ruleTextsZH) != len(Rules) {
		t.Errorf("%d Chinese rule texts for %d rules", len(ruleTextsZH), len(Rules))
	}
}

// In Chinese the corpus gives the same findings, each message and fix in Chinese.
func TestCorpusInChinese(t *testing.T) {
	scan := func(lang data.Lang) *Report {
		rep, err := New(dsForTest(), Options{Lang: lang}).Scan(context.Background(), []string{corpus}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	en, zh := scan(data.LangEN), scan(data.LangZH)
	if !slices.Equal(got(corpus, en.Findings), got(corpus, zh.Findings)) {
		t.Fatal("the Chinese scan finds something else")
	}
	han := func(s string) bool {
		return slices.ContainsFunc([]rune(s), func(r rune) bool { return unicode.Is(unicode.Han, r) })
	}
	for _, f := range zh.Findings {
		if !han(f.Message) || !han(f.Fix) {
			t.Errorf("%s:%d %s: %q / %q", f.File, f.Line, f.Rule, f.Message, f.Fix)
		}
	}
	for _, n := range zh.Notes {
		if !han(n.Message) {
			t.Errorf("note %q is not in Chinese", n.Message)
		}
	}
}
