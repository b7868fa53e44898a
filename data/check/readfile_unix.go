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
	// the start decides whether the file is binary before a buffer for the whole is made or
	// the rest read: a sparse gigabyte of NULs costs one small read
	var head [sniffLen]byte
	hn, err := readFull(fd, head[:min(size, sniffLen)])
	if err != nil {
		return nil, 0, &fs.PathError{Op: "read", Path: p, Err: err}
	}
	if binaryHead(head[:hn]) {
		return nil, int64(hn), errBinary
	}
	if int64(cap(buf)) < size {
		buf = make([]byte, size)
	}
	buf = buf[:size]
	n := copy(buf, head[:hn])
	if int64(hn) == min(size, sniffLen) { // else the file ended early: it shrank since fstat
		m, err := readFull(fd, buf[n:])
		if err != nil {
			return nil, 0, &fs.PathError{Op: "read", Path: p, Err: err}
		}
		n += m
	}
	return buf[:n], int64(n), nil
}

// readHead reads up to len(b) bytes of the start of p, a regular file, through the same guard
// as readRegular: opened without blocking, refused unless fstat says regular. A FIFO with no
// writer (reached through a link, or /proc/PID/fd) would otherwise hold the scan forever.
func readHead(p string, b []byte) (int, error) {
	fd, err := openRetry(p)
	if err != nil {
		return 0, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := fstatRetry(fd, &st); err != nil {
		return 0, &fs.PathError{Op: "stat", Path: p, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return 0, errNotRegular
	}
	return readFull(fd, b)
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

// readFull reads into b until it is full or the file ends (a file that shrank since fstat).
func readFull(fd int, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := syscall.Read(fd, b[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, err
		}
		if m == 0 {
			break
		}
		n += m
	}
	return n, nil
}
