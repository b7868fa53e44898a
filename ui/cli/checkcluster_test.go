package cli

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data/check"
)

// fakeCluster is a cluster scan of a server of version server (v1.31.4 when empty) that
// reports one page of kind (Pods when empty) read and finds nothing.
type fakeCluster struct{ server, kind string }

func (fakeCluster) Contexts(string) []string { return nil }

func (f fakeCluster) ScanCluster(_ context.Context, req ClusterRequest) (*ClusterResult, error) {
	if req.Progress != nil {
		kind := f.kind
		if kind == "" {
			kind = "Pods"
		}
		req.Progress(kind, 500)
	}
	server := f.server
	if server == "" {
		server = "v1.31.4"
	}
	return &ClusterResult{Report: &check.Report{}, Context: "kind", Server: server, Frame: "current"}, nil
}

// check --cluster shows its progress on stderr only when stderr is a terminal, as the run
// detected it (terminal.err), and clears the line after.
func TestClusterProgressOnlyOnATerminal(t *testing.T) {
	t.Parallel()
	for _, tty := range []bool{false, true} {
		a := newTestApp(t, nil)
		a.cluster = fakeCluster{}
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

// A kind's name on the progress line can come from the server (the DRA kinds its discovery
// names, which an aggregated API answers): it reaches the terminal without its control
// sequences, and the line's own \r and erase are all that is left of them.
func TestClusterProgressSanitized(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, nil)
	a.cluster = fakeCluster{kind: "Resource\x1b]0;owned\x07Claim\x1b[2J\n"}
	a.term.err = true
	r := a.run("check", "--cluster")
	if r.code != 0 || !strings.Contains(r.stderr, "reading ResourceClaim") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if rest := strings.ReplaceAll(r.stderr, "\r\x1b[K", ""); strings.ContainsAny(rest, "\x1b\x07\r\n") {
		t.Errorf("control characters from the kind reached the terminal: %q", r.stderr)
	}
}

// The security fixes a cluster's server lacks are elli cve --version's for the same version: a
// vendor's suffix (-eks-…, +k3s1) names the upstream release, as data.ParseVersion reads it.
func TestClusterLackingIsCVEVersions(t *testing.T) {
	t.Parallel()
	want := run(t, "cve", "--version", "v1.31.1", "--fail-on", "none", "--jq", "[.lacking[].cve]")
	if want.code != 0 {
		t.Fatalf("cve --version: exit %d, %s", want.code, want.stderr)
	}
	var ids []string
	if err := json.Unmarshal([]byte(want.stdout), &ids); err != nil || len(ids) == 0 {
		t.Fatalf("cve --version v1.31.1 lacks %q (%v): want some fixes to compare", want.stdout, err)
	}
	for _, server := range []string{"v1.31.1", "v1.31.1-eks-2d5f260", "v1.31.1+k3s1", "v1.31.1-gke.1234"} {
		a := newTestApp(t, nil)
		a.cluster = fakeCluster{server: server}
		r := a.run("check", "--cluster", "--jq", "[.cluster.lacking[]?.cve]")
		if r.code != 0 {
			t.Fatalf("server %s: exit %d, %s", server, r.code, r.stderr)
		}
		var got []string
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || !slices.Equal(got, ids) {
			t.Errorf("server %s: cluster.lacking %q (%v), want cve --version's %q", server, r.stdout, err, ids)
		}
	}
}
