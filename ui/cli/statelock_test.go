//go:build unix || windows

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elli-k8s/elli/data/userfile"
)

// elli star while another process holds the state's write lock says that it waits, and gives
// up after userfile.LockBound with one line and exit 1, instead of waiting silently for ever;
// a lock let go meanwhile lets the star through (issue 29).
func TestStarWaitsForTheLockBounded(t *testing.T) {
	defer func(b time.Duration) { userfile.LockBound = b }(userfile.LockBound)
	userfile.LockBound = 500 * time.Millisecond
	env, path := stateEnv(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	unlock, err := userfile.Lock(path) // the other elli
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := runEnv(t, env, "", "star", "3866")
	took := time.Since(start)
	if r.code != 1 || !strings.HasPrefix(r.stderr, "elli: waiting for another elli process, which is writing "+path+" (at most 500ms)\n") ||
		!strings.Contains(r.stderr, "has held the write lock") || strings.Count(r.stderr, "\n") != 2 {
		t.Errorf("lock held: exit %d, stderr %q", r.code, r.stderr)
	}
	if took > 5*time.Second {
		t.Errorf("gave up after %s, with a bound of 500ms", took)
	}
	time.AfterFunc(200*time.Millisecond, unlock)
	r = runEnv(t, env, "", "star", "3866")
	if r.code != 0 || !strings.HasPrefix(r.stderr, "elli: waiting for another elli process") {
		t.Errorf("lock let go while waiting: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runEnv(t, env, "", "star", "4569"); r.code != 0 || r.stderr != "" {
		t.Errorf("no lock held: exit %d, stderr %q", r.code, r.stderr)
	}
}
