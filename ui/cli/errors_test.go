package cli

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"

	"github.com/elli-k8s/elli/embed/snapshot"
)

// TestErrors: every error is one line "elli: message" on stderr, nothing on stdout, and the exit
// code says whether the user erred (2) or elli could not do it (1).
func TestErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"list", "--stage", "gamma"}, 2, `invalid --stage "gamma": use ga, beta or alpha`},
		{[]string{"list", "--kind", "change"}, 2, `invalid --kind "change": use enhancement, removal, deprecation, guide, patch, cve or road`},
		{[]string{"list", "--sig", "nosuch"}, 2, `invalid --sig "nosuch": use ` + orList(data.SIGs)},
		{[]string{"list", "--stage", "ga", "--kind", "removal"}, 2, `--stage applies only to enhancements, not to --kind removal`},
		{[]string{"list", "extra"}, 2, `list takes no arguments (filter with --stage, --sig or --kind); got "extra"`},
		{[]string{"--theme", "blue"}, 2, `invalid --theme "blue": use auto, ascii, dark, dracula, light, notty, pink or tokyo-night, or a JSON style file`},
		{[]string{"show", "3866", "--style", "blue"}, 2, `invalid --style "blue": use auto, ascii, dark, dracula, light, notty, pink or tokyo-night, or a JSON style file`},
		{[]string{"list", "--color", "sometimes"}, 2, `invalid --color "sometimes": use auto, always or never`},
		{[]string{"--tab", "nosuch"}, 2, `invalid --tab "nosuch": use overview, ga, beta, alpha, removals, upgrade, patches or road`},
		{[]string{"show", "3866", "--width", "abc"}, 2, `invalid --width "abc": use a number of columns from 20 to 1000`},
		{[]string{"show", "3866", "--width", "0"}, 2, `invalid --width "0": use a number of columns from 20 to 1000`},
		{[]string{"show", "3866", "--width"}, 2, `flag needs an argument: --width`},
		{[]string{"search", "nft", "--limit", "abc"}, 2, `invalid --limit "abc": use a whole number, 0 for no limit`},
		{[]string{"search", "nft", "--limit", "-1"}, 2, `invalid --limit "-1": use a whole number, 0 for no limit`},
		{[]string{"show", "99999"}, 1, `there is no KEP-99999 in v1.31; try: elli search 99999`},
		{[]string{"show", "KEP-99999"}, 1, `there is no KEP-99999 in v1.31; try: elli search 99999`},
		{[]string{"show", "nosuch-id"}, 1, `there is no item "nosuch-id" in v1.31; try: elli search nosuch-id`},
		{[]string{"show", "no such; rm"}, 1, `there is no item "no such; rm" in v1.31; try: elli search 'no such; rm'`},
		{[]string{"show", "\x1b[2Jevil"}, 1, `there is no item "\x1b[2Jevil" in v1.31; try: elli search evil`},
		{[]string{"show"}, 2, `show needs a KEP number or item id, like: elli show 3866`},
		{[]string{"show", ""}, 2, `the item is empty; give a KEP number or item id, like: elli show 3866`},
		{[]string{"show", "  "}, 2, `the item is empty; give a KEP number or item id, like: elli show 3866`},
		{[]string{""}, 2, `the item is empty; give a KEP number or item id, like: elli show 3866`},
		{[]string{"show", "1", "2"}, 2, `show takes one KEP number or item id; got 2 arguments`},
		{[]string{"show", "3866", "--raw", "--json"}, 2, `--raw and --json cannot be used together`},
		{[]string{"search"}, 2, `search needs a query, like: elli search nftables`},
		{[]string{"search", " "}, 2, `the search query is empty; try: elli search nftables`},
		{[]string{"gates", "a", "b"}, 2, `gates takes at most one gate name; got 2 arguments`},
		{[]string{"version", "x"}, 2, `version takes no arguments; got "x"`},
		{[]string{"--bogus"}, 2, `unknown flag: --bogus`},
		{[]string{"list", "-x"}, 2, `unknown shorthand flag: 'x' in -x`},
		{[]string{"list", "--tab", "ga"}, 2, `unknown flag: --tab`},
		{[]string{"99999"}, 1, `there is no KEP-99999 in v1.31; try: elli search 99999`},
		{[]string{"nosuch-id"}, 1, `there is no item "nosuch-id" in v1.31; try: elli search nosuch-id`},
		{[]string{"lisst"}, 2, `unknown command or item "lisst"; did you mean: elli list?`},
		{[]string{"serch", "nft"}, 2, `unknown command "serch"; did you mean: elli search nft?`},
		{[]string{"gatse", "nftables", "--json"}, 2, `unknown command "gatse"; did you mean: elli gates nftables?`},
		{[]string{"lsit"}, 2, `unknown command or item "lsit"; did you mean: elli list?`},
		{[]string{"3866", "4444"}, 2, `expected at most one KEP number or item id; got 2 arguments`},
		{[]string{"3866", "4004"}, 2, `expected at most one KEP number or item id; got 2 arguments`},
		{[]string{"help", "list", "x"}, 2, `unknown help topic or command "x"; the topics are environment or exit-codes, and elli help lists the commands`},
		{[]string{"help", "nosuch"}, 2, `unknown help topic or command "nosuch"; the topics are environment or exit-codes, and elli help lists the commands`},
		{[]string{"config", "get", "colour"}, 2, `unknown key "colour"; the keys are style, color, pager, width, mouse, lang or state`},
		{[]string{"config", "set", "width", "huge"}, 2, `invalid width "huge": use a number of columns from 20 to 1000`},
		{[]string{"config", "set", "style"}, 2, `config set needs a key and a value, like: elli config set style dracula`},
		{[]string{"config"}, 2, `config needs a command: path, list, get, set or unset`},
		{[]string{"man", "x"}, 2, `man takes no arguments; got "x"`},
		{[]string{"completion", "nosh"}, 2, `unknown command "nosh" for "elli completion"`},
		{[]string{"completion", "bash", "x"}, 2, `unknown command "x" for "elli completion bash"`},
	} {
		r := run(t, tc.args...)
		if tc.code == 0 {
			if r.code != 0 {
				t.Errorf("elli %q: exit %d, stderr %q", tc.args, r.code, r.stderr)
			}
			continue
		}
		want := "elli: " + sanitizeLine(tc.msg) + "\n"
		if r.code != tc.code || r.stderr != want || r.stdout != "" {
			t.Errorf("elli %q:\n got exit %d, stderr %q, stdout %.60q\nwant exit %d, stderr %q", tc.args, r.code, r.stderr, r.stdout, tc.code, want)
		}
	}
}

// TestErrorLine: cobra's multi-line suggestions and untrusted text fold into one safe line.
func TestErrorLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		want string
	}{
		{errors.New("unknown command \"lisst\" for \"elli help\"\n\nDid you mean this?\n\tlist\n"), `elli: unknown command "lisst" for "elli help"; did you mean list?`},
		{errors.New("bad\n\tthing \x1b]0;title\x07here"), "elli: bad thing here"},
	} {
		if got := errorLine(tc.err, data.LangEN); got != tc.want {
			t.Errorf("errorLine(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
	// in Chinese, cobra's own words too
	zh := errorLine(errors.New("unknown command \"lisst\" for \"elli help\"\n\nDid you mean this?\n\tlist\n\tlint\n"), data.LangZH)
	if want := `elli: "elli help" 没有 "lisst" 这个命令；你是不是想用 list 或 lint？`; zh != want {
		t.Errorf("errorLine in Chinese = %q, want %q", zh, want)
	}
	for msg, code := range map[string]int{
		"unknown command \"x\" for \"elli man\"": 2,
		"accepts at most 1 arg(s), received 2":   2,
		"invalid argument \"x\" for \"elli\"":    2,
		"there is no KEP-1 in v1.31":             1,
	} {
		if got := exitCode(errors.New(msg)); got != code {
			t.Errorf("exitCode(%q) = %d, want %d", msg, got, code)
		}
	}
}

// copyRelease writes the embedded release to a temporary directory, for --data.
func copyRelease(t *testing.T) string {
	t.Helper()
	src, err := content.Release(content.DefaultRelease)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err = fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDataDir(t *testing.T) {
	t.Parallel()
	dir := copyRelease(t)
	if got, want := runOK(t, "--data", dir, "list"), runOK(t, "list"); got != want {
		t.Errorf("list --data (a copy of the embedded release) differs from list")
	}
	if got := runOK(t, "version", "--data", dir); !strings.HasSuffix(got, "\nKubernetes v1.31 Elli data, as of "+snapshot.Dataset().Release.DataAsOf+"\n") {
		t.Errorf("version --data: %q", got)
	}

	missing := filepath.Join(dir, "missing")
	file := filepath.Join(dir, "release.md")
	broken := copyRelease(t)
	if err := os.WriteFile(filepath.Join(broken, "enhancements", "9999-broken.md"), []byte("no front matter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "--data", broken, "list")
	firstProblem, _, _ := strings.Cut(strings.TrimPrefix(r.stderr, `elli: --data "`+broken+`": invalid content: `), ":")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--data", missing, "list"}, `--data "` + missing + `": no such directory`},
		{[]string{"show", "3866", "--data", missing}, `--data "` + missing + `": no such directory`},
		{[]string{"--data", file, "list"}, `--data "` + file + `": not a directory`},
		{[]string{"--data", missing, "version"}, `--data "` + missing + `": no such directory`},
	} {
		r := run(t, tc.args...)
		want := "elli: " + tc.msg + "\n"
		if r.code != 1 || r.stderr != want {
			t.Errorf("elli %q: exit %d, stderr %q; want exit 1, %q", tc.args, r.code, r.stderr, want)
		}
	}
	if r.code != 1 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
		!strings.HasPrefix(r.stderr, `elli: --data "`+broken+`": invalid content: enhancements/9999-broken.md`) ||
		firstProblem != path.Join("enhancements", "9999-broken.md") {
		t.Errorf("--data on a broken release: %+v", r)
	}
}

// TestDataDirUntrusted: --data content with escape sequences or control characters, raw or as
// YAML escapes, is refused with one clean line naming the file and field; none of it reaches
// the terminal, not even through the error message.
func TestDataDirUntrusted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, old, new, want string }{
		{"yaml escapes in the title", "title: Add an nftables-based kube-proxy backend",
			`title: "Add \e[31mnftables\e[0m \e]0;pwned\a backend\u009b2J\u202e"`, "3866-nftables-kube-proxy.md: title: holds the control character U+001B"},
		{"raw escapes in the body", "## Why it matters",
			"## Why \x1b[2Jit \x1b]8;;http://evil\x1b\\matters\x1b]8;;\x1b\\", "3866-nftables-kube-proxy.md: line "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyRelease(t)
			p := filepath.Join(dir, "enhancements", "3866-nftables-kube-proxy.md")
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			src := strings.Replace(string(b), tc.old, tc.new, 1)
			if src == string(b) {
				t.Fatal("fixture: text to replace not found")
			}
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"list"}, {"show", "3866"}, {"search", "nft", "--json"}} {
				r := run(t, append([]string{"--data", dir}, args...)...)
				if r.code != 1 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tc.want) {
					t.Errorf("elli --data %v: exit %d, stdout %q, stderr %q; want exit 1 and %q", args, r.code, r.stdout, r.stderr, tc.want)
				}
				if strings.ContainsAny(r.stderr+r.stdout, "\x1b\x07\u009b\u202e") {
					t.Errorf("elli --data %v printed control characters: %q", args, r.stderr)
				}
			}
		})
	}
}
