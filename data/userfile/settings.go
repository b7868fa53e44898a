package userfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Source says where a setting's value came from.
type Source int

const (
	FromDefault Source = iota
	FromConfig
	FromEnv
	FromFlag
)

func (s Source) String() string {
	return [...]string{"default", "config", "env", "flag"}[s]
}

// Setting is one key's value as it applies to this run.
type Setting struct {
	Value  string
	Source Source
}

// Settings are every key's value for this run: a flag over its ELLI_* variable over the config
// file over the default.
type Settings map[string]Setting

// Resolve layers the environment over the config file over the defaults. An environment
// variable that is set, even empty, wins; a bad one is reported and ignored, like a bad line in
// the file. lookup is os.LookupEnv or a test's stand-in.
func Resolve(cfg *Config, lookup func(string) (string, bool), extra Checks) (Settings, []error) {
	s := Settings{}
	var problems []error
	for _, k := range Keys {
		s[k.Name] = Setting{Value: k.Default, Source: FromDefault}
		if cfg != nil {
			if v, ok := cfg.Value(k.Name); ok {
				s[k.Name] = Setting{Value: v, Source: FromConfig}
			}
		}
		raw, ok := lookup(k.Env)
		if !ok {
			continue
		}
		v, err := k.Check(raw, extra)
		if err != nil {
			problems = append(problems, Problemf("%s: %v; ignored", k.Env, err))
			continue
		}
		s[k.Name] = Setting{Value: v, Source: FromEnv}
	}
	return s, problems
}

// Override sets a key from a command-line flag; the flag's own parsing has checked the value.
func (s Settings) Override(name, value string) { s[name] = Setting{Value: value, Source: FromFlag} }

// Get is a key's value.
func (s Settings) Get(name string) string { return s[name].Value }

// Bool is a true/false key's value.
func (s Settings) Bool(name string) bool { return s[name].Value == "true" }

// Int is a numeric key's value; 0 if it has none.
func (s Settings) Int(name string) int {
	n, _ := strconv.Atoi(s[name].Value)
	return n
}

// Explicit reports whether the key was given anywhere but the defaults: an empty pager in the
// file or the environment means "no pager", not "the default pager".
func (s Settings) Explicit(name string) bool { return s[name].Source != FromDefault }

// ExpandHome turns a leading ~/ into the home folder, as a shell would have done for a flag.
func ExpandHome(path, home string) string {
	if home == "" {
		return path
	}
	if path == "~" {
		return home
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		return filepath.Join(home, rest)
	}
	if rest, ok := strings.CutPrefix(path, "~"+string(os.PathSeparator)); ok {
		return filepath.Join(home, rest)
	}
	return path
}

// StatePath is the file that keeps the checklist's state: the state setting (flag, ELLI_STATE or
// config), else state.json in the state folder.
func (e Env) StatePath(s Settings) (string, error) {
	if v := s.Get("state"); v != "" {
		return ExpandHome(v, e.Home), nil
	}
	return e.StateFile()
}
