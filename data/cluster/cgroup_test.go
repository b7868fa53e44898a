package cluster

import (
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// The runtimes the deprecation-cgroup-v1 page names are judged by their first release with
// cgroup v2 (containerd 1.4, CRI-O 1.20); others, and versions that do not parse, say nothing.
func TestOldRuntime(t *testing.T) {
	for _, tc := range []struct {
		crv, name, version, min string
		old                     bool
	}{
		{"containerd://1.3.10", "containerd", "1.3.10", "1.4", true},
		{"containerd://1.4.0", "", "", "", false},
		{"containerd://1.4.0-beta.1", "", "", "", false},
		{"containerd://1.7.22", "", "", "", false},
		{"containerd://2.0.0", "", "", "", false},
		{"containerd://v1.2.13", "containerd", "v1.2.13", "1.4", true},
		{"containerd://1.3.3-k3s2", "containerd", "1.3.3-k3s2", "1.4", true},
		{"cri-o://1.19.4", "CRI-O", "1.19.4", "1.20", true},
		{"cri-o://1.9.0", "CRI-O", "1.9.0", "1.20", true},
		{"cri-o://1.20.0", "", "", "", false},
		{"cri-o://1.30.4", "", "", "", false},
		{"CRI-O://1.18.1", "CRI-O", "1.18.1", "1.20", true},
		{"docker://19.3.15", "", "", "", false},
		{"remote://1.0.0", "", "", "", false},
		{"containerd://", "", "", "", false},
		{"containerd://unknown", "", "", "", false},
		{"containerd 1.3.0", "", "", "", false},
		{"", "", "", "", false},
	} {
		name, v, min, old := oldRuntime(tc.crv)
		if name != tc.name || v != tc.version || min != tc.min || old != tc.old {
			t.Errorf("%q: %q %q %q %v, want %q %q %q %v", tc.crv, name, v, min, old, tc.name, tc.version, tc.min, tc.old)
		}
	}
}

// kubelet_cgroup_version is read from a kubelet's exposition, whatever comes around it; a
// value that is no cgroup version, or a look-alike name, is not.
func TestCgroupVersionIn(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
	}{
		{"# HELP kubelet_cgroup_version [ALPHA] cgroup version on the hosts.\n# TYPE kubelet_cgroup_version gauge\nkubelet_cgroup_version 1\n", 1},
		{"kubelet_certificate_manager_client_ttl_seconds +Inf\nkubelet_cgroup_manager_duration_seconds_count{operation_type=\"create\"} 3\nkubelet_cgroup_version 2\nkubelet_container_log_filesystem_used_bytes 0\n", 2},
		{"kubelet_cgroup_version 0\n", 0}, // a Windows node
		{"kubelet_cgroup_version_total 1\n", cgroupUnread},
		{"kubelet_cgroup_version 7\n", cgroupUnread},
		{"kubelet_cgroup_version 1.5\n", cgroupUnread},
		{"kubelet_cgroup_version\n", cgroupUnread},
		{"kubelet_running_pods 3\n", cgroupUnread}, // a kubelet before 1.31
		{"", cgroupUnread},
		{strings.Repeat("x", 2<<20) + "\nkubelet_cgroup_version 1\n", cgroupUnread}, // a line past the scanner's bound ends the read
	} {
		if got := cgroupVersionIn(strings.NewReader(tc.text)); got != tc.want {
			t.Errorf("%.80q: %d, want %d", tc.text, got, tc.want)
		}
	}
}

func nodeObj(kubelet, runtime, kernel string) map[string]any {
	return map[string]any{"status": map[string]any{"nodeInfo": map[string]any{
		"kubeletVersion": kubelet, "containerRuntimeVersion": runtime, "kernelVersion": kernel}}}
}

func windowsNode(kubelet string) map[string]any {
	obj := nodeObj(kubelet, "containerd://1.7.22", "10.0.20348.2700")
	obj["status"].(map[string]any)["nodeInfo"].(map[string]any)["operatingSystem"] = "windows"
	return obj
}

// A node is on cgroup v1 by its metric, else by its event; a metric of 2 wins over a stale
// event. Only on a cgroup v1 node are an old runtime and kernel findings, each at its field.
// Kubelets before 1.31 that report nothing are named in one note.
func TestCgroupFindings(t *testing.T) {
	ds := snapshot.Dataset()
	type got struct{ file, path string }
	for _, tc := range []struct {
		name   string
		obj    map[string]any
		metric int
		event  bool
		want   []got
		note   bool
	}{
		{"metric 1", nodeObj("v1.31.2", "containerd://1.7.22", "6.1.0-26-amd64"), 1, false,
			[]got{{"ctx/Node/n", cgroupMetricPath}}, false},
		{"metric 1 and an event: one finding, at the metric", nodeObj("v1.31.2", "containerd://1.7.22", "6.1.0"), 1, true,
			[]got{{"ctx/Node/n", cgroupMetricPath}}, false},
		{"event only", nodeObj("v1.31.2", "containerd://1.7.22", "6.1.0"), cgroupUnread, true,
			[]got{{"ctx/Node/n", cgroupEventPath}}, false},
		{"metric 2 wins over a stale event", nodeObj("v1.31.2", "containerd://1.3.0", "4.19.0"), 2, true, nil, false},
		{"windows", nodeObj("v1.31.2", "containerd://1.7.22", "10.0.20348.2700"), 0, false, nil, false},
		{"old runtime and kernel on v1", nodeObj("v1.31.2", "cri-o://1.19.1", "4.19.0-21-amd64"), 1, false,
			[]got{{"ctx/Node/n", cgroupMetricPath}, {"ctx/Node/n", "status.nodeInfo.containerRuntimeVersion"}, {"ctx/Node/n", "status.nodeInfo.kernelVersion"}}, false},
		{"old runtime on v2: nothing", nodeObj("v1.31.2", "containerd://1.3.0", "4.19.0"), 2, false, nil, false},
		{"old runtime, no evidence", nodeObj("v1.31.2", "containerd://1.3.0", "4.19.0"), cgroupUnread, false, nil, false},
		{"kubelet 1.30 reports nothing", nodeObj("v1.30.4", "containerd://1.7.22", "6.1.0"), cgroupUnread, false, nil, true},
		{"kubelet 1.30 with an event", nodeObj("v1.30.4", "containerd://1.7.22", "6.1.0"), cgroupUnread, true,
			[]got{{"ctx/Node/n", cgroupEventPath}}, false},
		{"no nodeInfo", map[string]any{}, cgroupUnread, false, nil, false},
		{"metrics without the gauge, and an event", nodeObj("v1.31.2", "containerd://1.7.22", "6.1.0"), cgroupMissing, true,
			[]got{{"ctx/Node/n", cgroupEventPath}}, false},
		{"kubelet 1.30 whose metrics lack the gauge", nodeObj("v1.30.4", "containerd://1.7.22", "6.1.0"), cgroupMissing, false, nil, true},
		{"windows, kubelet 1.30: no note on a cgroup version it cannot have", windowsNode("v1.30.4"), cgroupUnread, false, nil, false},
		{"windows, kubelet 1.31 with no metric read", windowsNode("v1.31.2"), cgroupUnread, false, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &scan{sc: check.New(ds, check.Options{}), t: textsFor(data.LangEN), rep: &Report{}, groups: newGrouper()}
			s.groups.context = "ctx"
			s.cgroup("n", tc.obj, tc.metric, tc.event)
			s.cgroupNote()
			var gs []got
			for _, f := range s.groups.findings(s.t) {
				gs = append(gs, got{f.File, f.Path})
				if f.Rule != check.RuleCgroupV1 || f.Item != "deprecation-cgroup-v1" || f.Severity != check.Warning || f.Fix == "" {
					t.Errorf("finding %+v", f)
				}
			}
			if !slices.Equal(gs, tc.want) {
				t.Errorf("findings %v, want %v", gs, tc.want)
			}
			if hasNote := len(s.rep.Notes) == 1 && strings.Contains(s.rep.Notes[0].Message, "1 of the nodes (n)"); hasNote != tc.note || len(s.rep.Notes) > 1 {
				t.Errorf("notes %+v, want a note: %v", s.rep.Notes, tc.note)
			}
		})
	}
}

// The old runtime's finding names the runtime, its version and the first with cgroup v2, in
// both languages.
func TestCgroupRuntimeMessage(t *testing.T) {
	ds := snapshot.Dataset()
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		s := &scan{sc: check.New(ds, check.Options{}), t: textsFor(lang), rep: &Report{}, groups: newGrouper(), opts: Options{Lang: lang}}
		s.cgroup("n", nodeObj("v1.31.0", "containerd://1.3.10", "5.10.0"), 1, false)
		fs := s.groups.findings(s.t)
		if len(fs) != 2 || !strings.Contains(fs[1].Message, "containerd 1.3.10") || !strings.Contains(fs[1].Message, "1.4") ||
			!strings.Contains(fs[1].Fix, "1.4") || strings.Contains(fs[1].Message+fs[1].Fix, "%!") {
			t.Errorf("%s: %+v", lang, fs)
		}
		if r, _ := check.RuleByID(check.RuleCgroupV1); fs[0].Fix != r.FixIn(lang) {
			t.Errorf("%s: the cgroup v1 finding's fix %q is not the rule's", lang, fs[0].Fix)
		}
	}
}

// A kubelet since v1.31 whose /metrics answered without kubelet_cgroup_version leaves its node
// unjudged: a note says so, at the node's metrics, unless its CgroupV1 event judged it. A
// kubelet whose /metrics was not read at all (no nodes/proxy, no answer) has its note there.
func TestCgroupNoMetricNote(t *testing.T) {
	for _, tc := range []struct {
		name   string
		metric int
		event  bool
		notes  int
	}{
		{"answered without the gauge", cgroupMissing, false, 1},
		{"answered without the gauge, with an event", cgroupMissing, true, 0},
		{"not read", cgroupUnread, false, 0},
		{"cgroup v2", 2, false, 0},
	} {
		s := &scan{sc: check.New(snapshot.Dataset(), check.Options{}), t: textsFor(data.LangZH), rep: &Report{}, groups: newGrouper()}
		s.cgroup("n", nodeObj("v1.31.2", "containerd://1.7.22", "6.1.0"), tc.metric, tc.event)
		s.cgroupNote()
		if len(s.rep.Notes) != tc.notes || tc.notes == 1 && (s.rep.Notes[0].File != "Node/n metrics" || s.rep.Notes[0].Message != textZH.CgroupNoMetric) {
			t.Errorf("%s: notes %+v, want %d", tc.name, s.rep.Notes, tc.notes)
		}
	}
}

// Eleven nodes without a cgroup version are one note naming the first three.
func TestCgroupNoteNames(t *testing.T) {
	s := &scan{t: textsFor(data.LangEN), rep: &Report{}}
	for i := range 11 {
		s.cgroupUnknown = append(s.cgroupUnknown, "node-"+string(rune('a'+i)))
	}
	s.cgroupNote()
	if len(s.rep.Notes) != 1 || !strings.Contains(s.rep.Notes[0].Message, "11 of the nodes (node-a, node-b, node-c, …)") {
		t.Errorf("%+v", s.rep.Notes)
	}
}
