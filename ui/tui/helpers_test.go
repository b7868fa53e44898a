package tui

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

var (
	dsOnce sync.Once
	dsVal  *data.Dataset
	dsErr  error
)

// dataset loads the embedded release once for all tests.
func dataset(tb testing.TB) *data.Dataset {
	tb.Helper()
	dsOnce.Do(func() {
		fsys, err := content.Release(content.DefaultRelease)
		if err != nil {
			dsErr = err
			return
		}
		dsVal, dsErr = data.Load(fsys)
	})
	if dsErr != nil {
		tb.Fatal(dsErr)
	}
	return dsVal
}

// newModel builds a model whose outside-world actions are recorded, not performed.
// goldenToday is the day the screens of the embedded release are drawn on.
var goldenToday = time.Date(2025, 12, 1, 12, 0, 0, 0, time.UTC)

func newModel(tb testing.TB, opts Options, w, h int) Model {
	if opts.Today.IsZero() {
		opts.Today = goldenToday // the Patches tab's timeline marks today
	}
	m := New(dataset(tb), opts)
	m.openURL = func(string) error { return errNoOpener }
	m.copyText = func(string) error { return nil }
	m.getenv = func(string) string { return "" } // no editor unless a test names one
	return step(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// step feeds one message and runs the commands it returns synchronously, so that glamour renders
// land before the next message, as they would for a person reading.
func step(m Model, msg tea.Msg) Model {
	next, cmd := m.Update(msg)
	return runCmd(next.(Model), cmd, 0)
}

func runCmd(m Model, cmd tea.Cmd, depth int) Model {
	if cmd == nil || depth > 50 {
		return m
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			m = runCmd(m, c, depth+1)
		}
	case renderedMsg, statusMsg, stateSavedMsg, noteEditedMsg:
		next, c := m.Update(msg)
		m = runCmd(next.(Model), c, depth+1)
	}
	return m
}

func keys(m Model, ks ...string) Model {
	for _, k := range ks {
		m = step(m, keyMsg(k))
	}
	return m
}

// keyMsg builds the key press a terminal sends for k ("j", "enter", "shift+tab", "ctrl+d").
func keyMsg(k string) tea.KeyPressMsg {
	special := map[string]tea.Key{
		"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape}, "tab": {Code: tea.KeyTab},
		"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight}, "pgdown": {Code: tea.KeyPgDown},
		"pgup": {Code: tea.KeyPgUp}, "space": {Code: tea.KeySpace, Text: " "}, "backspace": {Code: tea.KeyBackspace},
		"ctrl+d": {Code: 'd', Mod: tea.ModCtrl}, "ctrl+u": {Code: 'u', Mod: tea.ModCtrl}, "ctrl+c": {Code: 'c', Mod: tea.ModCtrl},
		"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
	}
	if k2, ok := special[k]; ok {
		return tea.KeyPressMsg(k2)
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func typeText(m Model, s string) Model {
	for _, r := range s {
		m = step(m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

func selectedID(m Model) string {
	r, ok := m.lists[m.tab].selected()
	if !ok {
		return ""
	}
	return r.id()
}

func plain(m Model) string { return ansi.Strip(m.Render()) }

// assertFits checks that the screen has exactly h lines, none wider than w cells.
func assertFits(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Errorf("screen has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got > w {
			t.Errorf("line %d is %d cells wide, terminal is %d: %q", i, got, w, ansi.Strip(l))
		}
	}
}

// lightBackground is what a light terminal answers to the background query.
var lightBackground = colorWhite{}

type colorWhite struct{}

func (colorWhite) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }
