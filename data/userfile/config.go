package userfile

import (
	"bytes"
	"errors"
	"io"
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
	now    time.Time
	// Moved is the corrupt file of elli's that the last Set or Unset moved aside before writing
	// a new one; nil when none was. The caller reports it.
	Moved *CorruptError
}

// Value returns the file's value for a key and whether the file sets it (validly).
func (c *Config) Value(name string) (string, bool) {
	v, ok := c.values[name]
	return v, ok
}

// LoadConfig reads the config file at path for this run's settings. A missing file is an
// empty config. It never changes the file: a file that cannot be read or parsed (a FIFO, a
// device, a root-owned file in the user's folder, broken YAML) is reported in one Problem and
// the run goes on with the defaults; an unknown key or a bad value is reported and left in the
// file for the user to fix, and the setting keeps its default.
func LoadConfig(path string, extra Checks, now time.Time) (*Config, []error) {
	c := &Config{Path: path, values: map[string]string{}, now: now}
	doc, _, err := readConfig(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, []error{Problemf("cannot read %s: %v; using the defaults", path, err)}
	}
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
		v, err := k.CheckInFile(val.Value, extra)
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

// readConfig reads and parses the config file; fs.ErrNotExist when there is none. It returns
// what it read of the file too (the head of one too large), which tells whether elli wrote it.
func readConfig(path string) (*yaml.Node, []byte, error) {
	b, err := ReadFile(path, maxConfig)
	if errors.Is(err, ErrTooLarge) {
		return nil, b, errTooLarge
	}
	if err != nil {
		return nil, nil, err
	}
	doc, err := parseConfig(b)
	return doc, b, err
}

// parseConfig parses the file into a document whose top level is a mapping (or nothing).
func parseConfig(b []byte) (*yaml.Node, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, Problemf("not valid YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var next yaml.Node
	if err := dec.Decode(&next); !errors.Is(err, io.EOF) {
		// a second document after ---, which elli would not read: say so rather than ignore it
		return nil, Problemf("it holds more than one YAML document (a --- line); keep every key in the first")
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

// headerMark begins every config file elli writes from nothing; only such a file is ever moved
// aside when it no longer parses.
const headerMark = "# elli's settings: "

// header opens a config file elli writes from nothing.
const header = headerMark + "elli config set KEY VALUE, or edit this file.\n" +
	"# Keys: style, color, pager, width, mouse, lang, state (elli help environment).\n"

// Set validates value for the key called name, puts it in the file (replacing the key's line,
// or adding one) and writes the file atomically. Comments and other keys are kept as they are.
func (c *Config) Set(name, value string, extra Checks) error {
	k := Lookup(name)
	if k == nil {
		return Problemf("unknown key %q; the keys are %s", name, OrList(KeyNames()))
	}
	v, err := k.CheckInFile(value, extra)
	if err != nil {
		return err
	}
	err = c.edit(func(doc *yaml.Node) *yaml.Node {
		if mapping(doc) == nil {
			doc = &yaml.Node{Kind: yaml.DocumentNode, HeadComment: strings.TrimSuffix(header, "\n"),
				Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
		}
		m := mapping(doc)
		scalar := &yaml.Node{Kind: yaml.ScalarNode, Value: v}
		replaced := false
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == name {
				scalar.LineComment = m.Content[i+1].LineComment
				m.Content[i+1] = scalar
				replaced = true
			}
		}
		if !replaced {
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: name}, scalar)
		}
		return doc
	})
	if err != nil {
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
	err := c.edit(func(doc *yaml.Node) *yaml.Node {
		m := mapping(doc)
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
		return doc
	})
	if err != nil {
		return err
	}
	delete(c.values, name)
	return nil
}

// edit changes the config file through Edit, under the write lock that the state takes too: it
// reads the file as it is now, lets fn change the document (nil: nothing to write) and writes
// the result. A file elli cannot read or parse is never replaced: the error says what is wrong
// and how to fix it. The one exception is a file that begins with the header elli writes and no
// longer parses: that one is moved aside (see Moved) and a new file is written.
func (c *Config) edit(fn func(*yaml.Node) *yaml.Node) error {
	c.Moved = nil
	return Edit(c.Path, func(real string) ([]byte, error) {
		doc, head, err := readConfig(real)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			doc = nil
		case err != nil && !errors.Is(err, ErrNotRegular) && !IsLink(c.Path) && elliWrote(head):
			if ce := MoveAside(real, err, c.now); ce.MoveErr == nil {
				c.Moved, doc = ce, nil
				break
			}
			fallthrough
		case err != nil:
			return nil, Problemf("cannot change %s: %v; elli changes only a file it can read: fix it or move it away, then try again", c.Path, err)
		}
		doc = fn(doc)
		if doc == nil {
			return nil, nil
		}
		var buf bytes.Buffer
		enc := yaml.NewEncoder(&buf)
		enc.SetIndent(2)
		if err := enc.Encode(doc); err != nil {
			return nil, Problemf("cannot write %s: %w", c.Path, err)
		}
		if err := enc.Close(); err != nil {
			return nil, Problemf("cannot write %s: %w", c.Path, err)
		}
		return buf.Bytes(), nil
	})
}

// elliWrote reports whether head, the start of a config file, is the header line elli writes,
// which nothing else writes.
func elliWrote(head []byte) bool { return bytes.HasPrefix(head, []byte(headerMark)) }
