//go:build unix

package hostile

import "golang.org/x/sys/unix"

// Mkfifo makes a FIFO at path: opening one for reading blocks until something writes to it,
// which is why elli checks a user file's type before it opens it.
func Mkfifo(path string) error { return unix.Mkfifo(path, 0o644) }

// MknodNull makes a character device like /dev/null (1, 3) at path, in a test's own folder: no
// test touches a real device. It fails without root; the caller then tests the FIFO only.
func MknodNull(path string) error {
	return unix.Mknod(path, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3)))
}
