package data

import "testing"

func TestItemOrder(t *testing.T) {
	act := &Item{ID: "removal-z", Kind: KindRemoval, ActionRequired: true}
	quiet := &Item{ID: "removal-a", Kind: KindRemoval}
	dep := &Item{ID: "deprecation-a", Kind: KindDeprecation, ActionRequired: true}
	ga := &Item{ID: "9-x", Kind: KindEnhancement, Stage: StageGA, KEP: 9}
	beta := &Item{ID: "1-y", Kind: KindEnhancement, Stage: StageBeta, KEP: 1}
	guide := &Item{ID: "a", Kind: KindGuide, Order: 1}
	want := []*Item{ga, beta, act, quiet, dep, guide}
	for i := range want {
		for j := range want {
			if got := itemLess(want[i], want[j]); got != (i < j) {
				t.Errorf("itemLess(%s, %s) = %v, want %v", want[i].ID, want[j].ID, got, i < j)
			}
		}
	}
}
