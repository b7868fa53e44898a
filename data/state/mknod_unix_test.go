//go:build unix

package state

import "golang.org/x/sys/unix"

func mkfifo(path string) error { return unix.Mkfifo(path, 0o600) }

// mknodNull makes a character device like /dev/null (1, 3) at path, in a test's own folder:
// no test touches a real device. It fails without root; the caller then tests the FIFO only.
func mknodNull(path string) error {
	return unix.Mknod(path, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3)))
}
