package tui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/atotto/clipboard"
)

// copyToSystemClipboard copies through xclip, xsel, wl-copy, pbcopy or the Windows API,
// whichever exists.
func copyToSystemClipboard(url string) error {
	if clipboard.Unsupported {
		return errors.New("no system clipboard")
	}
	return clipboard.WriteAll(url)
}

func (m *Model) openSelected() tea.Cmd {
	url := m.selectedURL()
	if url == "" {
		return nil
	}
	open, t := m.openURL, m.s.TUI
	return func() tea.Msg {
		if err := open(url); err != nil {
			return statusMsg{text: fmt.Sprintf(t.NoBrowser, url)}
		}
		return statusMsg{text: fmt.Sprintf(t.Opened, url)}
	}
}

// copySelected copies the link with OSC 52, which works over SSH, and with the system clipboard
// where there is one.
func (m *Model) copySelected() tea.Cmd {
	url := m.selectedURL()
	if url == "" {
		return nil
	}
	copyText, t := m.copyText, m.s.TUI
	return tea.Batch(tea.SetClipboard(url), func() tea.Msg {
		_ = copyText(url) // OSC 52 already carried it; the system clipboard is a bonus
		return statusMsg{text: fmt.Sprintf(t.Copied, url)}
	})
}
