package tui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// TestCopyCodeBlocks: c copies the page's first code block as written, scrolls to it and says
// which it was; pressed again, the next; after the last, the first; another page starts again.
func TestCopyCodeBlocks(t *testing.T) {
	const id = "breaking-changes"
	it, _ := dataset(t).Lookup(id)
	blocks, err := data.CodeBlocks(it.Markdown(data.LangEN))
	if err != nil || len(blocks) < 2 {
		t.Fatalf("%s has %d code blocks (%v); the test needs two", id, len(blocks), err)
	}
	m := newModel(t, Options{Open: id}, 120, 40)
	var copied []string
	m.copyText = func(s string) error { copied = append(copied, s); return nil }
	for press := range len(blocks) + 1 {
		m = keys(m, "c")
		want := strings.TrimRight(blocks[press%len(blocks)].Text, "\n")
		if len(copied) != press+1 || copied[press] != want {
			t.Fatalf("press %d copied %q, want %q", press+1, copied[len(copied)-1], want)
		}
		if tag := fmt.Sprintf("Copied code %d/%d", press%len(blocks)+1, len(blocks)); !strings.HasPrefix(m.status, tag) {
			t.Errorf("press %d: status %q, want %q…", press+1, m.status, tag)
		}
		first := strings.TrimSpace(strings.SplitN(want, "\n", 2)[0])
		if !strings.Contains(plain(m), first) {
			t.Errorf("press %d: the block's first line %q is not on screen", press+1, first)
		}
	}
	// another item starts at its own first block
	m = keys(m, "esc", "j")
	other, _ := m.activeList().selected()
	if other.id() == id {
		t.Fatal("j did not move to another page")
	}
	if ob, _ := data.CodeBlocks(other.item.Markdown(data.LangEN)); len(ob) > 0 {
		m = keys(m, "c")
		if !strings.HasPrefix(m.status, fmt.Sprintf("Copied code 1/%d", len(ob))) {
			t.Errorf("another page: status %q", m.status)
		}
	}
	// a page without code says so and copies nothing
	n := len(copied)
	m = keys(newModel(t, Options{}, 120, 40), "c") // the overview
	if blocksOf(t, m) == 0 && (!strings.Contains(m.status, "no code block") || len(copied) != n) {
		t.Errorf("a page without code: status %q", m.status)
	}
}

func blocksOf(t *testing.T, m Model) int {
	r, _ := m.activeList().selected()
	b, _ := data.CodeBlocks(m.markdownOf(r))
	return len(b)
}

// TestMouseIsOptIn: the terminal keeps the mouse (native selection) unless --mouse or the config
// gives it to elli, and m toggles it.
func TestMouseIsOptIn(t *testing.T) {
	m := newModel(t, Options{}, 120, 40)
	if mode := m.View().MouseMode; mode != tea.MouseModeNone {
		t.Fatalf("mouse mode %v by default, want none", mode)
	}
	m = keys(m, "m")
	if m.View().MouseMode != tea.MouseModeCellMotion || !strings.HasPrefix(m.status, "Mouse on") {
		t.Fatalf("m: mode %v, status %q", m.View().MouseMode, m.status)
	}
	m = keys(m, "m")
	if m.View().MouseMode != tea.MouseModeNone || !strings.HasPrefix(m.status, "Mouse off") {
		t.Fatalf("m again: mode %v, status %q", m.View().MouseMode, m.status)
	}
	if on := newModel(t, Options{Mouse: true}, 120, 40); on.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("Options.Mouse does not capture the mouse")
	}
}

// TestHelpExplainsMarkers: ? explains every sign the list draws, at every common width, in
// every language.
func TestHelpExplainsMarkers(t *testing.T) {
	for _, lang := range data.Langs {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			m := keys(newModel(t, Options{Lang: lang}, size[0], size[1]), "?")
			screen := plain(m)
			assertFits(t, m.Render(), size[0], size[1])
			for _, mk := range Markers(i18n.For(lang)) {
				if !strings.Contains(screen, mk.Sign+" "+mk.Meaning) {
					t.Errorf("%s %dx%d: the full help does not explain %q", lang, size[0], size[1], mk.Sign)
				}
			}
		}
		// and the list draws those signs
		m := keys(newModel(t, Options{Lang: lang}, 120, 40), "5")
		screen := plain(m)
		s := i18n.For(lang).TUI
		for _, sign := range []string{s.RowRemoval, s.RowDeprecation} {
			if !strings.Contains(screen, " "+sign+" ") {
				t.Errorf("%s: the changes tab shows no %q", lang, sign)
			}
		}
	}
}

// TestMeasure: on a wide terminal the page's text keeps a readable measure; the list takes the
// room, and past its own limit the text is centred.
func TestMeasure(t *testing.T) {
	for _, tc := range []struct {
		w, measure          int
		listW, textW, textX int
	}{
		{120, 100, 60, 56, 62},    // narrower than the measure: browsing, list and page share it
		{200, 100, 96, 100, 98},   // the list widens
		{300, 100, 100, 100, 150}, // the list at its limit, the text centred in 196
		{200, 0, 64, 132, 66},     // no measure
		{200, 80, 100, 80, 110},   // a narrower measure
	} {
		l := computeLayout(tc.w, 50, false, 1, false, tc.measure, 0)
		if l.list.w != tc.listW || l.detailTxt.w != tc.textW || l.detailTxt.x != tc.textX {
			t.Errorf("%d wide, measure %d: list %d, text %d at %d; want %d, %d at %d",
				tc.w, tc.measure, l.list.w, l.detailTxt.w, l.detailTxt.x, tc.listW, tc.textW, tc.textX)
		}
	}
	m := newModel(t, Options{Open: "3866"}, 200, 60)
	if m.shownKey.width != 100 {
		t.Errorf("the page renders %d wide at 200 columns, want 100", m.shownKey.width)
	}
	wide := newModel(t, Options{Open: "3866", Measure: 120}, 260, 60)
	if wide.shownKey.width != 120 {
		t.Errorf("Measure 120: the page renders %d wide", wide.shownKey.width)
	}
	for _, m := range []Model{m, wide} {
		assertFits(t, m.Render(), m.width, m.height)
		for i, line := range strings.Split(m.detailView(), "\n") {
			if w := ansi.StringWidth(line); w != m.lay.detail.w {
				t.Fatalf("detail line %d is %d wide, the pane %d", i, w, m.lay.detail.w)
			}
		}
	}
}

// TestPageTheme: a style chosen with --style colours the pages; without colour, plain wins.
func TestPageTheme(t *testing.T) {
	m := newModel(t, Options{Open: "3866", PageTheme: "dracula"}, 120, 40)
	if m.shownKey.theme != "dracula" {
		t.Errorf("page theme %q, want dracula", m.shownKey.theme)
	}
	if m := newModel(t, Options{Open: "3866", PageTheme: "dracula", NoColor: true}, 120, 40); m.shownKey.theme != "plain" {
		t.Errorf("NoColor: page theme %q, want plain", m.shownKey.theme)
	}
}

func TestOpenerCommands(t *testing.T) {
	const url = "https://example.com/x"
	for _, tc := range []struct {
		name, goos, browser string
		wsl                 bool
		want                string
	}{
		{"linux", "linux", "", false, "xdg-open URL"},
		{"macOS", "darwin", "", false, "open URL"},
		{"windows", "windows", "", false, "rundll32 url.dll,FileProtocolHandler URL"},
		{"BROWSER list", "linux", "firefox --new-tab:chromium", false, "firefox --new-tab URL|chromium URL|xdg-open URL"},
		{"BROWSER %s", "linux", "w3m %s -o x", false, "w3m URL -o x|xdg-open URL"},
		{"WSL", "linux", "", true, "wslview URL|explorer.exe URL|xdg-open URL"},
		{"WSL with BROWSER", "linux", "firefox", true, "firefox URL|wslview URL|explorer.exe URL|xdg-open URL"},
		{"windows list", "windows", `C:\b\ff.exe;edge`, false, `C:\b\ff.exe URL|edge URL|rundll32 url.dll,FileProtocolHandler URL`},
	} {
		o := opener{goos: tc.goos, wsl: tc.wsl, getenv: func(k string) string {
			if k == "BROWSER" {
				return tc.browser
			}
			return ""
		}}
		var got []string
		for _, argv := range o.commands(url) {
			got = append(got, strings.ReplaceAll(strings.Join(argv, " "), url, "URL"))
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, strings.Join(got, "|"), tc.want)
		}
	}
	// open tries them in order: a missing program or one that fails to start is skipped
	var started []string
	o := opener{goos: "linux", wsl: true, getenv: func(string) string { return "nosuch" },
		lookPath: func(name string) (string, error) {
			if name == "nosuch" {
				return "", errors.New("not found")
			}
			return "/bin/" + name, nil
		},
		start: func(path string, _ []string) error {
			started = append(started, path)
			if path == "/bin/wslview" {
				return errors.New("broken")
			}
			return nil
		}}
	if err := o.open(url); err != nil || strings.Join(started, " ") != "/bin/wslview /bin/explorer.exe" {
		t.Errorf("open: %v, started %v", err, started)
	}
	none := opener{goos: "linux", getenv: func(string) string { return "" },
		lookPath: func(string) (string, error) { return "", errors.New("not found") }}
	if err := none.open(url); !errors.Is(err, errNoOpener) {
		t.Errorf("no opener: %v", err)
	}
}

func TestIsWSL(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	for _, tc := range []struct {
		vars    map[string]string
		release string
		want    bool
	}{
		{nil, "6.8.0-45-generic", false},
		{map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, "", true},
		{nil, "5.15.153.1-microsoft-standard-WSL2", true},
		{nil, "4.4.0-19041-Microsoft", true},
	} {
		if got := isWSL(env(tc.vars), tc.release); got != tc.want {
			t.Errorf("isWSL(%v, %q) = %v", tc.vars, tc.release, got)
		}
	}
}
