package userfile

import (
	"path/filepath"
	"testing"
)

func envOf(goos, home string, vars map[string]string) Env {
	return Env{GOOS: goos, Home: home, Getenv: func(k string) string { return vars[k] }}
}

func TestDirs(t *testing.T) {
	tests := []struct {
		name          string
		env           Env
		config, state string
	}{
		{"linux defaults", envOf("linux", "/home/u", nil),
			"/home/u/.config/elli", "/home/u/.local/state/elli"},
		{"linux XDG", envOf("linux", "/home/u", map[string]string{"XDG_CONFIG_HOME": "/x/cfg", "XDG_STATE_HOME": "/x/st"}),
			"/x/cfg/elli", "/x/st/elli"},
		{"relative XDG is ignored", envOf("freebsd", "/home/u", map[string]string{"XDG_CONFIG_HOME": "cfg", "XDG_STATE_HOME": "st"}),
			"/home/u/.config/elli", "/home/u/.local/state/elli"},
		{"macOS", envOf("darwin", "/Users/u", nil),
			"/Users/u/Library/Application Support/elli", "/Users/u/Library/Application Support/elli"},
		{"macOS honours XDG", envOf("darwin", "/Users/u", map[string]string{"XDG_CONFIG_HOME": "/Users/u/.config"}),
			"/Users/u/.config/elli", "/Users/u/Library/Application Support/elli"},
		{"windows", envOf("windows", `C:\Users\u`, map[string]string{"AppData": "/appdata/roaming", "LocalAppData": "/appdata/local"}),
			"/appdata/roaming/elli", "/appdata/local/elli"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := tt.env.ConfigDir()
			if err != nil || c != filepath.FromSlash(tt.config) {
				t.Errorf("ConfigDir = %q, %v; want %q", c, err, tt.config)
			}
			s, err := tt.env.StateDir()
			if err != nil || s != filepath.FromSlash(tt.state) {
				t.Errorf("StateDir = %q, %v; want %q", s, err, tt.state)
			}
		})
	}
}

func TestNoHome(t *testing.T) {
	e := envOf("linux", "", nil)
	if d, err := e.ConfigDir(); err == nil {
		t.Errorf("ConfigDir without HOME = %q, want an error", d)
	}
	if d, err := e.StateDir(); err == nil {
		t.Errorf("StateDir without HOME = %q, want an error", d)
	}
	if d, err := envOf("windows", "", nil).ConfigDir(); err == nil {
		t.Errorf("windows ConfigDir without AppData = %q, want an error", d)
	}
}

func TestFiles(t *testing.T) {
	e := envOf("linux", "/home/u", map[string]string{"XDG_STATE_HOME": "/st"})
	if f, _ := e.ConfigFile(); f != "/home/u/.config/elli/config.yaml" {
		t.Errorf("ConfigFile = %q", f)
	}
	e2 := envOf("linux", "/home/u", map[string]string{"ELLI_CONFIG": "/etc/elli.yaml"})
	if f, _ := e2.ConfigFile(); f != "/etc/elli.yaml" {
		t.Errorf("ConfigFile with ELLI_CONFIG = %q", f)
	}
	none := Settings{"state": {Value: "", Source: FromDefault}}
	if f, _ := e.StatePath(none); f != "/st/elli/state.json" {
		t.Errorf("StatePath default = %q", f)
	}
	set := Settings{"state": {Value: "~/notes/elli.json", Source: FromConfig}}
	if f, _ := e.StatePath(set); f != "/home/u/notes/elli.json" {
		t.Errorf("StatePath from config = %q", f)
	}
}
