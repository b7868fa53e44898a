package check

import (
	yaml "go.yaml.in/yaml/v3"
)

// maxExpanded bounds the size of a document with its aliases expanded. A Kubernetes object is
// a few hundred nodes; a generated List may reach a few hundred thousand. An alias bomb (the
// "billion laughs") is a few dozen nodes that expand to billions; it is refused whole.
const maxExpanded = 2_000_000

// Below maxExpanded, aliases still let a short document make the checks read far more than it
// holds: a 460-byte script that 59,049 aliases name is 27 MB of shell, which took 3 s and
// 900 MB to read. So what aliases add, counted in nodes plus the bytes of their scalars (the
// text the checks read), is bounded by the file: aliasFloor plus aliasRatio times the bytes
// of YAML read so far. Anchors as people write them (a template merged into a few dozen CI
// jobs) add a few times the document at most.
const (
	aliasRatio = 16
	aliasFloor = 16 << 10
)

// admit guards a parsed document: it reports whether the document may be checked, and counts
// what its aliases add against the file's allowance.
func (c *fileCtx) admit(doc *yaml.Node) bool {
	extra, ok := guard(doc, maxExpanded, aliasFloor+aliasRatio*c.yamlBytes-c.aliasExtra)
	if ok {
		c.aliasExtra += extra
	}
	return ok
}

// guard reports whether root, with every alias expanded, stays within maxNodes nodes, adds at
// most maxExtra to its weight as written (nodes plus scalar bytes, an alias counting as one
// node), and has no alias that contains itself; extra is what the aliases add. It visits
// each node once (sizes are memoised), so the check itself is linear in the document.
func guard(root *yaml.Node, maxNodes, maxExtra int) (extra int, ok bool) {
	own, nodes := written(root, 0)
	if own < 0 {
		return 0, false
	}
	// maxNodes bounds what aliases make of a document, not the document as written: a
	// ConfigMap of a million keys and no alias is large, not a bomb (--max-file-size bounds it)
	maxNodes = max(maxNodes, nodes)
	g := &guardState{sizes: map[*yaml.Node]expansion{}, maxNodes: maxNodes, maxWeight: own + max(maxExtra, 0)}
	e := g.size(root, 0)
	if e.nodes < 0 || e.nodes > maxNodes || e.weight > g.maxWeight {
		return 0, false
	}
	return max(e.weight-own, 0), true
}

// weight is what one node costs the checks to read: itself and its text.
func weight(n *yaml.Node) int { return 1 + len(n.Value) }

// written is the weight of the document as written, and its number of nodes: each node once,
// aliases not followed (weight -1 past the depth yaml.v3 itself allows).
func written(n *yaml.Node, depth int) (int, int) {
	if n == nil {
		return 0, 0
	}
	if depth > 10_000 {
		return -1, 0
	}
	total, count := weight(n), 1
	for _, c := range n.Content {
		w, k := written(c, depth+1)
		if w < 0 {
			return -1, 0
		}
		total, count = total+w, count+k
	}
	return total, count
}

// expansion is a node's size with its aliases expanded: nodes, and weight.
type expansion struct{ nodes, weight int }

var cycle = expansion{-1, -1}

type guardState struct {
	sizes               map[*yaml.Node]expansion // cycle while a node is being measured: meeting it again is a cycle
	maxNodes, maxWeight int
}

func (g *guardState) size(n *yaml.Node, depth int) expansion {
	if n == nil {
		return expansion{}
	}
	if depth > 10_000 {
		return cycle
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return expansion{1, 1}
		}
		return g.size(n.Alias, depth+1)
	}
	if len(n.Content) == 0 {
		return expansion{1, weight(n)}
	}
	if s, seen := g.sizes[n]; seen {
		return s // cycle for a cycle
	}
	g.sizes[n] = cycle
	total := expansion{1, weight(n)}
	for _, c := range n.Content {
		s := g.size(c, depth+1)
		if s.nodes < 0 {
			return cycle
		}
		total.nodes += s.nodes
		total.weight += s.weight
		if total.nodes > g.maxNodes || total.weight > g.maxWeight {
			g.sizes[n] = total
			return total
		}
	}
	g.sizes[n] = total
	return total
}
