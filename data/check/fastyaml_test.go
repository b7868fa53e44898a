package check

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	"github.com/elli-k8s/elli/data/check/checktest"
)

// sameTree compares what the checks read of two trees: kind, style, value, line, column and
// content (tags and comments are no check's business).
func sameTree(a, b *yaml.Node, path string) error {
	if a.Kind != b.Kind || a.Style != b.Style || a.Value != b.Value || a.Line != b.Line || a.Column != b.Column ||
		len(a.Content) != len(b.Content) {
		return fmt.Errorf("%s: fast {kind %d style %d %q %d:%d, %d children} yaml.v3 {kind %d style %d %q %d:%d, %d children}",
			path, a.Kind, a.Style, a.Value, a.Line, a.Column, len(a.Content), b.Kind, b.Style, b.Value, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if err := sameTree(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// checkFast parses b both ways: when the fast path takes a document, yaml.v3 must parse it
// as one document with the same tree. accepted says whether the fast path took it.
func checkFast(b []byte) (accepted bool, err error) {
	p := fastPool.Get().(*fastParser)
	defer p.release()
	fast, ok := p.parse(string(b))
	if !ok {
		return false, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		return true, fmt.Errorf("the fast path took what yaml.v3 refuses (%v)", err)
	}
	var more yaml.Node
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		return true, fmt.Errorf("yaml.v3 reads a second document (%v)", err)
	}
	return true, sameTree(fast, &doc, "")
}

// fastCases are inputs the fast path takes or must leave to yaml.v3; each is compared.
var fastCases = []string{
	"a: 1\nb:\n  c: d\n", "a:\nb: 1\n", "a:\n- x\n-\n- y: \n  z: {}\n", "---\na: [1, {b: c}]\n",
	"k: \"x\" # c\nl: 'y'\n", "- - a\n  - b\n- c\n", "a:\n  - b: 1\n    c: 2\n  - d\n", "a: b\n  c\n",
	"a: b: c\n", "a: 'it''s'\n", "a: \"x\\ty\"\n", "a: &x 1\nb: *x\n", "<<: {a: 1}\n", "a: |\n  x\n",
	"a: 1\na: 2\n", "\"q\": 1\n'r': [a, 'b', \"c\"]\n", "a: {b: [c, d], e: f}\n", "a: [b, ]\n",
	"a: {b}\n", "a: [b: c]\n", "a: x #c\n", "a: x#c\n", "a: - b\n", "- a\nb: c\n", "a: 1\n- b\n",
	"  a: 1\n  b: 2\n", "a:\n    b: 1\n  c: 2\n", "key: a:b\n", "? a\n: b\n", "a: b\n...\n", "%YAML 1.2\n---\na: 1\n",
	"a:   \n  b: 1\n", "- \n  a: 1\n", "-   a: 1\n    b: 2\n", "a: [\n  b]\n", "a: \"x\n  y\"\n",
	"a: -1\nb: -x\nc: :x\n", "a: ''\nb: \"\"\n", "a: [a#b, 'c #d']\n", "a: {x: }\n", "a: {x: [], y: {}}\n",
	"a b: c d\n", "a:b: c\n", "a: b # c: d\n", "- 'a': b\n- \"c\": d\n", "a:\n- b\n- c\nd: e\n",
	"a: ~\nb: null\nc: true\nd: 0x1F\n", "a: é\n", "a: b\tc\n", "a: b\r\n", "a: [1, 2\n", "[a]: b\n",
	"a: {b: {c: {d: [e]}}}\n", "a: 'x' y\n", "a: \"x\" \"y\"\n", "-\n-\n", "a:\n  -\n  - b\n",
}

func TestFastYAMLMatchesYAMLv3(t *testing.T) {
	took := 0
	inputs := append([]string{}, fastCases...)
	// the corpus, cut into documents as a scan cuts it
	_ = filepath.WalkDir(corpus, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || classify(p) != fkYAML {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		splitAll(b, 1<<20, func(c []byte, _ int) { inputs = append(inputs, string(c)) }, nil)
		return nil
	})
	for _, in := range inputs {
		ok, err := checkFast([]byte(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
		}
		if ok {
			took++
		}
	}
	if took < len(inputs)/3 {
		t.Errorf("the fast path took only %d of %d inputs", took, len(inputs))
	}
}

// The documents of the measured trees are the style the fast path is for: it must take them,
// or the dense benchmark measures yaml.v3 again.
func TestFastYAMLTakesTheMeasuredTrees(t *testing.T) {
	for name, write := range map[string]func(string, int) (int64, error){"tree": checktest.WriteTree, "dense": checktest.WriteDenseTree} {
		dir := t.TempDir()
		if _, err := write(dir, 1); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "team-00", "app-000", "web-00000.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		splitAll(b, 1<<20, func(c []byte, _ int) {
			n++
			if ok, err := checkFast(c); !ok || err != nil {
				t.Errorf("%s, document %d: taken %v, %v\n%s", name, n, ok, err, c)
			}
		}, nil)
		if n != 2 {
			t.Errorf("%s: %d documents", name, n)
		}
	}
}

// FuzzFastYAML holds the fast path to yaml.v3 on any input: whatever it takes, yaml.v3
// parses to the same tree.
func FuzzFastYAML(f *testing.F) {
	for _, c := range fastCases {
		f.Add(c)
	}
	f.Add(strings.Repeat("a:\n  ", 50) + "b: c\n")
	f.Fuzz(func(t *testing.T, in string) {
		if _, err := checkFast([]byte(in)); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
	})
}
