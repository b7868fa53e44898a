package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/ui/render"
)

func TestDetailScrolls(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 30), "3", "enter")
	if m.detail.offset != 0 {
		t.Fatalf("a new item starts at the top, got offset %d", m.detail.offset)
	}
	m = keys(m, "j", "j", "j")
	if got := m.detail.offset; got != 3 {
		t.Fatalf("three j: offset %d, want 3", got)
	}
	m = keys(m, "space")
	if got := m.detail.offset; got <= 3 {
		t.Fatalf("space should page down, offset %d", got)
	}
	m = keys(m, "G")
	if !m.detail.atBottom() {
		t.Fatal("G should reach the bottom")
	}
	if !strings.Contains(plain(m), "100%") {
		t.Fatal("the status line should show the scroll position at the bottom")
	}
	m = keys(m, "g")
	if m.detail.offset != 0 {
		t.Fatal("g should return to the top")
	}
	m = keys(m, "ctrl+d")
	if m.detail.offset == 0 {
		t.Fatal("ctrl+d should scroll half a page")
	}
	m = step(m, tea.MouseWheelMsg{X: m.lay.detail.x + 5, Y: m.lay.detail.y + 3, Button: tea.MouseWheelDown})
	off := m.detail.offset
	m = step(m, tea.MouseWheelMsg{X: m.lay.detail.x + 5, Y: m.lay.detail.y + 3, Button: tea.MouseWheelUp})
	if m.detail.offset != off-3 {
		t.Fatalf("wheel up over the detail: offset %d, want %d", m.detail.offset, off-3)
	}
}

// A page that renders slowly (a heavy page from --data) must not starve the others: while it
// runs, a page the user moves to renders beside it once the slow one is past slowRender, and
// its text replaces the placeholder. A young render is waited for instead, so moving through the
// list does not start a render per row.
func TestSlowPageDoesNotStarveOthers(t *testing.T) {
	m := newModel(t, Options{}, 160, 40)
	clock := time.Unix(1000, 0)
	m.now = func() time.Time { return clock }
	release := make(chan struct{})
	defer close(release)
	l := m.activeList()
	slowMD := m.markdownOf(l.rows[len(l.rows)-1]) // the last row's page hangs until the test ends
	m.render = func(md string, width int, theme render.Theme) (string, error) {
		if md == slowMD {
			<-release
		}
		return "rendered " + strings.SplitN(md, "\n", 2)[0], nil
	}

	next, cmd := m.Update(keyMsg("G")) // the last row: not prefetched, so it renders
	m = next.(Model)
	if cmd == nil || len(m.inflight) != 1 {
		t.Fatalf("moving to the last row started %d renders", len(m.inflight))
	}
	go cmd() // the slow render, which never returns while the test runs

	next, _ = m.Update(keyMsg("k"))
	m = next.(Model)
	if len(m.inflight) != 1 || !m.recheck {
		t.Fatalf("with a young render running, %d renders run and recheck is %v; want the one and a recheck", len(m.inflight), m.recheck)
	}
	wanted := m.wanted

	clock = clock.Add(slowRender + time.Millisecond)
	next, cmd = m.Update(renderTickMsg{})
	m = next.(Model)
	if _, started := m.inflight[wanted]; !started || cmd == nil {
		t.Fatalf("past slowRender, the wanted page did not start rendering: %v", m.inflight)
	}
	next, _ = m.Update(cmd())
	m = next.(Model)
	if !m.shownReal || m.shownKey != wanted || !strings.HasPrefix(m.detail.lines[0], "rendered ") {
		t.Errorf("the wanted page is not shown beside the slow one: real %v, key %v, first line %q", m.shownReal, m.shownKey, m.detail.lines[0])
	}
	if len(m.inflight) != 1 {
		t.Errorf("%d renders in flight, want only the slow one", len(m.inflight))
	}
}

// A checklist step's page opens at that step, with or without a note, and stays there when the
// note is written: the note's lines go just above the step's heading, not on top of the page
// under a kept offset (which showed the end of the section before).
func TestStepOpensAtItsStep(t *testing.T) {
	tests := []struct {
		name string
		keys []string
		note string // typed in the editor after the keys, then saved
	}{
		{"a step without a note", []string{"j", "j", "j"}, ""},
		{"a step after its note is saved", []string{"j", "j", "j"}, "x"},
		{"the first step with a note", nil, "pilot first"},
		{"a step reached after a noted one", []string{"j"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := storeIn(t)
			m := keys(checklistModel(t, st), tt.keys...)
			if tt.note != "" {
				m = keys(m, "e")
				m = typeText(m, tt.note)
				m = step(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
			}
			r, ok := m.activeList().selected()
			if !ok || r.action == nil {
				t.Fatal("no step selected")
			}
			page := m.detail.plain()
			top := strings.Join(page[m.detail.offset:min(len(page), m.detail.offset+6)], "\n")
			if !strings.Contains(top, r.action.Title.In(m.lang)) {
				t.Errorf("the pane does not open at step %q; its top reads:\n%s", r.action.Title.In(m.lang), top)
			}
			if tt.note != "" && !strings.Contains(page[m.detail.offset], "Your note") {
				t.Errorf("the note is not at the top of the pane, above its step:\n%s", top)
			}
		})
	}
}
