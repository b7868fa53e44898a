// Command kubeenv runs the cluster scan's test control plane for a shell script: etcd and
// kube-apiserver v1.31 on free loopback ports in a temporary folder, with the objects the Go
// tests plant (internal/kubetest's planted.yaml), until it is told to stop. scripts/e2e-cluster.sh
// drives elli check --cluster against it in tmux.
//
//	go run ./internal/kubetest/cmd/kubeenv -kubeconfig DIR/kubeconfig
//
// It writes a kubeconfig with one context per user of the token file (admin; scanner, which
// reads everything and is current; viewer, which reads workloads only; nobody, with no role),
// prints "ready" on stdout, and runs until SIGTERM or SIGINT or until its standard input closes,
// whichever comes first; then it stops both servers and removes its temporary folder. The
// stdin rule is what keeps a script from leaking the servers: run it as a coprocess, or behind a
// pipe the script holds, and the servers go when the script does, however it ends.
//
// Where it runs in a network namespace whose loopback carries kubetest.NodeAddress (the
// script's unshare, ELLI_KUBETEST_NETNS=1), the stand-in kubelet answers /configz through the
// API server's node proxy, as in the Go tests.
//
// The binaries come from scripts/kube-test-env.sh (ELLI_TEST_ETCD, ELLI_TEST_KUBE_APISERVER); it
// exits 3, with one line, where they are absent.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/elli-k8s/elli/internal/kubetest"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "where to write the kubeconfig (required)")
	flag.Parse()
	if *kubeconfig == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: kubeenv -kubeconfig PATH")
		os.Exit(2)
	}
	if _, _, why := kubetest.Binaries(); why != "" {
		fmt.Fprintln(os.Stderr, "kubeenv: "+why)
		os.Exit(3)
	}
	os.Exit(run(*kubeconfig))
}

// run starts the planted control plane, writes the kubeconfig, says ready and waits; every
// cleanup the start registered runs before it returns, on success and on failure alike.
func run(kubeconfig string) (code int) {
	h := &harness{name: "kubeenv"}
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(fatal)
			if !ok {
				h.cleanup()
				panic(r)
			}
			fmt.Fprintln(os.Stderr, "kubeenv: "+string(f))
			code = 1
		}
		h.cleanup()
	}()
	// signals first: a TERM during the start still cleans up
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	closed := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); close(closed) }()

	env, _ := kubetest.StartPlanted(h)
	b, err := os.ReadFile(env.Kubeconfig(h))
	if err != nil {
		h.Fatal(err)
	}
	if err := os.WriteFile(kubeconfig, b, 0o600); err != nil {
		h.Fatal(err)
	}
	fmt.Println("ready")
	select {
	case <-stop:
	case <-closed:
	}
	return 0
}

// fatal is what harness.Fatal panics with; run recovers it.
type fatal string

// harness is the testing.TB that internal/kubetest's helpers take, outside a test: failures
// end the run (through run's recover) and cleanups run, last first, when it ends. Every method
// of testing.TB is defined here; the embedded interface, always nil, only supplies the
// unexported one that keeps testing.TB from being implemented elsewhere.
type harness struct {
	testing.TB
	name     string
	cleanups []func()
	failed   bool
}

func (h *harness) cleanup() {
	for i := len(h.cleanups) - 1; i >= 0; i-- {
		h.cleanups[i]()
	}
	h.cleanups = nil
}

func (h *harness) Cleanup(f func())                  { h.cleanups = append(h.cleanups, f) }
func (h *harness) Error(args ...any)                 { h.Log(args...); h.failed = true }
func (h *harness) Errorf(format string, args ...any) { h.Logf(format, args...); h.failed = true }
func (h *harness) Fail()                             { h.failed = true }
func (h *harness) FailNow()                          { panic(fatal("failed")) }
func (h *harness) Failed() bool                      { return h.failed }
func (h *harness) Fatal(args ...any)                 { panic(fatal(fmt.Sprint(args...))) }
func (h *harness) Fatalf(format string, args ...any) { panic(fatal(fmt.Sprintf(format, args...))) }
func (h *harness) Helper()                           {}
func (h *harness) Log(args ...any)                   { fmt.Fprintln(os.Stderr, append([]any{"kubeenv:"}, args...)...) }
func (h *harness) Logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "kubeenv: "+format+"\n", args...)
}
func (h *harness) Name() string                     { return h.name }
func (h *harness) Setenv(key, value string)         { _ = os.Setenv(key, value) }
func (h *harness) Chdir(dir string)                 { _ = os.Chdir(dir) }
func (h *harness) Skip(args ...any)                 { panic(fatal(fmt.Sprint(args...))) }
func (h *harness) SkipNow()                         { panic(fatal("skipped")) }
func (h *harness) Skipf(format string, args ...any) { panic(fatal(fmt.Sprintf(format, args...))) }
func (h *harness) Skipped() bool                    { return false }
func (h *harness) Context() context.Context         { return context.Background() }
func (h *harness) Output() io.Writer                { return os.Stderr }
func (h *harness) Attr(key, value string)           {}
func (h *harness) ArtifactDir() string              { return h.TempDir() }

// TempDir makes a folder that the cleanups remove.
func (h *harness) TempDir() string {
	dir, err := os.MkdirTemp("", "elli-kubeenv-")
	if err != nil {
		h.Fatal(err)
	}
	h.Cleanup(func() {
		if err := os.RemoveAll(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
			h.Log(err)
		}
	})
	return filepath.Clean(dir)
}
