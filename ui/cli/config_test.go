package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigCommands: path, set, get, list and unset on a file that does not exist yet; a
// preference set sticks for the next run.
func TestConfigCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"XDG_CONFIG_HOME": dir}
	elli := func(args ...string) result { return newTestApp(t, env).run(args...) }
	path := filepath.Join(dir, "elli", "config.yaml")

	if r := elli("config", "path"); r.code != 0 || r.stdout != path+"\n" {
		t.Fatalf("config path: %+v, want %s", r, path)
	}
	if r := elli("config", "get", "style"); r.code != 0 || r.stdout != "auto\n" {
		t.Errorf("get style before any set: %+v", r)
	}
	if r := elli("config", "set", "style", "dracula"); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("set style: %+v", r)
	}
	if r := elli("config", "set", "width", "90"); r.code != 0 {
		t.Fatalf("set width: %+v", r)
	}
	if r := elli("config", "get", "style"); r.stdout != "dracula\n" {
		t.Errorf("get style after set: %q", r.stdout)
	}
	want := "style=dracula\ncolor=auto\npager=\nwidth=90\nmouse=false\nlang=en\nstate=\n"
	if r := elli("config", "list"); r.stdout != want {
		t.Errorf("config list:\n%s\nwant:\n%s", r.stdout, want)
	}
	// the preference sticks: a later run renders in dracula, not in dark
	withConfig := newTestApp(t, env).run("show", "3866", "--color", "always", "--width", "60").stdout
	dracula := runOK(t, "show", "3866", "--color", "always", "--width", "60", "-s", "dracula")
	if withConfig != dracula {
		t.Error("the style set with elli config set is not used by show")
	}
	// written atomically: nothing else in the folder, and readable only by the user
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("config folder holds %d entries", len(entries))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("config file: %v %v", fi.Mode(), err)
	}
	if r := elli("config", "unset", "style"); r.code != 0 {
		t.Fatalf("unset: %+v", r)
	}
	if r := elli("config", "get", "style"); r.stdout != "auto\n" {
		t.Errorf("get style after unset: %q", r.stdout)
	}
	if r := elli("config", "set", "color", "loud"); r.code != 2 || !strings.Contains(r.stderr, "use auto, always or never") {
		t.Errorf("set a bad value: %+v", r)
	}
	b, _ := os.ReadFile(path)
	if strings.Contains(string(b), "loud") || !strings.Contains(string(b), "width: 90") {
		t.Errorf("file after a refused set:\n%s", b)
	}
}

// TestConfigCorruptKeptAside: a set over a config file elli cannot parse fails, exit 1, and
// leaves it as it is (issue 20 #1); one that begins with elli's own header is moved aside and
// reported, and set writes a fresh file.
func TestConfigCorruptKeptAside(t *testing.T) {
	t.Parallel()
	env := configEnv(t, "\tstyle: : dracula\n", nil)
	r := newTestApp(t, env).run("config", "set", "style", "pink")
	if r.code != 1 || !strings.HasSuffix(r.stderr, "fix it or move it away, then try again\n") {
		t.Fatalf("set over a file elli did not write: %+v", r)
	}
	if b, _ := os.ReadFile(env["ELLI_CONFIG"]); string(b) != "\tstyle: : dracula\n" {
		t.Errorf("the file was changed: %q", b)
	}
	ours := "# elli's settings: elli config set KEY VALUE, or edit this file.\n\tstyle: : dracula\n"
	env = configEnv(t, ours, nil)
	r = newTestApp(t, env).run("config", "set", "style", "pink")
	if r.code != 0 || !strings.Contains(r.stderr, ".corrupt-20250102T030405Z") {
		t.Fatalf("set over elli's own corrupt file: %+v", r)
	}
	if b, err := os.ReadFile(env["ELLI_CONFIG"] + ".corrupt-20250102T030405Z"); err != nil || string(b) != ours {
		t.Errorf("the corrupt file was not kept whole: %q %v", b, err)
	}
	if r := newTestApp(t, env).run("config", "get", "style"); r.stdout != "pink\n" || r.stderr != "" {
		t.Errorf("after the fresh set: %+v", r)
	}
}

// TestConfigWithoutHome: nowhere to keep the file is one clear error, not a panic.
func TestConfigWithoutHome(t *testing.T) {
	t.Parallel()
	r := run(t, "config", "set", "style", "pink")
	if r.code != 1 || !strings.Contains(r.stderr, "ELLI_CONFIG") {
		t.Errorf("%+v", r)
	}
}

// --width, ELLI_WIDTH and the width setting take one range: --width 15 was accepted where the
// other two refused it. -w is --width, as in glow.
func TestWidthOneRange(t *testing.T) {
	// not parallel: TestJQBounds measures the process's memory, and these runs would count
	for _, n := range []string{"9", "15", "19", "20", "100", "1000", "1001"} {
		flag := run(t, "show", "3866", "--width", n).code == 0
		short := run(t, "show", "3866", "-w", n).code == 0
		env := newTestApp(t, map[string]string{"ELLI_WIDTH": n}).run("show", "3866")
		envOK := env.code == 0 && env.stderr == ""
		set := newTestApp(t, map[string]string{"XDG_CONFIG_HOME": t.TempDir()}).run("config", "set", "width", n).code == 0
		if flag != envOK || flag != set || flag != short {
			t.Errorf("width %s: --width ok %v, -w ok %v, ELLI_WIDTH ok %v, config set ok %v; want one answer", n, flag, short, envOK, set)
		}
	}
	if a, b := runOK(t, "show", "3866", "-w", "60"), runOK(t, "show", "3866", "--width", "60"); a != b {
		t.Error("-w 60 and --width 60 print different pages")
	}
}
