package tui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// helpShows reports whether the screen shows a binding's key with its description after it on
// one line, as the full help and the footer draw it.
func helpShows(screen string, b key.Binding) bool {
	h := b.Help()
	for _, l := range strings.Split(screen, "\n") {
		for rest := " " + l; ; {
			i := strings.Index(rest, " "+h.Key+" ")
			if i < 0 {
				break
			}
			rest = rest[i+1+len(h.Key):]
			if strings.HasPrefix(strings.TrimLeft(rest, " "), h.Desc) {
				return true
			}
		}
	}
	return false
}

// At every size the explorer runs in, and in both languages, ? shows every key that applies
// where the focus is: at 80×24 the tabs, m, L, ctrl+z, ? and q were cut off the right-hand side.
// The one-line footer drops what does not fit but always says ? help and q quit.
func TestHelpShowsEveryKey(t *testing.T) {
	states := []struct {
		name string
		keys []string
	}{
		{"list", nil},
		{"checklist", []string{"6"}},
		{"detail", []string{"3", "enter"}},
		{"detail searching", []string{"/", "n", "f", "t", "enter", "enter"}},
		{"list searching", []string{"/", "n", "f", "t", "enter"}},
	}
	sizes := [][2]int{{80, 24}, {100, 30}, {120, 40}}
	for _, lang := range data.Langs {
		for _, st := range states {
			for _, size := range sizes {
				t.Run(fmt.Sprintf("%s/%s/%dx%d", lang, st.name, size[0], size[1]), func(t *testing.T) {
					m := keys(newModel(t, Options{Lang: lang, NoColor: true}, size[0], size[1]), st.keys...)
					footer := plain(m)
					footer = footer[strings.LastIndex(footer, "\n")+1:]
					for _, b := range []key.Binding{m.keys.Help, m.keys.Quit} {
						if !helpShows(footer, b) {
							t.Errorf("the footer lacks %q: %q", b.Help().Key+" "+b.Help().Desc, footer)
						}
					}
					if strings.Contains(footer, "…") {
						t.Errorf("the footer is cut: %q", footer)
					}
					m = keys(m, "?")
					screen := plain(m)
					assertFits(t, m.Render(), size[0], size[1])
					hk := m.keys.helpFor(m.focus, m.query != "", m.tab == checklistTab)
					for _, b := range []key.Binding{m.keys.Help, m.keys.Quit, m.keys.Lang, m.keys.Suspend} {
						if !helpShows(screen, b) {
							t.Errorf("? does not show %q", b.Help().Key+" "+b.Help().Desc)
						}
					}
					for _, group := range hk.FullHelp() {
						for _, b := range group {
							if !helpShows(screen, b) {
								t.Errorf("? does not show %q:\n%s", b.Help().Key+" "+b.Help().Desc, screen)
							}
						}
					}
				})
			}
		}
	}
}

// The digit keys are described by the tab's own label: the help said "1 All" (and "1 全部")
// while the tab read Overview (概览).
func TestHelpNamesTabsAsTheTabsDo(t *testing.T) {
	for _, lang := range data.Langs {
		m := keys(newModel(t, Options{Lang: lang, NoColor: true}, 80, 24), "?")
		screen := plain(m)
		tabRow := strings.Split(screen, "\n")[1]
		for i, b := range m.keys.Tabs {
			if !namesTab(tabRow, b.Help().Desc) {
				t.Errorf("%s: the help calls tab %d %q, the tab row reads %q", lang, i+1, b.Help().Desc, tabRow)
			}
			if !helpShows(screen, b) {
				t.Errorf("%s: ? does not show tab key %d", lang, i+1)
			}
		}
	}
}

// namesTab reports whether the tab row holds label as a whole tab name: after a space or a bar
// (the tight tab row has no padding) and before a space or a bar.
func namesTab(row, label string) bool {
	for _, before := range []string{" ", "│"} {
		for _, after := range []string{" ", "│"} {
			if strings.Contains(row, before+label+after) {
				return true
			}
		}
	}
	return false
}

// The footer keeps ? and q however narrow it is, and drops keys whole, never a word in half.
func TestShortFooterKeepsHelpAndQuit(t *testing.T) {
	for _, lang := range data.Langs {
		km := KeyMapFor(lang)
		m := newModel(t, Options{Lang: lang, NoColor: true}, 80, 24)
		short := km.helpFor(focusList, true, true).ShortHelp()
		for w := 20; w <= 160; w += 7 {
			line := ansi.Strip(shortFooter(m.help, short, []key.Binding{km.Help, km.Quit}, w))
			q := i18n.For(lang).Keys.Quit
			if !strings.HasSuffix(line, "q "+q) || !strings.Contains(line, "? "+km.Help.Help().Desc) {
				t.Errorf("%s at %d: %q lacks ? and q at its end", lang, w, line)
			}
			if w >= 80 && ansi.StringWidth(line) > w {
				t.Errorf("%s at %d: %q is wider", lang, w, line)
			}
		}
	}
}

// TestHelpCloses: the full help says how to close it, in the run's language, and esc closes it
// wherever the focus is (in the list, on a page, during a search's results), without doing
// what esc does otherwise.
func TestHelpCloses(t *testing.T) {
	for lang, want := range map[data.Lang]string{data.LangEN: "esc or ? closes this help", data.LangZH: "按 esc 或 ? 关闭帮助"} {
		for _, before := range [][]string{nil, {"enter"}} {
			m := keys(newModel(t, Options{NoColor: true, Lang: lang}, 80, 24), before...)
			focus := m.focus
			m = keys(m, "?")
			if !m.fullHelp || !strings.Contains(plain(m), want) {
				t.Fatalf("%s: ? shows no help saying %q:\n%s", lang, want, plain(m))
			}
			m = keys(m, "esc")
			if m.fullHelp || m.focus != focus {
				t.Errorf("%s after %v: esc left the help open (%v) or moved the focus from %v to %v", lang, before, m.fullHelp, focus, m.focus)
			}
		}
	}
}
