package search_test

import (
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// Questions as people type them, each with the item of the release that must come first and a
// bound on the list it leads: the results shown before the fold (data.Result.Folded). A question's answer is
// a short list, not every page that shares a word with it. The three examples come
// first; then questions that name a flag, a gate, a version or a CVE, which must outweigh the
// words around them, and symptoms in plain words.
var questionLists = []struct {
	q     string
	first string
	most  int // results shown at most
}{
	{"my pods lose connections when a node shuts down", "3836-kube-proxy-lb-connection-draining", 5},
	{"kubelet: unknown flag --keep-terminated-pod-volumes", "removal-keep-terminated-pod-volumes", 8},
	{"kube-proxy without iptables", "3866-nftables-kube-proxy", 10},
	{"kube-proxy: unknown flag --proxy-port-range", "removal-proxy-port-range", 3},
	{"kubelet fails with unknown flag --iptables-masquerade-bit", "removal-kubelet-iptables-bits", 2},
	{"hpa flags --horizontal-pod-autoscaler-upscale-delay removed", "removal-hpa-delay-flags", 2},
	{"what does CVE-2024-7598 mean for my network policies", "cve-2024-7598", 3},
	{"why is kubeProxyVersion empty in node status", "deprecation-kube-proxy-version", 5},
	{"how do I move my kubeadm config to v1beta4", "kubeadm-v1beta4", 4},
	{"which fixes are in v1.31.5", "v1-31-5", 3},
	{"my ceph rbd volumes stopped mounting after the upgrade", "removal-ceph-rbd-volume-plugin", 3},
	{"the sha1 signed webhook certificate is rejected", "deprecation-sha1-certificates", 2},
	{"AppArmor annotations still work", "24-apparmor", 2},
	{"pod failure policy for exit codes", "3329-job-pod-failure-policy", 2},
	{"my job should finish when index 0 succeeds", "3998-job-success-policy", 2},
	{"service ip range is full", "1880-multiple-service-cidrs", 4},
	{"how do I recover a PVC resize that is stuck", "1790-recover-volume-expansion-failure", 2},
	{"can kube-proxy use nftables instead of iptables", "3866-nftables-kube-proxy", 5},
	{"evicting unhealthy pods is blocked by a disruption budget", "3017-pdb-unhealthy-pod-eviction-policy", 2},
	{"spread cpus across physical cores, not hyperthreads", "4176-cpumanager-distribute-cpus-across-cores", 2},
	{"kubectl exec without double dash stopped working", "removal-kubectl-legacy-flags", 2},
	{"read only mount is not read only in subdirectories", "3857-recursive-read-only-mounts", 5},
	{"节点关机后连接断了怎么办", "3836-kube-proxy-lb-connection-draining", 3},
	{"kubelet 报 unknown flag --keep-terminated-pod-volumes", "removal-keep-terminated-pod-volumes", 3},
	{"PVC 扩容卡住了怎么办", "1790-recover-volume-expansion-failure", 2},
	{"怎么用 nftables 代替 iptables", "3866-nftables-kube-proxy", 4},
}

func TestQuestionLists(t *testing.T) {
	if len(questionLists) < 20 {
		t.Fatalf("%d questions; keep at least 20", len(questionLists))
	}
	d := snapshot.New()
	for _, tc := range questionLists {
		t.Run(tc.q, func(t *testing.T) {
			if d.ByID(tc.first) == nil {
				t.Fatalf("no item %s", tc.first)
			}
			// The road off the release (kind road) grows while these are written: its pages
			// may rank with the release's own, so the bounds are on the release's items.
			var own []data.Result
			for _, r := range d.Search(tc.q) {
				if r.Item.Kind != data.KindRoad {
					own = append(own, r)
				}
			}
			shown := len(own) - data.Folded(own)
			if len(own) == 0 || own[0].Item.ID != tc.first {
				t.Errorf("first %v, want %s", ids(own, 3), tc.first)
			}
			if shown > tc.most || shown == 0 {
				t.Errorf("%d results shown (%v), want 1 to %d", shown, ids(own, shown), tc.most)
			}
		})
	}
}
