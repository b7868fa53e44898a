package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

// codeCursor remembers the code block c copied last, so that pressing it again copies the
// next one of the same page.
type codeCursor struct {
	page string // the page's id; another page starts again at its first block
	next int    // the block the next press copies
	line int    // the page line the last block was found on, where the search for the next starts
}

// copyCode copies the selected page's next code block, as y copies the link: with OSC 52, which
// works over SSH, and with the system clipboard where there is one. The blocks come from the
// page's Markdown (data.CodeBlocks), so what is copied is the command as written, not as wrapped
// on screen. The detail scrolls to the block, and the status line says which one it was.
func (m *Model) copyCode() tea.Cmd {
	r, ok := m.activeList().selected()
	if !ok {
		return nil
	}
	blocks, _ := data.CodeBlocks(m.markdownOf(r)) // an unclosed block is still a block
	if len(blocks) == 0 {
		m.status, m.statusErr = m.s.TUI.NoCode, false
		return nil
	}
	if m.code.page != r.id() {
		m.code = codeCursor{page: r.id(), line: -1}
	}
	i := m.code.next % len(blocks)
	if i == 0 {
		m.code.line = -1
	}
	m.code.next = i + 1
	b := blocks[i]
	text := render.Sanitize(strings.TrimRight(b.Text, "\n"))
	m.scrollToCode(text)

	lines := strings.Count(text, "\n") + 1
	first := strings.TrimSpace(strings.SplitN(text, "\n", 2)[0])
	t := m.s.TUI
	what := fmt.Sprintf(t.CodeLines, lines)
	if lines == 1 {
		what = t.CodeLine
	}
	if b.Lang != "" {
		what = b.Lang + m.s.Sep + what
	}
	status := fmt.Sprintf(t.CopiedCode, i+1, len(blocks), what, ansi.Truncate(first, 48, "…"))
	if len(blocks) > 1 {
		status += t.CodeNext
	}
	copyText := m.copyText
	return tea.Batch(tea.SetClipboard(text), func() tea.Msg {
		_ = copyText(text) // OSC 52 already carried it; the system clipboard is a bonus
		return statusMsg{text: status}
	})
}

// scrollToCode scrolls the detail to the rendered line that holds the block's first line of
// code, searching after the previous block's, and keeps a line of context above it.
func (m *Model) scrollToCode(text string) {
	first := ""
	for _, l := range strings.Split(text, "\n") {
		if first = strings.TrimSpace(l); first != "" {
			break
		}
	}
	if first == "" || m.lay.detail.w == 0 {
		return
	}
	plain := m.detail.plain()
	for n := m.code.line + 1; n < len(plain); n++ {
		if strings.Contains(plain[n], first) {
			m.code.line = n
			m.detail.offset = max(0, n-2)
			m.detail.clamp()
			return
		}
	}
}
