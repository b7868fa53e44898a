package check

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// scanYAML checks a whole YAML or JSON file.
func (c *fileCtx) scanYAML(b []byte, isJSON bool) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	if !c.s.opts.AllSyntax {
		end := c.s.trig.index(b)
		if end < 0 {
			return // every document is a part of the file, so none of them can hold a finding
		}
		// the documents before the one with this word have none; that one has one: neither
		// is searched again (chunk)
		c.firstMatch = 1 + bytes.Count(b[:end], []byte("\n"))
		defer func() { c.firstMatch = 0 }()
	}
	if c.json = isJSON; isJSON {
		c.chunk(b, 1)
		return
	}
	splitAll(b, int(c.s.opts.MaxFileSize), c.chunk, c.tooBig)
}

func (c *fileCtx) tooBig(line int) {
	c.note(NoteSkipped, line, fmt.Sprintf(c.s.t.TooLargeDocument, sizeLabel(c.s.opts.MaxFileSize)))
}

// chunk parses one document (or List item) that starts at line and checks it.
func (c *fileCtx) chunk(b []byte, line int) {
	c.yamlBytes += len(b)
	if !c.s.opts.AllSyntax {
		// a trigger word never spans lines, so the line of the file's first one tells
		// whether this chunk holds it, comes before it (holds none) or after (search it)
		last := line + bytes.Count(b, []byte("\n"))
		switch {
		case c.firstMatch >= line && c.firstMatch <= last:
		case c.firstMatch > last:
			return
		case !c.s.trig.matches(b):
			return // nothing in it that any rule looks at
		}
	}
	if c.json {
		b = yamlSafeJSON(b) // JSON is YAML but for tabs, surrogate escapes and a few characters
	} else {
		// the plain block style most documents are in is read without yaml.v3 (fastyaml.go)
		p := fastPool.Get().(*fastParser)
		doc, ok := p.parse(string(b))
		if ok {
			c.off, c.src = line-1, b
			c.parsedValues = nil
			c.document(doc)
		}
		p.release() // nothing keeps the nodes: findings copy what they name
		if ok {
			return
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			c.unparsable(b, line, err)
			return
		}
		if !c.admit(&doc) {
			at := doc.Line
			if len(doc.Content) > 0 {
				at = doc.Content[0].Line
			}
			c.note(NoteUnparsable, line+max(at, 1)-1,
				fmt.Sprintf(c.s.t.AliasBomb, maxExpanded, aliasRatio))
			continue
		}
		c.off, c.src = line-1, b
		c.parsedValues = nil // its nodes go with the document
		c.document(&doc)
	}
}

// unparsable reports a document yaml.v3 refused, at the line it names.
func (c *fileCtx) unparsable(b []byte, line int, err error) {
	msg := err.Error()
	at := line
	if rest, ok := strings.CutPrefix(msg, "yaml: line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if v, e := strconv.Atoi(n); e == nil {
				at, msg = line+v-1, after
				if isParserProblem(after) {
					at++ // yaml.v3 prints a parser error's line counting from 0
				}
			}
		}
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if isTemplateText(b) {
		// not YAML because it is a template: its lines still show flags, gates and keys
		i := bytes.Index(b, []byte("{{"))
		if i < 0 {
			i = max(bytes.Index(b, []byte("${")), bytes.Index(b, []byte("%{")), bytes.Index(b, []byte("{%")))
		}
		at = line + bytes.Count(b[:i], []byte("\n"))
		c.templateLines(b, line)
		c.noteOnce("template", NoteSkipped, at, c.s.t.Template)
		return
	}
	c.note(NoteUnparsable, at, fmt.Sprintf(c.s.t.NotYAML, msg))
}

// parserProblems start the messages of yaml.v3's parser (not its scanner); their line numbers
// are the start of the construct being parsed, counted from 0.
var parserProblems = []string{
	"did not find expected <document start>", "did not find expected node content",
	"did not find expected key", "did not find expected '-' indicator",
	"did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"found undefined tag handle", "found duplicate %", "found incompatible YAML document",
}

func isParserProblem(msg string) bool {
	for _, p := range parserProblems {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// line is a node's line in the file.
func (c *fileCtx) line(n *yaml.Node) int {
	switch {
	case n == nil:
		return 0
	case c.pinLine > 0:
		return c.pinLine
	}
	return n.Line + c.off
}

// document dispatches one parsed document: Kubernetes objects (anything with apiVersion and
// kind) to their checks, anything else to the CI-file checks.
func (c *fileCtx) document(doc *yaml.Node) {
	root := doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return
		}
		root = deref(root.Content[0])
	}
	if root != nil && root.Kind == yaml.SequenceNode {
		c.ciFile(root) // an Ansible playbook or task list
		return
	}
	if root == nil || root.Kind != yaml.MappingNode {
		return
	}
	if get(root, "apiVersion") != nil && get(root, "kind") != nil {
		c.object(root, 0)
		return
	}
	c.ciFile(root)
}

func sizeLabel(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
