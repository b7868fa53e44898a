//go:build windows

package cli

import (
	"io"
	"os"

	"golang.org/x/sys/windows"
)

// enableVirtualTerminal turns on escape sequence processing for a Windows console, which older
// consoles leave off (fang did this before elli ran cobra itself). Not a console: nothing to do.
func enableVirtualTerminal(w io.Writer) {
	f, ok := w.(*os.File)
	if !ok {
		return
	}
	h := windows.Handle(f.Fd())
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return
	}
	_ = windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING)
}
