//go:build unix

package userfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO at a user file's path is refused before it is opened: opening it would block until
// something wrote to it, so a ReadFile that opened it first would hang this test (and elli).
func TestReadFileRefusesFIFOUnopened(t *testing.T) {
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(p, 100); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a FIFO: %q, %v, want ErrNotRegular", b, err)
	}
}
