package check

import (
	"bytes"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Files that set machines up carry other files in strings: a kops fileAsset or nodeup task's
// contents, cloud-init's write_files, Ignition's systemd units, a Helm value that holds a
// config. stringPayload reads such a string as what it holds, at the lines it stands on in the
// file that carries it.

// stringPayload checks a string that holds a file: a systemd unit (its ExecStart= starts the
// kubelet, perhaps through a wrapper), a shell script, or Kubernetes objects (a static Pod, a
// component config). name is the file's path or unit name when the carrier gives one.
func (c *fileCtx) stringPayload(v *yaml.Node, name string, obj object, depth int) {
	v = deref(v)
	if v == nil || v.Kind != yaml.ScalarNode {
		return
	}
	carried := c.carried
	defer func() { c.carried = carried }()
	c.carried = name
	switch text := v.Value; {
	case strings.Contains(text, "ExecStart=") || strings.HasPrefix(text, "[Unit]") || strings.HasPrefix(text, "[Service]"):
		c.unitString(v, name, obj)
	case shellShebang([]byte(text)):
		c.scalarShell(v, obj)
	case strings.Contains(text, "apiVersion"):
		c.embedded(v, depth, func(root *yaml.Node) { c.embeddedObject(root, depth) })
	}
}

// unitString checks a systemd unit held in a YAML string: a block string's lines are the
// file's, one line down from the indicator and indented; a quoted one's findings point at the
// value, whose own lines are not the file's.
func (c *fileCtx) unitString(v *yaml.Node, name string, obj object) {
	if v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		colOff := c.colOff
		defer func() { c.colOff = colOff }()
		c.colOff += c.blockIndent(v)
		c.unitText(v.Value, c.line(v), 1, name, obj)
		return
	}
	pinLine, pinCol := c.pinLine, c.pinCol
	defer func() { c.pinLine, c.pinCol = pinLine, pinCol }()
	if c.pinLine == 0 {
		c.pinLine, c.pinCol = c.line(v), v.Column
	}
	c.unitText(v.Value, 0, 1, name, obj)
}

// blockIndent is the indentation of a block string's first line of text in the source, or 0
// when the source is not at hand.
func (c *fileCtx) blockIndent(v *yaml.Node) int {
	src, line := c.src, 1
	for line <= v.Line && len(src) > 0 {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return 0
		}
		src, line = src[i+1:], line+1
	}
	n := 0
	for n < len(src) && src[n] == ' ' {
		n++
	}
	return n
}

// carriedName is the path or name a mapping gives the file it carries (cloud-init's and
// Ignition's path, a unit's name).
func carriedName(m *yaml.Node) string {
	for _, key := range []string{"path", "name"} {
		if s := str(get(m, key)); s != "" {
			return s
		}
	}
	return ""
}
