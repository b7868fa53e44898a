//go:build unix

package userfile

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Lock takes elli's write lock for the file at path (already resolved, see RealPath): an
// exclusive advisory lock on the folder that holds it. Config and state take the same lock, so
// every write of elli's goes one at a time, and the folder, unlike the file, is never replaced
// by a rename, so two writers cannot hold locks on two versions of it. No lock file is left
// beside the user's file. The kernel drops the lock when the process dies.
func Lock(path string) (func(), error) { return LockWait(path, nil) }

// LockWait is Lock that calls waiting once when another process holds the lock, and gives up
// after LockBound.
func LockWait(path string, waiting func()) (func(), error) {
	f, err := os.Open(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	err = waitFor(path, waiting, func() (bool, error) {
		for {
			err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
			switch err {
			case unix.EINTR:
				continue
			case unix.EWOULDBLOCK:
				return false, nil
			}
			return err == nil, err
		}
	})
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN); f.Close() }, nil
}
