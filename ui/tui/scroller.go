package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// scroller holds a pre-rendered page split into lines, their widths and the scroll position.
// bubbles/viewport re-measures and re-wraps its whole content on every SetContent and View; the
// detail page is already wrapped by glamour, so a frame here only slices lines.
type scroller struct {
	lines  []string
	widths []int
	plainL *[]string // the page's plain text, made on the first search in it
	offset int
	height int
}

// page is a rendered page split once, kept in the render cache.
type page struct {
	lines  []string
	widths []int
	plainL *[]string // shared by the cache and the scroller, so it is made once per page
}

func newPage(text string) page {
	lines := strings.Split(text, "\n")
	widths := make([]int, len(lines))
	for i, l := range lines {
		widths[i] = ansi.StringWidth(l)
	}
	return page{lines: lines, widths: widths, plainL: new([]string)}
}

func (s *scroller) set(p page) {
	s.lines, s.widths, s.plainL = p.lines, p.widths, p.plainL
	s.clamp()
}

// plain returns the lines without styling, for finding the search's words.
func (s *scroller) plain() []string {
	if s.plainL == nil {
		s.plainL = new([]string)
	}
	return page{lines: s.lines, plainL: s.plainL}.plain()
}

// plain returns the page's lines without styling, made once and kept with the page (and its
// cache entry) when it was made by newPage.
func (p page) plain() []string {
	if p.plainL == nil {
		p.plainL = new([]string)
	}
	if *p.plainL == nil && len(p.lines) > 0 {
		plain := make([]string, len(p.lines))
		for i, l := range p.lines {
			plain[i] = ansi.Strip(l)
		}
		*p.plainL = plain
	}
	return *p.plainL
}

func (s *scroller) setHeight(h int) { s.height = max(1, h); s.clamp() }

func (s *scroller) maxOffset() int { return max(0, len(s.lines)-s.height) }

func (s *scroller) clamp() { s.offset = min(max(s.offset, 0), s.maxOffset()) }

func (s *scroller) scroll(n int) { s.offset += n; s.clamp() }

func (s *scroller) pageDown()     { s.scroll(s.height) }
func (s *scroller) pageUp()       { s.scroll(-s.height) }
func (s *scroller) halfPageDown() { s.scroll(max(1, s.height/2)) }
func (s *scroller) halfPageUp()   { s.scroll(-max(1, s.height/2)) }
func (s *scroller) top()          { s.offset = 0 }
func (s *scroller) bottom()       { s.offset = s.maxOffset() }
func (s *scroller) atBottom() bool {
	return s.offset >= s.maxOffset()
}

// scrollable reports whether the page is taller than the pane.
func (s *scroller) scrollable() bool { return len(s.lines) > s.height }

// percent is how far down the page the pane is, from 0 to 1.
func (s *scroller) percent() float64 {
	if s.maxOffset() == 0 {
		return 1
	}
	return float64(s.offset) / float64(s.maxOffset())
}
