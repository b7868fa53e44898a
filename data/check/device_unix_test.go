//go:build unix

package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Devices are skipped with a note, never read: named on the command line (/dev/zero would
// never end) or met in a folder through a link, beside a file without read permission.
func TestDevicesAndUnreadable(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "good.yaml"), []byte(cephPod), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"zero.yaml": "not a regular file", "null": "not a regular file"}
	// root reads any file whatever its mode: the case only exists for other users
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked.yaml")
		if err := os.WriteFile(locked, []byte(cephPod), 0o000); err != nil {
			t.Fatal(err)
		}
		want["locked.yaml"] = "permission denied"
	}
	done := make(chan *Report)
	go func() { done <- scanDir(t, New(nil, Options{}), "/dev/null", dir, "/dev/zero") }()
	var rep *Report
	select {
	case rep = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the scan reads a device")
	}
	for file, words := range want {
		n := noteFor(rep, file)
		if n == nil || n.Kind != NoteSkipped || !strings.Contains(n.Message, words) {
			t.Errorf("%s: note %+v, want a skip saying %q", file, n, words)
		}
	}
	if n := rep.Notes[len(rep.Notes)-1]; n.File != "/dev/zero" || !strings.Contains(n.Message, "not a regular file") {
		t.Errorf("/dev/zero named on the command line: %+v", n)
	}
	if len(rep.Findings) != 1 || filepath.Base(rep.Findings[0].File) != "good.yaml" {
		t.Errorf("findings = %+v, want the one in good.yaml", rep.Findings)
	}
}
