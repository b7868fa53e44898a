package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestBackgroundColorRestyles(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "enter")
	before := m.shownKey.theme
	m = step(m, tea.BackgroundColorMsg{Color: lightBackground})
	if m.styles.Dark || m.shownKey.theme == before || !m.shownReal {
		t.Fatalf("a light background restyles and re-renders: dark=%v theme %s→%s", m.styles.Dark, before, m.shownKey.theme)
	}
	fixed := newModel(t, Options{Theme: "dark"}, 120, 40)
	fixed = step(fixed, tea.BackgroundColorMsg{Color: lightBackground})
	if !fixed.styles.Dark {
		t.Fatal("--theme dark ignores the terminal's answer")
	}
	if msg := newModel(t, Options{Theme: "dark"}, 120, 40).Init()(); msg != nil {
		t.Fatalf("--theme dark does not ask the terminal, got %T", msg)
	}
}

// On a 16-colour terminal the selected row is reverse video (a 256-colour grey background could
// land on the terminal's own background colour); with 256 colours it keeps its grey.
func TestFewColoursSelectInReverse(t *testing.T) {
	m := step(newModel(t, Options{}, 120, 40), tea.ColorProfileMsg{Profile: colorprofile.ANSI})
	if !m.styles.RowSelected.GetReverse() {
		t.Fatal("16 colours: the selected row should be reverse video")
	}
	m = step(m, tea.BackgroundColorMsg{Color: lightBackground})
	if !m.styles.RowSelected.GetReverse() {
		t.Fatal("a background reply must keep the 16-colour choice")
	}
	m = step(m, tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	if m.styles.RowSelected.GetReverse() {
		t.Fatal("256 colours: the selected row keeps its background colour")
	}
}
