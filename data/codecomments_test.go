package data

import (
	"strings"
	"testing"
)

// slashComments are the fence languages whose comments start with //; in the others (shell,
// YAML, TOML, INI, jq, text) a comment starts with #, and // is code (jq's alternative operator).
var slashComments = map[string]bool{"go": true, "c": true, "cpp": true, "java": true, "js": true,
	"javascript": true, "ts": true, "typescript": true, "jsonc": true, "proto": true, "rust": true}

// withoutComments returns a fenced code block (its fences included) with its comments taken out:
// from a # (or // in the languages of slashComments) that starts a line or follows a space or tab,
// outside quotes, to the end of the line, and the lines that held nothing else. A Chinese page
// translates the comments of its code, as the Kubernetes zh-cn docs do, and keeps the code itself
// byte for byte; a # inside a word (a URL, an anchor, a colour) is code.
func withoutComments(block string) string {
	code, _ := splitComments(block)
	return code
}

// codeComments returns the comments of a fenced code block, one a line: the text a Chinese page
// writes in Chinese.
func codeComments(block string) string {
	_, comments := splitComments(block)
	return strings.Join(comments, "\n")
}

func splitComments(block string) (code string, comments []string) {
	lines := strings.Split(block, "\n")
	lang := ""
	if fs := strings.Fields(strings.TrimLeft(lines[0], " \t`~")); len(fs) > 0 {
		lang = strings.ToLower(fs[0])
	}
	marker := "#"
	if slashComments[lang] {
		marker = "//"
	}
	out := lines[:1:1]
	for _, l := range lines[1:] {
		cut := commentStart(l, marker)
		if cut < 0 {
			out = append(out, l)
			continue
		}
		comments = append(comments, l[cut:])
		if rest := strings.TrimRight(l[:cut], " \t"); strings.TrimSpace(rest) != "" {
			out = append(out, rest)
		}
	}
	return strings.Join(out, "\n"), comments
}

// commentStart is the index where a line's comment starts, or -1.
func commentStart(l, marker string) int {
	var quote byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t=:([,", l[i-1]) >= 0 {
				quote = c
			}
		case strings.HasPrefix(l[i:], marker):
			if i == 0 || l[i-1] == ' ' || l[i-1] == '\t' {
				return i
			}
		}
	}
	return -1
}

func TestWithoutComments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"```sh\nkubectl get pods   # every pod\n```", "```sh\nkubectl get pods\n```"},
		{"```sh\n# a whole line\nkubectl version\n```", "```sh\nkubectl version\n```"},
		{"```yaml\n  # indented, in YAML\nkind: Pod\n```", "```yaml\nkind: Pod\n```"},
		{"```go\n// Go\nx := 1 // one\n```", "```go\nx := 1\n```"},
		{"```go\ns := \"#1\"\n```", "```go\ns := \"#1\"\n```"},
		{"```sh\njq '.a // []' f\n```", "```sh\njq '.a // []' f\n```"},
		{"```sh\n  | (.metadata.namespace // \"-\")\n```", "```sh\n  | (.metadata.namespace // \"-\")\n```"},
		{"```sh\ncurl https://example.com/a#b\n```", "```sh\ncurl https://example.com/a#b\n```"},
		{"```sh\necho \"not # a comment\" # a comment\n```", "```sh\necho \"not # a comment\"\n```"},
		{"```yaml\ncolor: '#fff'\n```", "```yaml\ncolor: '#fff'\n```"},
		{"```sh\nkubectl get pods   # 所有 Pod\n```", "```sh\nkubectl get pods\n```"},
	} {
		if got := withoutComments(c.in); got != c.want {
			t.Errorf("withoutComments(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got, want := codeComments("```sh\nls # 列出\n# 全行\n```"), "# 列出\n# 全行"; got != want {
		t.Errorf("codeComments = %q, want %q", got, want)
	}
	// the code around the comments still counts, and so does the fence's language
	for _, p := range [][2]string{
		{"```sh\nkubectl get pods # x\n```", "```sh\nkubectl get nodes # x\n```"},
		{"```sh\nls\n```", "```bash\nls\n```"},
	} {
		if withoutComments(p[0]) == withoutComments(p[1]) {
			t.Errorf("%q and %q compare equal", p[0], p[1])
		}
	}
}
