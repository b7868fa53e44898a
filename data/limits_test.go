package data

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func TestContainerPrefix(t *testing.T) {
	for _, tc := range []struct {
		line           string
		depth, markers int
		text           string
	}{
		{"plain text", 0, 0, "plain text"},
		{"- item", 1, 1, "item"},
		{"  - nested item", 2, 1, "nested item"},
		{"    - third level", 3, 1, "third level"},
		{"- - - x", 3, 3, "x"},
		{"> > quote", 2, 2, "quote"},
		{">   - list in a quote, indented", 3, 2, "list in a quote, indented"},
		{"1. one", 1, 1, "one"},
		{"12) twelve", 1, 1, "twelve"},
		{"1234567890. not a marker", 0, 0, "1234567890. not a marker"},
		{"\t- tab", 3, 1, "tab"},
		{"-not a marker", 0, 0, "-not a marker"},
		{"*emphasis*", 0, 0, "*emphasis*"},
		{"-", 1, 1, ""},
		{">>>x", 3, 3, "x"},
		{"", 0, 0, ""},
	} {
		depth, markers, text := containerPrefix([]byte(tc.line))
		if depth != tc.depth || markers != tc.markers || string(text) != tc.text {
			t.Errorf("containerPrefix(%q) = %d, %d, %q; want %d, %d, %q", tc.line, depth, markers, text, tc.depth, tc.markers, tc.text)
		}
	}
}

func TestCheckBody(t *testing.T) {
	deep := strings.Repeat("> ", MaxNesting+1) + "x\n"
	for _, tc := range []struct {
		name, body, want string
	}{
		{"a real page's shape", "## Heading\n\nText.\n\n- one\n- two\n  - nested\n\n> a note\n", ""},
		{"as deep as allowed", strings.Repeat("> ", MaxNesting) + "x\n", ""},
		{"too deep", "text\n\n" + deep, "line 12 nests 9 levels"},
		{"deep by indent", "- a\n" + strings.Repeat(" ", 2*MaxNesting) + "- b\n", "line 11 nests 9 levels"},
		{"code in a top-level fence is code", "```yaml\n" + strings.Repeat(" ", 40) + "key: value\n" + deep + "```\n", ""},
		{"a fence closes with trailing spaces", "```\ncode\n```  \n" + deep, "line 13 nests"},
		{"a longer fence closes it too", "~~~\ncode\n~~~~~\n" + deep, "line 13 nests"},
		{"a fence in a quote is not skipped", "> ```\n> code\n\n" + deep, "line 13 nests"},
		{"an indented fence is not skipped", "- a\n  ```\n" + deep + "  ```\n", "line 12 nests"},
		{"too many blocks", strings.Repeat("- x\n", MaxBlocks+1), "opens list item or quote number 501"},
		{"a reference to ESC", "ok &amp; &#169;\n&#x1B;[31m", "line 11: &#x1B; stands for the control character U+001B"},
		{"a named bidi mark", "a &rlm; b", "&rlm; stands for the control character U+200F"},
		{"a reference to tab is fine", "a&#9;b &Tab;", ""},
	} {
		if got := checkBody([]byte(tc.body), 10); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: checkBody = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Special files are refused by their type without being opened, and big ones by their size.
func TestLoadRefusesSpecialAndBigFiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		file *fstest.MapFile
		want string
	}{
		{"FIFO", &fstest.MapFile{Mode: fs.ModeNamedPipe}, "is not a regular file (a FIFO)"},
		{"device", &fstest.MapFile{Mode: fs.ModeDevice | fs.ModeCharDevice}, "is not a regular file (a character device)"},
		{"socket", &fstest.MapFile{Mode: fs.ModeSocket}, "is not a regular file (a socket)"},
		{"too big", &fstest.MapFile{Data: make([]byte, MaxFileSize+1)}, "is 33 kB; a content file holds at most 32 kB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := baseFS()
			fsys[fxGuide] = tc.file
			p := loadProblems(t, fsys)
			if len(p) != 1 || p[0].File != fxGuide || !strings.Contains(p[0].Msg, tc.want) {
				t.Fatalf("problems %v, want one for %s: %s", p, fxGuide, tc.want)
			}
		})
	}
}

func TestLoadBoundsTheRelease(t *testing.T) {
	fsys := baseFS()
	for i := range MaxFiles {
		put(fsys, "guide/page-"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+strings.Repeat("0", i/26)+".md", "")
	}
	if p := loadProblems(t, fsys); len(p) != 1 || p[0].File != "." || !strings.Contains(p[0].Msg, "a release holds at most 1000") {
		t.Errorf("too many files: %v", p)
	}
	fsys = baseFS()
	page := string(fsys[fxGuide].Data) + strings.Repeat("filler line\n", (MaxFileSize-1000)/12)
	names := []string{}
	for i := range MaxTotalSize/len(page) + 1 {
		names = append(names, "guide/filler-"+string(rune('a'+i/26))+string(rune('a'+i%26))+".md")
		put(fsys, names[i], page)
	}
	p := loadProblems(t, fsys)
	if len(p) != 1 || !strings.Contains(p[0].Msg, "brings the release to over 2 MB") || p[0].File != names[len(names)-1] {
		t.Errorf("too much in all: %v", p)
	}
}

func TestLoadRefusesBadIDs(t *testing.T) {
	for _, name := range []string{"First-Steps.md", "first_steps.md", "first steps.md", "-first.md", "ﬁrst.md", "first\x1b[2J.md"} {
		fsys := baseFS()
		fsys["guide/"+name] = fsys[fxGuide]
		delete(fsys, fxGuide)
		p := loadProblems(t, fsys)
		if len(p) == 0 || p[0].File != "guide/"+name || !strings.Contains(p[0].Msg, "the id ") {
			t.Errorf("%q: %v", name, p)
		}
	}
}

// An alias is refused wherever it is, and a YAML escape of a control character in any field,
// a translation's included.
func TestLoadRefusesAliasesAndEscapesInAnyField(t *testing.T) {
	fsys := baseFS()
	edit(t, fsys, fxGuide, "title: First steps", "title: &t First steps")
	edit(t, fsys, fxGuide, "summary: Where to start.", "summary: *t")
	p := loadProblems(t, fsys)
	if len(p) != 1 || p[0].Field != "summary" || !strings.Contains(p[0].Msg, `refers to the anchor "t"`) {
		t.Errorf("alias: %v", p)
	}
	fsys = baseFS()
	put(fsys, fxAlphaZH, "---\ntitle: 标题\nkeywords: [ok, \"bad\\u202e\"]\n---\n")
	p = loadProblems(t, fsys)
	if len(p) != 1 || p[0].File != fxAlphaZH || p[0].Field != "keywords[1]" || !strings.Contains(p[0].Msg, "U+202E") {
		t.Errorf("escape in a translation: %v", p)
	}
}
