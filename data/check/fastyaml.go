package check

import (
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v3"
)

// Most documents a scan parses are in the plain block style that kubectl, Helm and people
// write: "key: value" lines, "- " items, plain or simply quoted scalars, one-line flow
// collections. yaml.v3 parses them through a general tokenizer that cost two thirds of a scan
// where every document has a finding (10,000 Deployments with an AppArmor annotation). fastParse
// builds the same node tree for that style directly, line by line, and gives up (ok false) on
// anything else, which yaml.v3 then parses as before: anchors, aliases, tags, block scalars,
// escapes, multi-line scalars, merge keys, directives, tabs, CR, odd indentation. The tree has
// what the checks read (kind, style, value, line, column, content), the same as yaml.v3's:
// FuzzFastYAML compares the two on every input fastParse accepts. Tags and comments are left
// out; no check reads them.

// fastLine is one line of the document: its indentation and the text after it.
type fastLine struct {
	indent int
	text   string // without indentation, trailing spaces or CR
	line   int    // 1-based
}

type fastParser struct {
	lines []fastLine
	i     int
	nodes []yaml.Node  // the tree's nodes, allocated in blocks
	kids  []*yaml.Node // the tree's Content slices, cut from one array
	stack []*yaml.Node // children being gathered
	depth int
	// marker: the document starts with a --- line
	marker bool
}

var fastPool = sync.Pool{New: func() any { return new(fastParser) }}

// maxFastDepth bounds nesting and maxFastKeys the keys of one mapping; larger documents go to
// yaml.v3.
const (
	maxFastDepth = 200
	maxFastKeys  = 256
)

// errFast is the panic value that abandons the fast path.
type errFast struct{}

// fastParse returns the document node of b, or ok false when b is not in the style it reads.
// src is b as a string: the scalars' values are cut from it. The nodes belong to p until
// release.
func (p *fastParser) parse(src string) (doc *yaml.Node, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(errFast); !is {
				panic(r)
			}
			doc, ok = nil, false
		}
	}()
	if !p.split(src) {
		return nil, false
	}
	if len(p.lines) == 0 {
		return nil, false // empty: yaml.v3 says what an empty document is
	}
	root := p.block(p.lines[0].indent, nil)
	if p.i < len(p.lines) {
		return nil, false // lines the structure did not take: an error, or something else
	}
	doc = p.node()
	// the document starts at its --- marker, or else where its content does
	doc.Kind, doc.Line, doc.Column = yaml.DocumentNode, root.Line, root.Column
	if p.marker {
		doc.Line, doc.Column = 1, 1
	}
	doc.Content = p.content([]*yaml.Node{root})
	return doc, true
}

// release makes p ready for the next document.
func (p *fastParser) release() {
	clear(p.nodes)
	clear(p.kids)
	p.lines, p.nodes, p.kids, p.stack = p.lines[:0], p.nodes[:0], p.kids[:0], p.stack[:0]
	p.i, p.depth, p.marker = 0, 0, false
	fastPool.Put(p)
}

func fail() { panic(errFast{}) }

// split cuts src into lines, leaving out blank lines and comment lines; false for what the
// fast path never reads (tabs, CR, directives, document markers past the first line).
func (p *fastParser) split(src string) bool {
	for i := 0; i < len(src); i++ {
		if c := src[i]; c < ' ' && c != '\n' || c >= 0x7f {
			// tabs, CR and control characters; and anything not ASCII, where YAML has
			// line breaks of its own (NEL, LS, PS) and characters it refuses
			return false
		}
	}
	n := 0
	for len(src) > 0 {
		n++
		var ln string
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			ln, src = src[:i], src[i+1:]
		} else {
			ln, src = src, ""
		}
		text := strings.TrimLeft(ln, " ")
		text = strings.TrimRight(text, " ")
		if text == "" || text[0] == '#' {
			continue
		}
		if text[0] == '%' || len(ln) >= 3 && (ln[:3] == "---" || ln[:3] == "...") {
			if n == 1 && strings.TrimRight(ln, " ") == "---" {
				p.marker = true // the document's own start marker
				continue
			}
			return false
		}
		p.lines = append(p.lines, fastLine{indent: len(ln) - len(strings.TrimLeft(ln, " ")), text: text, line: n})
	}
	return true
}

// node returns a new zero node.
func (p *fastParser) node() *yaml.Node {
	if len(p.nodes) == cap(p.nodes) {
		p.nodes = make([]yaml.Node, 0, max(64, 2*cap(p.nodes))) // earlier blocks stay where they are
	}
	p.nodes = p.nodes[:len(p.nodes)+1]
	return &p.nodes[len(p.nodes)-1]
}

// content copies children into the shared array and returns their slice.
func (p *fastParser) content(kids []*yaml.Node) []*yaml.Node {
	if len(p.kids)+len(kids) > cap(p.kids) {
		p.kids = make([]*yaml.Node, 0, max(256, 2*cap(p.kids), len(kids)))
	}
	start := len(p.kids)
	p.kids = append(p.kids, kids...)
	return p.kids[start:len(p.kids):len(p.kids)]
}

// block parses the mapping or sequence whose first line is the current one, at indent.
func (p *fastParser) block(indent int, _ *yaml.Node) *yaml.Node {
	if p.depth++; p.depth > maxFastDepth {
		fail()
	}
	defer func() { p.depth-- }()
	l := p.lines[p.i]
	if isItem(l.text) {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

func isItem(t string) bool { return t == "-" || strings.HasPrefix(t, "- ") }

// mapping parses "key: value" lines at indent.
func (p *fastParser) mapping(indent int) *yaml.Node {
	l := p.lines[p.i]
	m := p.node()
	m.Kind, m.Line, m.Column = yaml.MappingNode, l.line, indent+1
	base := len(p.stack)
	for p.i < len(p.lines) {
		l = p.lines[p.i]
		if l.indent < indent {
			break
		}
		if l.indent > indent || isItem(l.text) {
			fail() // more indented than a key, or an item among keys
		}
		key, rest := p.key(l.text, l.line, indent+1)
		if len(p.stack)-base > 2*maxFastKeys {
			fail() // a long mapping (a big ConfigMap): the duplicate check below is quadratic
		}
		for j := base; j < len(p.stack); j += 2 {
			if p.stack[j].Value == key.Value {
				fail() // a key written twice: whatever yaml.v3 makes of it, it decides
			}
		}
		p.stack = append(p.stack, key)
		p.i++
		p.stack = append(p.stack, p.value(rest, l, indent, len(l.text)-len(rest)+indent, true))
	}
	m.Content = p.content(p.stack[base:])
	p.stack = p.stack[:base]
	return m
}

// value parses what follows a key's colon (or an item's dash): rest is the text after it, at
// column col (0-based) of line l; indent is the key's (or the dash's) indentation.
func (p *fastParser) value(rest string, l fastLine, indent, col int, inMapping bool) *yaml.Node {
	rest, lead := trimComment(rest)
	col += lead
	if rest == "" {
		// the value is on the lines below, or null
		if p.i < len(p.lines) {
			next := p.lines[p.i]
			if next.indent > indent || inMapping && next.indent == indent && isItem(next.text) {
				return p.block(next.indent, nil)
			}
		}
		n := p.node()
		n.Kind, n.Line, n.Column = yaml.ScalarNode, l.line, col-lead+1
		return n
	}
	var n *yaml.Node
	switch rest[0] {
	case '{', '[':
		f := &flow{p: p, s: rest, line: l.line, col: col}
		n = f.node()
		if f.i != len(f.s) {
			fail()
		}
	default:
		n = p.scalar(rest, l.line, col, false)
	}
	if p.i < len(p.lines) && p.lines[p.i].indent > indent {
		fail() // a multi-line scalar, or a structure error
	}
	return n
}

// trimComment drops a trailing comment and the spaces before the text; lead counts those
// spaces.
func trimComment(s string) (string, int) {
	t := strings.TrimLeft(s, " ")
	lead := len(s) - len(t)
	if t == "" || t[0] == '#' {
		return "", lead
	}
	q := byte(0)
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case (c == '"' || c == '\'') && i == 0:
			q = c
		case c == '#' && t[i-1] == ' ':
			return strings.TrimRight(t[:i], " "), lead
		}
	}
	return t, lead
}

// key reads "key:" at the start of t, on line at column col (1-based); rest is what follows
// the colon.
func (p *fastParser) key(t string, line, col int) (*yaml.Node, string) {
	k := p.node()
	k.Kind, k.Line, k.Column = yaml.ScalarNode, line, col
	var end int // index of the colon
	switch t[0] {
	case '"', '\'':
		q := strings.IndexByte(t[1:], t[0])
		if q < 0 {
			fail()
		}
		k.Value, k.Style = t[1:1+q], quoteStyle(t[0])
		end = 1 + q + 1
		if end >= len(t) || t[end] != ':' || t[0] == '"' && strings.IndexByte(k.Value, '\\') >= 0 {
			fail()
		}
	default:
		end = colon(t)
		if end <= 0 || !plainStart(t) {
			fail()
		}
		k.Value = t[:end]
		if k.Value == "<<" || strings.Contains(k.Value, " #") || strings.HasSuffix(k.Value, " ") || strings.ContainsAny(k.Value, "{}[],\"'") {
			fail() // a merge key, or a key yaml.v3 would read otherwise
		}
	}
	if len(k.Value) > 1000 {
		fail() // yaml.v3 limits an implicit key's length
	}
	rest := t[end+1:]
	if rest != "" && rest[0] != ' ' {
		fail()
	}
	return k, rest
}

// colon finds the colon that ends a plain key: the first ": " or a colon at the end; -1 if
// none.
func colon(t string) int {
	for i := 0; i < len(t); i++ {
		if t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ') {
			return i
		}
	}
	return -1
}

// plainStart reports whether a plain scalar may start like t (the YAML indicators may not,
// and "-", "?" and ":" only before a character that is not a space).
func plainStart(t string) bool {
	switch t[0] {
	case '-', '?', ':':
		return len(t) > 1 && t[1] != ' '
	case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	}
	return true
}

func quoteStyle(q byte) yaml.Style {
	if q == '"' {
		return yaml.DoubleQuotedStyle
	}
	return yaml.SingleQuotedStyle
}

// scalar reads a whole plain or quoted scalar s at column col (0-based).
func (p *fastParser) scalar(s string, line, col int, inFlow bool) *yaml.Node {
	n := p.node()
	n.Kind, n.Line, n.Column = yaml.ScalarNode, line, col+1
	switch s[0] {
	case '"', '\'':
		if len(s) < 2 || s[len(s)-1] != s[0] || strings.IndexByte(s[1:len(s)-1], s[0]) >= 0 ||
			s[0] == '"' && strings.IndexByte(s, '\\') >= 0 {
			fail() // an escape, or text after the closing quote
		}
		n.Value, n.Style = s[1:len(s)-1], quoteStyle(s[0])
	default:
		// In a flow collection yaml.v3 reads ":" and "?" within a plain scalar as indicators
		// too (libyaml's rule, stricter than the spec's): [:0] and [0?] are errors there, so
		// such a scalar goes to yaml.v3 (FuzzFastYAML found both).
		if !plainStart(s) || strings.Contains(s, ": ") || strings.HasSuffix(s, ":") || strings.Contains(s, " #") ||
			inFlow && strings.ContainsAny(s, ",[]{}:?") {
			fail()
		}
		n.Value = s
	}
	return n
}

// flow reads a one-line flow collection: [a, b], {k: v}, nested, with plain or quoted scalars.
type flow struct {
	p    *fastParser
	s    string
	i    int
	line int
	col  int // column (0-based) of s[0]
}

func (f *flow) spaces() {
	for f.i < len(f.s) && f.s[f.i] == ' ' {
		f.i++
	}
}

func (f *flow) node() *yaml.Node {
	if f.p.depth++; f.p.depth > maxFastDepth {
		fail()
	}
	defer func() { f.p.depth-- }()
	f.spaces()
	if f.i >= len(f.s) {
		fail()
	}
	switch c := f.s[f.i]; c {
	case '[', '{':
		n := f.p.node()
		n.Line, n.Column, n.Style = f.line, f.col+f.i+1, yaml.FlowStyle
		n.Kind = yaml.SequenceNode
		closer := byte(']')
		if c == '{' {
			n.Kind, closer = yaml.MappingNode, '}'
		}
		f.i++
		base := len(f.p.stack)
		for {
			f.spaces()
			if f.i < len(f.s) && f.s[f.i] == closer {
				f.i++
				break
			}
			if n.Kind == yaml.MappingNode {
				k := f.node()
				if k.Kind != yaml.ScalarNode {
					fail()
				}
				f.spaces()
				if f.i >= len(f.s) || f.s[f.i] != ':' {
					fail()
				}
				f.i++
				if f.i < len(f.s) && f.s[f.i] != ' ' {
					fail()
				}
				f.p.stack = append(f.p.stack, k, f.node())
			} else {
				f.p.stack = append(f.p.stack, f.node())
			}
			f.spaces()
			if f.i < len(f.s) && f.s[f.i] == ',' {
				f.i++
				continue
			}
			if f.i < len(f.s) && f.s[f.i] == closer {
				f.i++
				break
			}
			fail()
		}
		n.Content = f.p.content(f.p.stack[base:])
		f.p.stack = f.p.stack[:base]
		return n
	case '"', '\'':
		end := strings.IndexByte(f.s[f.i+1:], c)
		if end < 0 {
			fail()
		}
		n := f.p.scalar(f.s[f.i:f.i+end+2], f.line, f.col+f.i, true)
		f.i += end + 2
		return n
	}
	start := f.i
	for f.i < len(f.s) {
		c := f.s[f.i]
		if c == ',' || c == ']' || c == '}' || c == '[' || c == '{' || c == ':' && (f.i+1 == len(f.s) || f.s[f.i+1] == ' ') {
			break
		}
		f.i++
	}
	t := strings.TrimRight(f.s[start:f.i], " ")
	if t == "" {
		fail() // an empty entry ([a, , b]) or a key without text
	}
	return f.p.scalar(t, f.line, f.col+start, true)
}

// sequence parses "- " items at indent.
func (p *fastParser) sequence(indent int) *yaml.Node {
	l := p.lines[p.i]
	s := p.node()
	s.Kind, s.Line, s.Column = yaml.SequenceNode, l.line, indent+1
	base := len(p.stack)
	for p.i < len(p.lines) {
		l = p.lines[p.i]
		if l.indent < indent || l.indent == indent && !isItem(l.text) {
			break
		}
		if l.indent > indent {
			fail()
		}
		rest := strings.TrimLeft(l.text[1:], " ")
		itemCol := indent + len(l.text) - len(rest) // 0-based column of the item's text
		var item *yaml.Node
		switch {
		case rest == "" || rest[0] == '#':
			p.i++
			item = p.value("", l, indent, indent+1, false)
		case isItem(rest) || rest[0] != '[' && rest[0] != '{' && rest[0] != '"' && rest[0] != '\'' && colon(rest) > 0,
			(rest[0] == '"' || rest[0] == '\'') && quotedKey(rest):
			// "- key: value" or "- - x": a block that starts on the dash's line; the line is
			// read again as if the item's text were indented to its column
			p.lines[p.i] = fastLine{indent: itemCol, text: rest, line: l.line}
			item = p.block(itemCol, nil)
		default:
			p.i++
			item = p.value(rest, l, indent, itemCol, false)
		}
		p.stack = append(p.stack, item)
	}
	s.Content = p.content(p.stack[base:])
	p.stack = p.stack[:base]
	return s
}

// quotedKey reports whether a quoted scalar at the start of t is followed by a colon: a key.
func quotedKey(t string) bool {
	q := strings.IndexByte(t[1:], t[0])
	return q >= 0 && 2+q < len(t) && t[2+q] == ':'
}
