package data

import (
	"slices"
	"testing"
)

func TestParseKEP(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		isOK bool
	}{
		{"3866", 3866, true},
		{"KEP-3866", 3866, true},
		{"kep-3866", 3866, true},
		{"kep3866", 3866, true},
		{"KEP3866", 3866, true},
		{"#3866", 3866, true},
		{"  24 ", 24, true},
		{"0", 0, false},
		{"KEP-", 0, false},
		{"kep 3866", 0, false},
		{"3866a", 0, false},
		{"-3866", 0, false},
		{"v1.31", 0, false},
		{"nftables", 0, false},
		{"", 0, false},
		{"99999999999999999999999", 0, false},
		{"+3866", 0, false},
		{"KEP-+3866", 0, false},
		{"KEP--3866", 0, false},
		{"#kep-3866", 0, false},
		{"3 866", 0, false},
		{"٣٨٦٦", 0, false}, // Arabic-Indic digits
	}
	for _, tc := range tests {
		n, ok := ParseKEP(tc.in)
		if ok != tc.isOK || ok && n != tc.n {
			t.Errorf("ParseKEP(%q) = %d, %v; want %d, %v", tc.in, n, ok, tc.n, tc.isOK)
		}
	}
}

func TestLookup(t *testing.T) {
	d := realDataset(t)
	tests := []struct {
		ref    string
		id     string // "" for not found
		kepRef bool
	}{
		{"3866", idNFTables, true},
		{"KEP-3866", idNFTables, true},
		{"kep3866", idNFTables, true},
		{"4004", idKPVersion, true}, // the enhancement, not the deprecation that cites it
		{"KEP-4004", idKPVersion, true},
		{idKPVersionDep, idKPVersionDep, false},
		{"  Deprecation-Kube-Proxy-Version ", idKPVersionDep, false},
		{idKubeadmGuide, idKubeadmGuide, false},
		{"24", idAppArmor, true},
		{"99999", "", true},
		{"no-such-item", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		it, isKEP := d.Lookup(tc.ref)
		got := ""
		if it != nil {
			got = it.ID
		}
		if got != tc.id || isKEP != tc.kepRef {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tc.ref, got, isKEP, tc.id, tc.kepRef)
		}
	}
	// A KEP that only a change cites answers with that change.
	for _, it := range d.Items {
		if it.Kind == KindEnhancement || it.KEP == 0 {
			continue
		}
		owner := d.ByKEP(it.KEP)
		if owner == nil {
			t.Errorf("ByKEP(%d) = nil, but %s cites it", it.KEP, it.ID)
		} else if owner.KEP != it.KEP || (owner.Kind != KindEnhancement && slices.ContainsFunc(d.Items, func(x *Item) bool { return x.KEP == it.KEP && x.Kind == KindEnhancement })) {
			t.Errorf("ByKEP(%d) = %s, want the enhancement when there is one", it.KEP, owner.ID)
		}
	}
	if d.ByKEP(4004).Kind != KindEnhancement {
		t.Error("ByKEP(4004) is not the enhancement")
	}
}
