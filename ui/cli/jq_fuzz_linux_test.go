package cli

import (
	"io"
	"strings"
	"testing"
	"time"
)

// jqFuzzInput is a small document of elli's shape for the expressions to work on.
var jqFuzzInput = []byte(`[{"kep":3866,"title":"nftables \u001b[31m","gates":[{"name":"NFTablesProxyMode","default":false}]},{"kep":4444,"title":"x","gates":[]}]`)

// FuzzJQ: whatever the expression, a --jq run ends within its time limit and the child's memory
// limit, with results or one line that starts with --jq; never a runtime dump or a hang
// (issue 20 #3). Each input gets 300 ms and the child's 32 MiB.
func FuzzJQ(f *testing.F) {
	for _, s := range []string{
		".", ".[0].kep", "range(1e9)", `"x" * 1e9`, "def f: f; f", "repeat(1)", "reduce range(1e6) as $i (0; [.])",
		"[.[] | .gates[]?.name]", `@sh "\("\u001b")"`, `error("x")`, "[limit(5; repeat(.))]", "tojson * 1000",
		"path(..)", "[paths]", "getpath([\"a\", 1e9])", `"\(range(10))"`, "ltrimstr(1)", "input", "$__loc__",
		"splits(\"\")", "[range(1e6)] | sort", `"a" * 1e7 | explode | implode`, "walk(.)", "env", "halt_error",
	} {
		f.Add(s)
	}
	const limit = 300 * time.Millisecond
	f.Fuzz(func(t *testing.T, expr string) {
		var q jqValue
		if err := q.Set(expr); err != nil {
			return // a usage error, said by the flag
		}
		start := time.Now()
		out := &countingWriter{w: io.Discard}
		err := runJQ(&q, jqFuzzInput, out, limit)
		if d := time.Since(start); d > limit+10*time.Second { // the child's start, on a loaded machine
			t.Errorf("--jq %q took %v with a limit of %v", expr, d, limit)
		}
		if out.n > jqMaxOutput+64<<10 {
			t.Errorf("--jq %q wrote %d bytes, over the cap", expr, out.n)
		}
		if err == nil {
			return
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "--jq ") || strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine ") ||
			strings.Contains(msg, "runtime.") || len(msg) > 600 {
			t.Errorf("--jq %q: %q is not one line about --jq", expr, msg)
		}
	})
}

// BenchmarkJQ compares the child process that bounds a --jq run with the same evaluation in
// this process (no memory bound): what the bound costs per command.
func BenchmarkJQ(b *testing.B) {
	r := newTestApp(b, nil).run("list", "--json")
	if r.code != 0 {
		b.Fatal(r.stderr)
	}
	input := []byte(r.stdout)
	var q jqValue
	if err := q.Set("[.[] | select(.off_by_default) | .id]"); err != nil {
		b.Fatal(err)
	}
	b.Run("child", func(b *testing.B) {
		for b.Loop() {
			if err := runJQ(&q, input, io.Discard, 5*time.Second); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("in-process", func(b *testing.B) {
		for b.Loop() {
			if err := runJQHere(&q, input, io.Discard, 5*time.Second); err != nil {
				b.Fatal(err)
			}
		}
	})
}
