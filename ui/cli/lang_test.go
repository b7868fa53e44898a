package cli

import (
	"fmt"
	"github.com/elli-k8s/elli/embed/snapshot"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// TestResolveLang: --lang over ELLI_LANG over the config's lang over the locale (LC_ALL, then
// LC_MESSAGES, then LANG; empty ones skipped; zh* is Chinese, anything else English) over
// English.
func TestResolveLang(t *testing.T) {
	for _, tc := range []struct {
		name   string
		flag   string
		env    map[string]string
		config string
		want   data.Lang
	}{
		{"nothing", "", nil, "", data.LangEN},
		{"flag", "zh", nil, "", data.LangZH},
		{"flag regional", "zh_CN", nil, "", data.LangZH},
		{"flag over everything", "en", map[string]string{"ELLI_LANG": "zh", "LANG": "zh_CN.UTF-8"}, "zh", data.LangEN},
		{"bad flag falls through (the parser reports it)", "fr", map[string]string{"ELLI_LANG": "zh"}, "", data.LangZH},
		{"ELLI_LANG", "", map[string]string{"ELLI_LANG": "zh"}, "", data.LangZH},
		{"ELLI_LANG over config and locale", "", map[string]string{"ELLI_LANG": "en", "LANG": "zh_CN.UTF-8"}, "zh", data.LangEN},
		{"empty ELLI_LANG is unset", "", map[string]string{"ELLI_LANG": ""}, "zh", data.LangZH},
		{"bad ELLI_LANG falls through", "", map[string]string{"ELLI_LANG": "klingon"}, "zh", data.LangZH},
		{"config", "", nil, "zh", data.LangZH},
		{"config over locale", "", map[string]string{"LANG": "zh_CN.UTF-8"}, "en", data.LangEN},
		{"LANG zh_CN.UTF-8", "", map[string]string{"LANG": "zh_CN.UTF-8"}, "", data.LangZH},
		{"LANG zh_TW", "", map[string]string{"LANG": "zh_TW.Big5"}, "", data.LangZH},
		{"LANG bare zh", "", map[string]string{"LANG": "zh"}, "", data.LangZH},
		{"LANG en_US", "", map[string]string{"LANG": "en_US.UTF-8"}, "", data.LangEN},
		{"LANG fr_FR is English", "", map[string]string{"LANG": "fr_FR.UTF-8"}, "", data.LangEN},
		{"LC_MESSAGES over LANG", "", map[string]string{"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "", data.LangZH},
		{"LC_ALL over both", "", map[string]string{"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "zh_CN", "LANG": "zh_CN"}, "", data.LangEN},
		{"LC_ALL=C is English", "", map[string]string{"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "", data.LangEN},
		{"POSIX is English", "", map[string]string{"LANG": "POSIX"}, "", data.LangEN},
		{"empty LC_ALL skipped", "", map[string]string{"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, "", data.LangZH},
		{"empty LC_ALL and LC_MESSAGES skipped", "", map[string]string{"LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_SG"}, "", data.LangZH},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
			config := func() (string, bool) { return tc.config, tc.config != "" }
			if got := resolveLang(tc.flag, lookup, config); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestLangArg(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"list", "--lang", "zh"}, "zh"},
		{[]string{"--lang=zh", "show", "3866"}, "zh"},
		{[]string{"--lang", "zh", "--lang", "en"}, "en"},
		{[]string{"search", "--", "--lang", "zh"}, ""},
		{[]string{"search", "--lang"}, ""},
	} {
		if got := langArg(tc.args); got != tc.want {
			t.Errorf("langArg(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// runLang runs elli with an environment, piped.
func runLang(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	return newTestApp(t, env).run(args...)
}

// Each way of asking for Chinese reaches the commands; ids, KEP numbers, stages and gate names
// stay as they are.
func TestLangSources(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(cfg, []byte("lang: zh\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		zh   bool
	}{
		{"default", nil, nil, false},
		{"--lang zh", nil, []string{"--lang", "zh"}, true},
		{"ELLI_LANG", map[string]string{"ELLI_LANG": "zh"}, nil, true},
		{"config", map[string]string{"ELLI_CONFIG": cfg}, nil, true},
		{"ELLI_LANG over config", map[string]string{"ELLI_CONFIG": cfg, "ELLI_LANG": "en"}, nil, false},
		{"locale", map[string]string{"LANG": "zh_CN.UTF-8"}, nil, true},
		{"--lang over locale", map[string]string{"LANG": "zh_CN.UTF-8"}, []string{"--lang=en"}, false},
		{"LC_ALL=C over LANG", map[string]string{"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runLang(t, tc.env, append([]string{"list", "--stage", "beta"}, tc.args...)...)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			head := strings.Fields(strings.SplitN(r.stdout, "\n", 2)[0])
			wantHead := []string{"KEP/ID", "STAGE", "SIG", "TITLE"}
			if tc.zh {
				wantHead = []string{"KEP/ID", "阶段", "SIG", "标题"}
			}
			if strings.Join(head, " ") != strings.Join(wantHead, " ") {
				t.Errorf("heading %q, want %q", head, wantHead)
			}
			if hasHan(r.stdout) != tc.zh {
				t.Errorf("Chinese text: %v, want %v\n%s", hasHan(r.stdout), tc.zh, r.stdout)
			}
			if !strings.Contains(r.stdout, "\n3866  ") || !strings.Contains(r.stdout, "Beta") {
				t.Errorf("the KEP number or the stage changed with the language:\n%s", r.stdout)
			}
		})
	}
	if r := runLang(t, nil, "list", "--lang", "fr"); r.code != 2 || !strings.Contains(r.stderr, `invalid --lang "fr": use en or zh`) {
		t.Errorf("--lang fr: exit %d, stderr %q", r.code, r.stderr)
	}
}

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff })
}

// TestLangJSON: every --json in Chinese carries Chinese text and "lang":"zh", and everything but
// the text is what the English output has.
func TestLangJSON(t *testing.T) {
	t.Parallel()
	en := decode[[]Item](t, runOK(t, "list", "--json"))
	zh := decode[[]Item](t, runOK(t, "list", "--json", "--lang", "zh"))
	if len(en) != len(zh) {
		t.Fatalf("%d items in English, %d in Chinese", len(en), len(zh))
	}
	for i := range en {
		e, z := en[i], zh[i]
		if e.Lang != "en" || z.Lang != "zh" {
			t.Errorf("%s: lang %q and %q", e.ID, e.Lang, z.Lang)
		}
		if !hasHan(z.Title) || !hasHan(z.Summary) {
			t.Errorf("%s: the Chinese title or summary is not Chinese: %q / %q", z.ID, z.Title, z.Summary)
		}
		e.Title, e.Summary, e.Lang, z.Title, z.Summary, z.Lang = "", "", "", "", "", ""
		for j := range e.Gates {
			e.Gates[j].Note, z.Gates[j].Note = "", ""
		}
		if !jsonEqual(e, z) {
			t.Errorf("%s: besides the text, the Chinese item differs:\n%+v\n%+v", e.ID, e, z)
		}
	}
	page := decode[Page](t, runOK(t, "show", "3866", "--json", "--lang", "zh"))
	if page.Lang != "zh" || !hasHan(page.Body) || !hasHan(page.Title) || page.KEP != 3866 || page.Stage != "beta" ||
		page.Gates[0].Name != "NFTablesProxyMode" || !hasHan(page.Gates[0].Note) {
		t.Errorf("show 3866 --json --lang zh: %+v", page.Item)
	}
	rel := decode[ReleasePage](t, runOK(t, "show", "release", "--json", "--lang", "zh"))
	if rel.Lang != "zh" || !hasHan(rel.Body) || rel.Version != "v1.31" {
		t.Errorf("show release --json --lang zh: lang %q, version %q", rel.Lang, rel.Version)
	}
	res := decode[[]SearchResult](t, runOK(t, "search", "nftables", "--json", "--lang", "zh"))
	if len(res) == 0 || res[0].KEP != 3866 || res[0].Lang != "zh" || !hasHan(res[0].Title) {
		t.Errorf("search nftables --json --lang zh: %+v", res)
	}
	gates := decode[[]GateEntry](t, runOK(t, "gates", "NFTablesProxyMode", "--json", "--lang", "zh"))
	if len(gates) != 1 || gates[0].Lang != "zh" || gates[0].Name != "NFTablesProxyMode" || gates[0].Stage != "beta" ||
		!hasHan(gates[0].Item.Title) || !hasHan(gates[0].Note) {
		t.Errorf("gates NFTablesProxyMode --json --lang zh: %+v", gates)
	}
}

// TestLangCommands: the human output of list, show, search and gates in Chinese.
func TestLangCommands(t *testing.T) {
	t.Parallel()
	show := runOK(t, "show", "3866", "--lang", "zh")
	for _, want := range []string{"KEP-3866：", "KEP 官方标题：Add an nftables-based kube-proxy backend", "**阶段**：Beta", "NFTablesProxyMode"} {
		if !strings.Contains(show, want) {
			t.Errorf("show 3866 --lang zh lacks %q:\n%s", want, show)
		}
	}
	search := runOK(t, "search", "nftables", "--lang", "zh")
	if !strings.HasPrefix(strings.Split(search, "\n")[1], "3866 ") || !hasHan(search) {
		t.Errorf("search nftables --lang zh:\n%s", search)
	}
	gate := runOK(t, "gates", "NFTablesProxyMode", "--lang", "zh")
	for _, want := range []string{"默认：", "启用", "阶段：  Beta", "见于：", "3866：新增基于 nftables 的 kube-proxy 后端（Beta）", "详情：", "elli show 3866"} {
		if !strings.Contains(gate, want) {
			t.Errorf("gates NFTablesProxyMode --lang zh lacks %q:\n%s", want, gate)
		}
	}
	// the 阶段 column and line say the stage as a Chinese page does, never the raw word
	gatesZH := runOK(t, "gates", "--lang", "zh")
	for _, raw := range []string{" deprecated ", " removed ", " alpha ", " beta ", " ga "} {
		if strings.Contains(gatesZH, raw) {
			t.Errorf("gates --lang zh prints the stage %q raw", strings.TrimSpace(raw))
		}
	}
	for _, want := range []string{" 已弃用 ", " 已移除 ", " Beta "} {
		if !strings.Contains(gatesZH, want) {
			t.Errorf("gates --lang zh lacks the stage %q", strings.TrimSpace(want))
		}
	}
	// the labels line up by cells: every value starts in the same column
	col := -1
	for _, l := range strings.Split(strings.TrimSpace(gate), "\n")[1:] {
		_, v, _ := strings.Cut(l, "：")
		c := cellWidth(l) - cellWidth(strings.TrimLeft(v, " "))
		if col >= 0 && c != col {
			t.Errorf("gate detail values do not line up:\n%s", gate)
			break
		}
		col = c
	}
	if head := strings.Fields(strings.SplitN(gatesZH, "\n", 2)[0]); strings.Join(head, " ") != "名称 默认 阶段 组件 KEP/ID" {
		t.Errorf("gates --lang zh heading: %q", head)
	}
}

func cellWidth(s string) int { return ansi.StringWidth(s) }

// A --data folder without Chinese: English text, one note on stderr, "lang":"en".
func TestLangDataWithoutChinese(t *testing.T) {
	t.Parallel()
	dir := copyRelease(t)
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".zh.md") {
			err = os.Remove(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	const note = "elli: 此数据集没有中文文本，以英文显示\n"
	r := runLang(t, nil, "list", "--data", dir, "--lang", "zh")
	if r.code != 0 || r.stderr != note || !strings.Contains(r.stdout, "Add an nftables-based kube-proxy backend") {
		t.Errorf("list --lang zh on a dataset without Chinese: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runLang(t, nil, "show", "3866", "--json", "--data", dir, "--lang", "zh")
	if p := decode[Page](t, r.stdout); r.stderr != note || p.Lang != "en" || p.Title != "Add an nftables-based kube-proxy backend" {
		t.Errorf("show --json --lang zh without Chinese: stderr %q, lang %q, title %q", r.stderr, p.Lang, p.Title)
	}
	if r := runLang(t, nil, "list", "--data", dir); r.stderr != "" {
		t.Errorf("in English the missing Chinese is no news: %q", r.stderr)
	}
	// a folder with one page untranslated: the note counts the pages, still once
	part := copyRelease(t)
	if err := os.Remove(filepath.Join(part, "enhancements", "24-apparmor.zh.md")); err != nil {
		t.Fatal(err)
	}
	partNote := fmt.Sprintf("elli: 共 %d 个页面中有 1 个没有中文文本，以英文显示\n", len(snapshot.Dataset().Items)+1) // the items and the overview
	r = runLang(t, nil, "show", "24", "--data", part, "--lang", "zh")
	if r.code != 0 || r.stderr != partNote || !strings.Contains(r.stdout, "Add AppArmor Support") {
		t.Errorf("show 24 --lang zh, its page untranslated: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runLang(t, nil, "show", "3866", "--data", part, "--lang", "zh")
	if r.code != 0 || r.stderr != partNote || !strings.Contains(r.stdout, "KEP-3866：") {
		t.Errorf("show 3866 --lang zh beside an untranslated page: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A locale whose character set is not UTF-8 (GB18030, GBK, Big5) gets one warning on a
// terminal, since elli writes UTF-8 only (issue 20 #9); UTF-8, C and pipes get none.
func TestNonUTF8LocaleWarns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang string
		tty  bool
		warn bool
	}{
		{"zh_CN.GB18030", true, true}, {"zh_CN.GBK", true, true}, {"zh_TW.Big5", true, true},
		{"zh_CN.UTF-8", true, false}, {"en_US.utf8", true, false}, {"C", true, false}, {"zh_CN.GB18030", false, false},
	} {
		a := newTestApp(t, map[string]string{"LANG": tc.lang})
		a.term.out = tc.tty
		r := a.run("version")
		got := strings.Contains(r.stderr, "writes UTF-8") || strings.Contains(r.stderr, "只输出 UTF-8")
		if got != tc.warn || strings.Count(r.stderr, "\n") > 1 {
			t.Errorf("LANG=%s, terminal %v: stderr %q, want a warning %v", tc.lang, tc.tty, r.stderr, tc.warn)
		}
	}
}
