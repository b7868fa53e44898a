package search

import "testing"

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
