package cluster_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"k8s.io/client-go/rest"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/data/cluster"
	"github.com/elli-k8s/elli/embed/snapshot"
	"github.com/elli-k8s/elli/internal/kubetest"
)

func TestMain(m *testing.M) { kubetest.Main(m) }

// want is a finding expected at an object and field.
type want struct{ file, path, rule, msgPart string }

// planted are the findings of testdata/planted.yaml, each at its object and field.
var planted = []want{
	{"test/shop/Deployment/web", `spec.template.metadata.annotations["container.apparmor.security.beta.kubernetes.io/web"]`, check.RuleAppArmor, "(pods that run it: 2)"},
	{"test/shop/Deployment/web", "spec.template.spec.volumes[1].cephfs", check.RuleCephFSVolume, "(pods that run it: 2)"},
	{"test/shop/StatefulSet/db", "spec.template.spec.volumes[0].rbd", check.RuleRBDVolume, ""},
	{"test/shop/CronJob/backup", "spec.jobTemplate.spec.template.spec.volumes[0].cephfs", check.RuleCephFSVolume, "(pods that run it: 1)"},
	{"test/shop/ReplicationController/legacy", "spec.template.spec.volumes[0].rbd", check.RuleRBDVolume, ""},
	{"test/shop/PodTemplate/worker", `template.metadata.annotations["container.apparmor.security.beta.kubernetes.io/worker"]`, check.RuleAppArmor, ""},
	{"test/default/Pod/debug", `metadata.annotations["container.apparmor.security.beta.kubernetes.io/shell"]`, check.RuleAppArmor, ""},
	{"test/kube-system/DaemonSet/kube-proxy", "spec.template.spec.containers[0].command[2]", check.RuleProxyPortRange, ""},
	{"test/kube-system/Pod/kube-apiserver-node-1", "spec.containers[0].command[2]", check.RuleCloudProvider, ""},
	{"test/kube-system/Pod/kube-apiserver-node-1", "spec.containers[0].command[3]", check.RulePVLabel, ""},
	{"test/kube-system/Pod/kube-controller-manager-node-1", "spec.containers[0].command[1]", check.RuleHPADelayFlags, ""},
	{"test/kube-system/Pod/kube-controller-manager-node-1", "spec.containers[0].command[2]", check.RuleRemovedGate, "InTreePluginGCEUnregister"},
	{"test/kube-system/ConfigMap/kube-proxy", `data["config.conf"]`, check.RuleNFTables, ""},
	{"test/kube-system/ConfigMap/kubeadm-config", "data.ClusterConfiguration", check.RuleKubeadmConfigMap, ""},
	{"test/kube-system/ConfigMap/kubelet-config", "data.kubelet", check.RuleRemovedGate, "InTreePluginAWSUnregister"},
	{"test/PersistentVolume/pv-ceph", `metadata.annotations["volume.beta.kubernetes.io/mount-options"]`, check.RuleMountOptions, ""},
	{"test/PersistentVolume/pv-ceph", "spec.cephfs", check.RuleCephFSVolume, ""},
	{"test/StorageClass/ceph-rbd", "provisioner", check.RuleRBDProvisioner, ""},
	{"test/ValidatingWebhookConfiguration/policy", "webhooks[0].clientConfig.caBundle", check.RuleSHA1Cert, ""},
	{"test/Node/node-1", "status.nodeInfo.kernelVersion", check.RuleNFTables, "5.10.0-28-amd64"},
	{"test/Node/node-2", "status.nodeInfo.kernelVersion", check.RuleNFTables, "4.19.0-27-amd64"},
	{"test/Node/node-2", "status.nodeInfo.containerRuntimeVersion", check.RuleCgroupV1, "containerd 1.3.10"},
	{"test/Node/node-2", "status.nodeInfo.kernelVersion", check.RuleCgroupV1, "4.19.0-27-amd64"},
	{"test/APIServer/metrics", `kubernetes_feature_enabled{name="` + kubetest.PlantedGate + `"}`, check.RuleDeprecatedGate, kubetest.PlantedGate},
}

// configzWants are the findings the stand-in kubelet's configz holds, on each node.
var configzWants = []want{
	{"test/Node/node-1", "configz.kubeletconfig.featureGates.InTreePluginvSphereUnregister", check.RuleRemovedGate, "InTreePluginvSphereUnregister"},
	{"test/Node/node-2", "configz.kubeletconfig.featureGates.InTreePluginvSphereUnregister", check.RuleRemovedGate, "InTreePluginvSphereUnregister"},
}

// cgroupWants are the planted nodes' cgroup v1 findings: at the stand-in kubelet's
// kubelet_cgroup_version where the node proxy reaches it, else at their CgroupV1 events.
func cgroupWants(metric bool) []want {
	path, part := "events[reason=CgroupV1]", "CgroupV1 warning event"
	if metric {
		path, part = "metrics.kubelet_cgroup_version", "kubelet_cgroup_version 1"
	}
	return []want{{"test/Node/node-1", path, check.RuleCgroupV1, part}, {"test/Node/node-2", path, check.RuleCgroupV1, part}}
}

func dataset(t testing.TB) *data.Dataset {
	t.Helper()
	return snapshot.Dataset()
}

func scan(t testing.TB, cfg *rest.Config, opts cluster.Options) *cluster.Report {
	t.Helper()
	ds := dataset(t)
	if opts.Context == "" {
		opts.Context = "test"
	}
	rep, err := cluster.Scan(context.Background(), cfg, check.New(ds, check.Options{}), opts)
	if err != nil {
		t.Fatalf("scan: %v", err)
	}
	return rep
}

// matchFindings checks that rep holds exactly the wanted findings.
func matchFindings(t *testing.T, rep *cluster.Report, wants []want) {
	t.Helper()
	left := slices.Clone(rep.Findings)
	for _, w := range wants {
		i := slices.IndexFunc(left, func(f check.Finding) bool {
			return f.File == w.file && f.Path == w.path && f.Rule == w.rule
		})
		if i < 0 {
			t.Errorf("missing %s at %s %s", w.rule, w.file, w.path)
			continue
		}
		if !strings.Contains(left[i].Message, w.msgPart) {
			t.Errorf("%s at %s %s: message %q lacks %q", w.rule, w.file, w.path, left[i].Message, w.msgPart)
		}
		if left[i].Item == "" {
			t.Errorf("%s at %s %s names no elli item", w.rule, w.file, w.path)
		}
		left = slices.Delete(left, i, i+1)
	}
	for _, f := range left {
		t.Errorf("unexpected finding %s at %s %s: %s", f.Rule, f.File, f.Path, f.Message)
	}
}

func noteFor(rep *cluster.Report, kind string) string {
	for _, n := range rep.Notes {
		if n.File == kind {
			return n.Message
		}
	}
	return ""
}

func TestScanRealAPIServer(t *testing.T) {
	env, kubelet := kubetest.StartPlanted(t)
	scanner := env.Config(kubetest.ScannerToken)

	t.Run("every planted finding at its object and field", func(t *testing.T) {
		rep := scan(t, scanner, cluster.Options{})
		wants := append(slices.Clone(planted), cgroupWants(kubelet != nil)...)
		if kubelet != nil {
			wants = append(wants, configzWants...)
			if kubelet.Requests.Load() == 0 || kubelet.MetricsRequests.Load() == 0 {
				t.Error("the stand-in kubelet was never asked for /configz or /metrics")
			}
		} else {
			t.Log("no network namespace: the node proxy part is not checked here")
		}
		matchFindings(t, rep, wants)
		if rep.Frame != cluster.FrameCurrent || !strings.HasPrefix(rep.Server, "v1.31.") {
			t.Errorf("server %q, frame %q; want v1.31.x, current", rep.Server, rep.Frame)
		}
		if kubelet != nil && len(rep.Notes) > 0 {
			t.Errorf("a full-rights scan left notes: %+v", rep.Notes)
		}
	})

	t.Run("paging with more objects than one page", func(t *testing.T) {
		full := scan(t, scanner, cluster.Options{})
		var pages int
		rep := scan(t, scanner, cluster.Options{PageSize: 2, Progress: func(string, int) { pages++ }})
		if !slices.Equal(full.Findings, rep.Findings) {
			t.Errorf("2 objects a page found %d findings, one page %d", len(rep.Findings), len(full.Findings))
		}
		// pods: 6 planted, at 2 a page; progress is called once a page
		if pages < 15 {
			t.Errorf("%d pages read at 2 objects a page; the lists were not paged", pages)
		}
		for _, k := range rep.Read {
			if k.Kind == "Pod" && k.N != 7 {
				t.Errorf("read %d pods, planted 7", k.N)
			}
		}
	})

	t.Run("one namespace", func(t *testing.T) {
		rep := scan(t, scanner, cluster.Options{Namespace: "default"})
		for _, f := range rep.Findings {
			if strings.HasPrefix(f.File, "test/shop/") || strings.HasPrefix(f.File, "test/kube-system/Pod/") {
				t.Errorf("-n default reported %s", f.File)
			}
		}
		if !slices.ContainsFunc(rep.Findings, func(f check.Finding) bool { return f.File == "test/default/Pod/debug" }) {
			t.Error("-n default missed the debug pod")
		}
	})

	t.Run("view-only user: a partial scan with a note per kind", func(t *testing.T) {
		rep := scan(t, env.Config(kubetest.ViewerToken), cluster.Options{})
		var wants []want
		for _, w := range planted {
			if regexp.MustCompile(`^test/(shop|default|kube-system)/`).MatchString(w.file) {
				wants = append(wants, w) // workloads, pods and configmaps: the role's kinds
			}
		}
		matchFindings(t, rep, wants)
		for _, kind := range []string{"PersistentVolume", "StorageClass", "ValidatingWebhookConfiguration", "Node", "/metrics"} {
			if n := noteFor(rep, kind); !strings.Contains(n, "RBAC") {
				t.Errorf("note for %s = %q, want an RBAC note", kind, n)
			}
		}
	})

	t.Run("no rights at all: notes, no error", func(t *testing.T) {
		rep := scan(t, env.Config(kubetest.NobodyToken), cluster.Options{})
		if len(rep.Findings) != 0 || len(rep.Notes) < 10 || rep.Answered != 0 {
			t.Errorf("nobody: %d findings, %d notes, %d kinds answered", len(rep.Findings), len(rep.Notes), rep.Answered)
		}
	})

	t.Run("cgroup v1 nodes without the rights to events or nodes/proxy: findings from the rest, notes", func(t *testing.T) {
		var nodeInfo []want // node-2's runtime and kernel, too old for cgroup v2
		for _, w := range planted {
			if w.rule == check.RuleCgroupV1 {
				nodeInfo = append(nodeInfo, w)
			}
		}
		// events but no nodes/proxy: the nodes are known by their CgroupV1 events
		rep := scan(t, env.Config(kubetest.NodeReaderToken), cluster.Options{})
		matchFindings(t, rep, append(cgroupWants(false), nodeInfo...))
		if n := noteFor(rep, "Node configz"); !strings.Contains(n, "nodes/proxy") || !strings.Contains(n, "cgroup") {
			t.Errorf("node reader: configz note %q, want one on nodes/proxy and the cgroup versions", n)
		}
		if n := noteFor(rep, "Event"); n != "" {
			t.Errorf("node reader may list events, yet: %q", n)
		}
		// nodes/proxy but no events: by their kubelet_cgroup_version, with a note on events
		rep = scan(t, env.Config(kubetest.NodeProxyToken), cluster.Options{})
		if n := noteFor(rep, "Event"); !strings.Contains(n, "RBAC") || !strings.Contains(n, "events") {
			t.Errorf("node proxy user: note for Event = %q, want an RBAC note", n)
		}
		if kubelet != nil {
			matchFindings(t, rep, append(append(cgroupWants(true), nodeInfo...), configzWants...))
		}
		// neither: no cgroup finding, two notes, no error
		rep = scan(t, env.Config(kubetest.ViewerToken), cluster.Options{})
		if n := noteFor(rep, "Event"); !strings.Contains(n, "RBAC") {
			t.Errorf("viewer: note for Event = %q, want an RBAC note", n)
		}
		for _, f := range rep.Findings {
			if f.Rule == check.RuleCgroupV1 {
				t.Errorf("viewer: %s at %s %s", f.Rule, f.File, f.Path)
			}
		}
		for _, u := range []string{"elli-node-reader", "elli-node-proxy"} {
			evs := env.Audit(t, u)
			if len(evs) == 0 {
				t.Errorf("no audit events of %s", u)
			}
			for _, ev := range evs {
				if ev.Verb != "get" && ev.Verb != "list" {
					t.Errorf("%s did %s %s", u, ev.Verb, ev.RequestURI)
				}
			}
		}
	})

	t.Run("a kubelet that does not answer: one note, its node known by its event", func(t *testing.T) {
		if kubelet == nil {
			t.Skip("no network namespace: no node's kubelet answers here")
		}
		admin := env.Config(kubetest.AdminToken)
		kubetest.SetNodeStatus(t, admin, "node-2", 1) // nothing listens on port 1
		defer kubetest.SetNodeStatus(t, admin, "node-2", kubelet.Port)
		before := kubelet.MetricsRequests.Load()
		rep := scan(t, scanner, cluster.Options{})
		if n := noteFor(rep, "Node/node-2 configz"); n == "" {
			t.Errorf("no note for node-2's configz: %+v", rep.Notes)
		}
		if n := noteFor(rep, "Node/node-2 metrics"); n != "" {
			t.Errorf("node-2's /metrics was asked after its /configz got no answer: %q", n)
		}
		if got := kubelet.MetricsRequests.Load() - before; got != 1 {
			t.Errorf("the stand-in kubelet got %d /metrics requests, want node-1's alone", got)
		}
		if !slices.ContainsFunc(rep.Findings, func(f check.Finding) bool {
			return f.File == "test/Node/node-2" && f.Path == "events[reason=CgroupV1]" && f.Rule == check.RuleCgroupV1
		}) {
			t.Error("node-2, whose metric was not read, is not reported by its CgroupV1 event")
		}
	})

	t.Run("a kubelet that floods: its answers are read up to their bounds, and no further", func(t *testing.T) {
		if kubelet == nil {
			t.Skip("no network namespace: no node's kubelet answers here")
		}
		kubelet.Flood.Store(true)
		defer kubelet.Flood.Store(false)
		kubelet.Flooded.Store(0)
		rep := scan(t, scanner, cluster.Options{})
		// two nodes, each a /configz and a /metrics: read whole, they would be four floods
		t.Logf("%d MB of the flood sent before the scan stopped reading", kubelet.Flooded.Load()>>20)
		if n := kubelet.Flooded.Load(); n >= kubetest.FloodSize {
			t.Errorf("the scan took %d MB of the kubelet's answers; it reads at most 4 MB of a configz and 16 MB of metrics", n>>20)
		}
		for _, node := range []string{"node-1", "node-2"} {
			if n := noteFor(rep, "Node/"+node+" configz"); n != "the answer is too large" {
				t.Errorf("%s's configz note %q", node, n)
			}
			if !slices.ContainsFunc(rep.Findings, func(f check.Finding) bool {
				return f.File == "test/Node/"+node && f.Path == "events[reason=CgroupV1]"
			}) {
				t.Errorf("%s, whose metrics hold no cgroup version, is not reported by its CgroupV1 event", node)
			}
		}
	})

	t.Run("nothing written: the audit log has only reads by the scanner", func(t *testing.T) {
		evs := env.Audit(t, "elli-scanner")
		if len(evs) < 20 {
			t.Fatalf("the audit log has %d events of elli-scanner; the scans did not run?", len(evs))
		}
		for _, ev := range evs {
			if ev.Verb != "get" && ev.Verb != "list" {
				t.Errorf("elli-scanner did %s %s", ev.Verb, ev.RequestURI)
			}
		}
		for _, u := range []string{"elli-viewer", "elli-nobody"} {
			for _, ev := range env.Audit(t, u) {
				if ev.Verb != "get" && ev.Verb != "list" {
					t.Errorf("%s did %s %s", u, ev.Verb, ev.RequestURI)
				}
			}
		}
	})

	t.Run("a server that disappears mid-scan", func(t *testing.T) {
		stopped := false
		rep, err := cluster.Scan(context.Background(), scanner, check.New(dataset(t), check.Options{}),
			cluster.Options{Context: "test", PageSize: 2, Progress: func(kind string, n int) {
				if kind == "Pod" && !stopped {
					stopped = true
					env.StopAPIServer()
				}
			}})
		if err != nil {
			t.Fatalf("a server gone mid-scan must give a partial report with notes, not %v", err)
		}
		if !slices.ContainsFunc(rep.Findings, func(f check.Finding) bool { return f.File == "test/shop/Deployment/web" }) {
			t.Error("the findings read before the server went are lost")
		}
		for _, kind := range []string{"Pod", "PersistentVolume", "Node"} {
			if n := noteFor(rep, kind); n == "" {
				t.Errorf("no note for %s after the server went", kind)
			}
		}
		_, err = cluster.Scan(context.Background(), scanner, check.New(dataset(t), check.Options{}), cluster.Options{})
		// the error is the reason alone: the caller says "cannot be reached" before it, once
		if !errors.Is(err, cluster.ErrUnreachable) || strings.Contains(err.Error(), "cannot be reached") {
			t.Errorf("scan of a stopped server: %v, want ErrUnreachable with its reason alone", err)
		}
	})
}
