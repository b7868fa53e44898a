//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/internal/hostile"
)

// TestConfigSetOverUnreadable: a config that is a FIFO or a device (mknod in a temporary folder)
// is read with a warning and never replaced by a set, which fails with exit 1 (issue 20 #1).
func TestConfigSetOverUnreadable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "config.yaml")
	if err := hostile.Mkfifo(fifo); err != nil {
		t.Fatal(err)
	}
	paths := []string{fifo}
	if dev := filepath.Join(dir, "null"); hostile.MknodNull(dev) == nil {
		paths = append(paths, dev) // root only
	}
	for _, p := range paths {
		before, _ := os.Lstat(p)
		r := newTestApp(t, map[string]string{"ELLI_CONFIG": p}).run("config", "set", "width", "80")
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		if r.code != 1 || len(lines) != 2 || !strings.Contains(lines[1], "not a regular file") {
			t.Errorf("%s: %+v", p, r)
		}
		if after, err := os.Lstat(p); err != nil || !os.SameFile(before, after) || after.Mode() != before.Mode() {
			t.Errorf("%s was replaced", p)
		}
	}
}
