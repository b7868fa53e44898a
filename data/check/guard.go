package check

import (
	yaml "go.yaml.in/yaml/v3"
)

// maxExpanded bounds the size of a document with its aliases expanded. A Kubernetes object is
// a few hundred nodes; a generated List may reach a few hundred thousand. An alias bomb (the
// "billion laughs") is a few dozen nodes that expand to billions; it is refused whole.
const maxExpanded = 2_000_000

// guard reports whether root, with every alias expanded, stays within limit nodes and has no
// alias that contains itself. It visits each node once (sizes are memoised), so the check
// itself is linear in the document.
func guard(root *yaml.Node, limit int) (size int, ok bool) {
	g := &guardState{sizes: map[*yaml.Node]int{}, limit: limit}
	size = g.size(root, 0)
	return size, size >= 0 && size <= limit
}

type guardState struct {
	sizes map[*yaml.Node]int // -1 while a node is being measured: meeting it again is a cycle
	limit int
}

func (g *guardState) size(n *yaml.Node, depth int) int {
	if n == nil {
		return 0
	}
	if depth > 10_000 {
		return -1
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return 1
		}
		return g.size(n.Alias, depth+1)
	}
	if len(n.Content) == 0 {
		return 1
	}
	if s, seen := g.sizes[n]; seen {
		return s // -1 for a cycle
	}
	g.sizes[n] = -1
	total := 1
	for _, c := range n.Content {
		s := g.size(c, depth+1)
		if s < 0 {
			return -1
		}
		total += s
		if total > g.limit {
			g.sizes[n] = total
			return total
		}
	}
	g.sizes[n] = total
	return total
}
