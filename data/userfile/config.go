package userfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// maxConfig bounds what is read of a config file; a real one is a few hundred bytes.
const maxConfig = 64 << 10

var errTooLarge = Problemf("larger than %d KiB", maxConfig>>10)

// Config is the config file: its valid settings, and the parsed document, which Set edits in
// place so that the user's comments and order survive.
type Config struct {
	Path   string
	values map[string]string // valid values, canonical
	doc    *yaml.Node        // nil when the file is missing or was moved aside
}

// Value returns the file's value for a key and whether the file sets it (validly).
func (c *Config) Value(name string) (string, bool) {
	v, ok := c.values[name]
	return v, ok
}

// LoadConfig reads the config file at path. A missing file is an empty config. Every problem
// is returned as one Problem (or CorruptError), a sentence the UI says in its language, and the setting concerned keeps its default: an unknown key or a
// bad value is reported and left in the file for the user to fix; a file that is not YAML, or
// not a mapping of keys, is moved aside (see MoveAside) and elli goes on without it.
func LoadConfig(path string, extra Checks, now time.Time) (*Config, []error) {
	c := &Config{Path: path, values: map[string]string{}}
	b, err := ReadFile(path, maxConfig)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if errors.Is(err, ErrTooLarge) {
		return c, []error{MoveAside(path, errTooLarge, now)}
	}
	if err != nil {
		return c, []error{Problemf("cannot read %s: %v; using the defaults", path, err)}
	}
	doc, err := parseConfig(b)
	if err != nil {
		return c, []error{MoveAside(path, err, now)}
	}
	c.doc = doc
	var problems Sentences
	m := mapping(doc)
	for i := 0; m != nil && i+1 < len(m.Content); i += 2 {
		name, val := m.Content[i].Value, m.Content[i+1]
		k := Lookup(name)
		if k == nil {
			problems = append(problems, Problemf("unknown key %q (the keys are %s)", name, OrList(KeyNames())))
			continue
		}
		if val.Kind != yaml.ScalarNode {
			problems = append(problems, Problemf("%s must be a single value", name))
			continue
		}
		v, err := k.Check(val.Value, extra)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		c.values[name] = v
	}
	if len(problems) > 0 {
		return c, []error{Problemf("%s: %s; those settings keep their defaults", path, problems)}
	}
	return c, nil
}

// parseConfig parses the file into a document whose top level is a mapping (or nothing).
func parseConfig(b []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, Problemf("not valid YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind == 0 { // empty, or comments only
		return nil, nil
	}
	if len(doc.Content) != 1 || (doc.Content[0].Kind != yaml.MappingNode &&
		!(doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].Tag == "!!null")) {
		return nil, Problemf("not a list of key: value lines")
	}
	seen := map[string]bool{}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Kind != yaml.ScalarNode {
			return nil, Problemf("line %d: a key must be a word", m.Content[i].Line)
		}
		if seen[m.Content[i].Value] {
			return nil, Problemf("line %d: %s is set twice", m.Content[i].Line, m.Content[i].Value)
		}
		seen[m.Content[i].Value] = true
	}
	return &doc, nil
}

// mapping is the document's top-level mapping, or nil for an empty document.
func mapping(doc *yaml.Node) *yaml.Node {
	if doc == nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	return doc.Content[0]
}

// header opens a config file elli writes from nothing.
const header = "# elli's settings: elli config set KEY VALUE, or edit this file.\n" +
	"# Keys: style, color, pager, width, mouse, lang, state (elli help environment).\n"

// Set validates value for the key called name, puts it in the file (replacing the key's line,
// or adding one) and writes the file atomically. Comments and other keys are kept as they are.
func (c *Config) Set(name, value string, extra Checks) error {
	k := Lookup(name)
	if k == nil {
		return Problemf("unknown key %q; the keys are %s", name, OrList(KeyNames()))
	}
	v, err := k.Check(value, extra)
	if err != nil {
		return err
	}
	doc := c.doc
	if mapping(doc) == nil {
		doc = &yaml.Node{Kind: yaml.DocumentNode, HeadComment: strings.TrimSuffix(header, "\n"),
			Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	}
	m := mapping(doc)
	scalar := &yaml.Node{Kind: yaml.ScalarNode, Value: v}
	replaced := false
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == name {
			old := m.Content[i+1]
			scalar.LineComment = old.LineComment
			m.Content[i+1] = scalar
			replaced = true
		}
	}
	if !replaced {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: name}, scalar)
	}
	if err := c.write(doc); err != nil {
		return err
	}
	c.values[name] = v
	return nil
}

// Unset removes the key called name from the file, so that it takes its default again.
func (c *Config) Unset(name string) error {
	if Lookup(name) == nil {
		return Problemf("unknown key %q; the keys are %s", name, OrList(KeyNames()))
	}
	m := mapping(c.doc)
	if m == nil {
		return nil
	}
	kept := m.Content[:0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != name {
			kept = append(kept, m.Content[i], m.Content[i+1])
		}
	}
	m.Content = kept
	if err := c.write(c.doc); err != nil {
		return err
	}
	delete(c.values, name)
	return nil
}

func (c *Config) write(doc *yaml.Node) error {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("cannot encode %s: %w", c.Path, err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("cannot encode %s: %w", c.Path, err)
	}
	if err := WriteFile(c.Path, buf.Bytes(), 0o600); err != nil {
		return err
	}
	c.doc = doc
	return nil
}
