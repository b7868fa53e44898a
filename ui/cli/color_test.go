package cli

import (
	"strings"
	"testing"
)

// TestThemes: plain when piped or NO_COLOR; colour in a terminal, from --theme or the background.
func TestThemes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		tty    bool
		env    map[string]string
		args   []string
		dark   bool
		colour bool
		asked  bool // the terminal background was queried
	}{
		{"piped", false, nil, nil, true, false, false},
		{"piped dark", false, nil, []string{"--theme", "dark"}, true, false, false},
		{"NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, true, false, false},
		{"auto dark", true, nil, nil, true, true, true},
		{"auto light", true, nil, nil, false, true, true},
		{"explicit light", true, nil, []string{"--theme", "light"}, true, true, false},
	} {
		a := newTestApp(t, tc.env)
		a.term.in, a.term.out = tc.tty, tc.tty
		asked := false
		a.term.dark = func() bool { asked = true; return tc.dark }
		r := a.run(append([]string{"show", "3866", "--width", "80"}, tc.args...)...)
		if r.code != 0 {
			t.Fatalf("%s: %+v", tc.name, r)
		}
		if colour := strings.Contains(r.stdout, "\x1b["); colour != tc.colour || asked != tc.asked {
			t.Errorf("%s: colour %v (want %v), background asked %v (want %v)", tc.name, colour, tc.colour, asked, tc.asked)
		}
	}
	wide := newTestApp(t, nil)
	wide.term.in, wide.term.out = true, true
	wide.term.width = func() int { return 200 }
	for _, l := range strings.Split(wide.run("show", "3866", "--theme", "dark").stdout, "\n") {
		if w := len([]rune(stripForTest(l))); w > 120 {
			t.Errorf("the terminal width must be capped at 120; line of %d", w)
		}
	}
	narrow := newTestApp(t, nil)
	narrow.term.in, narrow.term.out = true, true
	narrow.term.width = func() int { return 50 }
	for _, l := range strings.Split(narrow.run("show", "3866").stdout, "\n") {
		if w := len([]rune(stripForTest(l))); w > 50 {
			t.Errorf("show must wrap at the terminal width 50; line of %d", w)
		}
	}
	dark := newTestApp(t, nil)
	dark.term.in, dark.term.out = true, true
	light := newTestApp(t, nil)
	light.term.in, light.term.out = true, true
	if d, l := dark.run("show", "3866", "--theme", "dark"), light.run("show", "3866", "--theme", "light"); d.stdout == l.stdout {
		t.Error("dark and light themes render the same")
	}
}
