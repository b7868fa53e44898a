package search_test

import (
	"slices"
	"testing"

	. "github.com/elli-k8s/elli/data/search"
)

func TestParseQuery(t *testing.T) {
	d := realDataset(t)
	tests := []struct {
		query string
		want  []Term
	}{
		{"sig network nft", []Term{{Kind: TermSIG, Text: "network"}, WordTerm("nft")}},
		{"SIG-Storage", []Term{{Kind: TermSIG, Text: "storage"}}},
		{"sig nosuch", []Term{WordTerm("sig"), Fuzzy(WordTerm("nosuch"))}},
		{"kep-3866 proxy", []Term{Specific(Term{Kind: TermKEP, Text: "3866", KEP: 3866}), WordTerm("proxy")}},
		{"99999", []Term{Fuzzy(WordTerm("99999"))}},
		{"Kube-Proxy NFTablesProxyMode", []Term{WordTerm("kube"), WordTerm("proxy"), Specific(WordTerm("nftablesproxymode"))}},
		{"--keep-terminated-pod-volumes v1.31", []Term{Specific(WordTerm("keep")), Specific(WordTerm("terminated")),
			Specific(WordTerm("pod")), Specific(WordTerm("volumes")), Specific(WordTerm("v1")), Specific(WordTerm("31"))}},
		{"  ", nil},
	}
	for _, tc := range tests {
		if got := d.ParseQuery(tc.query).Terms; !slices.Equal(got, tc.want) {
			t.Errorf("ParseQuery(%q) = %+v, want %+v", tc.query, got, tc.want)
		}
	}
	if w := d.ParseQuery("sig network kep-3866 nft").Words(); !slices.Equal(w, []string{"3866", "nft"}) {
		t.Errorf("Words() = %q: a SIG filter has no words to mark", w)
	}
}

// The index's passes and Term.matchWord are two forms of one rule: for every word of the real
// vocabulary, the quality the search gives it is the one matchWord gives it. This is what makes
// the marks in a page (Query.Spans) the engine's own answer.
func TestMatchWordIsTheIndexRule(t *testing.T) {
	d := realDataset(t)
	ix := d.Index()
	for _, q := range []string{"nft", "aparmor", "apparmor", "proxy", "kube", "v1beta3", "a", "pr", "tables",
		"swapp", "cgroup", "2268", "ephemeral", "contaner", "ion", "1.31", "节点", "内存", "卷", "流量分发",
		"服务账号令牌", "配置迁移", "cgroup驱动", "动态资源分配", "的"} {
		for _, term := range d.ParseQuery(q).Terms {
			m := ix.MatchTerm(&term)
			matched := 0
			for w, word := range ix.WordList() {
				if got, want := term.MatchWord(word), m[w]; got != want {
					t.Errorf("term %q, word %q: matchWord %v, the index %v", term.Text, word, got, want)
				}
				if m[w] > 0 {
					matched++
				}
			}
			if matched == 0 && !IsCJK(term.Text) {
				t.Errorf("term %q matches no word: pick terms that do", term.Text)
			}
		}
	}
}
