package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/ui/tui"
)

// ClusterScanner reads a running cluster for elli check --cluster. kubectl-elli, the second
// binary (cmd/kubectl-elli), provides it: it links client-go, which elli's own binary never
// does (docs/check.md, "kubectl-elli, a second binary"); elli hands --cluster to kubectl-elli instead.
type ClusterScanner interface {
	ScanCluster(ctx context.Context, req ClusterRequest) (*ClusterResult, error)
	// Contexts lists the contexts of the kubeconfig (the flag's file, or kubectl's default
	// files when it is ""), for the completion of --context
	Contexts(kubeconfig string) []string
}

// ClusterRequest is what elli check --cluster was asked, with kubectl's meaning for the
// kubeconfig flags.
type ClusterRequest struct {
	Kubeconfig, Context, Namespace string
	// AllNamespaces is -A; without it and without -n, all namespaces are read too (elli's
	// question is about the whole cluster), so -A only overrides a namespace in the context
	AllNamespaces bool
	// RequestTimeout bounds each request, in kubectl's --request-timeout syntax ("" or "0":
	// no bound but the scan's own for a kubelet's configz)
	RequestTimeout string
	// PageSize is the objects each list request asks for (--chunk-size)
	PageSize int64
	Scanner  *check.Scanner
	Lang     data.Lang
	// Progress is called after each page read (nil when not on a terminal)
	Progress func(kind string, read int)
}

// ClusterResult is a cluster scan's report: findings whose File is context/namespace/Kind/name
// and Path the field, a note per kind that could not be read.
type ClusterResult struct {
	Report  *check.Report
	Context string
	Server  string // the API server's version
	Frame   string // "upgrade" (1.30), "current" (1.31) or "other"
	Read    []ClusterKindCount
	// Answered counts the kinds whose list the server answered: 0 is a scan that read
	// nothing (no rights, a proxy that answers something else), which is no pass: exit 2
	Answered int
	// NoCredentials names the kubeconfig user that has none (no token, certificate, exec
	// plugin or auth provider), when the scan went without: what to say when it read nothing
	NoCredentials string
}

// ClusterKindCount is how many objects of a kind were read.
type ClusterKindCount struct {
	Kind    string `json:"kind"`
	Objects int    `json:"objects"`
}

// ClusterUnreachable is the error of a cluster that cannot be reached at all: exit 2.
// NoCredentials, when set, names the kubeconfig user that has no credentials, which is then
// what elli says.
type ClusterUnreachable struct {
	Err           error
	NoCredentials string
}

func (e *ClusterUnreachable) Error() string { return e.Err.Error() }
func (e *ClusterUnreachable) Unwrap() error { return e.Err }

// clusterFlags are elli check's kubectl-like flags.
type clusterFlags struct {
	on                  bool
	kubeconfig, context string
	namespace, timeout  string
	all                 bool
	chunk               int64
}

func (o *clusterFlags) add(cmd *cobra.Command, cluster ClusterScanner) {
	f := cmd.Flags()
	f.BoolVar(&o.on, "cluster", false, "check the running cluster of the current kubeconfig context, read-only (kubectl-elli)")
	f.StringVar(&o.kubeconfig, "kubeconfig", "", "with --cluster: the kubeconfig `FILE` (default: $KUBECONFIG, then ~/.kube/config)")
	f.StringVar(&o.context, "context", "", "with --cluster: the kubeconfig `CONTEXT` to use")
	f.StringVarP(&o.namespace, "namespace", "n", "", "with --cluster: read only the `NAMESPACE`'s workloads (default: all namespaces)")
	f.BoolVarP(&o.all, "all-namespaces", "A", false, "with --cluster: read every namespace (the default)")
	f.StringVar(&o.timeout, "request-timeout", "30s", "with --cluster: give up on one request after `DURATION` (0: never)")
	f.Int64Var(&o.chunk, "chunk-size", defaultChunk, "with --cluster: list `N` objects a request, as kubectl's --chunk-size")
	_ = cmd.RegisterFlagCompletionFunc("context", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if cluster == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return cluster.Contexts(o.kubeconfig), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("namespace", noFiles)
	_ = cmd.RegisterFlagCompletionFunc("request-timeout", noFiles)
	_ = cmd.RegisterFlagCompletionFunc("chunk-size", noFiles)
}

// defaultChunk is kubectl's page size, and the cluster scan's.
const defaultChunk = 500

// check refuses a --request-timeout or --chunk-size that kubectl would not take, before
// anything is read: a typo must not read as "the cluster cannot be reached".
func (o *clusterFlags) check() error {
	if !validTimeout(o.timeout) {
		return usagef("--request-timeout %s is not a duration: give one such as 30s or 1m, or 0 for none", o.timeout)
	}
	if o.chunk < 1 {
		return usagef("--chunk-size must be at least 1")
	}
	return nil
}

// validTimeout is kubectl's reading of --request-timeout: whole seconds (30) or a Go duration
// (1m30s), never negative.
func validTimeout(s string) bool {
	if s == "" {
		return true
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n >= 0
	}
	d, err := time.ParseDuration(s)
	return err == nil && d >= 0
}

// used reports whether a cluster flag was given without --cluster.
func (o *clusterFlags) strayFlag(cmd *cobra.Command) string {
	for _, n := range []string{"kubeconfig", "context", "namespace", "all-namespaces", "request-timeout", "chunk-size"} {
		if cmd.Flags().Changed(n) {
			return n
		}
	}
	return ""
}

// runClusterCheck is elli check --cluster.
func (a *app) runClusterCheck(cmd *cobra.Command, args []string, o *checkOptions, format string) error {
	if len(args) > 0 {
		return usagef("--cluster takes no paths: check files and the cluster in two runs")
	}
	if o.cluster.all && o.cluster.namespace != "" {
		return usagef("-A and -n cannot be used together")
	}
	if o.tui && !(a.term.in && a.term.out) {
		return usagef("--tui needs a terminal on standard input and output")
	}
	if err := o.cluster.check(); err != nil {
		return err
	}
	if a.cluster == nil {
		return a.handToPlugin(cmd.Context())
	}
	ds, err := a.dataset()
	if err != nil {
		return err
	}
	req := ClusterRequest{
		Kubeconfig: o.cluster.kubeconfig, Context: o.cluster.context, Namespace: o.cluster.namespace,
		AllNamespaces: o.cluster.all, RequestTimeout: o.cluster.timeout, PageSize: o.cluster.chunk, Lang: a.lang,
	}
	to, err := roadTarget(ds, o.to)
	if err != nil {
		return err
	}
	req.Scanner = check.New(ds, check.Options{AllSyntax: o.parseAll, Lang: a.lang, To: to})
	progress := a.progressLine()
	req.Progress = progress.show
	res, sig, err := a.scanInterruptible(cmd.Context(), req)
	progress.clear()
	if sig != 0 {
		return &exitStatus{128 + sig}
	}
	var ue *ClusterUnreachable
	switch {
	case errors.As(err, &ue) && ue.NoCredentials != "":
		return usagef("the kubeconfig gives user %s no credentials (a token, a client certificate, an exec plugin or an auth provider), and the server refused the request without them", sanitizeLine(ue.NoCredentials))
	case errors.As(err, &ue):
		a.printNote(fmt.Sprintf(a.s.Out.ClusterUnreachable, shortError(ue.Err)))
		return &exitStatus{exitUsage}
	case err != nil:
		return err
	}
	rep := res.Report
	if res.Answered == 0 && len(res.Read) > 0 {
		return a.nothingRead(res)
	}
	// the CVEs the server's patch release is open to, where it is of the line elli knows
	version, inLine := "", false
	// (ParseVersion drops a vendor's suffix: v1.31.4-eks-1a2b3c is v1.31.4, as for cve --version)
	if v, err := data.ParseVersion(res.Server); err == nil && ds.InLine(v) {
		version, inLine = v, true
	}
	if o.tui {
		a.writeCheckNotes(rep)
		view := &tui.CheckFindings{From: res.Context, Frame: res.Frame, Context: res.Context, Server: res.Server}
		if inLine {
			view.LackingIn, view.Lacking = version, data.TallyCVEs(ds.Lacking(version))
		}
		if err := a.checkTUIFindings(cmd, ds, rep, view); err != nil {
			return err
		}
	} else {
		w := cmd.OutOrStdout()
		switch format {
		case "json":
			out := checkReportOf(ds, rep, o.failOn.value, a.lang, to)
			out.Cluster = &CheckCluster{Context: res.Context, Server: res.Server, Frame: res.Frame, Read: res.Read}
			if inLine {
				out.Cluster.Lacking = cvesOf(ds.Lacking(version), a.lang)
			}
			err = o.out.write(w, out)
		case "sarif":
			err = o.out.write(w, sarifOf(ds, rep, a.build, a.lang))
		default:
			if err = writeOut(w, a.frameLine(res)+"\n\n"); err == nil {
				err = a.writeFindingsTable(w, ds, rep, res.Context, true)
			}
			if err == nil && inLine {
				if err = writeOut(w, "\n"); err == nil {
					err = a.writeCVEReport(w, ds, version, ds.Lacking(version), ds.PatchesAfter(version))
				}
			}
			a.writeCheckNotes(rep)
			a.writeToHint(ds, o.to)
		}
		if err != nil {
			return err
		}
	}
	if format != "json" && format != "sarif" || o.tui {
		a.partialNote(res)
	}
	if failed(rep, o.failOn.value) {
		return &exitStatus{exitFail}
	}
	return nil
}

// nothingRead ends a scan that could read no kind of object (exit 2, as an unreadable path
// does for files): its notes say why for each kind, the error names the first; a CI gate must
// not pass on a service account without rights.
func (a *app) nothingRead(res *ClusterResult) error {
	a.writeCheckNotes(res.Report)
	if res.NoCredentials != "" {
		return usagef("the kubeconfig gives user %s no credentials (a token, a client certificate, an exec plugin or an auth provider), and the server refused the request without them", sanitizeLine(res.NoCredentials))
	}
	why := ""
	if len(res.Report.Notes) > 0 {
		n := res.Report.Notes[0]
		why = msg{"%s: %s", []any{n.File, n.Message}}.in(a.lang)
	}
	return usagef("could not read any kind of object in the cluster (%s): the check is incomplete", sanitizeLine(why))
}

// partialNote says, after the notes, that some kinds could not be read at all: the findings
// cover only the others (the exit code follows them, as for a folder with a file skipped).
func (a *app) partialNote(res *ClusterResult) {
	if unread := len(res.Read) - res.Answered; unread > 0 && len(res.Read) > 0 {
		a.printNote(fmt.Sprintf(a.s.Out.ClusterPartial, unread, len(res.Read)))
	}
}

// signalGrace is how long a scan has, once a signal came, to end its requests before elli
// exits without it: a wait no context can end (a kubeconfig that is a FIFO without a writer)
// must not hold ctrl+c.
const signalGrace = 300 * time.Millisecond

// scanInterruptible runs the scan until it ends or SIGINT, SIGTERM or SIGHUP comes: then the
// scan's context ends (its requests stop), and the scan gets signalGrace to return before it
// is left behind. sig is the signal's number, or 0.
func (a *app) scanInterruptible(ctx context.Context, req ClusterRequest) (res *ClusterResult, sig int, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, terminating...)
	defer signal.Stop(sigs)
	type scanned struct {
		res *ClusterResult
		err error
	}
	done := make(chan scanned, 1)
	go func() {
		r, e := a.cluster.ScanCluster(ctx, req)
		done <- scanned{r, e}
	}()
	select {
	case r := <-done:
		return r.res, 0, r.err
	case s := <-sigs:
		cancel()
		n, _ := s.(syscall.Signal)
		select {
		case <-done:
		case <-time.After(signalGrace):
		}
		return nil, int(n), nil
	}
}

// terminating are the signals that end a cluster scan with 128+signal, and that elli passes on
// to kubectl-elli: ctrl+c, kill, and the terminal gone.
var terminating = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// frameLine says what the findings mean for the server's version.
func (a *app) frameLine(res *ClusterResult) string {
	return a.s.ClusterFrame(res.Frame, sanitizeLine(res.Context), sanitizeLine(res.Server))
}

// shortError is an error's text on one line.
func shortError(err error) string {
	return sanitizeLine(strings.Join(strings.Fields(err.Error()), " "))
}

// pluginName is the cluster scan's binary: a kubectl plugin, so that kubectl elli check works.
const pluginName = "kubectl-elli"

// handToPlugin runs kubectl-elli with elli's own arguments, found beside elli or on PATH, and
// exits with its status: elli itself never links client-go.
func (a *app) handToPlugin(ctx context.Context) error {
	path, name := "", pluginName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(self), name); isExecutable(p) {
			path = p
		}
	}
	if path == "" {
		if p, err := a.lookPath(pluginName); err == nil {
			path = p
		}
	}
	if path == "" {
		return usagef("elli check --cluster runs kubectl-elli, the cluster scan's own binary, which is not installed: install it beside elli (it ships in the same packages) or put it on PATH")
	}
	cmd := exec.CommandContext(ctx, path, a.args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = a.stdin, a.stdout, a.stderr
	// ctrl+c reaches kubectl-elli as well (one process group): elli waits while it erases its
	// progress line (or leaves the explorer's screen) and exits, and ends with its status,
	// instead of dying first and letting the shell print its prompt where that line is still
	// drawn. Every terminating signal sent to elli is passed on (a second SIGINT is harmless);
	// a plugin that does not end within pluginGrace of it is killed.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, terminating...)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return failf("cannot run %s: %s", path, err.Error())
	}
	done := make(chan struct{})
	defer close(done)
	var passed atomic.Int32 // the signal passed on, for a plugin that had to be killed
	go func() {
		var kill <-chan time.Time
		for {
			select {
			case s := <-sigs:
				_ = cmd.Process.Signal(s)
				if kill == nil {
					n, _ := s.(syscall.Signal)
					passed.Store(int32(n))
					kill = time.After(pluginGrace)
				}
			case <-kill:
				_ = cmd.Process.Kill()
			case <-done:
				return
			}
		}
	}()
	err := cmd.Wait()
	if n := passed.Load(); n != 0 {
		if st, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && st.Signaled() && st.Signal() == syscall.SIGKILL {
			return &exitStatus{128 + int(n)} // killed here: end as the signal that came says
		}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return &exitStatus{128 + int(st.Signal())}
		}
		return &exitStatus{ee.ExitCode()}
	}
	if err != nil {
		return failf("cannot run %s: %s", path, err.Error())
	}
	return nil
}

// pluginGrace is how long kubectl-elli has to end after a signal elli passed on: it ends its
// scan within a second (scanInterruptible).
const pluginGrace = 3 * time.Second

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	// Windows keeps no execute bits: there the .exe name says it
	return err == nil && !fi.IsDir() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0)
}

// progress writes "reading Pod: 1500" on stderr while a scan runs, on a terminal only: one
// line that each page redraws and clear erases.
type progress struct {
	mu    sync.Mutex // show runs in the scan's goroutine, clear in elli's
	w     io.Writer
	width func() int // stderr's columns, 0 when unknown
	label string
	shown bool
}

func (a *app) progressLine() *progress {
	if !a.term.err {
		return &progress{}
	}
	return &progress{w: a.stderr, width: a.term.errWidth, label: a.s.Out.ClusterReading}
}

func (p *progress) show(kind string, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil {
		return
	}
	p.shown = true
	// the kind can be the server's word (a DRA kind its discovery names)
	line := fmt.Sprintf(p.label, sanitizeLine(kind), n)
	// a line as wide as the terminal wraps (or leaves the cursor past the margin), and the
	// erase that starts the next drawing clears only the last row: keep it a column short
	if p.width != nil {
		if w := p.width(); w > 1 && ansi.StringWidth(line) >= w {
			line = ansi.Truncate(line, w-1, "…")
		}
	}
	fmt.Fprint(p.w, "\r\x1b[K"+line)
}

// clear erases the line, and ends the drawing: a scan left behind after a signal
// (scanInterruptible) draws nothing after it.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w != nil && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
	p.w = nil
}
