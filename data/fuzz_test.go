package data

import (
	"strings"
	"testing"
)

// FuzzLoadItem loads a release whose guide page is arbitrary bytes: front matter and body. The
// loader must neither panic nor hang; a page it accepts holds no character that could reach a
// terminal as a control, in any field or in the page it composes. Seeds:
// testdata/fuzz/FuzzLoadItem.
func FuzzLoadItem(f *testing.F) {
	f.Add([]byte(baseFiles[fxGuide]))
	for _, s := range []string{
		"---\nkind: guide\ntitle: T\nsummary: S\norder: 1\n---\nbody &#27;]52;c;x&#7;\n",
		"---\nkind: guide\ntitle: \"\\e[31mred\"\nsummary: S\norder: 1\n---\nbody\n",
		"---\nkind: guide\ntitle: &a T\nsummary: *a\norder: 1\n---\nbody\n",
		"---\nkind: guide\ntitle: T\nsummary: S\norder: 1\n---\n" + strings.Repeat("> ", 80) + "x\n",
		"---\nkind: guide\ntitle: T\nsummary: S\norder: 1\nlinks: [{title: x, url: \"https://a.b/\\u202e\"}]\n---\nb\n",
		"---\n---\n", "", "---\nkind: [\n---\n", "\ufeff---\r\nkind: guide\r\n---\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		fsys := baseFS()
		put(fsys, fxGuide, string(page))
		d, err := Load(fsys)
		if err != nil {
			le, ok := err.(*LoadError)
			if !ok || len(le.Problems) == 0 {
				t.Fatalf("Load failed without problems: %v", err)
			}
			return
		}
		it := d.ByID(fxGuideID)
		if it == nil {
			t.Fatal("the page loaded but is not in the dataset")
		}
		for _, lang := range []Lang{LangEN, LangZH} {
			md := it.Markdown(lang)
			if _, r, bad := findControl([]byte(md)); bad {
				t.Fatalf("the composed page holds %U", r)
			}
			for _, l := range it.Links {
				if strings.IndexFunc(l.URL, func(r rune) bool { return r <= ' ' || r >= 0x7f }) >= 0 {
					t.Fatalf("link %q is not printable ASCII", l.URL)
				}
			}
		}
	})
}
