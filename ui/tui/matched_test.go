package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
)

// The status line says which of the search's words the selected result matched, in the run's
// language: all of them ("matched: nftables"), or some, and which it did not. Its page marks
// only the words it matched.
func TestStatusSaysMatchedWords(t *testing.T) {
	m := selectResult(t, newModel(t, Options{Search: "service ip range is full"}, 120, 40), "1880-multiple-service-cidrs")
	if got := statusLine(m); !strings.Contains(got, "matched 3 of 4 words: service ip range (not: full)") {
		t.Errorf("the status line does not say what matched: %q", got)
	}
	zh := selectResult(t, newModel(t, Options{Search: "service ip range is full", Lang: "zh"}, 120, 40), "1880-multiple-service-cidrs")
	if got := statusLine(zh); !strings.Contains(got, "匹配了 3 个词，共 4 个：service ip range（未匹配：full）") {
		t.Errorf("the Chinese status line does not say what matched: %q", got)
	}
	all := newModel(t, Options{Search: "nftables"}, 120, 40)
	if got := statusLine(all); !strings.Contains(got, "matched: nftables") || strings.Contains(got, "not:") {
		t.Errorf("a result matching every word does not say it: %q", got)
	}
	zhAll := newModel(t, Options{Search: "nftables kube-proxy", Lang: "zh"}, 120, 40)
	if got := statusLine(zhAll); !strings.Contains(got, "已匹配：nftables kube proxy") {
		t.Errorf("the Chinese status line of a result matching every word says %q", got)
	}

	// the page's marks and n/N are the words the shown result matched, no others
	m = keys(m, "enter")
	q := m.pageQuery()
	if words := q.Words(); !slices.Equal(words, []string{"service", "ip", "range"}) {
		t.Errorf("the page marks %q, want the three words 1880 matched", words)
	}
	if len(m.finds().lines) == 0 {
		t.Error("the page marks no line")
	}
}

// selectResult moves the cursor down the list to the item id, a result of the search.
func selectResult(t *testing.T, m Model, id string) Model {
	t.Helper()
	for range len(m.activeList().rows) {
		if selectedID(m) == id {
			return m
		}
		m = keys(m, "down")
	}
	t.Fatalf("%s is not in the list", id)
	return m
}

// A question's list shows the results close to the best and folds the partial matches far below
// it into its last line, which counts them; ↓ on the last result unfolds them and moves onto
// the first. The search bar counts what the list shows.
func TestListFoldsWeakPartialMatches(t *testing.T) {
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		m := newModel(t, Options{Search: "my pods lose connections when a node shuts down", Lang: lang}, 120, 40)
		folded := data.Folded(m.results)
		shown := len(m.results) - folded
		if folded == 0 || shown == 0 {
			t.Fatalf("%s: %d results, %d folded: the case proves nothing", lang, len(m.results), folded)
		}
		rows := m.lists[0].rows
		last := rows[len(rows)-1]
		if want := fmt.Sprintf(m.s.TUI.Folded, folded); last.heading != want || last.selectable() {
			t.Errorf("%s: the last row is %+v, want the line %q", lang, last, want)
		}
		if len(rows) != shown+1 {
			t.Errorf("%s: %d rows for %d results shown and the fold", lang, len(rows), shown)
		}
		if bar := strings.Split(plain(m), "\n")[2]; !strings.Contains(bar, fmt.Sprint(shown)) || strings.Contains(bar, fmt.Sprint(len(m.results))) {
			t.Errorf("%s: the search bar %q does not count the %d shown", lang, bar, shown)
		}
		if !strings.Contains(plain(m), fmt.Sprintf(m.s.TUI.Folded, folded)) {
			t.Errorf("%s: the fold line is not on screen:\n%s", lang, plain(m))
		}
		for range shown - 1 {
			m = keys(m, "down")
		}
		lastShown := selectedID(m)
		m = keys(m, "down")
		first := m.results[shown].Item.ID
		if m.results[shown].Item.Kind == data.KindRelease {
			first = overviewID
		}
		if !m.unfolded || selectedID(m) != first || len(m.lists[0].rows) != len(m.results) {
			t.Errorf("%s: ↓ on %s: unfolded %v, selected %s (want %s), %d rows for %d results", lang, lastShown, m.unfolded, selectedID(m), first, len(m.lists[0].rows), len(m.results))
		}
		// a new search folds again
		m = keys(m, "/")
		m = typeText(m, " ")
		if m.unfolded {
			t.Errorf("%s: a new search keeps the list unfolded", lang)
		}
	}
}
