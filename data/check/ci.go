package check

import (
	yaml "go.yaml.in/yaml/v3"
)

// ciFile checks a YAML file that is not a Kubernetes object for shell steps: GitHub Actions
// (run: in steps) and GitLab CI (script, before_script, after_script).
func (c *fileCtx) ciFile(root *yaml.Node) {
	c.walkCI(root, 0)
}

func (c *fileCtx) walkCI(n *yaml.Node, depth int) {
	n = deref(n)
	if n == nil || depth > 64 {
		return
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, it := range n.Content {
			c.walkCI(it, depth+1)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], deref(n.Content[i+1])
			switch k.Value {
			case "run", "script", "before_script", "after_script":
				c.ciScript(v)
			default:
				c.walkCI(v, depth+1)
			}
		}
	}
}

// ciScript checks a shell step: one string, or a list of strings (GitLab).
func (c *fileCtx) ciScript(v *yaml.Node) {
	if v == nil {
		return
	}
	if v.Kind == yaml.SequenceNode {
		for _, it := range items(v) {
			c.ciScript(it)
		}
		return
	}
	if v.Kind != yaml.ScalarNode {
		return
	}
	line := c.line(v)
	if v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		line++ // a block scalar's text starts on the line after its indicator
	}
	c.shellText(v.Value, line, object{}, false)
}
