package check

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// ciFile checks a YAML file that is not a Kubernetes object for shell steps: GitHub Actions
// (run: in steps) and GitLab CI (script, before_script, after_script).
func (c *fileCtx) ciFile(root *yaml.Node) {
	c.walkCI(root, object{}, 0)
}

// walkCI looks through a YAML tree that is not a Kubernetes object (or the part of one that
// holds such a tree, like a MachineConfig's Ignition config) for the keys that hold shell text
// or files: CI steps, Ansible tasks, Ignition and Butane file contents.
func (c *fileCtx) walkCI(n *yaml.Node, obj object, depth int) {
	n = deref(n)
	if n == nil || depth > 64 {
		return
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, it := range n.Content {
			c.walkCI(it, obj, depth+1)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], deref(n.Content[i+1])
			switch {
			case k.Value == "run" || k.Value == "script" || k.Value == "before_script" || k.Value == "after_script":
				c.ciScript(v, obj)
			case ansibleModules[k.Value]:
				c.ansibleTask(v, obj)
			case k.Value == "contents" && v != nil && v.Kind == yaml.MappingNode:
				c.ignitionContents(v, obj, 0)
			case v != nil && v.Kind == yaml.ScalarNode:
				if strings.IndexByte(v.Value, '\n') >= 0 {
					// a file carried in a string: cloud-init's write_files content,
					// Ignition's unit contents, a nodeup task's contents, a Helm value
					c.stringPayload(v, carriedName(n), obj, 0)
				}
			default:
				c.walkCI(v, obj, depth+1)
			}
		}
	}
}

// ciScript checks a shell step: one string, or a list of strings (GitLab).
func (c *fileCtx) ciScript(v *yaml.Node, obj object) {
	if v != nil && v.Kind == yaml.SequenceNode {
		for _, it := range items(v) {
			c.ciScript(it, obj)
		}
		return
	}
	c.scalarShell(v, obj)
}
