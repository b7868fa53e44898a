//go:build !linux

package cli

import "os"

// signalPager sends sig to the pager; where the system does not list a process's children, a
// pager run through sh -c gets it through the shell only.
func signalPager(pid int, _ bool, sig os.Signal) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Signal(sig)
	}
}
