package check

import (
	"fmt"
	"slices"

	yaml "go.yaml.in/yaml/v3"

	"github.com/elli-k8s/elli/data"
)

// Options tune a scan.
type Options struct {
	// MaxFileSize is the largest file (and, on a stream, the largest document) read; larger
	// ones are skipped with a note. 0 means DefaultMaxFileSize.
	MaxFileSize int64
	// Workers is how many files are read and checked at once; 0 means one per CPU.
	Workers int
	// AllSyntax parses every YAML document, also those that mention nothing 1.31 changed, so
	// that every syntax error is reported. It is slower.
	AllSyntax bool
	// Lang is the language of the messages, fixes and notes.
	Lang data.Lang
	// To is the release the check looks ahead to ("v1.34", as data.Dataset.RoadTo takes it):
	// the rules of every release on the road up to it apply too. "" checks 1.31 alone.
	To string
}

// DefaultMaxFileSize is large enough for any hand-written manifest and for most generated
// ones (a big chart's helm template output).
const DefaultMaxFileSize = 8 << 20

// maxFindingsPerFile bounds what one file (or a stream: a whole cluster dump is one) may add to
// a report; a finding takes a few hundred bytes.
const maxFindingsPerFile = 10000

// maxNotes bounds the notes kept; the rest are counted.
const maxNotes = 1000

// Scanner checks files against the rules. It is safe for concurrent use.
type Scanner struct {
	opts  Options
	gates map[string]gate
	road  *roadFacts
	t     *texts
	// trig finds the words any rule looks at: the shared triggers, or with a road, those and
	// the road's own (its API versions and flags come from the content)
	trig *lazyAutomaton
}

// New returns a scanner whose feature gate facts come from ds (the release elli shows).
func New(ds *data.Dataset, opts Options) *Scanner {
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	s := &Scanner{opts: opts, gates: gateTable(ds), road: newRoad(ds, opts.To), t: textsFor(opts.Lang), trig: &triggers}
	if w := s.road.words(); len(w) > 0 {
		s.trig = &lazyAutomaton{words: append(slices.Clone(triggerWords), w...)}
	}
	return s
}

// object identifies the Kubernetes object a finding is in.
type object struct{ kind, namespace, name string }

// fileCtx gathers the findings and notes of one file (or stream).
type fileCtx struct {
	s    *Scanner
	file string
	off  int // added to the line numbers of the YAML chunk being checked
	// col0 is added to the columns of the chunk's first line: a JSON List's item that starts
	// inside a line (jsonstream.go)
	col0 int
	json bool // the YAML being read is JSON
	// pinLine and pinCol, when set, are where every finding points: a config held in a
	// ConfigMap as a quoted string, whose own lines are not the file's
	pinLine, pinCol int
	findings        []Finding
	notes           []Note
	dropped         int
	noted           map[string]bool // notes written once per file
	// yamlBytes counts the YAML read so far and aliasExtra what aliases have added to the
	// documents checked: the allowance for aliases grows with the file (guard.go)
	yamlBytes, aliasExtra int
	// src is the text the YAML being checked was parsed from (the document, or a string
	// inside it), where scalarShell finds the words of a folded string
	src []byte
	// kubeadmConfigMap is set while the kube-system/kubeadm-config ConfigMap's values are
	// checked: kubeadm rewrites them itself
	kubeadmConfigMap bool
	// parsedValues are the ConfigMap values of the current document already parsed, with the
	// depth they were parsed at
	parsedValues map[*yaml.Node]int
	// nest counts the strings being read as YAML inside one another (a unit in a
	// MachineConfig in a ConfigMap...), bounded by maxNest
	nest int
	// colOff is added to the columns of findings in a block string being read as the file it
	// carries: its text is indented in the file
	colOff int
	// firstMatch is the line of the first trigger word of the YAML file being split, 0 when
	// not known (a stream)
	firstMatch int
	// carried is the path of the file a string being read carries (nodeup's static Pod
	// manifest), when its carrier names it
	carried string
	// template is set while a template's lines are read: what they show is info, and says
	// where it comes from
	template bool
}

// maxNest bounds how deep strings are read as the files they carry: each level is text
// unescaped from the one around it, and real files stop at two or three.
const maxNest = 4

// add records a finding of rule at line/col; fix and item default to the rule's.
func (c *fileCtx) add(rule string, line, col int, obj object, msg, fix string) {
	r, ok := RuleByID(rule)
	if !ok {
		panic("check: unknown rule " + rule) // a programming error the tests catch
	}
	if fix == "" {
		fix = r.FixIn(c.s.opts.Lang)
	}
	c.addFinding(Finding{
		Severity: r.Severity, File: c.file, Line: line, Column: col,
		Kind: obj.kind, Namespace: obj.namespace, Name: obj.name,
		Rule: rule, Message: msg, Fix: fix, Item: r.Item,
	})
}

func (c *fileCtx) addFinding(f Finding) {
	if len(c.findings) >= maxFindingsPerFile {
		c.dropped++
		return
	}
	f.File = c.file
	if c.pinLine > 0 {
		f.Line, f.Column = c.pinLine, c.pinCol
	} else if f.Column > 0 {
		f.Column += c.colOff
	}
	if c.col0 > 0 && f.Line == c.off+1 && f.Column > 0 {
		f.Column += c.col0
	}
	if f.Item == "" {
		r, _ := RuleByID(f.Rule)
		f.Item = r.Item
	}
	if f.Release == "" {
		f.Release = c.s.road.release[f.Item] // a shape rule of a road item
	}
	if c.template {
		f.Severity, f.Message = Info, fmt.Sprintf(c.s.t.FromTemplate, f.Message)
	}
	c.findings = append(c.findings, f)
}

// note records something the scan could not look at.
func (c *fileCtx) note(kind NoteKind, line int, msg string) {
	c.notes = append(c.notes, Note{Kind: kind, File: c.file, Line: line, Message: msg})
}

// noteOnce records a note only the first time its key comes up in this file.
func (c *fileCtx) noteOnce(key string, kind NoteKind, line int, msg string) {
	if c.noted == nil {
		c.noted = map[string]bool{}
	}
	if c.noted[key] {
		return
	}
	c.noted[key] = true
	c.note(kind, line, msg)
}

// done sorts the findings and reports any that were dropped.
func (c *fileCtx) done() {
	c.findings = sortFindings(c.findings)
	if c.dropped > 0 {
		c.note(NoteTruncated, 0, c.s.t.Truncated)
	}
}
