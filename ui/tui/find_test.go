package tui

import (
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

func TestSearchTerms(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"nft", []string{"nft"}},
		{"  Pod  Failure policy ", []string{"pod", "failure", "policy"}},
		{"a nft x", []string{"nft"}}, // single letters would mark most of the page
		{"nft NFT", []string{"nft"}},
		{"", nil},
		{"日本 語", []string{"日本"}},
	}
	for _, tc := range tests {
		if got := searchTerms(tc.query); !slices.Equal(got, tc.want) {
			t.Errorf("searchTerms(%q) = %q, want %q", tc.query, got, tc.want)
		}
	}
}

// markFinds marks each occurrence, keeps the text and its case, merges overlapping terms and
// counts wide characters as two cells.
func TestMarkFinds(t *testing.T) {
	mark := lipgloss.NewStyle().Reverse(true)
	open, closed := "\x1b[7m", "\x1b[m"
	tests := []struct {
		line  string
		terms []string
		want  []string // the marked pieces, in order
	}{
		{"kube-proxy's NFTables mode and nft", []string{"nft"}, []string{"NFT", "nft"}},
		{"\x1b[1mmode: nftables\x1b[m, then nft list", []string{"nft", "list"}, []string{"nft", "nft", "list"}},
		{"nftables", []string{"nft", "ftab"}, []string{"nftab"}},
		{"→ 中文 nft 中", []string{"nft"}, []string{"nft"}},
		{"nothing here", []string{"nft"}, nil},
	}
	for _, tc := range tests {
		low := strings.ToLower(ansi.Strip(tc.line))
		got := markFinds(tc.line, low, tc.terms, mark)
		if ansi.Strip(got) != ansi.Strip(tc.line) {
			t.Errorf("%q: text changed to %q", tc.line, ansi.Strip(got))
		}
		var pieces []string
		for rest := got; ; {
			i := strings.Index(rest, open)
			if i < 0 {
				break
			}
			rest = rest[i+len(open):]
			j := strings.Index(rest, closed)
			pieces = append(pieces, rest[:j])
			rest = rest[j:]
		}
		if !slices.Equal(pieces, tc.want) {
			t.Errorf("%q: marked %q, want %q", tc.line, pieces, tc.want)
		}
	}
}

// Searching "nft", then reading KEP-3866: the status says how many lines hold the word, n and N
// step through them with wrap-around, and the lines on screen show the word marked.
func TestFindInPage(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m = keys(typeText(keys(m, "/"), "nft"), "enter", "enter")
	if selectedID(m) != "3866-nftables-kube-proxy" || m.focus != focusDetail || !m.shownReal {
		t.Fatalf("expected to read 3866, got %s focus %d", selectedID(m), m.focus)
	}
	f := m.finds()
	if len(f.lines) < 5 {
		t.Fatalf("only %d lines of the 3866 page hold nft", len(f.lines))
	}
	low := m.detail.lowered()
	for _, i := range f.lines {
		if !strings.Contains(low[i], "nft") {
			t.Fatalf("line %d is listed but holds no nft: %q", i, low[i])
		}
	}
	if !strings.Contains(statusLine(m), "lines match") {
		t.Errorf("the status does not say how many lines match:\n%s", plain(m))
	}
	if !strings.Contains(m.Render(), "\x1b[7mnft") && !strings.Contains(m.Render(), "\x1b[7mNFT") {
		t.Error("no search word is marked on screen")
	}

	last := len(f.lines) - 1
	m = keys(m, "n")
	if m.finds().at != 0 || m.detail.offset != max(0, f.lines[0]-2) || !strings.Contains(statusLine(m), "match 1/") {
		t.Fatalf("n goes to the first matching line: at %d offset %d", m.finds().at, m.detail.offset)
	}
	m = keys(m, "n")
	if m.finds().at != 1 {
		t.Fatalf("a second n goes to the second line, at %d", m.finds().at)
	}
	m = keys(m, "N", "N")
	if m.finds().at != last {
		t.Fatalf("N from the first line wraps to the last, at %d want %d", m.finds().at, last)
	}
	wantOffset := min(max(0, f.lines[last]-2), m.detail.maxOffset())
	if m.detail.offset != wantOffset {
		t.Fatalf("the last match shows: offset %d, want %d", m.detail.offset, wantOffset)
	}
	m = keys(m, "n")
	if m.finds().at != 0 {
		t.Fatalf("n from the last line wraps to the first, at %d", m.finds().at)
	}

	// Without a search, n does nothing and the status says nothing of matches.
	m = keys(m, "esc", "esc")
	m = keys(m, "enter")
	before := m.detail.offset
	m = keys(m, "j", "n")
	if m.detail.offset != before+1 || strings.Contains(statusLine(m), "match") {
		t.Fatalf("without a search n should do nothing: offset %d (from %d)", m.detail.offset, before)
	}
}

// A page found through a forgiven typo does not hold the typed word: n says so instead of
// moving.
func TestFindNothingInPage(t *testing.T) {
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m = keys(typeText(keys(m, "/"), "aparmor"), "enter", "enter")
	if selectedID(m) != "24-apparmor" {
		t.Fatalf("aparmor should find AppArmor, got %s", selectedID(m))
	}
	m = keys(m, "n")
	if !strings.Contains(statusLine(m), `no line of this page holds "aparmor"`) || m.finds().at != -1 || m.detail.offset != 0 {
		t.Fatalf("n with no matching line: status %q, at %d, offset %d", statusLine(m), m.finds().at, m.detail.offset)
	}
}

// statusLine is the screen's status line, above the help.
func statusLine(m Model) string {
	lines := strings.Split(plain(m), "\n")
	return lines[m.lay.status.y]
}

// --search obeys the input's bound, as typing does, and the status line says what was left out.
func TestSearchFlagIsBounded(t *testing.T) {
	m := newModel(t, Options{Search: strings.Repeat("nftables ", 1000)}, 120, 40)
	if n := len([]rune(m.input.Value())); n > data.MaxQueryLen {
		t.Errorf("the search input holds %d characters, over %d", n, data.MaxQueryLen)
	}
	if m.query != m.input.Value() || len(m.results) == 0 {
		t.Errorf("the search runs %.40q with %d results; the input holds %.40q", m.query, len(m.results), m.input.Value())
	}
	if !strings.Contains(plain(m), "the search used") {
		t.Errorf("the status line does not say the query was cut:\n%s", plain(m))
	}
	m = newModel(t, Options{Search: "a b c d e f g h i j k l m n o"}, 120, 40)
	if !strings.Contains(plain(m), "the search used its first 12 terms") {
		t.Errorf("the status line does not say terms were left out:\n%s", plain(m))
	}
}
