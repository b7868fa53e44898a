package userfile

import (
	"strings"
	"testing"
)

func lookupOf(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

func TestResolvePrecedence(t *testing.T) {
	path := writeConfig(t, "style: dracula\nwidth: 90\npager: more\ncolor: never\n")
	cfg, _ := LoadConfig(path, nil, testNow)
	env := map[string]string{"ELLI_WIDTH": "110", "ELLI_PAGER": "", "ELLI_MOUSE": "on"}
	s, problems := Resolve(cfg, lookupOf(env), nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	s.Override("color", "always")
	want := map[string]Setting{
		"style": {"dracula", FromConfig}, // config over default
		"width": {"110", FromEnv},        // env over config
		"pager": {"", FromEnv},           // an empty variable is a value: no pager
		"mouse": {"true", FromEnv},       // canonical form
		"color": {"always", FromFlag},    // flag over config
		"lang":  {"en", FromDefault},     // nothing says otherwise
		"state": {"", FromDefault},       // default: the state folder
	}
	for k, w := range want {
		if s[k] != w {
			t.Errorf("%s = %+v, want %+v", k, s[k], w)
		}
	}
	if !s.Explicit("pager") || s.Explicit("lang") {
		t.Error("Explicit does not tell a set empty pager from a default one")
	}
	if s.Int("width") != 110 || !s.Bool("mouse") {
		t.Errorf("typed getters: width %d mouse %v", s.Int("width"), s.Bool("mouse"))
	}
}

func TestResolveBadEnv(t *testing.T) {
	path := writeConfig(t, "width: 90\n")
	cfg, _ := LoadConfig(path, nil, testNow)
	s, problems := Resolve(cfg, lookupOf(map[string]string{"ELLI_WIDTH": "huge", "ELLI_LANG": "fr"}), nil)
	if s.Get("width") != "90" || s.Get("lang") != "en" {
		t.Errorf("a bad variable replaced a value: width %q lang %q", s.Get("width"), s.Get("lang"))
	}
	if len(problems) != 2 || !strings.Contains(problems[0].Error(), "ELLI_WIDTH") || !strings.Contains(problems[1].Error(), "ELLI_LANG") {
		t.Errorf("problems %q", problems)
	}
}

func TestKeysAreComplete(t *testing.T) {
	for _, k := range Keys {
		if k.Env != "ELLI_"+strings.ToUpper(k.Name) {
			t.Errorf("%s: variable %s, want ELLI_%s", k.Name, k.Env, strings.ToUpper(k.Name))
		}
		if k.Help == "" {
			t.Errorf("%s has no help", k.Name)
		}
		if _, err := k.Check(k.Default, nil); err != nil {
			t.Errorf("%s: its default %q is invalid: %v", k.Name, k.Default, err)
		}
	}
	if !strings.Contains(header, strings.Join(KeyNames(), ", ")) {
		t.Errorf("the new file's header does not list the keys %v", KeyNames())
	}
}

func TestExpandHome(t *testing.T) {
	for in, want := range map[string]string{"~/a/b": "/h/a/b", "~": "/h", "/x/~/y": "/x/~/y", "~other/x": "~other/x"} {
		if got := ExpandHome(in, "/h"); got != want {
			t.Errorf("ExpandHome(%q) = %q, want %q", in, got, want)
		}
	}
}
