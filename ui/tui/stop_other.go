//go:build !unix

package tui

import (
	"os"
	"syscall"
)

var (
	quitSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}
	stopSignals []os.Signal
)

func (s *signals) onStopSignal(os.Signal) bool { return false }
