//go:build windows

package userfile

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// lockName is the lock file in the folder of the file written: Windows cannot lock a folder,
// so one small file per folder stands for it (the only file elli leaves beside the user's).
const lockName = ".elli.lock"

// Lock takes an exclusive lock for writing the file at path; Windows drops it when the process
// dies. Config and state take the same lock.
func Lock(path string) (func(), error) { return LockWait(path, nil) }

// LockWait is Lock that calls waiting once when another process holds the lock, and gives up
// after LockBound.
func LockWait(path string, waiting func()) (func(), error) {
	f, err := os.OpenFile(filepath.Join(filepath.Dir(path), lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	ol := new(windows.Overlapped)
	h := windows.Handle(f.Fd())
	err = waitFor(path, waiting, func() (bool, error) {
		err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
		if err == windows.ERROR_LOCK_VIOLATION {
			return false, nil
		}
		return err == nil, err
	})
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = windows.UnlockFileEx(h, 0, 1, 0, ol); f.Close() }, nil
}
