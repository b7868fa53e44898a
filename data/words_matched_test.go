package data

import (
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data/search"
)

// What a result says it matched is what it holds: for each word of the query, the result
// reports it matched exactly when one of the item's texts, in any language, holds a word the
// term matches (the marks' rule, search.Query.Spans), a title or gate name holds its fuzzy
// letters, or the item has the KEP number. A one-character Chinese word counts outside the body
// only.
func TestResultWordsAreRight(t *testing.T) {
	d := realDataset(t)
	queries := []string{"my job should finish when index 0 succeeds", "service ip range is full",
		"which pods lose connections when a node shuts down", "PVC 扩容卡住了怎么办", "服务 IP 用完了",
		"怎么关掉匿名请求", "节点关机 连接断了", "镜像文件系统拆开", "apparmor cgroup", "3866 apparmor kernel",
		"nftables kernel proxy mode zzzz", "kube proxy version", "卷 镜像 迁移"}
	for _, query := range queries {
		q := d.ParseQuery(query)
		rs := d.Search(query)
		if len(rs) == 0 {
			t.Errorf("%q finds nothing", query)
		}
		for _, r := range rs {
			matched, not := r.Words()
			var want, wantNot []string
			for ti, term := range q.Terms {
				if !q.Counted().Has(ti) {
					continue
				}
				if holdsTerm(q, ti, r.Item) {
					want = append(want, term.Text)
				} else {
					wantNot = append(wantNot, term.Text)
				}
			}
			if !slices.Equal(matched, want) || !slices.Equal(not, wantNot) {
				t.Errorf("%q, %s: says matched %q, not %q; holds %q, not %q", query, r.Item.ID, matched, not, want, wantNot)
			}
		}
	}
}

// holdsTerm reports whether the item holds term ti of q, by the marks' rule.
func holdsTerm(q *search.Query, ti int, it *Item) bool {
	term := q.Terms[ti]
	if term.Kind == search.TermKEP {
		return it.KEP == term.KEP
	}
	var texts []string
	add := func(tx Text) {
		texts = append(texts, tx.Default)
		for _, x := range tx.Tr {
			texts = append(texts, x.Text)
		}
	}
	add(it.Title)
	add(it.Summary)
	add(it.Affects)
	add(it.Instead)
	for _, g := range it.Gates {
		texts = append(texts, g.Name)
		add(g.Note)
	}
	texts = append(texts, it.Keywords...)
	for _, ks := range it.KeywordsTr {
		texts = append(texts, ks.Words...)
	}
	texts = append(texts, it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " "))
	lineTexts(it, func(_ search.Field, s string) { texts = append(texts, s) }) // a CVE's id, a patch's facts
	if !term.CJK() || len([]rune(term.Text)) > 1 {
		add(it.Body)
	}
	for _, text := range texts {
		for _, sp := range q.Spans(text) {
			if sp.Term == ti {
				return true
			}
		}
	}
	short := []string{it.Title.Default}
	for _, g := range it.Gates {
		short = append(short, g.Name)
	}
	for _, text := range short {
		for _, sp := range q.ShortSpans(text) {
			if sp.Term == ti {
				return true
			}
		}
	}
	return false
}
