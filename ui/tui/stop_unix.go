//go:build unix

package tui

import (
	"os"
	"syscall"

	tea "charm.land/bubbletea/v2"
)

var (
	quitSignals = []os.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM}
	stopSignals = []os.Signal{syscall.SIGTSTP, syscall.SIGCONT}
)

// onStopSignal handles SIGTSTP and SIGCONT. Once caught, SIGTSTP never stops a Go process by
// itself again (signal.Reset leaves Go's handler in place, which ignores it), so elli stops
// itself: a SIGTSTP from outside asks bubbletea to suspend, and the SIGTSTP that bubbletea then
// sends the process group, with the terminal given back, becomes SIGSTOP. SIGCONT (fg) lets
// bubbletea take the terminal again, through its own wait for it.
func (s *signals) onStopSignal(sig os.Signal) bool {
	switch sig {
	case syscall.SIGTSTP:
		if s.suspending.CompareAndSwap(true, false) {
			_ = syscall.Kill(0, syscall.SIGSTOP)
		} else {
			go s.p.Send(tea.SuspendMsg{})
		}
	case syscall.SIGCONT:
	default:
		return false
	}
	return true
}
