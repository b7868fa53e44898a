package userfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// write replaces the file at path with b through Edit, as config and state do.
func write(path string, b []byte) error {
	return Edit(path, func(string) ([]byte, error) { return b, nil })
}

func TestWriteFileReplaces(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "folder")
	path := filepath.Join(dir, "config.yaml")
	for _, content := range []string{"first\n", "second, longer than the first\n", "3\n"} {
		if err := write(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Fatalf("after writing %q the file holds %q (%v)", content, got, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the file (a temporary file was left behind?)", len(entries))
	}
	if runtime.GOOS != "windows" {
		fi, _ := os.Stat(path)
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want 0600", fi.Mode().Perm())
		}
		di, _ := os.Stat(dir)
		if di.Mode().Perm() != 0o700 {
			t.Errorf("made folder mode %v, want 0700", di.Mode().Perm())
		}
	}
}

func TestWriteFileFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A folder where the file should go makes the rename fail after the temporary file was
	// written: the old content must survive and no temporary file stay.
	target := filepath.Join(dir, "blocked")
	if err := os.MkdirAll(filepath.Join(target, "x"), 0o700); err != nil {
		t.Fatal(err)
	}
	err := write(target, []byte("new"))
	if err == nil || !strings.Contains(err.Error(), target) {
		t.Fatalf("WriteFile over a folder: %v, want an error naming it", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("other file changed: %q", got)
	}
	// A parent that is a file cannot hold anything.
	if err := write(filepath.Join(path, "x"), []byte("new")); err == nil {
		t.Error("WriteFile under a file succeeded")
	}
}

func TestMoveAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	now := time.Date(2025, 3, 4, 5, 6, 7, 0, time.FixedZone("CET", 3600))
	why := errors.New("not valid JSON")
	for i, want := range []string{"state.json.corrupt-20250304T040607Z", "state.json.corrupt-20250304T040607Z-2"} {
		content := []byte{'{', byte('a' + i)}
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		ce := MoveAside(path, why, now)
		if ce.Aside != filepath.Join(dir, want) || ce.MoveErr != nil {
			t.Fatalf("moved to %q (%v), want %s", ce.Aside, ce.MoveErr, want)
		}
		if got, _ := os.ReadFile(ce.Aside); string(got) != string(content) {
			t.Errorf("aside file holds %q, want %q", got, content)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the corrupt file is still at %s", path)
		}
		msg := ce.Error()
		for _, part := range []string{path, "not valid JSON", want} {
			if !strings.Contains(msg, part) {
				t.Errorf("report %q lacks %q", msg, part)
			}
		}
		if !errors.Is(ce, why) {
			t.Error("the report does not wrap the reason")
		}
	}
	ce := MoveAside(filepath.Join(dir, "missing"), why, now)
	if ce.Aside != "" || ce.MoveErr == nil || !strings.Contains(ce.Error(), "could not be moved") {
		t.Errorf("moving a missing file: %+v", ce)
	}
}
