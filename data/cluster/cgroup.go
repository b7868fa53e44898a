package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/elli-k8s/elli/data/check"
)

// What a 1.31 kubelet says of its host's cgroup version (pkg/kubelet in kubernetes v1.31): at
// start on a cgroup v1 host it records a Warning Event with reason CgroupV1 on its Node
// (events.CgroupV1, which the API server keeps for --event-ttl, an hour by default), and its
// /metrics always carries the gauge kubelet_cgroup_version (1 or 2; 0 off Linux). Kubelets
// before 1.31 report neither.
const (
	cgroupEventReason = "CgroupV1"
	cgroupMetric      = "kubelet_cgroup_version"
	// the paths of a cgroup v1 finding, by the evidence it rests on
	cgroupMetricPath = "metrics." + cgroupMetric
	cgroupEventPath  = "events[reason=" + cgroupEventReason + "]"
)

// The version of a node whose kubelet_cgroup_version was not read (no nodes/proxy, a kubelet
// that did not answer), and of one whose kubelet's /metrics answered without it.
const (
	cgroupUnread  = -1
	cgroupMissing = -2
)

// maxKubeletMetrics bounds the kubelet /metrics text read while looking for the gauge.
const maxKubeletMetrics = 16 << 20

// What cgroup v2 asks of a node, from the deprecation-cgroup-v1 page (and kubernetes.io's
// "About cgroup v2"): kernel 5.8, containerd 1.4, CRI-O 1.20. Other runtimes are not judged.
var (
	cgroupV2Kernel   = [2]int{5, 8}
	cgroupV2Runtimes = []struct {
		scheme, name string
		min          [2]int
	}{
		{"containerd", "containerd", [2]int{1, 4}},
		{"cri-o", "CRI-O", [2]int{1, 20}},
	}
)

var gvrEvents = schema.GroupVersionResource{Version: "v1", Resource: "events"}

// cgroupEvents lists the CgroupV1 events of Nodes in every namespace (a kubelet records its
// Node's events in default) and returns the names of the nodes they are about. A list that
// fails is a note; the nodes are then judged by their metric alone.
func (s *scan) cgroupEvents(ctx context.Context) map[string]bool {
	nodes := map[string]bool{}
	if ctx.Err() != nil {
		return nodes
	}
	read := 0
	params := map[string]string{"fieldSelector": "reason=" + cgroupEventReason + ",involvedObject.kind=Node"}
	for pg := range s.pages(ctx, listPath(gvrEvents, ""), s.opts.PageSize, params) {
		if pg.first {
			s.rep.Answered++
		}
		for _, raw := range pg.items {
			var ev struct {
				InvolvedObject struct {
					Kind, Name string
				} `json:"involvedObject"`
				Reason string `json:"reason"`
			}
			if json.Unmarshal(raw, &ev) != nil {
				continue
			}
			read++
			// the server applied the selector; a proxy in between might not have
			if ev.Reason == cgroupEventReason && ev.InvolvedObject.Kind == "Node" {
				nodes[ev.InvolvedObject.Name] = true
			}
		}
		if pg.err != nil {
			s.noteErr("Event", gvrEvents, pg.err)
			break
		}
		if s.opts.Progress != nil {
			s.opts.Progress("Event", read)
		}
	}
	s.rep.Read = append(s.rep.Read, KindCount{Kind: "Event", N: read})
	return nodes
}

// kubeletCgroup reads kubelet_cgroup_version from one kubelet's /metrics through the node
// proxy: the version, cgroupMissing where the answer does not hold it (a kubelet before 1.31,
// or not a kubelet's metrics), or cgroupUnread after a failure, which is a note; forbidden
// says RBAC denies nodes/proxy, which the caller notes once.
func (s *scan) kubeletCgroup(ctx context.Context, node string) (version int, forbidden bool) {
	cctx, cancel := context.WithTimeout(ctx, configzTimeout)
	defer cancel()
	start := time.Now()
	rc, err := s.rest.Get().AbsPath("/api/v1/nodes", node, "proxy", "metrics").Stream(cctx)
	err = endedByBound(err, start, s.nodeTimeout())
	if err != nil {
		if apierrors.IsForbidden(err) {
			return cgroupUnread, true
		}
		s.note("Node/"+node+" metrics", s.errText(err, s.nodeTimeout()))
		return cgroupUnread, false
	}
	defer rc.Close()
	if v := cgroupVersionIn(io.LimitReader(rc, maxKubeletMetrics)); v != cgroupUnread {
		return v, false
	}
	return cgroupMissing, false
}

// cgroupVersionIn finds kubelet_cgroup_version in a Prometheus text exposition, reading no
// further than its line.
func cgroupVersionIn(r io.Reader) int {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	prefix := []byte(cgroupMetric)
	for sc.Scan() {
		if !bytes.HasPrefix(sc.Bytes(), prefix) {
			continue
		}
		name, _, v, ok := sample(sc.Text())
		if ok && name == cgroupMetric && v >= 0 && v <= 2 && v == float64(int(v)) {
			return int(v)
		}
	}
	return cgroupUnread
}

// cgroup reports a node that its kubelet says runs on cgroup v1: by kubelet_cgroup_version,
// which is the host's state now, or, where that was not read, by a CgroupV1 event (a metric of
// 2 wins over an event recorded before the node moved to v2). On such a node, a container
// runtime or kernel too old for cgroup v2 is a finding of its own, at its nodeInfo field: the
// move needs that upgrade too. A kubelet before 1.31 reports neither, and is counted for a note;
// a later one whose /metrics lacks the gauge is a note of its own, since nothing was judged.
func (s *scan) cgroup(node string, obj map[string]any, metric int, event bool) {
	info := dig(obj, "status", "nodeInfo")
	if strings.EqualFold(strOf(dig(info, "operatingSystem")), "windows") {
		return // no cgroups at all: neither a finding nor "the cgroup version is not known"
	}
	s.roadRuntime(node, info)
	var path, msg string
	switch {
	case metric == 1:
		path, msg = cgroupMetricPath, s.t.CgroupV1Metric
	case metric < 0 && event:
		path, msg = cgroupEventPath, s.t.CgroupV1Event
	default:
		if metric >= 0 {
			return
		}
		if major, minor, ok := majorMinor(strings.TrimPrefix(strOf(dig(info, "kubeletVersion")), "v")); ok && major == 1 && minor < 31 {
			s.cgroupUnknown = append(s.cgroupUnknown, node)
		} else if metric == cgroupMissing {
			s.note("Node/"+node+" metrics", s.t.CgroupNoMetric)
		}
		return
	}
	r, _ := check.RuleByID(check.RuleCgroupV1)
	id := objectID{kind: "Node", name: node}
	add := func(path, msg, fix string) {
		s.groups.add(id, ownerRef{}, check.Finding{Rule: r.ID, Severity: r.Severity, Item: r.Item, Path: path, Message: msg, Fix: fix})
	}
	add(path, msg, r.FixIn(s.opts.Lang))
	s.roadFinding(id, check.RuleCgroupV1Fails, path, s.t.CgroupV1Fails)
	crv := strOf(dig(info, "containerRuntimeVersion"))
	if name, v, min, old := oldRuntime(crv); old {
		add("status.nodeInfo.containerRuntimeVersion", fmt.Sprintf(s.t.CgroupV2Runtime, name, v, min),
			fmt.Sprintf(s.t.CgroupV2RuntimeFix, name, min))
	}
	kernel := strOf(dig(info, "kernelVersion"))
	if major, minor, ok := majorMinor(kernel); ok && less([2]int{major, minor}, cgroupV2Kernel) {
		add("status.nodeInfo.kernelVersion", fmt.Sprintf(s.t.CgroupV2Kernel, kernel), s.t.CgroupV2KernelFix)
	}
}

// roadFinding adds a finding of a road rule only the cluster scan can judge, when the check looks
// as far as its release (check --to).
func (s *scan) roadFinding(id objectID, rule, path, msg string) {
	if !s.sc.RoadOn(rule) {
		return
	}
	r, _ := check.RuleByID(rule)
	s.groups.add(id, ownerRef{}, check.Finding{Rule: r.ID, Severity: r.Severity, Item: r.Item, Release: s.sc.Release(r.Item),
		Path: path, Message: msg, Fix: r.FixIn(s.opts.Lang)})
}

// roadRuntime reports a node whose container runtime is containerd 1.x, which 1.36 no longer
// supports.
func (s *scan) roadRuntime(node string, info any) {
	crv := strOf(dig(info, "containerRuntimeVersion"))
	scheme, v, ok := strings.Cut(crv, "://")
	if !ok || !strings.EqualFold(scheme, "containerd") {
		return
	}
	if major, _, ok := majorMinor(strings.TrimPrefix(v, "v")); ok && major < 2 {
		s.roadFinding(objectID{kind: "Node", name: node}, check.RuleContainerd1, "status.nodeInfo.containerRuntimeVersion",
			fmt.Sprintf(s.t.Containerd1, v))
	}
}

// cgroupNote says, once, which nodes' cgroup version no kubelet reported.
func (s *scan) cgroupNote() {
	n := len(s.cgroupUnknown)
	if n == 0 {
		return
	}
	names := s.cgroupUnknown
	if n > 3 {
		names = names[:3]
	}
	list := strings.Join(names, ", ")
	if n > 3 {
		list += ", …"
	}
	s.note("Node cgroup", fmt.Sprintf(s.t.CgroupUnknown, n, list))
}

// oldRuntime reads a nodeInfo.containerRuntimeVersion such as containerd://1.7.22 or
// cri-o://1.30.4 and reports whether that runtime is older than its first release with cgroup
// v2 support: its name, its version as written, and that first version. Runtimes the page does
// not name, and versions that do not parse, are not old.
func oldRuntime(crv string) (name, version, min string, old bool) {
	scheme, v, ok := strings.Cut(crv, "://")
	if !ok {
		return "", "", "", false
	}
	for _, rt := range cgroupV2Runtimes {
		if !strings.EqualFold(scheme, rt.scheme) {
			continue
		}
		major, minor, ok := majorMinor(strings.TrimPrefix(v, "v"))
		if !ok || !less([2]int{major, minor}, rt.min) {
			return "", "", "", false
		}
		return rt.name, v, fmt.Sprintf("%d.%d", rt.min[0], rt.min[1]), true
	}
	return "", "", "", false
}

// less orders major.minor pairs.
func less(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }
