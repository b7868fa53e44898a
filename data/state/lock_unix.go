//go:build unix

package state

import (
	"os"

	"golang.org/x/sys/unix"
)

// lock takes an exclusive advisory lock on path (made if missing) and returns its release. The
// kernel drops it when the process dies, so a killed elli never leaves the state locked.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN); f.Close() }, nil
}
