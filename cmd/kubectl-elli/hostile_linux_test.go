//go:build linux

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/elli-k8s/elli/internal/kubetest"
	"github.com/elli-k8s/elli/internal/ptytest"
	"github.com/elli-k8s/elli/ui/cli"
)

// Servers, kubeconfigs and signals that misbehave (issue 29), against kubectl-elli in a
// process of its own: what a person at a terminal or a CI job sees.

// child is a kubectl-elli process on a pty (stdin, stdout and stderr), as at a shell.
type child struct {
	cmd    *exec.Cmd
	screen chan []byte
}

func startOnPTY(t *testing.T, kubeconfig string, args ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"=1", "KUBECONFIG="+kubeconfig, "TERM=xterm-256color",
		"ELLI_PAGER=", "NO_COLOR=1", "LANG=C.UTF-8", "LC_ALL=")
	master, slave := ptytest.Open(t)
	if err := unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 40, Col: 120}); err != nil {
		t.Fatal(err)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	c := &child{cmd: cmd, screen: make(chan []byte, 1)}
	go func() {
		defer master.Close()
		var b []byte
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			b = append(b, buf[:n]...)
			if err != nil {
				c.screen <- b
				return
			}
		}
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return c
}

// Every wait before the first answer ends on ctrl+c, SIGTERM or SIGHUP within a second, with
// exit 128+signal and the terminal as it was: a server that accepts the connection and never
// answers (with --request-timeout 0: no bound but the signal), and a kubeconfig that is a FIFO
// without a writer (the load blocks in open).
func TestSignalsBeforeTheFirstAnswer(t *testing.T) {
	silent := kubetest.StartSilent(t)
	hanging := kubetest.StandInKubeconfig(t, silent.URL, kubetest.StandInToken)
	fifo := filepath.Join(t.TempDir(), "kubeconfig")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, wait := range []struct{ name, kubeconfig string }{{"a server that never answers", hanging}, {"a FIFO kubeconfig", fifo}} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
			t.Run(wait.name+", "+sig.String(), func(t *testing.T) {
				conns := silent.Conns.Load()
				c := startOnPTY(t, wait.kubeconfig, "check", "--request-timeout", "0")
				// the child is waiting once it connected (the server), or once a thread of it
				// sleeps in the FIFO's open (a signal before that would meet no handler yet)
				for end := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
					if wait.kubeconfig == hanging && silent.Conns.Load() > conns {
						break
					}
					if wait.kubeconfig == fifo && inFIFOOpen(c.cmd.Process.Pid) {
						break
					}
					if time.Now().After(end) {
						t.Fatal("kubectl-elli never came to wait")
					}
				}
				time.Sleep(100 * time.Millisecond)
				target := c.cmd.Process.Pid
				if sig == syscall.SIGINT {
					target = -target // ctrl+c: the terminal signals the foreground group
				}
				sent := time.Now()
				if err := syscall.Kill(target, sig); err != nil {
					t.Fatal(err)
				}
				exited := make(chan struct{})
				go func() { _ = c.cmd.Wait(); close(exited) }()
				select {
				case <-exited:
				case <-time.After(10 * time.Second):
					t.Fatalf("still waiting 10 s after %s", sig)
				}
				took := time.Since(sent)
				t.Logf("%s to exit: %s", sig, took.Round(time.Millisecond))
				if took > time.Second {
					t.Errorf("%s ended the scan after %s, want within a second", sig, took)
				}
				if code := c.cmd.ProcessState.ExitCode(); code != 128+int(sig) {
					t.Errorf("exit %d (%s), want %d", code, c.cmd.ProcessState, 128+int(sig))
				}
				screen := string(<-c.screen)
				if lines, stray := render(screen); len(lines) > 0 || len(stray) > 0 {
					t.Errorf("the terminal shows %q with the control sequences %q", lines, stray)
				}
			})
		}
	}
}

// inFIFOOpen reports whether a thread of pid sleeps in the kernel's open of a FIFO, waiting
// for a writer.
func inFIFOOpen(pid int) bool {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/wchan", pid))
	for _, f := range tasks {
		if b, _ := os.ReadFile(f); string(b) == "wait_for_partner" || string(b) == "fifo_open" {
			return true
		}
	}
	return false
}

// runPiped runs kubectl-elli with pipes for its streams (stdin from /dev/null), as a CI job.
func runPiped(t *testing.T, kubeconfig string, args ...string) (code int, stdout, stderr string, rusage *syscall.Rusage) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"=1", "KUBECONFIG="+kubeconfig, "ELLI_PAGER=", "LANG=C.UTF-8", "LC_ALL=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A hang guard, not a measurement.
	timer := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	defer timer.Stop()
	_ = cmd.Wait()
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return cmd.ProcessState.ExitCode(), out.String(), errb.String(), ru
}

// A user with no credentials in the kubeconfig is never asked for a user name and password
// (client-go's interactive loader wrote "Please enter Username:" on stdout, in the middle of
// --json): the scan goes without, and when the server refuses that, elli says which user has
// no credentials, exit 2, stdout empty.
func TestNoCredentialsNoPrompt(t *testing.T) {
	srv := kubetest.StartStandIn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			kubetest.Status(w, http.StatusUnauthorized, "Unauthorized", "Unauthorized")
			return
		}
		kubetest.StandInVersion(w)
	}))
	code, out, errs, _ := runPiped(t, kubetest.StandInKubeconfig(t, srv.URL, ""), "check", "--json")
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 ||
		!strings.Contains(errs, "user stand-in no credentials") || strings.Contains(errs, "Username") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// client-go's own log lines (klog) never reach stderr: an error answer whose body breaks off
// made client-go write "E1206 ... request.go:1255] Unexpected error when reading response
// body" there; the note for the kind says what happened.
func TestNoKlogOnStderr(t *testing.T) {
	srv := kubetest.StartStandIn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/version":
			kubetest.StandInVersion(w)
		case r.URL.Path == "/apis/apps/v1/deployments":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "100000") // promised, never all sent
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"kind":"Status",`))
			w.(http.Flusher).Flush()
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				_ = conn.Close()
			}
		case kubetest.IsList(r):
			kubetest.EmptyList(w)
		default:
			http.NotFound(w, r)
		}
	}))
	code, out, errs, _ := runPiped(t, kubetest.StandInKubeconfig(t, srv.URL, kubetest.StandInToken), "check", "--fail-on", "none")
	if code != 0 || !strings.HasPrefix(out, "Cluster stand-in, v1.30.4") {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
		if !strings.HasPrefix(l, "elli: ") {
			t.Errorf("a line on stderr that is not elli's: %q", l)
		}
	}
	if !strings.Contains(errs, "elli: Deployment: skipped: ") {
		t.Errorf("no note for the Deployments: %q", errs)
	}
}

// endlessItems writes a list whose items never end, until the client stops reading.
func endlessItems(w http.ResponseWriter, gz bool) {
	w.Header().Set("Content-Type", "application/json")
	var out interface{ Write([]byte) (int, error) } = w
	if gz {
		w.Header().Set("Content-Encoding", "gzip")
		z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
		defer z.Close()
		out = z
	}
	_, _ = out.Write([]byte(`{"kind":"DeploymentList","apiVersion":"apps/v1","metadata":{},"items":[`))
	item := []byte(`{"metadata":{"name":"d","namespace":"ns","annotations":{"a":"` + strings.Repeat("x", 4000) + `"}}},`)
	for range 1 << 20 { // 4 GB: far past any bound
		if _, err := out.Write(item); err != nil {
			return
		}
	}
}

// A runaway list answer (items without end) is cut at the page bound with a note for its
// kind, and the scan's peak memory stays under 300 MB: as plain JSON, and gzipped (a few MB on
// the wire for hundreds decoded), where the bound counts the decoded bytes. The peak is the
// child's maximum resident set size, as /usr/bin/time -v reports it.
func TestRunawayPagePeakMemory(t *testing.T) {
	for _, gz := range []bool{false, true} {
		name := "plain"
		if gz {
			name = "gzip"
		}
		t.Run(name, func(t *testing.T) {
			var gzipAsked bool
			srv := kubetest.StartStandIn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/version":
					kubetest.StandInVersion(w)
				case r.URL.Path == "/apis/apps/v1/deployments":
					gzipAsked = strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
					endlessItems(w, gz && gzipAsked)
				case kubetest.IsList(r):
					kubetest.EmptyList(w)
				default:
					http.NotFound(w, r)
				}
			}))
			code, out, errs, ru := runPiped(t, kubetest.StandInKubeconfig(t, srv.URL, kubetest.StandInToken), "check", "--json")
			if gz && !gzipAsked {
				t.Fatal("the scan did not ask for gzip: nothing to test")
			}
			var rep cli.CheckReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("exit %d, stdout is not the report (%v): %.300q; stderr %q", code, err, out, errs)
			}
			if len(rep.Notes) == 0 || rep.Notes[0].File != "Deployment" || rep.Notes[0].Message != "the answer is too large" {
				t.Errorf("notes %+v, want the Deployments' answer too large", rep.Notes)
			}
			peak := ru.Maxrss >> 10 // kB to MB
			t.Logf("%s runaway page: peak RSS %d MB", name, peak)
			if peak >= 300 {
				t.Errorf("peak RSS %d MB, want under 300", peak)
			}
		})
	}
}
