package data

import (
	"slices"
	"strings"
	"testing"
)

// Query.Spans marks in any text what the engine matches: each case gives a query, a text and the
// marked pieces of the text, in order, with the term each piece belongs to.
func TestQuerySpans(t *testing.T) {
	d := realDataset(t)
	type piece struct {
		text string
		term int
	}
	tests := []struct {
		name, query, text string
		want              []piece
	}{
		{"exact", "apparmor", "Set an AppArmor profile.", []piece{{"AppArmor", 0}}},
		{"typo covers the word", "aparmor", "AppArmor fields; apparmor.security.beta.kubernetes.io", []piece{{"AppArmor", 0}, {"apparmor", 0}}},
		{"typo, a transposition", "appamror", "the AppArmor profile", []piece{{"AppArmor", 0}}},
		{"no typo under five letters", "nfr", "nft and nfs", nil},
		{"prefix covers the term", "nft", "the nftables mode and NFTablesProxyMode", []piece{{"nft", 0}, {"NFT", 0}}},
		{"camel part, exact", "proxy", "NFTablesProxyMode", []piece{{"Proxy", 0}}},
		{"inside a word", "tables", "nftables and iptables", []piece{{"tables", 0}, {"tables", 0}}},
		{"two terms", "kube proxy", "kube-proxy runs kube-apiserver", []piece{{"kube", 0}, {"proxy", 1}, {"kube", 0}}},
		{"punctuation splits a word into terms", "kube-proxy", "a kube-proxy", []piece{{"kube", 0}, {"proxy", 1}}},
		{"SIG filter marks nothing", "sig network", "SIG Network owns the network proxy", nil},
		{"SIG filter, then a word", "sig network nft", "SIG Network: the nft tool", []piece{{"nft", 1}}},
		{"sig- prefix is a filter too", "sig-node swap", "sig-node: node swap", []piece{{"swap", 1}}},
		{"KEP number", "KEP-3866", "KEP-3866 (3866) is not 38660", []piece{{"3866", 0}, {"3866", 0}}},
		{"a number that is no KEP is a word", "2268", "2,268 people, 2268 in all", []piece{{"2268", 0}}},
		{"one letter matches whole words only", "a", "a cat and a dog", []piece{{"a", 0}, {"a", 0}}},
		{"no match", "zzqxv", "nothing here", nil},
		{"CJK term inside a phrase", "内存", "启用节点内存交换，内存不足时", []piece{{"内存", 0}, {"内存", 0}}},
		{"CJK term at the start of a run", "节点", "节点内存交换", []piece{{"节点", 0}}},
		{"CJK phrase, English beside it without a space", "cgroup驱动", "kubelet 从CRI获取cgroup驱动。",
			[]piece{{"cgroup", 0}, {"驱动", 1}}},
		{"one CJK character is marked wherever it occurs", "卷", "镜像卷：把镜像作为只读卷挂载", []piece{{"卷", 0}, {"卷", 0}}},
		{"a CJK phrase the release holds only apart is marked piece by piece", "配置迁移", "先迁移，再改配置",
			[]piece{{"迁移", 1}, {"配置", 0}}},
		{"no mark across punctuation", "流量分发", "流量，分发", nil},
		{"lower-casing that changes the length marks the word", "ǆemal", "Ǆemal", []piece{{"Ǆemal", 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := d.ParseQuery(tc.query)
			var got []piece
			for _, s := range q.Spans(tc.text) {
				got = append(got, piece{tc.text[s.Start:s.End], s.Term})
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%q in %q: marked %v, want %v", tc.query, tc.text, got, tc.want)
			}
		})
	}
}

// A result says where its query matched, field by field.
func TestResultMatches(t *testing.T) {
	d := realDataset(t)
	find := func(query, id string) Result {
		t.Helper()
		for _, r := range d.Search(query) {
			if r.Item.ID == id {
				return r
			}
		}
		t.Fatalf("%q does not find %s", query, id)
		return Result{}
	}

	// the README's typo: the body's AppArmor words are marked, though none is spelt "aparmor";
	// gate names, where "AppArmor" is only the camel parts App and Armor, get fuzzy letters
	r := find("aparmor", idAppArmor)
	fields := map[Field]int{}
	for _, m := range r.Matches(LangEN) {
		if m.Field == FieldGate {
			if got := strings.Join(spanRuns(m.Text, m.Spans), ""); !strings.EqualFold(got, "aparmor") && !strings.EqualFold(got, "apparmor") {
				t.Errorf("aparmor marks %q in the gate %s", got, m.Text)
			}
			continue
		}
		for _, s := range m.Spans {
			if w := strings.ToLower(m.Text[s.Start:s.End]); w != "apparmor" {
				t.Errorf("aparmor marks %q in field %d", w, m.Field)
			}
			fields[m.Field]++
		}
	}
	if fields[FieldTitle] == 0 || fields[FieldBody] < 5 || fields[FieldKeyword] == 0 {
		t.Errorf("aparmor: spans by field %v; want the title, the body and a keyword", fields)
	}

	// a SIG filter finds items, but no text holds it
	r = find("sig network", idNFTables)
	if m := r.Matches(LangEN); len(m) != 0 {
		t.Errorf("sig network marks %+v", m)
	}
	r = find("sig network nft", idNFTables)
	for _, m := range r.Matches(LangEN) {
		for _, s := range m.Spans {
			if w := strings.ToLower(m.Text[s.Start:s.End]); w != "nft" || s.Term != 1 {
				t.Errorf("sig network nft marks %q (term %d)", w, s.Term)
			}
		}
	}

	// a prefix covers the letters typed, in the gate's name too
	r = find("nftab", idNFTables)
	var gate []string
	for _, m := range r.Matches(LangEN) {
		if m.Field == FieldGate {
			gate = spanRuns(m.Text, m.Spans)
		}
	}
	if !slices.Equal(gate, []string{"NFTab"}) {
		t.Errorf("nftab marks %q in the gate name, want NFTab", gate)
	}

	// a term that matches no word of the title shows its fuzzy letters there
	r = find("nftbl", idNFTables)
	if got := spanRuns(r.Item.Title.Default, r.TitleSpans(LangEN)); !slices.Equal(got, []string{"nft", "bl"}) {
		t.Errorf("nftbl highlights %q in %q, want the fuzzy letters nft, bl", got, r.Item.Title.Default)
	}
}
