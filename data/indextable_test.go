package data

import (
	"reflect"
	"slices"
	"testing"
)

// A dataset given its own index as a table searches exactly as one that builds it.
func TestIndexTableRoundTrip(t *testing.T) {
	built := realDataset(t)
	table := built.IndexTable()
	pre, err := NewDatasetIndexed(built.Release, slices.Clone(built.Items), table)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pre.IndexTable(), table) {
		t.Error("the table read back differs from the one written")
	}
	for _, q := range []string{"nft", "nftables", "3866", "KEP-2644", "apparmor", "kube proxy", "swapp", "2268", "QueueingHint", "cgroup v1",
		"流量分发", "cgroup 驱动", "卷", "配置迁移"} {
		a, b := built.Search(q), pre.Search(q)
		if len(a) != len(b) {
			t.Errorf("%q: %d results built, %d prebuilt", q, len(a), len(b))
			continue
		}
		for i := range a {
			if a[i].Item.ID != b[i].Item.ID || a[i].Score != b[i].Score {
				t.Errorf("%q result %d: built %s %v, prebuilt %s %v", q, i, a[i].Item.ID, a[i].Score, b[i].Item.ID, b[i].Score)
			}
		}
	}
}
