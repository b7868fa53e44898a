package check

import (
	yaml "go.yaml.in/yaml/v3"
)

// The helpers below read a yaml.v3 node tree the way Kubernetes reads the same document:
// aliases resolve to their anchors, and a mapping's "<<" merge keys contribute their keys. The
// tree has passed the expansion guard (guard.go) before any of them runs, so following aliases
// is bounded.

// deref follows aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 64; i++ {
		n = n.Alias
	}
	if n != nil && n.Kind == yaml.AliasNode {
		return nil // an alias chain this long is not a document anyone wrote
	}
	return n
}

// entry finds key in mapping m and returns its key node (for the line) and its value.
func entry(m *yaml.Node, key string) (k, v *yaml.Node) {
	return entryDepth(deref(m), key, 0)
}

func entryDepth(m *yaml.Node, key string, depth int) (k, v *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode || depth > 8 {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if kn := m.Content[i]; kn.Kind == yaml.ScalarNode && kn.Value == key {
			return kn, deref(m.Content[i+1])
		}
	}
	// merge keys: an explicit key wins over merged ones, so they are looked at last
	for i := 0; i+1 < len(m.Content); i += 2 {
		kn := m.Content[i]
		if kn.Kind != yaml.ScalarNode || kn.Value != "<<" || kn.Tag == "!!str" && kn.Style != 0 {
			continue
		}
		src := deref(m.Content[i+1])
		var srcs []*yaml.Node
		if src != nil && src.Kind == yaml.SequenceNode {
			srcs = src.Content
		} else {
			srcs = []*yaml.Node{src}
		}
		for _, s := range srcs {
			if k, v := entryDepth(deref(s), key, depth+1); k != nil {
				return k, v
			}
		}
	}
	return nil, nil
}

// get is entry's value.
func get(m *yaml.Node, key string) *yaml.Node {
	_, v := entry(m, key)
	return v
}

// path follows keys through nested mappings.
func path(m *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		m = get(m, k)
	}
	return m
}

// str returns a scalar's value ("" for anything else).
func str(n *yaml.Node) string {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

// items returns a sequence's elements, aliases resolved (nil for anything else).
func items(n *yaml.Node) []*yaml.Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*yaml.Node, 0, len(n.Content))
	for _, c := range n.Content {
		if c = deref(c); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// pairs calls fn for each key/value of a mapping (merge keys not expanded: the callers use it
// on maps of names, such as annotations and feature gates, where merges are unheard of).
func pairs(m *yaml.Node, fn func(k, v *yaml.Node)) {
	m = deref(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := deref(m.Content[i]); k != nil && k.Kind == yaml.ScalarNode {
			fn(k, deref(m.Content[i+1]))
		}
	}
}
