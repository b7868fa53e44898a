package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A check's notes are one line each on stderr, punctuated in the language of the run: the
// Chinese line uses full-width colons, as every other Chinese sentence of elli does.
func TestCheckNotesInEachLanguage(t *testing.T) {
	t.Parallel()
	file := "testdata/check/chart/rendered.yaml"
	for lang, want := range map[string]string{
		"en": "elli: " + file + ": skipped: ",
		"zh": "elli: " + file + "：已跳过：",
	} {
		r := run(t, "check", "--lang", lang, "--max-file-size", "10B", file)
		if !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line starting %q", lang, r.stderr, want)
		}
	}
}

// A check that found nothing says how much it read: with a note (a file skipped by
// --max-file-size, a document of standard input, a binary file) it found nothing in what could
// be read, in the words of the Findings view, and counts what it did read, instead of "nothing in 0 files checked is changed";
// one that read nothing and noted nothing (an empty folder) says so; a full check keeps its
// sentence. Exit 0 each time: a file skipped on purpose is no read error.
func TestCheckPartialSummary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	small := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := write("a.yaml", small), write("b.yaml", small+"data: {k: a value long enough to pass the limit}\n")
	write("c.png", "\x89PNG\r\n\x1a\n\x00\x00") // not a kind check reads: passed over without a note
	const chart = "testdata/check/chart/rendered.yaml"
	for _, tc := range []struct {
		lang   string
		stdin  string
		args   []string
		stdout string
		notes  int
	}{
		{"en", "", []string{"--max-file-size", "10B", chart},
			"No findings in what could be read of " + chart + " (no file checked).\n", 1},
		{"zh", "", []string{"--max-file-size", "10B", chart},
			chart + " 中能读取的部分没有发现问题（未检查任何文件）。\n", 1},
		{"en", "", []string{"--max-file-size", "60B", dir},
			"No findings in what could be read of " + dir + " (1 file checked).\n", 1},
		{"zh", "", []string{"--max-file-size", "60B", dir},
			dir + " 中能读取的部分没有发现问题（已检查 1 个文件）。\n", 1},
		{"en", small, []string{"--max-file-size", "10B", "-"},
			"No findings in what could be read of standard input (1 file checked).\n", 1},
		{"zh", small, []string{"--max-file-size", "10B", "-"},
			"标准输入中能读取的部分没有发现问题（已检查 1 个文件）。\n", 1},
		{"en", "", []string{"--max-file-size", "60B", a, b, a, empty},
			"No findings in what could be read of " + a + " " + b + " " + a + " and 1 more (2 files checked).\n", 1},
		{"zh", "", []string{"--max-file-size", "60B", a, b, a, empty},
			a + " " + b + " " + a + " 及另外 1 个路径中能读取的部分没有发现问题（已检查 2 个文件）。\n", 1},
		{"en", "", []string{empty}, "No findings: " + empty + " holds nothing that elli checks.\n", 0},
		{"zh", "", []string{empty}, "没有发现问题：" + empty + " 中没有 elli 要检查的内容。\n", 0},
		{"en", "", []string{a}, "No findings: nothing in 1 file checked is changed by v1.31.\n", 0},
		{"zh", "", []string{a}, "没有发现问题：已检查 1 个文件，均不受 v1.31 影响。\n", 0},
	} {
		r := runStdin(t, tc.stdin, append([]string{"check", "--lang", tc.lang}, tc.args...)...)
		if r.code != 0 || r.stdout != tc.stdout || strings.Count(r.stderr, "\n") != tc.notes {
			t.Errorf("%s elli check %s: exit %d, stdout %q (want %q), stderr %q (want %d notes)",
				tc.lang, strings.Join(tc.args, " "), r.code, r.stdout, tc.stdout, r.stderr, tc.notes)
		}
	}
}
