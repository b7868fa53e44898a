package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data/check"
)

// testFindings scans the check corpus, as elli check --tui does.
func testFindings(t *testing.T) []check.Finding {
	t.Helper()
	rep, err := check.New(dataset(t), check.Options{}).Scan(context.Background(),
		[]string{"../../ui/cli/testdata/check"}, nil)
	if err != nil || len(rep.Findings) < 4 {
		t.Fatalf("scan: %v, %d findings", err, len(rep.Findings))
	}
	return rep.Findings
}

func newFindings(t *testing.T, fs []check.Finding, w, h int) findingsModel {
	t.Helper()
	ex := New(dataset(t), Options{Theme: "dark"})
	ex.openURL = func(string) error { return errNoOpener }
	ex.copyText = func(string) error { return nil }
	m := newFindingsModel(ex, Options{Check: &CheckFindings{Findings: fs, From: "testdata/check"}})
	return fstep(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// fstep feeds one message and runs what it returns, renders included, before the next.
func fstep(m findingsModel, msg tea.Msg) findingsModel {
	next, cmd := m.Update(msg)
	m = next.(findingsModel)
	for depth := 0; cmd != nil && depth < 50; depth++ {
		out := cmd()
		switch msg := out.(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				if c != nil {
					if r, ok := c().(renderedMsg); ok {
						m = fstep(m, r)
					}
				}
			}
			cmd = nil
		case renderedMsg, statusMsg:
			next, cmd = m.Update(msg)
			m = next.(findingsModel)
		default:
			cmd = nil
		}
	}
	return m
}

func fkeys(m findingsModel, ks ...string) findingsModel {
	for _, k := range ks {
		m = fstep(m, keyMsg(k))
	}
	return m
}

func TestFindingsUpdate(t *testing.T) {
	t.Parallel()
	fs := testFindings(t)
	for _, tc := range []struct {
		name   string
		keys   []string
		cursor int
		active bool
		open   string // the item the explorer shows, when it is on screen
	}{
		{"starts on the first finding", nil, 0, true, ""},
		{"down", []string{"j"}, 1, true, ""},
		{"down stops at the last", []string{"G", "j", "down"}, len(fs) - 1, true, ""},
		{"up stops at the first", []string{"k", "up"}, 0, true, ""},
		{"enter opens the finding's item", []string{"j", "enter"}, 1, false, fs[1].Item},
		{"esc comes back to the same finding", []string{"j", "enter", "esc"}, 1, true, ""},
		{"e opens the explorer; esc on its list comes back", []string{"e", "esc"}, 0, true, ""},
		{"the explorer keeps its keys", []string{"e", "j"}, 0, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := fkeys(newFindings(t, fs, 100, 30), tc.keys...)
			if m.cursor != tc.cursor || m.active != tc.active {
				t.Fatalf("cursor %d, active %v; want %d, %v", m.cursor, m.active, tc.cursor, tc.active)
			}
			if tc.open != "" {
				if m.ex.focus != focusDetail || selectedID(m.ex) != tc.open {
					t.Errorf("the explorer shows %q (focus %v), want %q", selectedID(m.ex), m.ex.focus, tc.open)
				}
				if !strings.Contains(ansi.Strip(m.ex.Render()), "esc: back to the findings") {
					t.Error("the explorer does not say how to come back")
				}
			}
		})
	}
	// q quits from the findings
	if _, cmd := newFindings(t, fs, 100, 30).Update(keyMsg("q")); cmd == nil {
		t.Error("q returned no command")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q does not quit")
	}
}

// The list scrolls with the cursor and keeps the cursor's line on screen at any height.
func TestFindingsScroll(t *testing.T) {
	t.Parallel()
	var many []check.Finding
	for i := range 60 {
		f := testFindings(t)[i%4]
		f.File = fmt.Sprintf("dir/file-%02d.yaml", i/3)
		many = append(many, f)
	}
	m := newFindings(t, many, 80, 24)
	for i := 0; i < 59; i++ {
		m = fkeys(m, "j")
		if !strings.Contains(ansi.Strip(m.Render()), "file-"+fmt.Sprintf("%02d", i/3+0)) && i%3 == 0 {
			t.Fatalf("after %d downs the cursor's file is not on screen", i+1)
		}
		assertFits(t, m.Render(), 80, 24)
	}
	if m.cursor != 59 {
		t.Errorf("cursor %d", m.cursor)
	}
	m = fkeys(m, "g")
	if m.top != 0 {
		t.Errorf("g: top %d", m.top)
	}
}

func TestFindingsGolden(t *testing.T) {
	t.Parallel()
	fs := testFindings(t)
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := fkeys(newFindings(t, fs, size[0], size[1]), "j")
			out := m.Render()
			assertFits(t, out, size[0], size[1])
			golden.RequireEqual(t, ansi.Strip(out))
		})
	}
	t.Run("empty", func(t *testing.T) {
		m := newFindings(t, nil, 80, 24)
		out := ansi.Strip(m.Render())
		assertFits(t, m.Render(), 80, 24)
		if !strings.Contains(out, "No findings") {
			t.Error(out)
		}
		if m = fkeys(m, "enter"); !m.active {
			t.Error("enter on no finding left the view")
		}
	})
}

// Every size from too small to large draws a screen that fits, with the hostile file's text
// sanitized.
func TestFindingsFitAndSanitize(t *testing.T) {
	t.Parallel()
	fs := testFindings(t)
	for w := 20; w <= 200; w += 13 {
		for h := 5; h <= 60; h += 7 {
			m := newFindings(t, fs, w, h)
			for range len(fs) {
				out := m.Render()
				assertFits(t, out, w, h)
				if strings.ContainsAny(ansi.Strip(out), "\x1b\a\u202e") {
					t.Fatalf("%dx%d: a control character reached the screen", w, h)
				}
				m = fkeys(m, "j")
			}
		}
	}
}

// A cluster finding (elli check --cluster) shows its object and its field in the pane.
func TestFindingsClusterPath(t *testing.T) {
	t.Parallel()
	fs := []check.Finding{{Severity: check.Error, File: "prod/shop/Deployment/web", Kind: "Deployment", Namespace: "shop", Name: "web",
		Path: "spec.template.spec.volumes[1].cephfs", Rule: check.RuleCephFSVolume, Message: "in-tree cephfs volume", Fix: "use CSI",
		Item: "removal-cephfs-volume-plugin"}}
	out := ansi.Strip(newFindings(t, fs, 120, 30).Render())
	if !strings.Contains(out, "prod/shop/Deployment/web spec.template.spec.volumes[1].cephfs") {
		t.Errorf("the pane lacks the object and field:\n%s", out)
	}
}

// The findings' footer, like the explorer's, keeps q at every width the view draws at, dropping
// the other keys whole from its end.
func TestFindingsFooterKeepsQuit(t *testing.T) {
	t.Parallel()
	fs := testFindings(t)
	for w := minWidth; w <= 80; w += 4 {
		lines := strings.Split(ansi.Strip(newFindings(t, fs, w, 24).Render()), "\n")
		footer := strings.TrimRight(lines[len(lines)-1], " ")
		if !strings.HasSuffix(footer, "q quit") || strings.Contains(footer, "…") {
			t.Errorf("at %d columns the footer %q does not end with q quit", w, footer)
		}
	}
}
