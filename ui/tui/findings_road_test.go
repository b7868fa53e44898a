package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data/check"
)

// After check --to, each row names the release that brings its finding, 1.31's own included;
// a check of 1.31 alone shows no such column.
func TestFindingsNameTheirRelease(t *testing.T) {
	ds := dataset(t)
	rep, err := check.New(ds, check.Options{To: ds.Latest()}).Scan(context.Background(),
		// the files whose findings show every release kind the test looks for, on one screen
		[]string{"../../data/check/testdata/road/manifests.yaml", "../../data/check/testdata/road/workloads.yaml"}, nil)
	if err != nil || len(rep.Findings) < 4 {
		t.Fatalf("scan: %v, %d findings", err, len(rep.Findings))
	}
	m := newFindings(t, rep.Findings, 120, 40)
	out := ansi.Strip(m.Render())
	for _, want := range []string{"road-api-not-served  v1.32", "gitrepo-volume", "v1.33", "kubeadm-v1beta3  v1.31"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the list lacks %q:\n%s", want, out)
		}
	}
	plain := ansi.Strip(newFindings(t, testFindings(t), 120, 40).Render())
	if strings.Contains(plain, " v1.31 ") {
		t.Errorf("a 1.31-only check shows a release column:\n%s", plain)
	}
}
