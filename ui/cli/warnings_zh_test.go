package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// englishWords is two English words in a row: a sentence left in English. Keys, values, paths
// and ids stand alone in a Chinese line; a flag and its argument (--state FILE) are dropped
// first.
var (
	englishWords = regexp.MustCompile(`[A-Za-z]{2,} [A-Za-z]{2,}`)
	flagAndArg   = regexp.MustCompile(`--[a-z-]+ [A-Z]+`)
)

// TestWarningsInChinese: each warning a Chinese run prints, about the state file, the config
// file, the environment and the page style, is one line, in Chinese, with the prefix of a
// Chinese error; the same run in English keeps the English words.
func TestWarningsInChinese(t *testing.T) {
	t.Parallel()
	file := func(t *testing.T, name, content string) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name   string
		env    func(t *testing.T) map[string]string
		args   []string
		tty    bool
		lang   bool // add --lang zh (else the config's lang decides)
		zh, en string
	}{
		{"unknown id in the state",
			func(t *testing.T) map[string]string {
				return map[string]string{"ELLI_STATE": file(t, "s.json", `{"version":2,"stars":{"9999-gone":{"at":"2026-01-01T00:00:00Z"}}}`)}
			}, []string{"checklist"}, false, true,
			"保存的状态中有 1 个 ID 在 v1.31 中不存在（仍保留在文件中）：9999-gone", "the saved state refers to an id that v1.31 does not have"},
		{"corrupt state",
			func(t *testing.T) map[string]string { return map[string]string{"ELLI_STATE": file(t, "s.json", `{}`)} },
			[]string{"checklist"}, false, true,
			"不是 elli 的状态文件（缺少 schema 版本号）；不显示进度", "is not elli's state file (no schema version); showing no progress"},
		{"state from a newer elli",
			func(t *testing.T) map[string]string {
				return map[string]string{"ELLI_STATE": file(t, "s.json", `{"version":99}`)}
			},
			[]string{"checklist"}, false, true,
			"由更新版本的 elli 写入：schema 版本为 99，当前 elli 只支持 2；请升级 elli；不显示进度", "written by a newer elli: schema version 99"},
		{"no place for the state",
			func(*testing.T) map[string]string { return map[string]string{} },
			[]string{"checklist"}, false, true,
			"不知道检查清单保存在哪里（无法确定主目录", "cannot tell where the checklist is kept (cannot tell the home folder"},
		{"config: unknown key and bad value",
			func(t *testing.T) map[string]string {
				return map[string]string{"ELLI_CONFIG": file(t, "c.yaml", "colour: never\nwidth: 5\n"), "ELLI_STATE": filepath.Join(t.TempDir(), "s.json")}
			}, []string{"checklist"}, false, true,
			"未知的键 \"colour\"（可用的键有 style、color、pager、width、mouse、lang 或 state）；width 的值 \"5\" 无效：请给出 20 到 1000 之间的列数；这些设置保持默认值",
			`unknown key "colour" (the keys are style, color, pager, width, mouse, lang or state); invalid width "5"`},
		{"config in Chinese by its own lang key",
			func(t *testing.T) map[string]string {
				return map[string]string{"ELLI_CONFIG": file(t, "c.yaml", "lang: zh\nmouse: maybe\n")}
			}, []string{"version"}, false, false,
			"mouse 的值 \"maybe\" 无效：可用 true 或 false；这些设置保持默认值", ""},
		{"corrupt config",
			func(t *testing.T) map[string]string {
				return map[string]string{"ELLI_CONFIG": file(t, "c.yaml", "- style\n"), "ELLI_STATE": filepath.Join(t.TempDir(), "s.json")}
			}, []string{"checklist"}, false, true,
			"：不是由“键: 值”行组成的列表；使用默认设置", ": not a list of key: value lines; using the defaults"},
		{"bad ELLI_COLOR",
			func(t *testing.T) map[string]string {
				return map[string]string{"ELLI_COLOR": "bogus", "ELLI_STATE": filepath.Join(t.TempDir(), "s.json")}
			}, []string{"checklist"}, false, true,
			"ELLI_COLOR：color 的值 \"bogus\" 无效：可用 auto、always 或 never；已忽略", `ELLI_COLOR: invalid color "bogus": use auto, always or never; ignored`},
		{"bad GLAMOUR_STYLE",
			func(*testing.T) map[string]string { return map[string]string{"GLAMOUR_STYLE": "nosuch"} },
			[]string{"show", "3866"}, true, true,
			"GLAMOUR_STYLE 的值 \"nosuch\" 无效：可用 ", `GLAMOUR_STYLE "nosuch": use `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, zh := range []bool{true, false} {
				if !zh && tc.en == "" {
					continue
				}
				a := newTestApp(t, tc.env(t))
				a.term.in, a.term.out = tc.tty, tc.tty
				args := tc.args
				if zh && tc.lang {
					args = append(args, "--lang", "zh")
				}
				r := a.run(args...)
				if r.code != 0 {
					t.Fatalf("elli %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
				}
				lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
				if len(lines) != 1 {
					t.Fatalf("elli %s: %d lines on stderr, want one warning: %q", strings.Join(args, " "), len(lines), r.stderr)
				}
				line := lines[0]
				if !zh {
					if !strings.HasPrefix(line, "elli: warning: ") || !strings.Contains(line, tc.en) {
						t.Errorf("English: %q, want elli: warning: …%s…", line, tc.en)
					}
					continue
				}
				body, ok := strings.CutPrefix(line, "elli: 警告：")
				if !ok || !strings.Contains(body, tc.zh) {
					t.Errorf("Chinese: %q, want elli: 警告：…%s…", line, tc.zh)
				}
				if w := englishWords.FindString(flagAndArg.ReplaceAllString(body, "")); w != "" {
					t.Errorf("Chinese: %q holds English words %q", line, w)
				}
			}
		})
	}
}

// TestSaveFailureInChinese: a change that cannot be saved is one error line in the run's
// language, its reason included (only the system's own words, like "not a directory", stay).
func TestSaveFailureInChinese(t *testing.T) {
	t.Parallel()
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"ELLI_STATE": filepath.Join(blocker, "state.json")} // a folder that is a file
	for _, tc := range []struct{ lang, want string }{
		{"zh", "elli: 无法保存检查清单，没有做任何改动：无法为 " + filepath.Join(blocker, "state.json") + " 创建目录："},
		{"en", "elli: cannot save the checklist, nothing changed: cannot make the folder for " + filepath.Join(blocker, "state.json") + ": "},
	} {
		r := newTestApp(t, env).run("star", "3866", "--lang", tc.lang)
		if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, tc.want) {
			t.Errorf("--lang %s: exit %d, stderr %q, want exit 1 and one line starting %q", tc.lang, r.code, r.stderr, tc.want)
		}
	}
}

// TestConfigWriteFailureInChinese: elli config set that cannot write the file says why in the
// run's language.
func TestConfigWriteFailureInChinese(t *testing.T) {
	t.Parallel()
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(blocker, "config.yaml") // in a folder that is a file
	r := newTestApp(t, map[string]string{"ELLI_CONFIG": cfg}).run("config", "set", "style", "dark", "--lang", "zh")
	// the warning that the file cannot be read comes first; the error is the last line
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if want := "elli: 无法为 " + cfg + " 创建目录："; r.code != 1 || !strings.HasPrefix(lines[len(lines)-1], want) {
		t.Errorf("exit %d, stderr %q, want exit 1 and a last line starting %q", r.code, r.stderr, want)
	}
}
