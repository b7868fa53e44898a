package tui

import (
	"slices"
	"strings"
	"testing"
)

// A result that matched only some of the search's words says which on the status line, in the
// run's language; one that matched all of them shows its link as before. Its page marks only
// the words it matched.
func TestStatusSaysMatchedWords(t *testing.T) {
	m := newModel(t, Options{Search: "service ip range is full"}, 120, 40)
	if id := selectedID(m); id != "1880-multiple-service-cidrs" {
		t.Fatalf("selected %s, want 1880 first", id)
	}
	if out := plain(m); !strings.Contains(out, "matched 3 of 4 words (not: full)") {
		t.Errorf("the status line does not say what matched:\n%s", out)
	}
	zh := newModel(t, Options{Search: "service ip range is full", Lang: "zh"}, 120, 40)
	if out := plain(zh); !strings.Contains(out, "匹配了 3 个词，共 4 个（未匹配：full）") {
		t.Errorf("the Chinese status line does not say what matched:\n%s", out)
	}
	all := newModel(t, Options{Search: "nftables"}, 120, 40)
	if out := plain(all); strings.Contains(out, "words (not:") {
		t.Errorf("a result matching every word says what it matched:\n%s", out)
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
