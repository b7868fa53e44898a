package search

import (
	"slices"
	"testing"
)

func TestDealias(t *testing.T) {
	ix := &Index{aliases: readAliases([]string{"特性门", "特性门控", "废弃", "弃用", "选举", "X", "主节点选举", "领导者选举"})}
	for _, tc := range []struct{ in, want string }{
		{"废弃", "弃用"},
		{"特性门控", "特性门控"}, // the pages' word holds the avoided one: kept
		{"废弃的特性门", "弃用的特性门控"},
		{"主节点选举", "领导者选举"}, // the longest avoided word first
		{"节点", "节点"},
	} {
		if got := ix.dealias(tc.in); got != tc.want {
			t.Errorf("dealias(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A Chinese run the release does not hold is covered by overlapping pieces, each the longest
// phrase the release holds from its first character; single characters stay out where a
// longer piece exists, and so do characters the release holds nowhere.
func TestCJKPieces(t *testing.T) {
	ix := Build([]Doc{
		{Texts: []Text{{Body, "镜像文件系统拆分"}}},
		{Texts: []Text{{Body, "拆开节点"}}},
		{Texts: []Text{{Body, "甲乙，乙丙"}}},
		{Texts: []Text{{Body, "扩容失败时卡住"}}},
	}, nil)
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"镜像文件系统拆开", []string{"镜像文件系统", "拆开"}},
		{"甲乙丙", []string{"甲乙", "乙丙"}}, // overlapping: the release holds 甲乙 and 乙丙, never 甲乙丙
		{"扩容卡住了怎么办", []string{"扩容", "卡住"}},
		{"扩容咋卡住", []string{"扩容", "卡住"}}, // 咋 is nowhere
		{"系统拆", []string{"系统拆"}},        // held whole
		{"节点龘龘", []string{"节点"}},        // characters found nowhere are left out
		{"龘龘", []string{"龘龘"}},          // a run found nowhere stays whole
		{"怎么办", []string{"怎么办"}},        // stop words alone: searched as they are
		{"文件丙", []string{"文件"}},         // 丙 alone beside a longer piece says nothing
	} {
		var got []string
		for _, term := range ix.Parse(tc.query).Terms {
			got = append(got, term.Text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: terms %q, want %q", tc.query, got, tc.want)
		}
	}
}

// The pieces of a Chinese run rank a document that holds them in the order typed above one that
// holds the same pieces out of order, matched as well (issue 19 #4).
func TestCJKPiecesRankInOrder(t *testing.T) {
	ix := Build([]Doc{
		{Texts: []Text{{Body, "连接断开以后节点关机"}}}, // both pieces inside one run, out of order, first in the documents
		{Texts: []Text{{Body, "节点关机以后连接断开"}}}, // both pieces inside one run, in order
	}, nil)
	q := ix.Parse("节点关机连接断开")
	var terms []string
	for _, term := range q.Terms {
		terms = append(terms, term.Text)
	}
	if want := []string{"节点关机", "连接断开"}; !slices.Equal(terms, want) {
		t.Fatalf("terms %q, want %q", terms, want)
	}
	docs := func(query string) []int {
		var got []int
		for _, h := range ix.Search(ix.Parse(query)) {
			got = append(got, h.Doc)
		}
		return got
	}
	if got, want := docs("节点关机连接断开"), []int{1, 0}; !slices.Equal(got, want) {
		t.Errorf("documents %v, want %v (in order first)", got, want)
	}
	// typed the other way round, the other document holds them in order
	if got, want := docs("连接断开节点关机"), []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("reversed query: documents %v, want %v", got, want)
	}
	// pieces typed as separate words are not one run: the documents' order decides the tie
	if got, want := docs("连接断开 节点关机"), []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("two words: documents %v, want %v", got, want)
	}
	if got, want := docs("节点关机 连接断开"), []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("two words: documents %v, want %v", got, want)
	}
}
