//go:build unix

package check

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A sparse gigabyte of NULs is found binary from its first 8 kB: neither read nor given a
// buffer of its size (issue 20 #9; it used to read 1 GB before saying "binary").
func TestBinarySniffReadsTheStartOnly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "disk.yaml")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, n, err := readFile(p, 2<<30, nil)
	runtime.ReadMemStats(&after)
	if err != errBinary {
		t.Fatalf("readFile = %v, want errBinary", err)
	}
	if n > sniffLen {
		t.Errorf("read %d bytes, want at most %d", n, sniffLen)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("allocated %d bytes for a file found binary by its start", got)
	}
	// UTF-16 text has NULs and is still read whole
	u := filepath.Join(t.TempDir(), "utf16.yaml")
	if err := os.WriteFile(u, []byte("\xff\xfek\x00i\x00n\x00d\x00:\x00 \x00P\x00o\x00d\x00\n\x00"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _, err := readFile(u, 1<<20, nil); err != nil || len(b) != 22 {
		t.Errorf("UTF-16 file: %d bytes, %v", len(b), err)
	}
}
