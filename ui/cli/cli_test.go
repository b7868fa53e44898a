package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/tui"
)

var testBuild = Build{Version: "v1.2.3", Commit: "abc1234", Date: "2024-08-20"}

type result struct {
	stdout, stderr string
	code           int
}

// newTestApp is elli piped into buffers: no terminal, no environment, and a TUI that must not
// start.
func newTestApp(tb testing.TB, env map[string]string) *app {
	return &app{
		build:     testBuild,
		stdin:     strings.NewReader(""),
		stdout:    &bytes.Buffer{},
		stderr:    &bytes.Buffer{},
		term:      terminal{width: func() int { return 0 }, dark: func() bool { return true }},
		getenv:    func(k string) string { return env[k] },
		lookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		environ:   func() []string { return environOf(env) },
		// no home folder: the user's real config is never read; tests that want one set
		// ELLI_CONFIG or XDG_CONFIG_HOME
		userEnv: userfile.Env{Getenv: func(k string) string { return env[k] }, GOOS: runtime.GOOS},
		now:     func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) },
		// no pager unless a test names one
		lookPath: func(string) (string, error) { return "", exec.ErrNotFound },
		runTUI: func(context.Context, *data.Dataset, tui.Options) error {
			tb.Error("the TUI started although stdin and stdout are not terminals")
			return nil
		},
	}
}

func (a *app) run(args ...string) result {
	code := a.main(context.Background(), args)
	return result{a.stdout.(*bytes.Buffer).String(), a.stderr.(*bytes.Buffer).String(), code}
}

// run runs elli in process with buffers for stdin, stdout and stderr.
func run(tb testing.TB, args ...string) result {
	tb.Helper()
	return newTestApp(tb, nil).run(args...)
}

// runOK runs elli and fails the test unless it exits 0 with nothing on stderr.
func runOK(tb testing.TB, args ...string) string {
	tb.Helper()
	r := run(tb, args...)
	if r.code != 0 || r.stderr != "" {
		tb.Fatalf("elli %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
	}
	return r.stdout
}

func decode[T any](tb testing.TB, s string) T {
	tb.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		tb.Fatalf("invalid JSON: %v\n%s", err, s)
	}
	return v
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
