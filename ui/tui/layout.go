package tui

// Minimum terminal size; below it the explorer asks for a larger window.
const (
	minWidth  = 40
	minHeight = 10
	// splitWidth is where list and detail start to sit side by side.
	splitWidth = 100
	// readWidth is the narrowest page text kept beside the list while reading: a code line of
	// the content's 66-column limit plus glamour's indent. Below it, reading takes the whole
	// width, so that commands are not broken in two (100–118 columns).
	readWidth = 68
)

// rect is a screen rectangle in cells.
type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool { return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h }

// layout holds every pane's rectangle; all width arithmetic lives here.
type layout struct {
	tooSmall  bool
	split     bool // list and detail side by side
	header    rect
	tabs      rect
	search    rect // h == 0 when the search row is hidden
	banner    rect // the Patches tab's timeline; h == 0 elsewhere
	list      rect // w == 0 when hidden (single-pane detail)
	detail    rect // w == 0 when hidden (single-pane list)
	status    rect
	help      rect
	detailTxt rect // inside the detail border
}

// maxListWidth bounds the list when a wide terminal widens it to keep the page's measure.
const maxListWidth = 100

// computeLayout places the panes for a terminal of w×h cells. banner is the height of the
// full-width picture above the panes (the Patches tab's timeline), 0 for none. showSearch adds the search row,
// helpLines is the height of the help footer. detailOpen (reading) shows the detail alone in a
// single-pane layout, and in a split one too narrow for readWidth. measure caps the width of the
// page's text (0: none): on a wide terminal the list takes the room the measure leaves, up to
// maxListWidth, and beyond that the text is centred in its pane.
func computeLayout(w, h int, showSearch bool, helpLines int, detailOpen bool, measure, banner int) layout {
	if w < minWidth || h < minHeight {
		return layout{tooSmall: true}
	}
	var l layout
	y := 0
	l.header = rect{0, y, w, 1}
	y++
	l.tabs = rect{0, y, w, 1}
	y++
	if showSearch {
		l.search = rect{0, y, w, 1}
		y++
	}
	if banner > 0 {
		l.banner = rect{0, y, w, banner}
		y += banner
	}
	helpLines = max(1, min(helpLines, h-y-3))
	bodyH := h - y - 1 - helpLines
	l.status = rect{0, y + bodyH, w, 1}
	l.help = rect{0, y + bodyH + 1, w, helpLines}
	body := rect{0, y, w, bodyH}
	// browsing, the list and the page share the width, so that titles read (at 120 columns a
	// list of 48 cut them to 25 characters); reading, the list gives the page back its room
	// down to 2/5 of the width, so that the page keeps readWidth for code lines where it can
	lw := min(max(w/2, 36), 64)
	if detailOpen {
		lw = min(max(w*2/5, 36), 64)
	}
	l.split = w >= splitWidth && !(detailOpen && w-lw-4 < readWidth)
	if l.split && measure > 0 && w-lw-4 > measure {
		lw = max(lw, min(w-measure-4, maxListWidth))
	}
	switch {
	case l.split:
		l.list = rect{0, y, lw, bodyH}
		l.detail = rect{lw, y, w - lw, bodyH}
	case detailOpen:
		l.detail = body
	default:
		l.list = body
	}
	if l.detail.w > 0 {
		// one cell of border on every side, one of padding left and right; the text at most
		// measure wide, centred
		inner := max(1, l.detail.w-4)
		tw := inner
		if measure > 0 {
			tw = min(inner, measure)
		}
		l.detailTxt = rect{l.detail.x + 2 + (inner-tw)/2, l.detail.y + 1, tw, max(1, l.detail.h-2)}
	}
	return l
}
