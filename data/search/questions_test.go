package search_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/elli-k8s/elli/data"
)

// Stop words neither select nor score: a question finds what its other words find, in the same
// order; a query of stop words alone is searched as it is; a question mark changes nothing.
func TestStopWords(t *testing.T) {
	d := realDataset(t)
	for _, tc := range []struct{ question, words string }{
		{"how do I turn on nftables?", "turn on nftables"},
		{"what is the apparmor profile", "apparmor profile"},
		{"which of the volume expansion should I do", "volume expansion"},
		{"怎么 启用 nftables 模式？", "启用 nftables 模式"},
		{"卷扩容失败了怎么办", "卷扩容失败"},
		{"nftables?", "nftables"},
		{"nftables？", "nftables"},
	} {
		got, want := d.Search(tc.question), d.Search(tc.words)
		if len(want) == 0 || !sameItems(got, want) {
			t.Errorf("%q finds %v, %q finds %v", tc.question, ids(got, 5), tc.words, ids(want, 5))
		}
		if w := d.ParseQuery(tc.question).Words(); !slices.Equal(w, d.ParseQuery(tc.words).Words()) {
			t.Errorf("%q has words %q, want those of %q", tc.question, w, tc.words)
		}
	}
	for _, q := range []string{"the", "of", "的"} {
		if len(d.Search(q)) == 0 {
			t.Errorf("%q alone finds nothing: a query of stop words only is searched as it is", q)
		}
	}
	if spans := d.ParseQuery("the nftables mode").Spans("the nftables mode of the proxy"); len(spans) != 2 {
		t.Errorf("stop words are marked: %v", spans)
	}
}

// English words match the other forms of their stem, in the index and in the marks alike.
func TestStems(t *testing.T) {
	d := realDataset(t)
	for _, tc := range []struct {
		query string
		match []string // words the query's one term must match
		not   []string
	}{
		{"ordinals", []string{"ordinal", "ordinals"}, []string{"order"}},
		{"ordinal", []string{"ordinals"}, nil},
		{"indexes", []string{"indexed", "index", "indexing"}, nil},
		{"indexed", []string{"indexes", "index"}, nil},
		{"evicting", []string{"eviction", "evicted", "evict"}, nil},
		{"policies", []string{"policy"}, nil},
		{"shuts", []string{"shut", "shutting", "shutdown"}, []string{"shuffle"}},
		{"succeeds", []string{"succeeded"}, []string{"success"}},
		{"pods", []string{"pod"}, nil},
	} {
		terms := d.ParseQuery(tc.query).Terms
		if len(terms) != 1 {
			t.Fatalf("%q: %d terms", tc.query, len(terms))
		}
		for _, w := range tc.match {
			if terms[0].MatchWord(w) == 0 {
				t.Errorf("%q does not match %q", tc.query, w)
			}
		}
		for _, w := range tc.not {
			if terms[0].MatchWord(w) != 0 {
				t.Errorf("%q matches %q", tc.query, w)
			}
		}
	}
	for q, want := range map[string]string{"ordinals": "3335-statefulset-start-ordinal", "evicting unhealthy pods": "3017-pdb-unhealthy-pod-eviction-policy",
		"indexes succeeded": "3998-job-success-policy"} {
		if rs := d.Search(q); len(rs) == 0 || rs[0].Item.ID != want {
			t.Errorf("%q: first %v, want %s", q, ids(rs, 3), want)
		}
	}
	// the typo tier stays: a word of five letters or more with one letter wrong still matches
	if rs := d.Search("evictoin"); len(rs) == 0 {
		t.Error("evictoin finds nothing")
	}
}

// A query of words the release holds is never empty, whether or not any item holds them all;
// neither is a question of three words or more with a word the release does not use. The words
// are three bytes or more (three Latin letters, two CJK characters); a lone CJK character, three
// bytes but one letter, is left out, as by design (Index.Search) it never brings a page in alone: "月" is in the vocabulary from
// dates in page bodies, and a query of "月" and stop words rightly finds nothing.
func TestNoEmptyListForKnownWords(t *testing.T) {
	d := realDataset(t)
	vocab := d.Index().WordList()
	var words []string
	for _, w := range vocab {
		if len(w) >= 3 && utf8.RuneCountInString(w) > 1 {
			words = append(words, w)
		}
	}
	unknown := []string{"frobnicate", "wibble", "zorbly", "quuxed", "飞天鼠"}
	stops := []string{"how", "do", "i", "the", "my", "should", "when", "怎么办", "的", "吗"}
	r := rand.New(rand.NewPCG(19, 1))
	for range 600 {
		n := 2 + r.IntN(4)
		var q []string
		for range n {
			q = append(q, words[r.IntN(len(words))])
		}
		if r.IntN(2) == 0 {
			q = append(q, stops[r.IntN(len(stops))])
		}
		odd := false
		if len(q) >= 4 && r.IntN(2) == 0 { // a question with one word the release does not use
			q[r.IntN(len(q))] = unknown[r.IntN(len(unknown))]
			odd = true
		}
		query := strings.Join(q, " ")
		parsed := d.ParseQuery(query)
		// a word found nowhere among fewer than three (stop words dropped) is a keyword
		// search with a typo, which Index.Search answers with nothing on purpose
		if n := len(parsed.Words()); n == 0 || odd && n < 3 {
			continue
		}
		if rs := d.Search(query); len(rs) == 0 {
			t.Errorf("%q (words %q) finds nothing", query, parsed.Words())
		}
	}
	// a word found nowhere keeps a short query strict: the user is told, not misled
	if rs := d.Search("apparmor xyzzyq"); len(rs) != 0 {
		t.Errorf("apparmor xyzzyq finds %v", ids(rs, 3))
	}
}

// Results that match every meaningful word come first; the others follow, and each says which
// words it matched. A result that matches every word is one of the first; the folded ones, far
// below the best, come last.
func TestPartialResultsAfterFull(t *testing.T) {
	d := realDataset(t)
	for _, q := range []string{"my job should finish when index 0 succeeds", "service ip range is full", "nftables kernel proxy mode zzzz",
		"PVC 扩容卡住了怎么办", "kube proxy version", "kubelet: unknown flag --keep-terminated-pod-volumes"} {
		rs := d.Search(q)
		if len(rs) == 0 {
			t.Fatalf("%q finds nothing", q)
		}
		all := len(d.ParseQuery(q).Words())
		partial, folded := false, false
		for i, r := range rs {
			m, not := r.Words()
			if len(m)+len(not) != all || len(m) == 0 {
				t.Fatalf("%q result %d (%s): matched %q, not %q of %d words", q, i, r.Item.ID, m, not, all)
			}
			if len(not) == 0 && !r.Full {
				t.Errorf("%q: %s matches every word but is not a full match", q, r.Item.ID)
			}
			if r.Full && partial && !r.Folded {
				t.Errorf("%q: %s is a full match after a partial one", q, r.Item.ID)
			}
			if !r.Folded && folded {
				t.Errorf("%q: %s is shown after a folded result", q, r.Item.ID)
			}
			partial, folded = partial || !r.Full && !r.Folded, folded || r.Folded
		}
	}
}

func sameItems(a, b []data.Result) bool {
	return slices.Equal(ids(a, len(a)), ids(b, len(b)))
}

func ids(rs []data.Result, n int) []string {
	var out []string
	for _, r := range rs[:min(n, len(rs))] {
		out = append(out, r.Item.ID)
	}
	return out
}
