package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestResizeSwitchesLayout(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3", "enter")
	if !m.lay.split || m.lay.list.w == 0 || m.lay.detail.w == 0 {
		t.Fatal("120 columns: list and detail side by side")
	}
	wide := m.shownKey
	m = step(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.lay.split || m.lay.list.w != 0 || m.lay.detail.w != 80 {
		t.Fatalf("80 columns with the detail open: detail alone, got %+v", m.lay)
	}
	if m.shownKey.width == wide.width || !m.shownReal {
		t.Fatal("a resize re-renders the detail at the new width")
	}
	m = keys(m, "esc")
	if m.lay.list.w != 80 || m.lay.detail.w != 0 {
		t.Fatal("esc returns to the list alone")
	}
	m = step(m, tea.WindowSizeMsg{Width: 30, Height: 8})
	if !m.lay.tooSmall || !strings.Contains(plain(m), "needs at least") {
		t.Fatal("below 40×10 the explorer asks for more room")
	}
}

// Between 100 and 118 columns the split leaves the page too narrow for a code line of the
// content's 66-column limit, so reading takes the whole width; esc brings the list back. From
// 119 columns the page is read beside the list.
func TestNarrowSplitReadsFullWidth(t *testing.T) {
	for _, w := range []int{100, 110, 118} {
		m := newModel(t, Options{}, w, 30)
		if !m.lay.split {
			t.Fatalf("%d columns: the list and detail sit side by side", w)
		}
		m = keys(m, "6", "enter")
		if m.lay.split || m.lay.list.w != 0 || m.lay.detail.w != w || m.lay.detailTxt.w < readWidth {
			t.Fatalf("%d columns, reading: the detail alone at full width, got %+v", w, m.lay)
		}
		if m.shownKey.width != m.lay.detailTxt.w {
			t.Fatalf("%d columns: the page was rendered %d wide for a %d-wide pane", w, m.shownKey.width, m.lay.detailTxt.w)
		}
		m = keys(m, "esc")
		if !m.lay.split || m.lay.list.w == 0 {
			t.Fatalf("%d columns: esc brings the list back beside the detail", w)
		}
	}
	m := keys(newModel(t, Options{}, 119, 40), "6", "enter")
	if !m.lay.split || m.lay.detailTxt.w < readWidth {
		t.Fatalf("119 columns: the page is read beside the list, %d wide", m.lay.detailTxt.w)
	}
}

// TestListAndPageBalanced: at 120 columns, browsing, the list and the page share the width
// (titles were cut to 25 characters in a list of 48); reading, the page gets back the room its
// code lines need.
func TestListAndPageBalanced(t *testing.T) {
	browse := computeLayout(120, 40, false, 1, false, 0, 0)
	if browse.list.w < 58 || browse.detail.w < 56 {
		t.Errorf("browsing at 120 columns: list %d, page %d; want them about even", browse.list.w, browse.detail.w)
	}
	read := computeLayout(120, 40, false, 1, true, 0, 0)
	if !read.split || read.detailTxt.w < readWidth {
		t.Errorf("reading at 120 columns: split %v, page text %d; want the list beside a page of at least %d", read.split, read.detailTxt.w, readWidth)
	}
	if wide := computeLayout(200, 60, false, 1, false, 0, 0); wide.list.w > 64 {
		t.Errorf("at 200 columns the list takes %d; it stays at most 64 unless the page's measure leaves more", wide.list.w)
	}
}
