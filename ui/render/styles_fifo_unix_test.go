//go:build unix

package render

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO given as a style file is refused without opening it: opening one blocks until
// something writes to it.
func TestStyleFileFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "style.json")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadStyleFile(p); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("LoadStyleFile(FIFO) = %v, want not a regular file", err)
	}
}
