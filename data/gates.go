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
// and a removal, say) appears once per item, the enhancement first. The gates the road's later
// releases remove are not the release's: RoadGates lists them.
func (d *Dataset) Gates() []GateRef {
	var out []GateRef
	for _, it := range d.Items {
		if it.Road != nil {
			continue
		}
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

// GateNamed returns the name of the one gate that name means: the gate of that name, or the
// only gate whose name begins with it (in any case, so "nftablesproxy" means NFTablesProxyMode).
// ok is false when no gate or several do.
func (d *Dataset) GateNamed(name string) (string, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return "", false
	}
	var prefixed string
	for _, g := range d.Gates() {
		lower := strings.ToLower(g.Name)
		switch {
		case lower == name:
			return g.Name, true
		case !strings.HasPrefix(lower, name) || strings.EqualFold(prefixed, g.Name):
		case prefixed != "":
			prefixed = "\x00" // a second gate: the prefix names neither
		default:
			prefixed = g.Name
		}
	}
	if prefixed == "" || prefixed == "\x00" {
		return "", false
	}
	return prefixed, true
}

// FindGates returns the gates GateNamed finds (the gate of that name, or the one gate it is a
// prefix of, once per item that names it); failing that, the gates whose names match it
// fuzzily, best first.
func (d *Dataset) FindGates(name string) []GateRef {
	all := d.Gates()
	if n, ok := d.GateNamed(name); ok {
		var named []GateRef
		for _, g := range all {
			if g.Name == n {
				named = append(named, g)
			}
		}
		return named
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
