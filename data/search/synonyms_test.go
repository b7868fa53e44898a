package search_test

import (
	"testing"

	"github.com/elli-k8s/elli/data"
	. "github.com/elli-k8s/elli/data/search"
	content "github.com/elli-k8s/elli/embed"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// Every word the synonyms file says the pages use is in the pages, as a word (English) or inside
// a run of Chinese text; a group leads a query to what the pages say, or it is dead weight.
func TestSynonymsLeadToPages(t *testing.T) {
	groups, err := data.QuerySynonyms(content.Synonyms)
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) < 20 {
		t.Fatalf("%d synonym groups; want the full list", len(groups))
	}
	ix := realDataset(t).Index()
	vocab := map[string]bool{}
	for _, w := range ix.WordList() {
		vocab[w] = true
	}
	seen := map[string]int{}
	for n, g := range groups {
		for _, w := range g.Pages {
			if IsCJK(w) && !ix.HoldsCJK(w) || !IsCJK(w) && !vocab[w] {
				t.Errorf("group %d: the pages never say %q", n+1, w)
			}
		}
		for _, w := range append(g.Pages, g.Users...) {
			if prev, ok := seen[w]; ok && prev != n {
				t.Errorf("%q is in groups %d and %d", w, prev+1, n+1)
			}
			seen[w] = n
		}
		if len(g.Users) == 0 {
			t.Errorf("group %d has no word of the users", n+1)
		}
	}
}

// A user's word finds the page that says it in the pages' words, and is marked there: the
// synonyms' matches are the index's (Query.Spans marks what Search matched).
func TestSynonymsMatchAndMark(t *testing.T) {
	d := snapshot.New()
	for _, tc := range []struct {
		query, want, marked string
	}{
		{"ip range full", "1880-multiple-service-cidrs", "exhaustion"},
		{"服务 IP 用完", "1880-multiple-service-cidrs", "耗尽"},
		{"kubectl exec double dash", "removal-kubectl-legacy-flags", "separator"},
		{"pvc resize stuck", "1790-recover-volume-expansion-failure", "expansion"},
	} {
		rs := d.Search(tc.query)
		var found *data.Result
		for i := range rs[:min(3, len(rs))] {
			if rs[i].Item.ID == tc.want {
				found = &rs[i]
			}
		}
		if found == nil {
			t.Errorf("%q: top three %v, want %s", tc.query, ids(rs, 3), tc.want)
			continue
		}
		marked := false
		for _, m := range found.Matches(data.LangEN) {
			for _, sp := range m.Spans {
				marked = marked || m.Text[sp.Start:sp.End] == tc.marked
			}
		}
		for _, m := range found.Matches(data.LangZH) {
			for _, sp := range m.Spans {
				marked = marked || m.Text[sp.Start:sp.End] == tc.marked
			}
		}
		if !marked {
			t.Errorf("%q: %s does not mark %q", tc.query, tc.want, tc.marked)
		}
	}
}

// With synonyms, the marks' rule (Query.Spans) and the index agree on every word of the real
// vocabulary: a word is marked for a term exactly when the index matched it for that term.
func TestSynonymRuleIsTheIndexRule(t *testing.T) {
	d := snapshot.New()
	ix := d.Index()
	for _, query := range []string{"ip range full", "服务 IP 用完", "double dash", "节点关机", "shuts down", "resize stuck", "关掉 匿名"} {
		q := d.ParseQuery(query)
		for ti := range q.Terms {
			quality := ix.MatchQueryTerm(q, ti)
			for w, word := range ix.WordList() {
				if got := q.MatchForTest(ti, word); got != quality[w] {
					t.Errorf("%q term %q, word %q: the marks' rule %v, the index %v", query, q.Terms[ti].Text, word, got, quality[w])
				}
			}
		}
	}
}
