package userfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

func TestLoadConfigCorrupt(t *testing.T) {
	for name, content := range map[string]string{
		"not YAML":      "style: [dracula\n",
		"a list":        "- style\n- dracula\n",
		"a scalar":      "dracula\n",
		"duplicate key": "style: dracula\nstyle: pink\n",
		"too large":     "# " + strings.Repeat("x", maxConfig) + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			path := writeConfig(t, content)
			cfg, problems := LoadConfig(path, nil, testNow)
			if len(cfg.values) > 0 {
				t.Errorf("values from a corrupt file: %v", cfg.values)
			}
			aside := path + ".corrupt-20250102T030405Z"
			if len(problems) != 1 || !strings.Contains(problems[0].Error(), aside) {
				t.Fatalf("warning %q does not name %s", problems, aside)
			}
			if got, err := os.ReadFile(aside); err != nil || string(got) != content {
				t.Errorf("the corrupt file was not kept whole: %v", err)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Error("the corrupt file is still in place")
			}
			// elli goes on: setting a key writes a new file.
			if err := cfg.Set("style", "dracula", nil); err != nil {
				t.Fatal(err)
			}
			again, problems := LoadConfig(path, nil, testNow)
			if v, _ := again.Value("style"); v != "dracula" || len(problems) > 0 {
				t.Errorf("after set: style %q, problems %v", v, problems)
			}
		})
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
