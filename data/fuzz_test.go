package data

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSearch runs arbitrary queries over the real release: no panic, the query is bounded and
// bounding it twice changes nothing, results are distinct, best first, and the same as those of
// the bounded query. Seeds: testdata/fuzz/FuzzSearch.
func FuzzSearch(f *testing.F) {
	for _, q := range []string{"nftables", "pod failure policy", "KEP-3866", "sig storage", "sig-network gate",
		"kube-proxy", "废弃", "\x1b]52;c;cm0gLXJm\a", "\u202eevil", strings.Repeat("a b ", 300), "", "   ", "#", "kep",
		strings.Repeat("x-", 200), "NFTablesProxyMode cgroup v1"} {
		f.Add(q)
	}
	d := realDataset(f)
	f.Fuzz(func(t *testing.T, q string) {
		bounded, cut := BoundQuery(q)
		if n := utf8.RuneCountInString(bounded); n > MaxQueryLen {
			t.Fatalf("BoundQuery kept %d characters", n)
		}
		if cut.Chars < 0 || cut.Repeats < 0 || cut.Words < 0 || cut == (QueryCut{}) && bounded != strings.Join(strings.Fields(q), " ") {
			t.Fatalf("BoundQuery(%q) = %q, %+v: the cut does not say what changed", q, bounded, cut)
		}
		if again, cut2 := BoundQuery(bounded); again != bounded || cut2 != (QueryCut{}) {
			t.Fatalf("bounding twice changed %q to %q (%+v)", bounded, again, cut2)
		}
		rs := d.Search(q)
		if !sameResults(rs, d.Search(bounded)) {
			t.Fatalf("%q and its bounded form %q find different results", q, bounded)
		}
		seen := map[*Item]bool{}
		for i, r := range rs {
			if r.Item == nil || seen[r.Item] || r.Score <= 0 || i > 0 && r.Score > rs[i-1].Score {
				t.Fatalf("result %d of %q: %+v", i, q, r)
			}
			seen[r.Item] = true
		}
	})
}

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
