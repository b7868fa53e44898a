package userfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	big := filepath.Join(dir, "big")
	link := filepath.Join(dir, "link")
	for p, s := range map[string]string{small: "style: dracula\n", big: strings.Repeat("x", 101)} {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{small, link} {
		if b, err := ReadFile(p, 100); err != nil || string(b) != "style: dracula\n" {
			t.Errorf("%s: %q, %v", p, b, err)
		}
	}
	if _, err := ReadFile(big, 100); !errors.Is(err, ErrTooLarge) {
		t.Errorf("101 bytes of at most 100: %v, want ErrTooLarge", err)
	}
	if _, err := ReadFile(dir, 100); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a folder: %v, want ErrNotRegular", err)
	}
	_, err := ReadFile(filepath.Join(dir, "missing"), 100)
	if !errors.Is(err, fs.ErrNotExist) || strings.Contains(err.Error(), dir) {
		t.Errorf("missing: %v, want fs.ErrNotExist without the path", err)
	}
}
