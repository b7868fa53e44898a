// Package hostile builds release folders that attack elli the ways issue 12 found: escapes in
// every encoding, runaway nesting, special and huge files, YAML alias bombs, silent holes in the
// layout. Each case is a copy of a real release with one change. Nothing is committed as a
// binary: the loader tests and scripts/e2e-tmux.sh (through scripts/hostile-fixtures) build
// them when they run. Mkfifo and MknodNull make those special files, and the ones the user-file
// tests put where a config or state file should be.
package hostile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Case is one hostile release folder and what elli must make of it.
type Case struct {
	Name  string // the folder's name under the fixture directory
	Point int    // the numbered point of issue 12 it exercises
	// Args are the elli arguments after --data DIR.
	Args []string
	// Want is a text the one-line error must hold (exit status 1); "" means the command
	// succeeds and its output must be safe.
	Want string
	// File is the file the error names (relative to the release folder), when Want is set.
	File string
	// At is a text on the line of File the error names ("line N"), when it names one: the
	// first line holding it (see Line).
	At string
	// NonRoot says the case needs a user that file permissions apply to (not root).
	NonRoot bool

	build func(dir string) error
}

const page = "enhancements/3866-nftables-kube-proxy.md"

// Cases are the hostile folders, in the order of the points.
func Cases() []Case {
	return []Case{
		{Name: "refs-osc52", Point: 1, Args: []string{"show", "3866", "--theme", "dark"}, File: page,
			Want: "&#27; stands for the control character U+001B", At: "&#27;]52",
			build: appendTo(page, "\n&#27;]52;c;cm0gLXJm&#7; &#x202e;evil\n")},
		{Name: "refs-bidi", Point: 1, Args: []string{"show", "3866"}, File: page,
			Want: "&#x202e; stands for the control character U+202E", At: "user&#x202e;",
			build: appendTo(page, "\nuser&#x202e;gnp.exe\n")},
		{Name: "refs-zero-padded", Point: 1, Args: []string{"show", "3866"}, File: page,
			Want: "stands for the control character U+001B", At: "&#000",
			build: appendTo(page, "\n&#"+strings.Repeat("0", 300)+"27;[2J\n")},
		{Name: "yaml-escape-title", Point: 1, Args: []string{"list"}, File: page,
			Want:  "title: holds the control character U+001B",
			build: replaceIn(page, "title: Add an nftables-based kube-proxy backend", `title: "Add \e]52;c;cm0gLXJm\a nftables"`)},
		{Name: "url-c1", Point: 1, Args: []string{"show", "3866"}, File: page,
			Want:  "links[1].url: holds the control character U+009B",
			build: replaceIn(page, "url: https://kubernetes.io/docs/reference/networking/virtual-ips/#proxy-mode-nftables", `url: "https://kubernetes.io/\u009b2J"`)},
		{Name: "url-isolate", Point: 1, Args: []string{"show", "3866"}, File: page,
			Want:  "links[1].url: holds the control character U+2066",
			build: replaceIn(page, "url: https://kubernetes.io/docs/reference/networking/virtual-ips/#proxy-mode-nftables", `url: "https://kubernetes.io/\u2066x"`)},
		{Name: "url-not-ascii", Point: 1, Args: []string{"show", "3866"}, File: page,
			Want:  "is not an https:// URL: it holds U+0430",
			build: replaceIn(page, "url: https://kubernetes.io/docs/reference/networking/virtual-ips/#proxy-mode-nftables", "url: https://kubernetes.io/\u0430")},
		{Name: "osc8-lookalike", Point: 1, Args: []string{"show", "3866", "--theme", "dark"},
			build: appendTo(page, "\nSee [https://kubernetes.io/](https://evil.example/) for more.\n")},
		{Name: "quote-80", Point: 2, Args: []string{"show", "3866", "--theme", "dark"}, File: page,
			Want: "nests 80 levels of lists and quotes", At: strings.Repeat(">", 80) + "x",
			build: appendTo(page, "\n"+strings.Repeat(">", 80)+"x\n")},
		{Name: "quote-400", Point: 2, Args: []string{"show", "3866"}, File: page,
			Want: "nests 400 levels", At: strings.Repeat("> ", 400),
			build: appendTo(page, "\n"+strings.Repeat("> ", 400)+"x\n")},
		{Name: "quote-800", Point: 2, Args: []string{"show", "3866"}, File: page,
			Want: "nests 800 levels", At: strings.Repeat(">", 800),
			build: appendTo(page, "\n"+strings.Repeat(">", 800)+"x\n")},
		{Name: "list-indented", Point: 2, Args: []string{"show", "3866"}, File: page,
			Want: "nests 9 levels", At: strings.Repeat("  ", 8) + "- level",
			build: appendTo(page, "\n"+indentedList(40))},
		{Name: "quote-in-fence-escape", Point: 2, Args: []string{"show", "3866"}, File: page,
			Want: "nests 20 levels", At: strings.Repeat("> ", 20) + "x",
			build: appendTo(page, "\n> ```\n> code\n\n"+strings.Repeat("> ", 20)+"x\n")},
		{Name: "many-blocks", Point: 2, Args: []string{"show", "3866"}, File: page,
			Want:  "opens list item or quote number 501",
			build: appendTo(page, "\n"+strings.Repeat("> x\n\n", 600))},
		{Name: "link-dev-zero", Point: 3, Args: []string{"list"}, File: "enhancements/9999-zero.md",
			Want:  "is not a regular file (a character device)",
			build: symlink("/dev/zero", "enhancements/9999-zero.md")},
		{Name: "link-dev-urandom", Point: 3, Args: []string{"search", "nft"}, File: "enhancements/9999-random.md",
			Want:  "is not a regular file (a character device)",
			build: symlink("/dev/urandom", "enhancements/9999-random.md")},
		{Name: "fifo", Point: 3, Args: []string{"list"}, File: "guide/waiting.md",
			Want:  "is not a regular file (a FIFO)",
			build: fifo("guide/waiting.md")},
		{Name: "fifo-release", Point: 3, Args: []string{"list"}, File: "release.md",
			Want: "is not a regular file (a FIFO)",
			build: func(dir string) error {
				p := filepath.Join(dir, "release.md")
				if err := os.Remove(p); err != nil {
					return err
				}
				return Mkfifo(p)
			}},
		{Name: "huge-body", Point: 3, Args: []string{"search", "nft"}, File: page,
			Want:  "kB; a content file holds at most 32 kB",
			build: grow(page, 50<<20)},
		{Name: "huge-total", Point: 3, Args: []string{"list"},
			Want:  "brings the release to over 2 MB",
			build: manyPages(80, 30<<10)},
		{Name: "alias-bomb", Point: 4, Args: []string{"show", "3866", "--json"}, File: page,
			Want:  "kB; a content file holds at most 32 kB",
			build: aliasBomb(100<<10, 20000)},
		{Name: "alias-small", Point: 4, Args: []string{"show", "3866", "--json"}, File: page,
			Want: "refers to the anchor", At: "*a, ",
			build: aliasBomb(8<<10, 4000)},
		{Name: "guide-is-a-file", Point: 6, Args: []string{"list", "--kind", "guide"}, File: "guide",
			Want: "guide: is not a folder",
			build: func(dir string) error {
				g := filepath.Join(dir, "guide")
				if err := os.RemoveAll(g); err != nil {
					return err
				}
				return os.WriteFile(g, []byte("not a folder\n"), 0o644)
			}},
		{Name: "guide-unreadable", Point: 6, Args: []string{"list"}, File: "guide", NonRoot: true,
			Want:  "permission denied",
			build: func(dir string) error { return os.Chmod(filepath.Join(dir, "guide"), 0) }},
		{Name: "id-upper-case", Point: 6, Args: []string{"list"}, File: "guide/Pitfalls.md",
			Want:  `the id "Pitfalls" may hold only lower-case letters, digits, dashes and a dot between digits`,
			build: rename("guide/pitfalls.md", "guide/Pitfalls.md")},
		{Name: "id-case-twin", Point: 6, Args: []string{"list"}, File: "guide/PITFALLS.md",
			Want:  `the id "PITFALLS"`,
			build: copyFile("guide/pitfalls.md", "guide/PITFALLS.md")},
		{Name: "id-escapes", Point: 6, Args: []string{"list"}, File: "guide/evil\x1b]0;x\a\u202e.md",
			Want:  `may hold only lower-case letters`,
			build: copyFile("guide/pitfalls.md", "guide/evil\x1b]0;x\a\u202e.md")},
	}
}

// Line is the number of the line of the case's File, as Write wrote it under dir, that holds At
// first; 0 when the case has no At.
func (c Case) Line(dir string) (int, error) {
	if c.At == "" {
		return 0, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, c.Name, c.File))
	if err != nil {
		return 0, err
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, c.At) {
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("%s: no line of %s holds %q", c.Name, c.File, c.At)
}

// Write writes the release base into dir/.base once, and for every case a folder dir/<name> of
// hard links to it (copies where links fail) with the case's change applied. A change never
// writes through a link: it replaces the file (fresh), so the base and other cases stay whole.
func Write(dir string, base fs.FS) error {
	b := filepath.Join(dir, ".base")
	if err := os.CopyFS(b, base); err != nil {
		return err
	}
	for _, c := range Cases() {
		d := filepath.Join(dir, c.Name)
		if err := linkTree(b, d); err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		if err := c.build(d); err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	return nil
}

func linkTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if os.Link(p, target) == nil {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// fresh replaces the file at p by a new one holding b, so that a hard link is not written
// through.
func fresh(p string, b []byte) error {
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

func appendTo(file, text string) func(string) error {
	return func(dir string) error {
		p := filepath.Join(dir, file)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return fresh(p, append(b, text...))
	}
}

func replaceIn(file, old, new string) func(string) error {
	return func(dir string) error {
		p := filepath.Join(dir, file)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := strings.Replace(string(b), old, new, 1)
		if s == string(b) {
			return fmt.Errorf("%s: %q not found", file, old)
		}
		return fresh(p, []byte(s))
	}
}

// grow makes file size bytes long without writing them: a sparse tail of zeros, which elli must
// refuse by its size before reading any of it.
func grow(file string, size int64) func(string) error {
	return func(dir string) error {
		p := filepath.Join(dir, file)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := fresh(p, b); err != nil {
			return err
		}
		return os.Truncate(p, size)
	}
}

func symlink(target, file string) func(string) error {
	return func(dir string) error { return os.Symlink(target, filepath.Join(dir, file)) }
}

func fifo(file string) func(string) error {
	return func(dir string) error { return Mkfifo(filepath.Join(dir, file)) }
}

func rename(from, to string) func(string) error {
	return func(dir string) error { return os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)) }
}

func copyFile(from, to string) func(string) error {
	return func(dir string) error {
		b, err := os.ReadFile(filepath.Join(dir, from))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, to), b, 0o644)
	}
}

// indentedList nests a list by indentation alone, two columns a level.
func indentedList(levels int) string {
	var b strings.Builder
	for i := range levels {
		b.WriteString(strings.Repeat("  ", i) + "- level\n")
	}
	return b.String()
}

// manyPages adds n guide pages of size bytes each, every one valid on its own.
func manyPages(n, size int) func(string) error {
	return func(dir string) error {
		for i := range n {
			head := fmt.Sprintf("---\nkind: guide\ntitle: Filler %d\nsummary: A page that only takes room.\norder: %d\n---\n", i, 100+i)
			body := strings.Repeat("filler text to take room\n", (size-len(head))/25)
			if err := os.WriteFile(filepath.Join(dir, "guide", fmt.Sprintf("filler-%03d.md", i)), []byte(head+body), 0o644); err != nil {
				return err
			}
		}
		return nil
	}
}

// aliasBomb gives the page a front matter key whose anchor of anchorSize bytes is referred to
// refs times: decoded, it would be anchorSize × refs bytes.
func aliasBomb(anchorSize, refs int) func(string) error {
	return replaceIn(page, "keywords: [", "keywords: [&a \""+strings.Repeat("x", anchorSize)+"\", "+strings.TrimSuffix(strings.Repeat("*a, ", refs), ", ")+", ")
}
