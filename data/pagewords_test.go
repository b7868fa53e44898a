package data

import (
	"regexp"
	"strings"
	"testing"
)

// The words a page is composed with (its facts, stages, defaults, link titles) follow the
// glossary too, not only the translated texts: a Chinese page is checked whole, as it shows.
func TestChinesePagesFollowGlossary(t *testing.T) {
	terms := Glossary(loadGlossary(t))
	d := realDataset(t)
	inline := regexp.MustCompile("`[^`\n]*`")
	for _, it := range append([]*Item{d.ReleaseItem()}, d.Items...) {
		md := d.Page(it, LangZH)
		md = inline.ReplaceAllString(fenceRE.ReplaceAllString(md, ""), "")
		for _, w := range terms.Violations(md) {
			t.Errorf("%s's Chinese page: %s", it.ID, w)
		}
	}
}

// The history line writes the stages as the stage line does ("Stage: Beta · History: Alpha
// v1.29 → Beta v1.31"), in either language: it read "alpha v1.29 → beta v1.31".
func TestHistoryWritesStagesAsTheStageLine(t *testing.T) {
	d := realDataset(t)
	seen := 0
	for _, it := range d.Items {
		if it.History == (History{}) {
			continue
		}
		seen++
		for _, lang := range Langs {
			w := words(lang)
			md := it.Markdown(lang)
			at := strings.Index(md, w.fact(w.History, ""))
			if at < 0 {
				t.Fatalf("%s in %s: no history fact", it.ID, lang)
			}
			line := md[at:]
			line = line[:strings.IndexByte(line, '\n')]
			for _, s := range []Stage{StageAlpha, StageBeta, StageGA} {
				low := strings.ToLower(s.Label()) + " v"
				if s != StageGA && strings.Contains(line, low) {
					t.Errorf("%s in %s: %q writes %q, the stage line %q", it.ID, lang, line, low, s.Label())
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no enhancement has a history")
	}
}
