package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data/check"
)

// readCluster is a scan that read some kinds and not others: a note for each kind not read.
type readCluster struct {
	answered int
	unread   []string
}

func (readCluster) Contexts(string) []string { return nil }

func (r readCluster) ScanCluster(context.Context, ClusterRequest) (*ClusterResult, error) {
	res := &ClusterResult{Report: &check.Report{}, Context: "kind", Server: "v1.31.4", Frame: "current", Answered: r.answered}
	for range r.answered {
		res.Read = append(res.Read, ClusterKindCount{Kind: "Pod", Objects: 3})
	}
	for _, k := range r.unread {
		res.Read = append(res.Read, ClusterKindCount{Kind: k})
		res.Report.Notes = append(res.Report.Notes, check.Note{Kind: check.NoteSkipped, File: k, Message: "RBAC does not allow list on " + k})
	}
	return res, nil
}

// A scan that could read no kind exits 2 with the first reason, whatever --fail-on says and
// in every format, and writes no report; a partial one keeps its exit code (by findings) and
// says, after the notes, how many kinds it could not read.
func TestClusterNothingReadAndPartial(t *testing.T) {
	t.Parallel()
	for _, format := range [][]string{nil, {"--json"}, {"--format", "sarif"}} {
		a := newTestApp(t, nil)
		a.cluster = readCluster{unread: []string{"Deployment", "Pod"}}
		r := a.run(append([]string{"check", "--cluster", "--fail-on", "none"}, format...)...)
		if r.code != 2 || r.stdout != "" ||
			!strings.HasSuffix(r.stderr, "elli: could not read any kind of object in the cluster (Deployment: RBAC does not allow list on Deployment): the check is incomplete\n") {
			t.Errorf("%v, nothing read: exit %d, stdout %.100q, stderr %q", format, r.code, r.stdout, r.stderr)
		}
	}
	a := newTestApp(t, nil)
	a.cluster = readCluster{unread: []string{"Deployment"}}
	r := a.run("check", "--cluster", "--lang", "zh")
	if r.code != 2 || !strings.HasSuffix(r.stderr, "elli: 集群中任何一类对象都无法读取（Deployment：RBAC does not allow list on Deployment）：检查不完整\n") {
		t.Errorf("nothing read, zh: exit %d, stderr %q", r.code, r.stderr)
	}
	a = newTestApp(t, nil)
	a.cluster = readCluster{answered: 2, unread: []string{"Node"}}
	r = a.run("check", "--cluster")
	if r.code != 0 || !strings.HasSuffix(r.stderr, "elli: a partial scan: 1 of 3 kinds could not be read (the notes above say why), so the findings cover only the others\n") {
		t.Errorf("partial: exit %d, stderr %q", r.code, r.stderr)
	}
	// a script reads the notes in the JSON: stderr has them, not the sentence for people
	a = newTestApp(t, nil)
	a.cluster = readCluster{answered: 2, unread: []string{"Node"}}
	r = a.run("check", "--cluster", "--json")
	if r.code != 0 || strings.Contains(r.stderr, "partial") {
		t.Errorf("partial, --json: exit %d, stderr %q", r.code, r.stderr)
	}
}
