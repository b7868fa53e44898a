package data

import (
	"sort"
	"strings"

	"github.com/sahilm/fuzzy"
)

// GateRef is a feature gate with the item that describes it.
type GateRef struct {
	Gate
	Item *Item
}

// Gates lists every gate of the release, by name; a gate named by several items (an enhancement
// and a removal, say) appears once per item, the enhancement first.
func (d *Dataset) Gates() []GateRef {
	var out []GateRef
	for _, it := range d.Items {
		for _, g := range it.Gates {
			out = append(out, GateRef{Gate: g, Item: it})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if a, b := strings.ToLower(out[i].Name), strings.ToLower(out[j].Name); a != b {
			return a < b
		}
		return itemLess(out[i].Item, out[j].Item)
	})
	return out
}

// FindGates returns the gates named name (any case); failing that, the gates whose names match
// it fuzzily, best first.
func (d *Dataset) FindGates(name string) []GateRef {
	all := d.Gates()
	var exact []GateRef
	for _, g := range all {
		if strings.EqualFold(g.Name, name) {
			exact = append(exact, g)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	names := make([]string, len(all))
	for i, g := range all {
		names[i] = g.Name
	}
	var out []GateRef
	for _, m := range fuzzy.Find(name, names) {
		out = append(out, all[m.Index])
	}
	return out
}
