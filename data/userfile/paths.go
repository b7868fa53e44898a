// Package userfile is where elli keeps the files that belong to the user rather than to the
// release: the config file and the saved state. It knows their places (XDG on Unix, the usual
// folders on macOS and Windows), writes them atomically, and keeps a file it cannot read aside
// instead of dropping it. It has no user interface: callers print what it reports.
package userfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// App is the name of elli's folder inside the config and state folders.
const App = "elli"

// Env is what the paths depend on; tests fill it in by hand.
type Env struct {
	Getenv func(string) string
	GOOS   string
	// Home is the user's home folder; "" when unknown.
	Home string
}

// System is the environment of this process.
func System() Env {
	home, _ := os.UserHomeDir()
	return Env{Getenv: os.Getenv, GOOS: runtime.GOOS, Home: home}
}

var errNoHome = Problemf("cannot tell the home folder: set HOME, or XDG_CONFIG_HOME and XDG_STATE_HOME")

// xdg returns $name when it holds an absolute path; the XDG spec says relative ones are to be
// ignored.
func (e Env) xdg(name string) string {
	if v := e.Getenv(name); v != "" && filepath.IsAbs(v) {
		return v
	}
	return ""
}

// ConfigDir is elli's config folder: $XDG_CONFIG_HOME/elli when set (on every system, as gh
// does), else ~/.config/elli on Linux and the BSDs, ~/Library/Application Support/elli on macOS
// and %AppData%\elli on Windows (the places os.UserConfigDir names).
func (e Env) ConfigDir() (string, error) {
	return e.dir("XDG_CONFIG_HOME", "AppData", "config", ".config")
}

// StateDir is elli's state folder: $XDG_STATE_HOME/elli when set, else ~/.local/state/elli on
// Linux and the BSDs, ~/Library/Application Support/elli on macOS and %LocalAppData%\elli on
// Windows.
func (e Env) StateDir() (string, error) {
	return e.dir("XDG_STATE_HOME", "LocalAppData", "state", ".local", "state")
}

// dir is elli's folder of one kind (what, for the error): under $xdgVar when set, else under
// %winVar% on Windows, Application Support on macOS, or the home folder's unixPath elsewhere.
func (e Env) dir(xdgVar, winVar, what string, unixPath ...string) (string, error) {
	if d := e.xdg(xdgVar); d != "" {
		return filepath.Join(d, App), nil
	}
	switch e.GOOS {
	case "windows":
		if d := e.Getenv(winVar); d != "" {
			return filepath.Join(d, App), nil
		}
		return "", errors.New("cannot tell the " + what + " folder: %" + winVar + "% is not set")
	case "darwin", "ios":
		unixPath = []string{"Library", "Application Support"}
	}
	if e.Home == "" {
		return "", errNoHome
	}
	return filepath.Join(append(append([]string{e.Home}, unixPath...), App)...), nil
}

// ConfigFile is the config file's path: $ELLI_CONFIG when set, else config.yaml in ConfigDir.
func (e Env) ConfigFile() (string, error) {
	if f := e.Getenv("ELLI_CONFIG"); f != "" {
		return f, nil
	}
	d, err := e.ConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "config.yaml"), nil
}

// StateFile is the default path of the saved state (the checklist): state.json in StateDir.
// The config's state key and ELLI_STATE override it; see Settings.
func (e Env) StateFile() (string, error) {
	d, err := e.StateDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "state.json"), nil
}
