package tui

import (
	"os"
	"os/signal"
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"
)

// SignalError is what Run returns when a signal ended the explorer; the terminal is restored
// by then. The CLI exits 128+signal, as a shell reports a process killed by one.
type SignalError struct{ Signal os.Signal }

func (e *SignalError) Error() string { return "interactive explorer: " + e.Signal.String() }

// signals ends the explorer cleanly on the signals that would otherwise leave the terminal in
// its modes (alt screen, mouse reporting, hidden cursor, raw input): bubbletea's own handler
// takes only SIGINT and SIGTERM, and ends with success on SIGTERM. On a stop signal from
// outside (kill -TSTP), the explorer suspends as ctrl+z does: it gives the terminal back, stops,
// and takes the terminal again when continued (stop_unix.go).
type signals struct {
	p          *tea.Program
	ch         chan os.Signal
	done       chan struct{}
	wg         sync.WaitGroup
	caught     os.Signal   // written by the watcher, read after stop
	suspending atomic.Bool // bubbletea is giving the terminal back to stop the process
}

func newSignals() *signals {
	return &signals{ch: make(chan os.Signal, 4), done: make(chan struct{})}
}

// filter sees every message before bubbletea does: a SuspendMsg, from ctrl+z or from a stop
// signal, means that the SIGTSTP bubbletea sends itself next must stop the process.
func (s *signals) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.SuspendMsg); ok {
		s.suspending.Store(true)
	}
	return msg
}

// watch starts catching signals for p.
func (s *signals) watch(p *tea.Program) {
	s.p = p
	signal.Notify(s.ch, quitSignals...)
	signal.Notify(s.ch, stopSignals...)
	s.wg.Go(func() {
		for {
			select {
			case <-s.done:
				return
			case sig := <-s.ch:
				if s.onStopSignal(sig) {
					continue
				}
				if s.caught == nil {
					s.caught = sig
					// Kill, not Quit: it restores the terminal even when Update is stuck.
					go p.Kill()
				}
			}
		}
	})
}

// stop stops watching and returns the signal that ended the explorer, if one did.
func (s *signals) stop() os.Signal {
	signal.Stop(s.ch)
	close(s.done)
	s.wg.Wait()
	return s.caught
}
