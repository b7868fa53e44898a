package search_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/elli-k8s/elli/data"
	. "github.com/elli-k8s/elli/data/search"
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
		seen := map[*data.Item]bool{}
		for i, r := range rs {
			if r.Item == nil || seen[r.Item] || r.Score <= 0 || i > 0 && r.Score > rs[i-1].Score {
				t.Fatalf("result %d of %q: %+v", i, q, r)
			}
			seen[r.Item] = true
		}
	})
}
