package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"
)

// --jq filters a command's JSON output with a jq expression, as gh's --jq does, so that scripts
// work on a jump host without jq. gojq is the jq that gh embeds. A string result prints raw
// (jq -r); anything else as indented JSON; each result on its own line, written as soon as it
// is made, so `--jq 'range(1e9)' | head -1` ends at once.
//
// The expression is the user's program and may never end or may ask for gigabytes: a time
// limit (--jq-timeout), a memory limit, a nesting limit on results and a cap on the output
// bound it, each ending in one line that names the bound (jqrun.go runs it in a child process,
// where the memory limit can be enforced).

// Bounds of a --jq run. A real expression over elli's data (tens of kB) takes milliseconds and
// a few MB; these are orders of magnitude above that and well under what hurts a laptop.
const (
	defaultJQTimeout = 3 * time.Second
	jqMemory         = 32 << 20 // address space the evaluation may add to the child's
	jqMaxDepth       = 1000     // nesting of one result
	jqMaxOutput      = 64 << 20 // bytes of output in all
	// jqShown bounds how much of the expression an error quotes.
	jqShown = 60
)

// jsonOutput is a command's --json, --jq and --jq-timeout flags.
type jsonOutput struct {
	json    bool
	jq      jqValue
	timeout time.Duration
}

// addJSONFlags gives cmd --json (described by usage), --jq and --jq-timeout.
func addJSONFlags(cmd *cobra.Command, usage string) *jsonOutput {
	o := &jsonOutput{}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, usage)
	f.VarP(&o.jq, "jq", "q", "filter the JSON output with the jq `EXPRESSION` (implies --json)")
	f.DurationVar(&o.timeout, "jq-timeout", defaultJQTimeout, "stop a --jq expression that runs longer than `DURATION`")
	_ = cmd.RegisterFlagCompletionFunc("jq", noFiles)
	_ = cmd.RegisterFlagCompletionFunc("jq-timeout", noFiles)
	return o
}

// on reports whether the command prints JSON.
func (o *jsonOutput) on() bool { return o.json || o.jq.code != nil }

// write prints v as JSON, or what the --jq expression makes of it.
func (o *jsonOutput) write(w io.Writer, v any) error {
	if o.jq.code == nil {
		return writeJSON(w, v)
	}
	// gojq works on what encoding/json decodes: maps, slices, float64, strings, bools, nil.
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	timeout := o.timeout
	if timeout <= 0 {
		timeout = defaultJQTimeout
	}
	return runJQ(&o.jq, b, w, timeout)
}

// jqError is a --jq failure: the expression, shortened, and what went wrong.
func jqError(expr string, why msg) error {
	return failf("--jq %s: %v", shellQuote(shortExpr(expr)), why)
}

// shortExpr is the expression as an error quotes it: at most jqShown characters, on one line.
func shortExpr(expr string) string { return shorten(expr, jqShown) }

// shorten puts s on one line of at most n characters, ending in … when cut.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// jqShownError bounds how much of an evaluation error is said: error("...") may carry megabytes.
const jqShownError = 200

// The bounds a run can reach, each said in one line by jqBoundError, wherever the run was.
const (
	errJQDepth  jqBound = iota // a result nests deeper than jqMaxDepth
	errJQOutput                // the output passed jqMaxOutput (countingWriter)
	errJQTime                  // the run took longer than --jq-timeout
)

// jqBound is a bound a --jq run reached.
type jqBound int

func (b jqBound) Error() string { return [...]string{"depth", "output", "time"}[b] }

// jqBoundError says in one line which bound stopped expr.
func jqBoundError(expr string, b jqBound, timeout time.Duration) error {
	switch b {
	case errJQDepth:
		return jqError(expr, msg{"a result nests deeper than %d levels", []any{jqMaxDepth}})
	case errJQOutput:
		return jqError(expr, msg{"stopped: the output passed %d MiB", []any{jqMaxOutput >> 20}})
	}
	return jqError(expr, msg{"stopped after %v (--jq-timeout)", []any{timeout}})
}

// evalJQ runs code on the JSON input and writes each result to w as it comes. It is the whole
// evaluation, in this process (where no child can be started) or in the child (jqrun.go). An
// error from w (a closed pipe, or errJQOutput from the countingWriter of whoever writes to the
// user) ends it with that error.
func evalJQ(ctx context.Context, code *gojq.Code, input []byte, w io.Writer) error {
	var in any
	if err := json.Unmarshal(input, &in); err != nil {
		return err
	}
	iter := code.RunWithContext(ctx, in)
	for {
		r, ok := iter.Next()
		if !ok {
			return nil
		}
		if err, ok := r.(error); ok {
			if h, ok := err.(*gojq.HaltError); ok && h.Value() == nil {
				return nil // halt: stop without an error
			}
			return err
		}
		if deeperThan(r, jqMaxDepth) {
			return errJQDepth
		}
		var err error
		if s, ok := r.(string); ok {
			// Two writes, not s+"\n": a copy of every raw string would double the garbage
			// of a run that makes many long ones.
			if _, err = io.WriteString(w, dropUnsafe(s)); err == nil {
				_, err = io.WriteString(w, "\n")
			}
		} else {
			err = writeJSON(w, r)
		}
		if err != nil {
			return err
		}
	}
}

// countingWriter counts what passes through it to the user's output. Once more than max bytes
// have passed (max > 0), a write that succeeded returns errJQOutput: the one output bound, on
// what reaches the user, whether the run is in this process or in the child.
type countingWriter struct {
	w      io.Writer
	n, max int64
	failed bool // a write failed: the reader went away
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	switch {
	case err != nil:
		c.failed = true
	case c.max > 0 && c.n > c.max:
		err = errJQOutput
	}
	return n, err
}

// dropUnsafe drops each character that must not reach a terminal, and only that character: a
// raw string from --jq is data, so `@sh "\("\u001b")"` keeps the quote after the ESC, where
// sanitize, made for text, would read ESC and the next character as one sequence.
func dropUnsafe(s string) string {
	if strings.IndexFunc(s, dropRune) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if dropRune(r) {
			return -1
		}
		return r
	}, s)
}

// deeperThan reports whether v nests arrays and objects more than max levels deep. It walks
// with its own stack: a result a million levels deep must not overflow Go's.
func deeperThan(v any, max int) bool {
	type node struct {
		v     any
		depth int
	}
	stack := []node{{v, 0}}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := n.v.(type) {
		case []any:
			if n.depth+1 > max {
				return true
			}
			for _, e := range x {
				stack = append(stack, node{e, n.depth + 1})
			}
		case map[string]any:
			if n.depth+1 > max {
				return true
			}
			for _, e := range x {
				stack = append(stack, node{e, n.depth + 1})
			}
		}
	}
	return false
}

// jqValue is the --jq flag: the expression, compiled when it is set so that a bad one is a
// usage error before anything runs.
type jqValue struct {
	expr string
	code *gojq.Code
}

func (j *jqValue) Set(s string) error {
	code, err := compileJQ(s)
	if err != nil {
		return flagValuef("invalid --jq expression %s: %v", shellQuote(shortExpr(s)), err)
	}
	j.expr, j.code = s, code
	return nil
}

func compileJQ(s string) (*gojq.Code, error) {
	q, err := gojq.Parse(s)
	if err != nil {
		return nil, err
	}
	return gojq.Compile(q)
}

func (j *jqValue) String() string { return j.expr }
func (j *jqValue) Type() string   { return "string" }

// jqChildEnv, set in its environment, makes elli the child that runs a --jq expression
// (jqrun_unix.go).
const jqChildEnv = "ELLI_JQ_CHILD"

// runJQHere runs the expression, compiled when the flag was set, in this process, with the
// time, depth and output bounds but not the memory one: where no child process can be started.
func runJQHere(q *jqValue, input []byte, w io.Writer, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cw := &countingWriter{w: w, max: jqMaxOutput}
	err := evalJQ(ctx, q.code, input, cw)
	var b jqBound
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		return jqBoundError(q.expr, errJQTime, timeout)
	case errors.As(err, &b):
		return jqBoundError(q.expr, b, timeout)
	case cw.failed:
		return err // the reader went away
	}
	return jqError(q.expr, msg{"%v", []any{shorten(err.Error(), jqShownError)}})
}
