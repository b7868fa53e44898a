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
func Lock(path string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(filepath.Dir(path), lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	ol := new(windows.Overlapped)
	h := windows.Handle(f.Fd())
	if err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, ol); err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = windows.UnlockFileEx(h, 0, 1, 0, ol); f.Close() }, nil
}
