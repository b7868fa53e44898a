package render

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

const sample = "# Title\n\nSome *text* with `code` and a [link](https://example.com).\n\n```sh\nkubectl get pods\n```\n"

// TestEveryStyleRenders: each built-in style renders a page within its width, and the styles
// differ from one another (a name that silently fell back to dark would not).
func TestEveryStyleRenders(t *testing.T) {
	names := StyleNames()
	for _, want := range []string{"auto", "ascii", "dark", "dracula", "light", "notty", "pink", "tokyo-night"} {
		if !slices.Contains(names, want) {
			t.Errorf("StyleNames %v lacks %s", names, want)
		}
	}
	r := NewRenderer()
	seen := map[string]string{}
	for _, name := range names[1:] {
		if err := CheckStyle(name); err != nil {
			t.Errorf("CheckStyle(%s): %v", name, err)
		}
		th, err := ThemeOf(name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(sample, 40, th)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.Contains(xansi.Strip(out), "kubectl get pods") {
			t.Errorf("%s lost the text:\n%s", name, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if xansi.StringWidth(l) > 40 {
				t.Errorf("%s: line wider than 40: %q", name, xansi.Strip(l))
			}
		}
		if other, dup := seen[out]; dup && !(name == "notty" && other == "ascii") {
			t.Errorf("%s renders exactly as %s", name, other)
		}
		seen[out] = name
	}
	if err := CheckStyle("draculla"); err == nil || !strings.Contains(err.Error(), "tokyo-night") {
		t.Errorf("CheckStyle(draculla) = %v, want an error listing the names", err)
	}
}

func TestStyleFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.json")
	if err := os.WriteFile(good, []byte(`{"document":{"color":"#ff0000"},"h1":{"prefix":"» ","bold":true}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	th, err := ThemeOf(good)
	if err != nil {
		t.Fatal(err)
	}
	out, err := NewRenderer().Render(sample, 60, th)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(xansi.Strip(out), "» Title") || !strings.Contains(out, "38;2;255;0;0") {
		t.Errorf("the file's style is not applied:\n%q", out)
	}
	for name, content := range map[string]string{
		"bad.json":    `{"document": `,
		"escape.json": `{"h1":{"prefix":"\u001b]52;c;cm0=\u0007"}}`,
		"wrong.json":  `{"document":{"margin":"wide"}}`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := CheckStyle(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("CheckStyle(%s) = %v, want an error naming the file", name, err)
		}
	}
	if err := CheckStyle(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing style file passed")
	}
	if err := CheckStyle(dir + "/"); err == nil {
		t.Error("a folder passed as a style file")
	}
}

// Every number of a style file is clamped and every string bounded (issue 20 #4):
// {"document":{"indent":1000000}} made one page a megabyte and five seconds of work.
func TestStyleFileBounds(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.json")
	content := `{"document":{"indent":1000000,"margin":10000000},"block_quote":{"indent":4000000000},` +
		`"list":{"level_indent":1000000},"code_block":{"margin":99999},"paragraph":{"indent":3}}`
	if err := os.WriteFile(huge, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	th, err := ThemeOf(huge)
	if err != nil {
		t.Fatal(err)
	}
	c := th.config()
	for name, got := range map[string]uint{
		"document.indent": *c.Document.Indent, "block_quote.indent": *c.BlockQuote.Indent,
		"list.level_indent": c.List.LevelIndent, "code_block.margin": *c.CodeBlock.Margin, "paragraph.indent": *c.Paragraph.Indent,
	} {
		want := uint(maxStyleNumber)
		if name == "paragraph.indent" {
			want = 3 // in range: kept
		}
		if got != want {
			t.Errorf("%s = %d, want %d", name, got, want)
		}
	}
	md := "# Title\n\n" + strings.Repeat("> - a\n>   - b\n>     - c\n\n", 20)
	out, err := NewRenderer().Render(md, 80, th)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 64<<10 {
		t.Errorf("a page of %d bytes rendered to %d", len(md), len(out))
	}
	long := filepath.Join(dir, "long.json")
	if err := os.WriteFile(long, []byte(`{"paragraph":{"indent_token":"`+strings.Repeat("x", 100000)+`","indent":8}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckStyle(long); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("a 100 kB indent token: %v, want a refusal", err)
	}
}
