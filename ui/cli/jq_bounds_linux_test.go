package cli

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// jqRun runs expr over elli's list --json data through the flag, as a command does.
func jqRun(t *testing.T, expr string, timeout time.Duration, w io.Writer) (string, error) {
	t.Helper()
	var o jsonOutput
	if err := o.jq.Set(expr); err != nil {
		t.Fatalf("--jq %s: %v", expr, err)
	}
	o.timeout = timeout
	var out strings.Builder
	if w == nil {
		w = &out
	}
	err := o.write(w, []any{map[string]any{"kep": 3866}, map[string]any{"kep": 4444}})
	return out.String(), err
}

// Every bound of --jq ends in one line that names it, never a Go runtime dump, and within the
// time limit (issue 20 #3): no end, a gigabyte string, a result nested a million levels deep.
func TestJQBounds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		expr string
		want string
	}{
		{"def f: f; f", "stopped after 500ms (--jq-timeout)"},
		{"repeat(1) | empty", "stopped after 500ms (--jq-timeout)"},
		{`"x" * 1e9`, "stopped: it needed more than 32 MiB of memory"},
		{"[range(1e9)]", ""}, // time or memory, whichever comes first
		{"reduce range(60000) as $i (0; [.])", "a result nests deeper than 1000 levels"},
		{"reduce range(1000000) as $i (0; [.])", ""},
		{"1, 2, error(\"boom\")", "error: boom"},
		{`range(1e9) | "x" * 4000`, "stopped: the output passed 64 MiB"},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			w := io.Discard
			if strings.HasPrefix(tc.expr, "1, 2") {
				w = nil
			}
			timeout := 500 * time.Millisecond
			if !strings.Contains(tc.want, "--jq-timeout") {
				timeout = 60 * time.Second // the other bound comes first
			}
			_, err := jqRun(t, tc.expr, timeout, w)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "--jq ") || strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine") {
				t.Errorf("error %q, want one line about --jq", msg)
			}
			if tc.want != "" && !strings.Contains(msg, tc.want) {
				t.Errorf("error %q, want …%s…", msg, tc.want)
			}
			if tc.want == "" && !strings.Contains(msg, "--jq-timeout") && !strings.Contains(msg, "MiB of memory") && !strings.Contains(msg, "levels") {
				t.Errorf("error %q, want the time, memory or depth bound", msg)
			}
			if d := time.Since(start); d > timeout+5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// Results stream as they are made: the first reaches the writer before the expression ends,
// and a writer that fails (a closed pipe) ends the run at once with its error (issue 20 #3).
func TestJQStreamsAndStopsOnClosedPipe(t *testing.T) {
	t.Parallel()
	start := time.Now()
	w := &closingWriter{after: 1}
	_, err := jqRun(t, "range(1e9)", 30*time.Second, w)
	if !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("error %v, want the writer's", err)
	}
	if !strings.HasPrefix(w.got, "0\n") {
		t.Errorf("first write %q", w.got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a closed pipe took %v to stop the expression", d)
	}
	// the first result is out while the expression still runs (it never ends)
	first := make(chan string, 1)
	var o jsonOutput
	if err := o.jq.Set(`"first", (def f: f; f)`); err != nil {
		t.Fatal(err)
	}
	o.timeout = 3 * time.Second
	go o.write(&signalWriter{c: first}, []any{}) //nolint:errcheck // stopped by its time limit
	select {
	case got := <-first:
		if got != "first\n" {
			t.Errorf("streamed %q", got)
		}
	case <-time.After(2500 * time.Millisecond):
		t.Error("the first result did not come before the time limit")
	}
}

type closingWriter struct {
	after int
	got   string
}

func (c *closingWriter) Write(b []byte) (int, error) {
	if c.after == 0 {
		return 0, io.ErrClosedPipe
	}
	c.after--
	c.got += string(b)
	return len(b), nil
}

type signalWriter struct{ c chan string }

func (s *signalWriter) Write(b []byte) (int, error) {
	select {
	case s.c <- string(b):
	default:
	}
	return len(b), nil
}

// Small ones of issue 20 #9: a character dropped from a raw string takes nothing with it, and
// an error quotes a long expression shortened.
func TestJQOutputAndMessages(t *testing.T) {
	t.Parallel()
	got, err := jqRun(t, `@sh "\("\u001b")"`, time.Second, nil)
	if err != nil || got != "''\n" {
		t.Errorf(`@sh "\("\u001b")" printed %q (%v), want '' with the ESC dropped and the quote kept`, got, err)
	}
	got, err = jqRun(t, `"a\u001b[31mb\u009bc\u202ed"`, time.Second, nil)
	if err != nil || got != "a[31mbcd\n" {
		t.Errorf("controls in a raw string: %q (%v)", got, err)
	}
	long := `error("` + strings.Repeat("a", 90000) + `")`
	_, err = jqRun(t, long, 5*time.Second, nil)
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), "…") {
		t.Errorf("a %d-byte expression's error is %d bytes: %.120q", len(long), len(err.Error()), err)
	}
	r := run(t, "list", "--jq", long+"(")
	if r.code != 2 || len(r.stderr) > 300 {
		t.Errorf("a long expression that does not parse: exit %d, %d bytes of stderr", r.code, len(r.stderr))
	}
}
