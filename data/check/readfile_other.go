//go:build !unix

package check

import (
	"errors"
	"io"
	"os"
)

// readRegular reads a regular file of at most max bytes into buf.
func readRegular(p string, max int64, buf []byte) ([]byte, int64, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, errNotRegular
	}
	if fi.Size() > max {
		return nil, fi.Size(), errTooBig
	}
	var head [sniffLen]byte
	hn, err := io.ReadFull(f, head[:min(fi.Size(), sniffLen)])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, 0, err
	}
	if binaryHead(head[:hn]) {
		return nil, int64(hn), errBinary // decided by its start: the rest is not read
	}
	if int64(cap(buf)) < fi.Size() {
		buf = make([]byte, fi.Size())
	}
	buf = buf[:fi.Size()]
	n := copy(buf, head[:hn])
	m, err := io.ReadFull(f, buf[n:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, 0, err
	}
	n += m
	return buf[:n], int64(n), nil
}

// readHead reads up to len(b) bytes of the start of p, a regular file.
func readHead(p string, b []byte) (int, error) {
	f, err := os.Open(p)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return 0, errNotRegular
	}
	n, err := io.ReadFull(f, b)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}
