package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
)

func TestUpdateNavigation(t *testing.T) {
	ds := dataset(t)
	firstChange := ds.RoadItems(ds.Road()[0].Version)[0].ID // the Road tab starts under its first hop's heading
	tests := []struct {
		name      string
		w, h      int
		keys      []string
		wantTab   string
		wantID    string
		wantFocus focus
	}{
		{"starts on the overview", 120, 40, nil, "overview", overviewID, focusList},
		{"down moves to the first GA item", 120, 40, []string{"j"}, "overview", "24-apparmor", focusList},
		{"arrow down and up return", 120, 40, []string{"down", "down", "up"}, "overview", "24-apparmor", focusList},
		{"up at the top stays", 120, 40, []string{"k", "k"}, "overview", overviewID, focusList},
		{"tab goes to GA", 120, 40, []string{"tab"}, "ga", "24-apparmor", focusList},
		{"shift+tab wraps to the last tab", 120, 40, []string{"shift+tab"}, data.Sections[len(data.Sections)-1].Name, firstChange, focusList},
		{"shift+tab twice goes back from it", 120, 40, []string{"shift+tab", "shift+tab"}, data.Sections[len(data.Sections)-2].Name, "", focusList},
		{"l and h switch tabs", 120, 40, []string{"l", "l", "h"}, "ga", "24-apparmor", focusList},
		{"3 jumps to beta", 120, 40, []string{"3"}, "beta", "1029-ephemeral-storage-quotas", focusList},
		{"G goes to the last alpha", 120, 40, []string{"4", "G"}, "alpha", "4680-resource-health-status", focusList},
		{"g returns to the first", 120, 40, []string{"4", "G", "g"}, "alpha", "1790-recover-volume-expansion-failure", focusList},
		{"5 shows removals", 120, 40, []string{"5"}, "removals", "removal-ceph-rbd-volume-plugin", focusList},
		{"enter focuses the detail", 120, 40, []string{"2", "enter"}, "ga", "24-apparmor", focusDetail},
		{"esc returns to the list", 120, 40, []string{"2", "enter", "esc"}, "ga", "24-apparmor", focusList},
		{"j in the detail scrolls, not moves", 120, 40, []string{"2", "enter", "j", "j"}, "ga", "24-apparmor", focusDetail},
		{"tab from the detail returns to a list", 120, 40, []string{"2", "enter", "tab"}, "beta", "1029-ephemeral-storage-quotas", focusList},
		{"cursor is remembered per tab", 120, 40, []string{"2", "j", "j", "3", "2"}, "ga", "2305-metrics-cardinality-enforcement", focusList},
		{"narrow: enter opens the detail", 80, 24, []string{"2", "enter"}, "ga", "24-apparmor", focusDetail},
		{"page down moves a screen", 80, 24, []string{"3", "pgdown"}, "beta", "", focusList},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := keys(newModel(t, Options{}, tt.w, tt.h), tt.keys...)
			if got := data.Sections[m.tab].Name; got != tt.wantTab {
				t.Errorf("tab = %s, want %s", got, tt.wantTab)
			}
			if tt.wantID != "" && selectedID(m) != tt.wantID {
				t.Errorf("selected = %s, want %s", selectedID(m), tt.wantID)
			}
			if m.focus != tt.wantFocus {
				t.Errorf("focus = %d, want %d", m.focus, tt.wantFocus)
			}
		})
	}
}

func TestPageDownMovesByTheListHeight(t *testing.T) {
	m := keys(newModel(t, Options{}, 80, 24), "3", "pgdown")
	want := m.lay.list.h - 1
	if got := m.lists[m.tab].cursor; got != want {
		t.Fatalf("cursor after pgdown = %d, want %d (list height %d)", got, want, m.lay.list.h)
	}
}

func TestQuitKeys(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		m := newModel(t, Options{}, 120, 40)
		_, cmd := m.Update(keyMsg(k))
		if cmd == nil {
			t.Fatalf("%s returned no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s should quit", k)
		}
	}
}

func TestDeepLinks(t *testing.T) {
	m := newModel(t, Options{Open: "3866"}, 120, 40)
	if data.Sections[m.tab].Name != "beta" || selectedID(m) != "3866-nftables-kube-proxy" || m.focus != focusDetail {
		t.Fatalf("elli 3866: tab %s, item %s, focus %d", data.Sections[m.tab].Name, selectedID(m), m.focus)
	}
	if !strings.Contains(plain(m), "nftables") {
		t.Fatal("the detail shows the item")
	}
	m = newModel(t, Options{Tab: "alpha"}, 120, 40)
	if data.Sections[m.tab].Name != "alpha" {
		t.Fatalf("--tab alpha opened %s", data.Sections[m.tab].Name)
	}
	m = newModel(t, Options{Search: "nft"}, 120, 40)
	if m.query != "nft" || selectedID(m) != "3866-nftables-kube-proxy" {
		t.Fatalf("--search nft: query %q, selected %s", m.query, selectedID(m))
	}
}

func TestHelpToggles(t *testing.T) {
	m := newModel(t, Options{}, 120, 40)
	short := m.lay.help.h
	m = keys(m, "?")
	if !m.fullHelp || m.lay.help.h <= short {
		t.Fatal("? shows the full help, which takes more lines")
	}
	if !strings.Contains(plain(m), "copy link") {
		t.Fatal("full help lists the copy key")
	}
	assertFits(t, m.Render(), 120, 40)
}

func TestMouseClickSelectsRow(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "2")
	m = step(m, tea.MouseClickMsg{X: 5, Y: m.lay.list.y + 2, Button: tea.MouseLeft})
	if selectedID(m) != "2305-metrics-cardinality-enforcement" {
		t.Fatalf("click on the third row selected %s", selectedID(m))
	}
}
