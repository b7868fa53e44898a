//go:build unix

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// inForeground says whether elli is the terminal's foreground job. A background job (elli show
// 3866 &) that switches the terminal to raw mode is stopped by the shell (SIGTTOU), so it must
// not ask the terminal anything.
func inForeground(tty *os.File) bool {
	pgrp, err := unix.IoctlGetInt(int(tty.Fd()), unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}
