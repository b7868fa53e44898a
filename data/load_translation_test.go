package data

import (
	"strings"
	"testing"
)

func TestReleaseTranslation(t *testing.T) {
	fsys := baseFS()
	put(fsys, "release.zh.md", "---\ntitle: Kubernetes v1.99：Testy\nsummary: 测试用的小版本。\nkeywords: [测试版本]\n---\n## 概览\n\n三项增强。\n")
	d, err := Load(fsys)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got := d.Release.Summary.In(LangZH); got != "测试用的小版本。" {
		t.Errorf("Release.Summary.In(zh) = %q", got)
	}
	if md := d.Release.Markdown(LangZH); !strings.Contains(md, "三项增强。") {
		t.Errorf("Release.Markdown(zh) lacks the Chinese overview:\n%s", md)
	}
	if rs := d.Search("测试版本"); len(rs) == 0 || rs[0].Item.ID != ReleaseID {
		t.Errorf("Search(测试版本) = %v, want the release overview first", resultIDs(rs))
	}
	// a release translation carries no change fields
	put(fsys, "release.zh.md", "---\ntitle: 版本\naffects: 某些节点\n---\n")
	if _, err := Load(fsys); err == nil || !strings.Contains(err.Error(), "release translation may set only") {
		t.Errorf("Load with affects in release.zh.md: %v", err)
	}
}

func TestTranslatedGateNote(t *testing.T) {
	fsys := baseFS()
	edit(t, fsys, fxAlpha, "    components: [kubelet]\n", "    components: [kubelet]\n    note: needs a frobnicator\n")
	put(fsys, fxAlphaZH, "---\ntitle: 小部件\ngate_notes: {WidgetFrobnication: 需要 frobnicator}\n---\n")
	d, err := Load(fsys)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	it := mustItem(t, d, fxAlphaID)
	if got := it.Gates[0].Note.In(LangZH); got != "需要 frobnicator" {
		t.Errorf("Note.In(zh) = %q", got)
	}
	if md := it.Markdown(LangZH); !strings.Contains(md, "— 需要 frobnicator") {
		t.Errorf("Markdown(zh) lacks the translated note:\n%s", md)
	}
	if md := it.Markdown(LangEN); !strings.Contains(md, "— needs a frobnicator") {
		t.Errorf("Markdown(en) lacks the English note:\n%s", md)
	}
}

func TestValidTranslation(t *testing.T) {
	fsys := baseFS()
	put(fsys, fxAlphaZH, "---\ntitle: 小部件的 frobnication\nkeywords: [小部件]\n---\n## 1.99 的变化\n\n小部件可以 frobnicate。\n")
	put(fsys, "changes/removal-old-flag.zh.md", "---\naffects: 使用 --old-flag 启动的节点。\n---\n")
	d, err := Load(fsys)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	it := mustItem(t, d, fxAlphaID)
	if got := it.Title.In(LangZH); got != "小部件的 frobnication" {
		t.Errorf("Title.In(zh) = %q", got)
	}
	if got := it.Title.In(LangEN); got != "Widget frobnication" {
		t.Errorf("Title.In(en) = %q", got)
	}
	if !it.Title.Has(LangZH) || !it.Title.Has(LangEN) {
		t.Error("Title.Has(zh/en) = false")
	}
	// summary is not translated: the English text stands in.
	if got := it.Summary.In(LangZH); got != "Widgets can be frobnicated." {
		t.Errorf("Summary.In(zh) = %q, want the English fallback", got)
	}
	if it.Summary.Has(LangZH) {
		t.Error("Summary.Has(zh) = true for an untranslated summary")
	}
	if got := it.Body.In(LangZH); !strings.Contains(got, "小部件可以") {
		t.Errorf("Body.In(zh) = %q", got)
	}
	if got := it.Body.In(LangEN); !strings.Contains(got, "Widgets frobnicate.") {
		t.Errorf("Body.In(en) = %q", got)
	}
	if md := it.Markdown(LangZH); !strings.Contains(md, "# KEP-100：小部件的 frobnication") || !strings.Contains(md, "*Widgets can be frobnicated.*") {
		t.Errorf("Markdown(zh) does not use the translation with fallbacks:\n%s", md)
	}
	// Translated titles and keywords are searchable.
	for _, q := range []string{"小部件", "frobnication"} {
		if rs := d.Search(q); len(rs) == 0 || rs[0].Item != it {
			t.Errorf("Search(%q) does not find the translated item first: %v", q, resultIDs(rs))
		}
	}
	// A translation that carries only front matter keeps the English body.
	ch := mustItem(t, d, fxRemoveID)
	if got := ch.Affects.In(LangZH); got != "使用 --old-flag 启动的节点。" {
		t.Errorf("Affects.In(zh) = %q", got)
	}
	if got := ch.Body.In(LangZH); !strings.Contains(got, "The flag is gone.") {
		t.Errorf("Body.In(zh) = %q, want the English body when the translation has none", got)
	}
	if got := ch.Title.In(LangZH); got != "The --old-flag flag is removed" {
		t.Errorf("Title.In(zh) = %q, want the English fallback", got)
	}
}

// A translation gives the page's link titles in its language, one per link in order; the URLs
// stay the original's. Chinese pages showed "Documentation" under 相关链接.
func TestTranslatedLinkTitles(t *testing.T) {
	fsys := baseFS()
	put(fsys, fxAlphaZH, "---\ntitle: 小部件\nlinks: [KEP, 文档]\n---\n")
	d, err := Load(fsys)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	it := mustItem(t, d, fxAlphaID)
	if got := it.Links[1].Title.In(LangZH); got != "文档" {
		t.Errorf("Links[1].Title.In(zh) = %q", got)
	}
	if md := it.Markdown(LangZH); !strings.Contains(md, "- 文档") || strings.Contains(md, "Documentation") {
		t.Errorf("Markdown(zh) does not title the link in Chinese:\n%s", md)
	}
	if md := it.Markdown(LangEN); !strings.Contains(md, "- Documentation") {
		t.Errorf("Markdown(en) lost the English link title:\n%s", md)
	}
	for _, bad := range []struct{ links, want string }{
		{"[KEP]", "1 titles for the page's 2 links"},
		{"[KEP, 文档, 博客]", "3 titles for the page's 2 links"},
		{"[KEP, \" \"]", "links[1]"},
		{"[KEP, \"文\\e[31m档\"]", "control character"},
	} {
		put(fsys, fxAlphaZH, "---\ntitle: 小部件\nlinks: "+bad.links+"\n---\n")
		if _, err := Load(fsys); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("links: %s: %v, want an error naming %q", bad.links, err, bad.want)
		}
	}
}

// Every Chinese page of the release titles its links in Chinese: a translation that has links
// gives each a title of its own.
func TestShippedLinkTitlesTranslated(t *testing.T) {
	d := realDataset(t)
	pages := append([]*Item{d.ReleaseItem()}, d.Items...)
	for _, it := range pages {
		if !it.Title.Has(LangZH) || !it.Body.Has(LangZH) {
			continue
		}
		for i, l := range it.Links {
			if _, ok := l.Title.lookup(LangZH); !ok {
				t.Errorf("%s: links[%d] (%s) has no Chinese title; add links: [...] to its .zh.md", it.ID, i, l.Title.Default)
			}
		}
	}
}
