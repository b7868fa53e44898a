//go:build unix

package check

import (
	"io/fs"
	"syscall"
)

// readRegular reads a file with four system calls: open, fstat, read and close. os.Open would
// add the calls that register a file with the poller, which a regular file does not need; on
// a tree of small manifests they were a third of the time. O_NONBLOCK keeps a FIFO that slips
// in between the walk and the open from blocking; fstat then refuses it.
func readRegular(p string, max int64, buf []byte) ([]byte, int64, error) {
	fd, err := openRetry(p)
	if err != nil {
		return nil, 0, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := fstatRetry(fd, &st); err != nil {
		return nil, 0, &fs.PathError{Op: "stat", Path: p, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, 0, errNotRegular
	}
	size := st.Size
	if size > max {
		return nil, size, errTooBig
	}
	if int64(cap(buf)) < size {
		buf = make([]byte, size)
	}
	buf = buf[:size]
	n := 0
	for n < len(buf) {
		m, err := syscall.Read(fd, buf[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, 0, &fs.PathError{Op: "read", Path: p, Err: err}
		}
		if m == 0 {
			break // the file shrank since fstat
		}
		n += m
	}
	return buf[:n], int64(n), nil
}

func openRetry(p string) (int, error) {
	for {
		fd, err := syscall.Open(p, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

func fstatRetry(fd int, st *syscall.Stat_t) error {
	for {
		if err := syscall.Fstat(fd, st); err != syscall.EINTR {
			return err
		}
	}
}
