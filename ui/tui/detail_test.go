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
