package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/tui"
)

// configEnv writes a config file and returns an environment that points elli at it.
func configEnv(t *testing.T, content string, env map[string]string) map[string]string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if content != "" {
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out := map[string]string{"ELLI_CONFIG": path}
	for k, v := range env {
		out[k] = v
	}
	return out
}

// hasColor reports whether output carries SGR colour codes.
func hasColor(s string) bool { return strings.Contains(s, "\x1b[") }

// TestColorPrecedence: --color over ELLI_COLOR over NO_COLOR over CLICOLOR_FORCE over
// CLICOLOR=0 over the config file's color over the terminal.
func TestColorPrecedence(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		terminal bool
		config   string
		env      map[string]string
		args     []string
		want     bool
	}{
		{"pipe", false, "", nil, nil, false},
		{"terminal", true, "", nil, nil, true},
		{"--color always into a pipe", false, "", nil, []string{"--color", "always"}, true},
		{"--color never on a terminal", true, "", nil, []string{"--color", "never"}, false},
		{"CLICOLOR_FORCE into a pipe", false, "", map[string]string{"CLICOLOR_FORCE": "1"}, nil, true},
		{"CLICOLOR_FORCE=0 is no force", false, "", map[string]string{"CLICOLOR_FORCE": "0"}, nil, false},
		{"CLICOLOR=0 on a terminal", true, "", map[string]string{"CLICOLOR": "0"}, nil, false},
		{"NO_COLOR on a terminal", true, "", map[string]string{"NO_COLOR": "1"}, nil, false},
		{"NO_COLOR beats CLICOLOR_FORCE", false, "", map[string]string{"NO_COLOR": "1", "CLICOLOR_FORCE": "1"}, nil, false},
		{"--color always beats NO_COLOR", false, "", map[string]string{"NO_COLOR": "1"}, []string{"--color=always"}, true},
		{"ELLI_COLOR=always beats NO_COLOR", false, "", map[string]string{"NO_COLOR": "1", "ELLI_COLOR": "always"}, nil, true},
		{"--color never beats ELLI_COLOR", false, "", map[string]string{"ELLI_COLOR": "always"}, []string{"--color", "never"}, false},
		{"config always into a pipe", false, "color: always\n", nil, nil, true},
		{"config never on a terminal", true, "color: never\n", nil, nil, false},
		{"NO_COLOR beats the config", false, "color: always\n", map[string]string{"NO_COLOR": "1"}, nil, false},
		{"ELLI_COLOR=auto overrides the config", false, "color: always\n", map[string]string{"ELLI_COLOR": "auto"}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestApp(t, configEnv(t, tc.config, tc.env))
			a.term.out = tc.terminal
			args := append([]string{"show", "3866", "--width", "60", "--style", "dark"}, tc.args...)
			r := a.run(args...)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			if hasColor(r.stdout) != tc.want {
				t.Errorf("colour %v, want %v", hasColor(r.stdout), tc.want)
			}
		})
	}
}

// TestStylePrecedence: the explorer gets the style from --style over ELLI_STYLE over the config
// over GLAMOUR_STYLE; dark and light fix the explorer's own colours, other styles its pages'.
func TestStylePrecedence(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, config string
		env          map[string]string
		args         []string
		theme, page  string
		mouse        bool
		measure      int
	}{
		{"defaults", "", nil, nil, "auto", "", false, 100},
		{"config", "style: dracula\nmouse: true\nwidth: 90\n", nil, nil, "", "dracula", true, 90},
		{"env over config", "style: dracula\nwidth: 90\n", map[string]string{"ELLI_STYLE": "pink", "ELLI_WIDTH": "120"}, nil, "", "pink", false, 120},
		{"flag over env", "style: dracula\nmouse: true\n", map[string]string{"ELLI_STYLE": "pink"}, []string{"--style", "light", "--mouse=false"}, "light", "", false, 100},
		{"--theme is --style", "", nil, []string{"--theme", "tokyo-night"}, "", "tokyo-night", false, 100},
		{"GLAMOUR_STYLE", "", map[string]string{"GLAMOUR_STYLE": "dark"}, nil, "dark", "", false, 100},
		{"config over GLAMOUR_STYLE", "style: ascii\n", map[string]string{"GLAMOUR_STYLE": "dark"}, nil, "", "ascii", false, 100},
		{"--mouse", "", nil, []string{"--mouse"}, "auto", "", true, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestApp(t, configEnv(t, tc.config, tc.env))
			a.term.in, a.term.out = true, true
			var got tui.Options
			a.runTUI = func(_ context.Context, _ *data.Dataset, o tui.Options) error { got = o; return nil }
			if r := a.run(tc.args...); r.code != 0 || r.stderr != "" {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			if got.Theme != tc.theme || string(got.PageTheme) != tc.page || got.Mouse != tc.mouse || got.Measure != tc.measure {
				t.Errorf("options %+v, want theme %q, page %q, mouse %v, measure %d", got, tc.theme, tc.page, tc.mouse, tc.measure)
			}
		})
	}
}

// TestEveryStyleThroughShow: each style name renders `show` in colour, and they differ.
func TestEveryStyleThroughShow(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, name := range []string{"dark", "light", "dracula", "tokyo-night", "pink", "ascii", "notty"} {
		out := runOK(t, "show", "3866", "--width", "70", "--color", "always", "-s", name)
		if !strings.Contains(stripForTest(out), "NFTablesProxyMode") {
			t.Errorf("%s: the page is missing", name)
		}
		if other, ok := seen[out]; ok && name != "notty" {
			t.Errorf("%s renders as %s", name, other)
		}
		seen[out] = name
	}
}

// TestBadSettings: a bad config line or variable is one warning and the default; the command
// still works. A corrupt file is reported and left as it is.
func TestBadSettings(t *testing.T) {
	t.Parallel()
	env := configEnv(t, "colour: never\nwidth: 5\n", map[string]string{"ELLI_LANG": "fr"})
	r := newTestApp(t, env).run("show", "3866")
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if r.code != 0 || len(lines) != 2 || !strings.Contains(lines[0], `unknown key "colour"`) ||
		!strings.Contains(lines[0], `invalid width "5"`) || !strings.Contains(lines[1], "ELLI_LANG") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "NFTablesProxyMode") {
		t.Error("the command did not run on")
	}

	env = configEnv(t, "style: [dracula\n", nil)
	r = newTestApp(t, env).run("show", "3866", "--color", "always")
	if r.code != 0 || !strings.Contains(r.stderr, "using the defaults") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("corrupt config: exit %d, stderr %q", r.code, r.stderr)
	}
	if b, err := os.ReadFile(env["ELLI_CONFIG"]); err != nil || string(b) != "style: [dracula\n" {
		t.Errorf("a command that reads the config changed it: %q %v", b, err)
	}
	// every command reports it, also one that uses no setting, and none moves it
	for _, args := range [][]string{{"version"}, {"list", "--stage", "ga"}, {"gates"}} {
		env = configEnv(t, "style: [dracula\n", nil)
		r = newTestApp(t, env).run(args...)
		if r.code != 0 || !strings.Contains(r.stderr, env["ELLI_CONFIG"]+": not valid YAML") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("elli %v over a corrupt config: exit %d, stderr %q", args, r.code, r.stderr)
		}
		if m, _ := filepath.Glob(env["ELLI_CONFIG"] + ".corrupt-*"); len(m) > 0 {
			t.Errorf("elli %v moved the config aside: %v", args, m)
		}
	}

	// a style from the config that cannot load is a warning; from the flag, an error
	dir := t.TempDir()
	env = configEnv(t, "style: "+filepath.Join(dir, "gone.json")+"\n", nil)
	r = newTestApp(t, env).run("show", "3866")
	if r.code != 0 || !strings.Contains(r.stderr, "gone.json") {
		t.Errorf("missing style file in config: exit %d, stderr %q", r.code, r.stderr)
	}
	r = run(t, "show", "3866", "--style", filepath.Join(dir, "gone.json"))
	if r.code != 2 || !strings.Contains(r.stderr, "gone.json") {
		t.Errorf("missing style file as flag: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestStyleFileThroughShow: --style FILE renders with the file's style.
func TestStyleFileThroughShow(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "mine.json")
	if err := os.WriteFile(path, []byte(`{"heading":{"prefix":"§ ","color":"#00ff00"},"h1":{"prefix":"§§ "}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	// forced colour takes the depth COLORTERM promises
	r := newTestApp(t, map[string]string{"COLORTERM": "truecolor", "TERM": "xterm-256color"}).
		run("show", "3866", "--color", "always", "--style", path)
	out := r.stdout
	if !strings.Contains(stripForTest(out), "§§ ") || !strings.Contains(out, "38;2;0;255;0") {
		t.Errorf("the style file is not used:\n%.300q", out)
	}
}
