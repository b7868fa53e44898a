package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data/check"
)

// progressScanner is a cluster scan that reports one page read and finds nothing.
type progressScanner struct{}

func (progressScanner) Contexts(string) []string { return nil }

func (progressScanner) ScanCluster(_ context.Context, req ClusterRequest) (*ClusterResult, error) {
	if req.Progress != nil {
		req.Progress("Pods", 500)
	}
	return &ClusterResult{Report: &check.Report{}, Context: "kind", Server: "v1.31.4", Frame: "current"}, nil
}

// check --cluster shows its progress on stderr only when stderr is a terminal, as the run
// detected it (terminal.err), and clears the line after.
func TestClusterProgressOnlyOnATerminal(t *testing.T) {
	t.Parallel()
	for _, tty := range []bool{false, true} {
		a := newTestApp(t, nil)
		a.cluster = progressScanner{}
		a.term.err = tty
		r := a.run("check", "--cluster")
		if r.code != 0 {
			t.Fatalf("stderr a terminal: %v: exit %d, stderr %q", tty, r.code, r.stderr)
		}
		shown := strings.Contains(r.stderr, "reading Pods: 500")
		if shown != tty {
			t.Errorf("stderr a terminal: %v: progress shown %v, stderr %q", tty, shown, r.stderr)
		}
		if tty && !strings.HasSuffix(r.stderr, "\r\x1b[K") && !strings.Contains(r.stderr, "500\r\x1b[K") {
			t.Errorf("the progress line is not cleared: %q", r.stderr)
		}
	}
}
