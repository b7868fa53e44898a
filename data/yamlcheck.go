package data

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// fieldError is a front matter problem in one field: the loader reports it under the field.
type fieldError struct {
	field string
	msg   string
}

func (e *fieldError) Error() string { return e.field + ": " + e.msg }

// checkYAML walks the front matter as YAML nodes, before it is decoded into a struct, and
// refuses what no content needs and what would reach a terminal:
//   - aliases (*name): each one is a copy of its anchor when decoded, so a 183 kB front matter
//     referring 20,000 times to a 100 kB anchor decoded into gigabytes;
//   - values that hold an unsafe character, however it was written: YAML escapes such as "\e"
//     or "\u202e" only become control characters when decoded, so the raw-file check cannot see
//     them. Every field is checked, those of translations and of fields to come included.
//
// firstLine is the file line the front matter starts on.
func checkYAML(head []byte, firstLine int) error {
	var root yaml.Node
	if err := yaml.Unmarshal(head, &root); err != nil {
		return nil // decodeStrict reports the syntax error
	}
	return walkYAML(&root, "", firstLine-1)
}

func walkYAML(n *yaml.Node, field string, lineOffset int) error {
	switch n.Kind {
	case yaml.AliasNode:
		return &fieldError{field: fieldName(field), msg: fmt.Sprintf("line %d refers to the anchor %q: YAML aliases (*name) are not allowed in content; write the value out", n.Line+lineOffset, n.Value)}
	case yaml.ScalarNode:
		if _, r, bad := findControl([]byte(n.Value)); bad {
			return &fieldError{field: fieldName(field), msg: fmt.Sprintf("holds the control character %U, which could rewrite a terminal; remove it", r)}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i]
			if err := walkYAML(key, field, lineOffset); err != nil {
				return err
			}
			if err := walkYAML(n.Content[i+1], joinField(field, key.Value), lineOffset); err != nil {
				return err
			}
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			if err := walkYAML(c, field+"["+strconv.Itoa(i)+"]", lineOffset); err != nil {
				return err
			}
		}
	case yaml.DocumentNode:
		for _, c := range n.Content {
			if err := walkYAML(c, field, lineOffset); err != nil {
				return err
			}
		}
	}
	return nil
}

func joinField(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// fieldName keeps a field path printable: a key may hold anything, and the path goes into an
// error message.
func fieldName(field string) string {
	if field == "" {
		return "front matter"
	}
	if _, _, bad := findControl([]byte(field)); bad || strings.ContainsAny(field, " \t\n") {
		return strconv.Quote(field)
	}
	return field
}
