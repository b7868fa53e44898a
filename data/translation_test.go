package data

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	content "github.com/elli-k8s/elli/embed"
)

// The shipped dataset is bilingual: these tests hold every Chinese page to its English page and to
// the glossary.

var (
	fenceRE   = regexp.MustCompile("(?ms)^(```|~~~)[^\n]*\n.*?^(```|~~~)[ \t]*$")
	headingRE = regexp.MustCompile(`(?m)^#{2,3} `)
)

// zhTexts lists every person-readable field of an item with its Chinese text, by field name.
func zhTexts(it *Item) map[string]Text {
	m := map[string]Text{"title": it.Title, "summary": it.Summary, "body": it.Body}
	if it.Kind == KindRemoval || it.Kind == KindDeprecation {
		m["affects"], m["instead"] = it.Affects, it.Instead
	}
	for _, g := range it.Gates {
		if g.Note.Default != "" {
			m["gate_notes."+g.Name] = g.Note
		}
	}
	return m
}

// TestTranslationsComplete fails for every item and field without Chinese text.
func TestTranslationsComplete(t *testing.T) {
	d := realDataset(t)
	for _, it := range d.Items {
		for field, tx := range zhTexts(it) {
			if zh, ok := tx.lookup(LangZH); !ok || strings.TrimSpace(zh) == "" {
				t.Errorf("%s: no Chinese %s (add it to %s)", it.ID, field, strings.TrimSuffix(it.Path, ".md")+".zh.md")
			}
		}
		if len(it.KeywordsTr.In(LangZH)) == 0 {
			t.Errorf("%s: no Chinese keywords", it.ID)
		}
	}
	r := d.Release
	for field, tx := range map[string]Text{"title": r.Title, "summary": r.Summary, "body": r.Body} {
		if _, ok := tx.lookup(LangZH); !ok {
			t.Errorf("release: no Chinese %s (add it to release.zh.md)", field)
		}
	}
	if len(r.KeywordsTr.In(LangZH)) == 0 {
		t.Error("release: no Chinese keywords")
	}
}

// TestTranslationsMatchEnglish: a Chinese page has every section and every code block of its
// English page, the code byte for byte once the comments, which it translates, are taken out.
func TestTranslationsMatchEnglish(t *testing.T) {
	d := realDataset(t)
	pages := pageBodies(d)
	for id, body := range pages {
		zh, ok := body.lookup(LangZH)
		if !ok {
			continue // TestTranslationsComplete reports it
		}
		en := body.Default
		// the same sections at the same levels, in the same order (code blocks out: a # there is
		// a comment)
		if a, b := headingRE.FindAllString(fenceRE.ReplaceAllString(en, ""), -1), headingRE.FindAllString(fenceRE.ReplaceAllString(zh, ""), -1); !slices.Equal(a, b) {
			t.Errorf("%s: the Chinese page's headings are at levels %q, the English one's at %q", id, b, a)
		}
		a, b := fenceRE.FindAllString(en, -1), fenceRE.FindAllString(zh, -1)
		if len(a) != len(b) {
			t.Errorf("%s: the Chinese page has %d code blocks, the English one %d", id, len(b), len(a))
			continue
		}
		for i := range a {
			if withoutComments(a[i]) != withoutComments(b[i]) {
				t.Errorf("%s: code block %d differs from the English page once comments are taken out:\n%s\n---\n%s", id, i+1, a[i], b[i])
			}
		}
	}
}

type glossaryTerm = GlossaryTerm

func loadGlossary(t *testing.T) []glossaryTerm {
	t.Helper()
	g, err := ParseGlossary(content.Glossary)
	if err != nil {
		t.Fatalf("embed/glossary.yaml: %v", err)
	}
	if len(g) < 20 {
		t.Fatalf("embed/glossary.yaml: %d terms, want the full list", len(g))
	}
	return g
}

// glossaryViolations returns the avoided words that text uses, outside the allowed phrases.
func glossaryViolations(terms []glossaryTerm, text string) []string {
	return Glossary(terms).Violations(text)
}

func TestGlossaryViolationsFinds(t *testing.T) {
	terms := []glossaryTerm{{ZH: "名字空间", Avoid: []string{"命名空间"}, Allow: []string{"用户命名空间"}}}
	if got := glossaryViolations(terms, "在命名空间里"); len(got) != 1 {
		t.Errorf("an avoided word is not reported: %v", got)
	}
	if got := glossaryViolations(terms, "启用用户命名空间"); len(got) != 0 {
		t.Errorf("an allowed phrase is reported: %v", got)
	}
	gate := []glossaryTerm{{ZH: "特性门控", Avoid: []string{"特性门"}}}
	if got := glossaryViolations(gate, "打开特性门控"); len(got) != 0 {
		t.Errorf("the chosen term is reported for the avoided word inside it: %v", got)
	}
	if got := glossaryViolations(gate, "打开特性门"); len(got) != 1 {
		t.Errorf("the avoided word alone is not reported: %v", got)
	}
}

// TestChineseFollowsGlossary: one Chinese term per concept across all pages.
func TestChineseFollowsGlossary(t *testing.T) {
	terms := loadGlossary(t)
	d := realDataset(t)
	check := func(where string, tx Text) {
		if zh, ok := tx.lookup(LangZH); ok {
			// code stays as the English page has it, but its comments are Chinese text
			zh = fenceRE.ReplaceAllStringFunc(zh, codeComments)
			for _, w := range glossaryViolations(terms, zh) {
				t.Errorf("%s: %s", where, w)
			}
		}
	}
	for _, it := range d.Items {
		for field, tx := range zhTexts(it) {
			check(it.ID+" "+field, tx)
		}
		for _, k := range it.KeywordsTr.In(LangZH) {
			check(it.ID+" keywords", NewText("", map[Lang]string{LangZH: k}))
		}
	}
	r := d.Release
	for field, tx := range map[string]Text{"title": r.Title, "summary": r.Summary, "body": r.Body} {
		check("release "+field, tx)
	}
	for _, k := range r.KeywordsTr.In(LangZH) {
		check("release keywords", NewText("", map[Lang]string{LangZH: k}))
	}
}

// TestChineseChangeTitlesSayNoKind: a removal's or deprecation's Chinese title names what
// changed, without the glossary's word for its kind (移除, 弃用): every list shows the kind in
// a column of its own, and "移除 Ceph RBD 树内卷插件已移除" says it twice.
func TestChineseChangeTitlesSayNoKind(t *testing.T) {
	kindWord := map[Kind]string{}
	for _, term := range loadGlossary(t) {
		switch term.EN {
		case "removal / removed":
			kindWord[KindRemoval] = term.ZH
		case "deprecation / deprecated":
			kindWord[KindDeprecation] = term.ZH
		}
	}
	if len(kindWord) != 2 {
		t.Fatalf("the glossary has no word for removal or deprecation: %v", kindWord)
	}
	for _, it := range realDataset(t).Items {
		w, ok := kindWord[it.Kind]
		if !ok {
			continue
		}
		if zh, _ := it.Title.lookup(LangZH); strings.Contains(zh, w) {
			t.Errorf("%s: the title %q says %s, which its kind says already", it.ID, zh, w)
		}
	}
}

// boldPunctRE is a bold run that ends with Chinese punctuation and a space: "**清理。** 把…".
var boldPunctRE = regexp.MustCompile(`\*\*[^*\n]*[。：，；！？）]\*\* `)

// TestChineseBoldBeforePunctuation: bold ends before its punctuation (**清理**。把…), as
// CONTENT.md says; the space the other way needs shows as a gap after the full-width mark.
func TestChineseBoldBeforePunctuation(t *testing.T) {
	d := realDataset(t)
	pages := pageBodies(d)
	for id, body := range pages {
		zh, _ := body.lookup(LangZH)
		for _, m := range boldPunctRE.FindAllString(fenceRE.ReplaceAllString(zh, ""), -1) {
			t.Errorf("%s: %q: end the bold before the punctuation, with no space after it", id, m)
		}
	}
}

// pageBodies is every page's body by id, the release's included.
func pageBodies(d *Dataset) map[string]Text {
	pages := map[string]Text{ReleaseID: d.Release.Body}
	for _, it := range d.Items {
		pages[it.ID] = it.Body
	}
	return pages
}
