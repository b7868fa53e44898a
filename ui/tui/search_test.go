package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestSearch(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3", "/")
	if m.focus != focusSearch {
		t.Fatal("/ should focus the search input")
	}
	m = typeText(m, "nft")
	if m.query != "nft" {
		t.Fatalf("query = %q", m.query)
	}
	if selectedID(m) != "3866-nftables-kube-proxy" {
		t.Fatalf("beta's best match for nft = %s", selectedID(m))
	}
	screen := plain(m)
	for _, want := range []string{"Beta 1/22", "/ nft", "KEP-3866"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q", want)
		}
	}
	// the same engine as `elli search`: the overview lists results in its order
	res := m.ds.Search("nft")
	if got := m.lists[0].rows[0].id(); got != res[0].Item.ID {
		t.Errorf("overview's first row %s, engine's first %s", got, res[0].Item.ID)
	}
	if len(m.lists[m.tab].rows[0].matches) == 0 {
		t.Error("the matched title characters should be marked for highlighting")
	}
	m = keys(m, "enter")
	if m.focus != focusList || m.query != "nft" {
		t.Fatalf("enter keeps the results and moves to the list: focus %d query %q", m.focus, m.query)
	}
	m = keys(m, "esc")
	if m.query != "" || len(m.lists[m.tab].rows) != 22 {
		t.Fatalf("esc clears: query %q, %d rows", m.query, len(m.lists[m.tab].rows))
	}
	if selectedID(m) != "3866-nftables-kube-proxy" {
		t.Errorf("clearing keeps the item under the cursor, got %s", selectedID(m))
	}
}

func TestSearchEscInInputClears(t *testing.T) {
	m := typeText(keys(newModel(t, Options{}, 120, 40), "/"), "zzzqqq")
	if len(m.results) != 0 || !strings.Contains(plain(m), "no match") {
		t.Fatal("a query without results says so")
	}
	m = keys(m, "esc")
	if m.query != "" || m.focus != focusList || m.lay.search.h != 0 {
		t.Fatalf("esc clears and hides the search row: %q %d %d", m.query, m.focus, m.lay.search.h)
	}
}

func TestSearchQDoesNotQuit(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "/")
	next, cmd := m.Update(keyMsg("q"))
	if cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q typed into the search must not quit")
		}
	}
	if next.(Model).query != "q" {
		t.Fatal("q should be typed into the search")
	}
}

// Searching for what only the overview says (how to get the release) finds the overview row.
func TestSearchFindsTheOverview(t *testing.T) {
	m := typeText(keys(newModel(t, Options{}, 120, 40), "/"), "minikube")
	if len(m.lists[0].rows) == 0 || selectedID(m) != overviewID {
		t.Fatalf("overview tab rows %d, selected %q", len(m.lists[0].rows), selectedID(m))
	}
	if !strings.Contains(plain(m), fmt.Sprintf("Overview 1/%d", m.counts[0])) {
		t.Fatal("the overview tab counts its match")
	}
	m = keys(m, "enter", "enter")
	if m.shownKey.id != overviewID || !m.shownReal || !strings.Contains(strings.Join(m.detail.lines, "\n"), "minikube start") {
		t.Fatalf("the overview page should be shown, got %q", m.shownKey.id)
	}
}
