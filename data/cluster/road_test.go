package cluster

import (
	"slices"
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// With --to as far as 1.36, a cgroup v1 node is also an error of 1.35 (the kubelet stops
// there) and a containerd 1.x node a warning of 1.36, each naming its release and road item;
// without --to neither is said, and containerd 2 is no finding.
func TestRoadNodes(t *testing.T) {
	ds := snapshot.Dataset()
	run := func(to string, obj map[string]any, metric int) []string {
		s := &scan{sc: check.New(ds, check.Options{To: to}), t: textsFor(data.LangEN), rep: &Report{}, groups: newGrouper()}
		s.groups.context = "ctx"
		s.cgroup("n", obj, metric, false)
		var out []string
		for _, f := range s.groups.findings(s.t) {
			if f.Rule == check.RuleCgroupV1 {
				continue
			}
			out = append(out, f.Release+" "+f.Rule+" "+f.Item+" "+f.Severity.String()+" "+f.Path)
		}
		slices.Sort(out)
		return out
	}
	v1 := nodeObj("v1.31.14", "containerd://1.7.22", "6.1.0")
	want := []string{
		"v1.35 " + check.RuleCgroupV1Fails + " 1.35-cgroup-v1-fail error " + cgroupMetricPath,
		"v1.36 " + check.RuleContainerd1 + " 1.36-containerd-2-required warning status.nodeInfo.containerRuntimeVersion",
	}
	if got := run(ds.Latest(), v1, 1); !slices.Equal(got, want) {
		t.Errorf("to latest:\n got %q\nwant %q", got, want)
	}
	if got := run("v1.35", v1, 1); !slices.Equal(got, want[:1]) {
		t.Errorf("to v1.35: %q", got)
	}
	if got := run("", v1, 1); len(got) > 0 {
		t.Errorf("without --to: %q", got)
	}
	if got := run(ds.Latest(), nodeObj("v1.31.14", "containerd://2.1.4", "6.1.0"), 2); len(got) > 0 {
		t.Errorf("containerd 2 on cgroup v2: %q", got)
	}
}
