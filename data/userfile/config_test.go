package userfile

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elli-k8s/elli/internal/hostile"
)

var testNow = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// styleCheck stands in for the renderer's list of styles.
var styleCheck = Checks{"style": func(s string) error {
	if s == "auto" || s == "dracula" || strings.HasSuffix(s, ".json") {
		return nil
	}
	return errors.New("use auto, dracula or a .json file")
}}

func writeConfig(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "elli", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name     string
		content  string
		want     map[string]string
		problems []string // each must appear in the one warning
	}{
		{"empty", "", map[string]string{}, nil},
		{"comments only", "# nothing yet\n", map[string]string{}, nil},
		{"valid", "style: dracula\ncolor: Never\nwidth: 90\nmouse: yes\nlang: zh\npager: ''\n",
			map[string]string{"style": "dracula", "color": "never", "width": "90", "mouse": "true", "lang": "zh", "pager": ""}, nil},
		{"unknown key", "colour: never\nwidth: 90\n", map[string]string{"width": "90"},
			[]string{`unknown key "colour"`, "keep their defaults"}},
		{"bad values", "width: 5\nlang: fr\nstyle: draculla\nmouse: maybe\n", map[string]string{},
			[]string{`invalid width "5": use a number of columns from 20 to 1000`, `invalid lang "fr": use en or zh`,
				`invalid style "draculla"`, `invalid mouse "maybe": use true or false`}},
		{"nested value", "style:\n  name: dracula\n", map[string]string{}, []string{"style must be a single value"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, tt.content)
			cfg, problems := LoadConfig(path, styleCheck, testNow)
			for k, want := range tt.want {
				if got, ok := cfg.Value(k); !ok || got != want {
					t.Errorf("%s = %q (%v), want %q", k, got, ok, want)
				}
			}
			for _, k := range KeyNames() {
				if _, ok := tt.want[k]; !ok {
					if v, ok := cfg.Value(k); ok {
						t.Errorf("%s = %q, want unset", k, v)
					}
				}
			}
			if len(tt.problems) == 0 && len(problems) > 0 {
				t.Errorf("problems %q, want none", problems)
			}
			if len(tt.problems) > 0 {
				if len(problems) != 1 {
					t.Fatalf("got %d warnings %q, want one", len(problems), problems)
				}
				for _, p := range tt.problems {
					if !strings.Contains(problems[0].Error(), p) {
						t.Errorf("warning %q lacks %q", problems[0], p)
					}
				}
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("a readable config was moved: %v", err)
			}
		})
	}
}

func TestLoadConfigMissing(t *testing.T) {
	cfg, problems := LoadConfig(filepath.Join(t.TempDir(), "none.yaml"), nil, testNow)
	if len(problems) > 0 || len(cfg.values) > 0 {
		t.Errorf("missing file: %v %v", cfg.values, problems)
	}
}

// A config file elli cannot parse is never touched by a command that reads it: a warning, and
// the defaults. A set refuses to replace it (issue 20 #1), unless elli wrote it (its header):
// that one is moved aside and a new file written.
func TestLoadConfigCorrupt(t *testing.T) {
	for name, content := range map[string]string{
		"not YAML":        "style: [dracula\n",
		"a list":          "- style\n- dracula\n",
		"a scalar":        "dracula\n",
		"duplicate key":   "style: dracula\nstyle: pink\n",
		"too large":       "# " + strings.Repeat("x", maxConfig) + "\n",
		"second document": "style: dracula\n---\nwidth: 90\n",
	} {
		for _, ours := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/elli wrote it %v", name, ours), func(t *testing.T) {
				if ours {
					content = header + content
				}
				path := writeConfig(t, content)
				cfg, problems := LoadConfig(path, nil, testNow)
				if len(cfg.values) > 0 {
					t.Errorf("values from a corrupt file: %v", cfg.values)
				}
				if len(problems) != 1 || !strings.Contains(problems[0].Error(), "using the defaults") {
					t.Fatalf("warning %q, want one saying the defaults are used", problems)
				}
				if got, _ := os.ReadFile(path); string(got) != content {
					t.Fatal("reading the config changed the file")
				}
				err := cfg.Set("style", "dracula", nil)
				aside := path + ".corrupt-20250102T030405Z"
				if !ours {
					if err == nil || !strings.Contains(err.Error(), "fix it or move it away") {
						t.Fatalf("set over a file elli cannot read: %v, want a refusal", err)
					}
					if got, _ := os.ReadFile(path); string(got) != content {
						t.Error("a refused set changed the file")
					}
					if _, err := os.Lstat(aside); err == nil {
						t.Error("a file elli did not write was moved aside")
					}
					return
				}
				if err != nil || cfg.Moved == nil || cfg.Moved.Aside != aside {
					t.Fatalf("set over elli's corrupt file: %v, moved %+v", err, cfg.Moved)
				}
				if got, err := os.ReadFile(aside); err != nil || string(got) != content {
					t.Errorf("the corrupt file was not kept whole: %v", err)
				}
				again, problems := LoadConfig(path, nil, testNow)
				if v, _ := again.Value("style"); v != "dracula" || len(problems) > 0 {
					t.Errorf("after set: style %q, problems %v", v, problems)
				}
			})
		}
	}
}

// A config path that is a FIFO, a device (made here with mknod, never a real one) or a file the
// user cannot read is never replaced (issue 20 #1): the read warns, the set fails.
func TestSetRefusesWhatItCannotRead(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := hostile.Mkfifo(fifo); err != nil {
		t.Fatal(err)
	}
	paths := []string{fifo}
	if dev := filepath.Join(dir, "null.yaml"); hostile.MknodNull(dev) == nil {
		paths = append(paths, dev)
	}
	for _, path := range paths {
		before, _ := os.Lstat(path)
		cfg, problems := LoadConfig(path, nil, testNow)
		if len(problems) != 1 {
			t.Errorf("%s: problems %v, want one warning", path, problems)
		}
		if err := cfg.Set("width", "80", nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: set = %v, want a refusal naming the file's type", path, err)
		}
		after, err := os.Lstat(path)
		if err != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
			t.Errorf("%s was replaced: %v → %v (%v)", path, before.Mode(), after, err)
		}
	}
}

// Six processes setting six keys at once keep all six (issue 20 #6): a set takes the lock and
// reads the file as it is under it.
func TestConcurrentSetsKeepEveryKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	keys := [][2]string{{"style", "dracula"}, {"color", "never"}, {"pager", "more"}, {"width", "90"}, {"mouse", "true"}, {"lang", "zh"}}
	var cmds []*exec.Cmd
	for _, kv := range keys {
		c := exec.Command(os.Args[0], "-test.run=^$")
		c.Env = append(os.Environ(), "ELLI_CONFIG_TEST="+path+"\n"+kv[0]+"\n"+kv[1])
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	cfg, problems := LoadConfig(path, nil, testNow)
	for _, kv := range keys {
		if v, ok := cfg.Value(kv[0]); !ok || v != kv[1] {
			t.Errorf("%s = %q (%v) after six concurrent sets, want %q; problems %v", kv[0], v, ok, kv[1], problems)
		}
	}
}

func TestMain(m *testing.M) {
	if v := os.Getenv("ELLI_CONFIG_TEST"); v != "" {
		p := strings.Split(v, "\n")
		cfg, _ := LoadConfig(p[0], nil, time.Now())
		time.Sleep(20 * time.Millisecond) // every process has read the file before any writes
		if err := cfg.Set(p[1], p[2], nil); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A relative path in the config file would name another file in every folder (issue 20 #2).
func TestConfigRefusesRelativePaths(t *testing.T) {
	path := writeConfig(t, "state: state.json\nstyle: mine.json\n")
	cfg, problems := LoadConfig(path, styleCheck, testNow)
	if _, ok := cfg.Value("state"); ok || len(problems) != 1 || !strings.Contains(problems[0].Error(), "must be absolute") {
		t.Errorf("relative state in the file: problems %v", problems)
	}
	if _, ok := cfg.Value("style"); ok {
		t.Error("a relative style file in the config is taken")
	}
	for _, v := range []string{"state.json", "./x/state.json", "../state.json"} {
		if err := cfg.Set("state", v, nil); err == nil {
			t.Errorf("config set state %s is accepted", v)
		}
	}
	for _, v := range []string{"/abs/state.json", "~/state.json"} {
		if err := cfg.Set("state", v, nil); err != nil {
			t.Errorf("config set state %s: %v", v, err)
		}
	}
}

// A config file that is a link (stow, chezmoi) stays a link: the set writes its target, whose
// mode is kept (issue 20 #5).
func TestSetFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "elli.yaml")
	os.MkdirAll(filepath.Dir(target), 0o755)
	if err := os.WriteFile(target, []byte("# mine\nwidth: 90\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config", "config.yaml")
	os.MkdirAll(filepath.Dir(link), 0o700)
	if err := os.Symlink("../dotfiles/elli.yaml", link); err != nil {
		t.Fatal(err)
	}
	cfg, _ := LoadConfig(link, nil, testNow)
	if err := cfg.Set("color", "never", nil); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	b, _ := os.ReadFile(target)
	if !strings.Contains(string(b), "# mine") || !strings.Contains(string(b), "color: never") {
		t.Errorf("the target holds:\n%s", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o644 {
		t.Errorf("the target's mode became %v, want 0644 kept", fi.Mode().Perm())
	}
}

func TestSetKeepsComments(t *testing.T) {
	path := writeConfig(t, "# my settings\nstyle: dracula # the one I like\n\n# wide screens\nwidth: 120\n")
	cfg, _ := LoadConfig(path, nil, testNow)
	if err := cfg.Set("style", "tokyo-night", nil); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Set("color", "ALWAYS", nil); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	got := string(b)
	for _, want := range []string{"# my settings", "style: tokyo-night # the one I like", "# wide screens", "width: 120", "color: always"} {
		if !strings.Contains(got, want) {
			t.Errorf("file lacks %q:\n%s", want, got)
		}
	}
	if err := cfg.Unset("width"); err != nil {
		t.Fatal(err)
	}
	again, problems := LoadConfig(path, nil, testNow)
	if _, ok := again.Value("width"); ok || len(problems) > 0 {
		t.Errorf("width still set after unset (%v)", problems)
	}
	if v, _ := again.Value("style"); v != "tokyo-night" {
		t.Errorf("style = %q after unset of width", v)
	}
}

func TestSetRefusesBadValues(t *testing.T) {
	path := writeConfig(t, "width: 90\n")
	cfg, _ := LoadConfig(path, styleCheck, testNow)
	for _, kv := range [][2]string{{"width", "wide"}, {"colour", "never"}, {"style", "nosuch"}, {"pager", "less\n-R"}} {
		if err := cfg.Set(kv[0], kv[1], styleCheck); err == nil {
			t.Errorf("set %s %q succeeded", kv[0], kv[1])
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "width: 90\n" {
		t.Errorf("a refused set changed the file: %q", b)
	}
}

func TestSetNewFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "config.yaml")
	cfg, _ := LoadConfig(path, nil, testNow)
	if err := cfg.Set("pager", "less -R", nil); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(b), "# elli's settings") || !strings.Contains(string(b), "pager: less -R\n") {
		t.Errorf("new file:\n%s", b)
	}
}
