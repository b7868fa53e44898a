package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

var (
	placeholderRE = regexp.MustCompile(`(?i)\b(todo|tbd|lorem)\b`)
	enhSections   = []string{"## What changes in 1.31", "## Why it matters", "## How to use it", "## Related concepts"}
)

func TestEmbeddedBodies(t *testing.T) {
	d := realDataset(t)
	for _, it := range d.Items {
		body := it.Body.Default
		words := len(strings.Fields(body))
		switch it.Kind {
		case KindEnhancement:
			if words < 150 || words > 400 {
				t.Errorf("%s: body has %d words, want 150–400", it.ID, words)
			}
			lines := outsideCode(body)
			for _, s := range enhSections {
				if !slices.Contains(lines, s) {
					t.Errorf("%s: body lacks the section %q", it.ID, s)
				}
			}
		case KindRemoval, KindDeprecation:
			if words < 80 || words > 300 {
				t.Errorf("%s: body has %d words, want 80–300", it.ID, words)
			}
		}
		texts := []string{body, it.Title.Default, it.Summary.Default, it.Affects.Default, it.Instead.Default}
		for _, s := range texts {
			if m := placeholderRE.FindString(s); m != "" {
				t.Errorf("%s: placeholder %q left in the text", it.ID, m)
			}
		}
		checkMarkdownBody(t, it.ID, body)
	}
	checkMarkdownBody(t, ReleaseFile, d.Release.Body.Default)
	if m := placeholderRE.FindString(d.Release.Body.Default); m != "" {
		t.Errorf("%s: placeholder %q left in the text", ReleaseFile, m)
	}
}

// maxCodeColumns is the widest code line that the explorer's reading pane shows unbroken on any
// terminal of 80 columns or more (ui/tui's readWidth), as `elli show` does at 80. glamour
// breaks a longer line in two, and a command copied from the screen then no longer runs.
const maxCodeColumns = 66

// bashSyntax checks a shell block with bash -n, which parses without running anything.
func bashSyntax(script string) error {
	cmd := exec.Command("bash", "-n")
	cmd.Stdin = strings.NewReader(script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// checkMarkdownBody checks what every body must satisfy: fenced code blocks name their language,
// their lines fit the reading pane, shell blocks are valid bash, YAML blocks parse, and no
// level-1 heading (the page title is composed from the front matter).
func checkMarkdownBody(t *testing.T, id, body string) {
	t.Helper()
	blocks, err := fencedBlocks(body)
	if err != nil {
		t.Errorf("%s: %v", id, err)
	}
	for _, b := range blocks {
		if b.Lang == "" {
			t.Errorf("%s: the code block at line %d has no language", id, b.Line)
		}
		for i, l := range strings.Split(strings.TrimSuffix(b.Text, "\n"), "\n") {
			if w := b.Indent + utf8.RuneCountInString(l); w > maxCodeColumns {
				t.Errorf("%s: line %d is %d columns wide, over %d: glamour would break it in two on screen, so split it (a \\ continuation, a newline inside the jq program)\n%s",
					id, b.Line+1+i, w, maxCodeColumns, l)
			}
		}
		if b.Lang == "shell" || b.Lang == "bash" || b.Lang == "sh" {
			if err := bashSyntax(b.Text); err != nil {
				t.Errorf("%s: the shell block at line %d is not valid bash: %v\n%s", id, b.Line, err, b.Text)
			}
		}
		if b.Lang == "yaml" || b.Lang == "yml" {
			if err := parseYAMLDocs(b.Text); err != nil {
				t.Errorf("%s: the YAML block at line %d does not parse: %v\n%s", id, b.Line, err, b.Text)
			}
		}
	}
	for _, l := range outsideCode(body) {
		if strings.HasPrefix(l, "# ") || l == "#" {
			t.Errorf("%s: level-1 heading %q in the body", id, l)
		}
	}
	for _, n := range wrappedListItems(body) {
		t.Errorf("%s: line %d continues a list item; glamour keeps that line break, so write the item on one line", id, n)
	}
}

var listItemRE = regexp.MustCompile(`^\s*([-*+]|[0-9]+[.)])\s+\S`)

// wrappedListItems returns the 1-based lines that continue a list item's text on the next
// line. glamour joins the lines of a paragraph but keeps the breaks inside a list item, so a
// wrapped item comes out ragged on screen.
func wrappedListItems(md string) []int {
	var out []int
	inItem := false
	lines, code := splitCode(md)
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " \t")
		switch {
		case code[i]:
			inItem = false
		case listItemRE.MatchString(l):
			inItem = true
		case inItem && trimmed != "" && !strings.HasPrefix(trimmed, "|") && !strings.HasPrefix(trimmed, "#"):
			out = append(out, i+1)
		default:
			inItem = false
		}
	}
	return out
}

// fencedBlocks returns the fenced code blocks of a Markdown text; see CodeBlocks.
func fencedBlocks(md string) ([]CodeBlock, error) { return CodeBlocks(md) }

// outsideCode returns the lines of md that are not inside fenced code blocks, trimmed of
// trailing space.
func outsideCode(md string) []string {
	var out []string
	lines, code := splitCode(md)
	for i, l := range lines {
		if !code[i] {
			out = append(out, strings.TrimRight(l, " \t"))
		}
	}
	return out
}

// splitCode splits md into lines and marks those of fenced code blocks, fences included.
func splitCode(md string) (lines []string, code []bool) {
	lines = strings.Split(md, "\n")
	code = make([]bool, len(lines))
	fence := ""
	for i, l := range lines {
		f := fenceOf(strings.TrimLeft(l, " \t"))
		switch {
		case fence == "" && f != "":
			fence, code[i] = f, true
		case fence != "" && f != "" && f[0] == fence[0] && len(f) >= len(fence):
			fence, code[i] = "", true
		default:
			code[i] = fence != ""
		}
	}
	return lines, code
}

// parseYAMLDocs decodes every document of a YAML stream.
func parseYAMLDocs(s string) error {
	dec := yaml.NewDecoder(strings.NewReader(s))
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestFencedBlocksHelper(t *testing.T) {
	md := "text\n```yaml\na: 1\n---\nb: [2\n```\n\n  ~~~\n  # comment\n  ~~~\n# Heading\n```shell\nls\n```\n"
	blocks, err := fencedBlocks(md)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 3 || blocks[0].Lang != "yaml" || blocks[1].Lang != "" || blocks[2].Lang != "shell" {
		t.Fatalf("fencedBlocks = %+v", blocks)
	}
	if parseYAMLDocs(blocks[0].Text) == nil {
		t.Error("an unclosed flow sequence in the second document parsed")
	}
	if err := parseYAMLDocs("a: 1\n---\nb: 2\n"); err != nil {
		t.Errorf("a valid two-document stream: %v", err)
	}
	if lines := outsideCode(md); !slices.Contains(lines, "# Heading") || slices.Contains(lines, "  # comment") {
		t.Errorf("outsideCode = %q", lines)
	}
	if _, err := fencedBlocks("```go\nx\n"); err == nil {
		t.Error("an unclosed block was not reported")
	}
}

func TestWrappedListItems(t *testing.T) {
	md := "- one line\n- two\n  lines\n\n1. three\nlazy\n\n- code:\n  ```shell\n  - not an item\n  more\n  ```\n- fine\n\ntext\nmore text\n"
	if got := wrappedListItems(md); !slices.Equal(got, []int{3, 6}) {
		t.Errorf("wrappedListItems = %v, want [3 6]", got)
	}
}
