//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A --jq expression runs in a child process: elli's own binary, started again with
// jqChildEnv set (Main hands it to runJQChild). Go cannot recover from running out of memory or
// stack: in-process, `"x"*1e9` or a result a million levels deep ends in a runtime dump, and a
// single gojq operation may allocate gigabytes before any check could stop it. The child limits
// its own address space (RLIMIT_AS), so the kernel refuses the reservation, the child dies at
// once, and this process says so in one line; it is killed when the time is up or the output
// it passes on too large. RLIMIT_DATA was tried first: the Go runtime then failed in several
// places (thread creation, arena metadata) and sometimes took seconds to die; a refused
// reservation fails at once, in one place. The cost is one process start (see BenchmarkJQ).

// jqChild exit codes, beyond 0 (done) and Go's 2 (a fatal runtime error).
const (
	jqExitError   = 3 // the expression failed; the message is on stderr
	jqExitDepth   = 4
	jqExitWrite   = 5 // the parent stopped reading
	jqExitTimeout = 6 // the child's own time limit, a second after the parent's
	jqExitMemory  = 7 // the heap passed jqMemory
)

// jqAddressSlack is the address space the child may reserve beyond its start: room for the
// heap's growth in 64 MB arenas and a few thread stacks, while a single allocation near it fails.
const jqAddressSlack = 96 << 20

// jqStderrMax bounds what is kept of the child's stderr: the head says what happened.
const jqStderrMax = 4 << 10

// runJQ runs the expression on input in a child process, streaming its results to w, which
// counts them against the output bound (the child does not: what the user gets is what counts).
func runJQ(q *jqValue, input []byte, w io.Writer, timeout time.Duration) error {
	expr := q.expr
	exe, err := os.Executable()
	if err != nil {
		return runJQHere(q, input, w, timeout)
	}
	cmd := exec.Command(exe)
	// MALLOC_ARENA_MAX=1: in a binary linked with cgo (the tests'; releases are not), glibc
	// reserves a 64 MB malloc arena for each thread the runtime starts under load, which used up
	// the address-space slack below and ended a run that made only garbage (16 MB in use) as
	// out of memory in one of every 15 to 40 runs of TestJQBounds on a loaded machine (a CI
	// failure); none in 60 such runs with one arena.
	cmd.Env = []string{jqChildEnv + "=" + strconv.FormatInt(int64(timeout), 10), "MALLOC_ARENA_MAX=1"}
	cmd.SysProcAttr = jqChildAttr()
	var in bytes.Buffer
	in.WriteString(strconv.Itoa(len(expr)) + "\n" + expr)
	in.Write(input)
	cmd.Stdin = &in
	stderr := &headBuffer{max: jqStderrMax}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return runJQHere(q, input, w, timeout)
	}
	if err := cmd.Start(); err != nil {
		return runJQHere(q, input, w, timeout)
	}
	var mu sync.Mutex
	timedOut := false
	timer := time.AfterFunc(timeout, func() {
		mu.Lock()
		timedOut = true
		mu.Unlock()
		_ = cmd.Process.Kill()
	})
	defer timer.Stop()
	buf := make([]byte, 32<<10)
	cw := &countingWriter{w: w, max: jqMaxOutput}
	var werr error
	for {
		n, rerr := out.Read(buf)
		if n > 0 && werr == nil {
			if _, werr = cw.Write(buf[:n]); werr != nil {
				_ = cmd.Process.Kill()
			}
		}
		if rerr != nil {
			break
		}
	}
	err = cmd.Wait()
	timer.Stop()
	mu.Lock()
	late := timedOut
	mu.Unlock()
	switch {
	case errors.Is(werr, errJQOutput):
		return jqBoundError(expr, errJQOutput, timeout)
	case werr != nil:
		return werr // the reader went away (a closed pipe): nothing to say
	case late:
		return jqBoundError(expr, errJQTime, timeout)
	case err == nil:
		return nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return jqError(expr, msg{"%v", []any{err}})
	}
	return jqChildFailure(expr, ee.ExitCode(), stderr.Bytes(), timeout)
}

// jqChildFailure says in one line why the child, given timeout, ended with code, from its
// stderr.
func jqChildFailure(expr string, code int, stderr []byte, timeout time.Duration) error {
	first := string(bytes.TrimSpace(stderr))
	if i := bytes.IndexByte(stderr, '\n'); i >= 0 {
		first = string(bytes.TrimSpace(stderr[:i]))
	}
	switch {
	case code == jqExitError:
		return jqError(expr, msg{"%v", []any{shorten(sanitizeLine(string(stderr)), jqShownError)}})
	case code == jqExitDepth:
		return jqBoundError(expr, errJQDepth, timeout)
	case code == jqExitTimeout:
		return jqBoundError(expr, errJQTime, timeout)
	case bytes.Contains(stderr, []byte("stack exceeds")) || bytes.Contains(stderr, []byte("stack overflow")):
		return jqError(expr, msg{"stopped: it recursed deeper than elli allows", nil})
	case code == jqExitMemory || bytes.Contains(stderr, []byte("out of memory")) ||
		bytes.Contains(stderr, []byte("cannot allocate memory")) || bytes.Contains(stderr, []byte("pthread_create failed")):
		return jqError(expr, msg{"stopped: it needed more than %d MiB of memory", []any{jqMemory >> 20}})
	}
	return jqError(expr, msg{"the evaluation failed (exit %d: %s)", []any{code, sanitizeLine(first)}})
}

// headBuffer keeps the first max bytes written to it and drops the rest.
type headBuffer struct {
	bytes.Buffer
	max int
}

func (h *headBuffer) Write(b []byte) (int, error) {
	if room := h.max - h.Len(); room > 0 {
		h.Buffer.Write(b[:min(len(b), room)])
	}
	return len(b), nil
}

// runJQChild is the child: it limits its own memory and stack, reads the expression and the
// input from stdin (the expression's length, a newline, the expression, the JSON) and writes
// the results to stdout, flushed every few milliseconds so that they stream.
func runJQChild(stdin io.Reader, stdout, stderr io.Writer) int {
	// The parent kills the child at the time limit; should the parent die first (kill -9),
	// the child ends itself a little later, so that no evaluation outlives elli for long.
	if ns, err := strconv.ParseInt(os.Getenv(jqChildEnv), 10, 64); err == nil && ns > 0 {
		time.AfterFunc(time.Duration(ns)+time.Second, func() { os.Exit(jqExitTimeout) })
	}
	// Two limits. The Go runtime reserves address space it has not used yet (1.6 GB at start,
	// 20 MB of it resident), and every thread it starts reserves a stack (8 MB with cgo), so
	// RLIMIT_AS allows jqAddressSlack over what the process has now: an allocation of hundreds
	// of megabytes at once ("x" * 1e9) is refused by the kernel and the child dies at once.
	// Growth by small allocations is watched instead: over jqMemory of heap, the child ends.
	// Where the kernel says nothing of its address space (not Linux), only the watch applies.
	if base, ok := vmSize(); ok {
		lim := base + jqAddressSlack
		if err := unix.Setrlimit(unix.RLIMIT_AS, &unix.Rlimit{Cur: lim, Max: lim}); err != nil {
			fmt.Fprintln(stderr, "cannot limit memory:", err)
			return 2
		}
	}
	debug.SetMemoryLimit(jqMemory / 2) // the collector works hard before the watch ends it
	go watchHeap(jqMemory)
	debug.SetGCPercent(100) // main held the collector back for short commands: not here
	debug.SetMaxStack(32 << 20)
	br := bufio.NewReader(stdin)
	line, err := br.ReadString('\n')
	n, err2 := strconv.Atoi(line[:max(len(line)-1, 0)])
	if err != nil || err2 != nil || n < 0 {
		fmt.Fprintln(stderr, "bad input")
		return 2
	}
	expr := make([]byte, n)
	if _, err := io.ReadFull(br, expr); err != nil {
		fmt.Fprintln(stderr, "bad input")
		return 2
	}
	input, err := io.ReadAll(br)
	if err != nil {
		fmt.Fprintln(stderr, "bad input")
		return 2
	}
	code, err := compileJQ(string(expr))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return jqExitError
	}
	fw := newFlushWriter(stdout, 10*time.Millisecond)
	err = evalJQ(context.Background(), code, input, fw)
	ferr := fw.stop()
	switch {
	case errors.Is(err, errJQDepth):
		return jqExitDepth
	case errors.Is(err, syscall.EPIPE) || fw.failed() || ferr != nil:
		return jqExitWrite
	case err != nil:
		fmt.Fprintln(stderr, err)
		return jqExitError
	}
	return 0
}

// watchHeap ends the child, with jqExitMemory, once its live heap (what the last collection
// found reachable) holds more than max bytes; it looks every few milliseconds. The live heap,
// not every object allocated: `range(1e9) | "x" * 4000` makes garbage quickly and keeps none,
// and counting the garbage a loaded machine's collector had not yet swept ended such a run as
// out of memory (a CI failure) before it reached the output bound it really passes. The memory
// limit below keeps collections frequent, so the live figure is never far behind.
func watchHeap(max uint64) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	for {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > max {
			os.Exit(jqExitMemory)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// vmSize is the process's address space (VmSize in /proc/self/status), what RLIMIT_AS limits.
func vmSize() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(b) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmSize:")); ok {
			f := bytes.Fields(rest)
			if len(f) == 2 && string(f[1]) == "kB" {
				if n, err := strconv.ParseUint(string(f[0]), 10, 64); err == nil {
					return n << 10, true
				}
			}
		}
	}
	return 0, false
}

// flushWriter buffers writes and flushes them every interval, and at stop: results stream
// without a system call each.
type flushWriter struct {
	mu   sync.Mutex
	bw   *bufio.Writer
	err  error
	done chan struct{}
	wg   sync.WaitGroup
}

func newFlushWriter(w io.Writer, every time.Duration) *flushWriter {
	f := &flushWriter{bw: bufio.NewWriterSize(w, 64<<10), done: make(chan struct{})}
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-f.done:
				return
			case <-t.C:
				f.mu.Lock()
				if f.err == nil {
					f.err = f.bw.Flush()
				}
				f.mu.Unlock()
			}
		}
	}()
	return f
}

func (f *flushWriter) Write(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.bw.Write(b)
	f.err = err
	return n, err
}

func (f *flushWriter) failed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err != nil
}

// stop ends the ticker and flushes what is left.
func (f *flushWriter) stop() error {
	close(f.done)
	f.wg.Wait()
	if f.err != nil {
		return f.err
	}
	return f.bw.Flush()
}
