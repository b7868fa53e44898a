package tui

import (
	"errors"
	"os/exec"
	"runtime"

	tea "charm.land/bubbletea/v2"
	"github.com/atotto/clipboard"
)

// errNoOpener means the system has no way to open a browser (a jump host, a container).
var errNoOpener = errors.New("no browser opener on this system")

// openInBrowser hands url to the system's opener without waiting for the browser.
func openInBrowser(url string) error {
	var name string
	var args []string
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
	default:
		name = "xdg-open"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return errNoOpener
	}
	cmd := exec.Command(path, append(args, url)...)
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }() // reap the opener; the browser lives on
	return nil
}

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
	open := m.openURL
	return func() tea.Msg {
		if err := open(url); err != nil {
			return statusMsg{text: "No browser here; the link is " + url + " (y copies it)"}
		}
		return statusMsg{text: "Opened " + url}
	}
}

// copySelected copies the link with OSC 52, which works over SSH, and with the system clipboard
// where there is one.
func (m *Model) copySelected() tea.Cmd {
	url := m.selectedURL()
	if url == "" {
		return nil
	}
	copyURL := m.copyURL
	return tea.Batch(tea.SetClipboard(url), func() tea.Msg {
		_ = copyURL(url) // OSC 52 already carried it; the system clipboard is a bonus
		return statusMsg{text: "Copied " + url}
	})
}
