package search_test

import (
	"slices"
	"testing"

	"github.com/elli-k8s/elli/embed/snapshot"
)

// Questions, symptoms and half-remembered words, as people type them, each with the page that
// must be in the top three. They run on the embedded release as elli ships it (the snapshot,
// with the glossary's aliases and the synonyms file). The examples come first.
var naturalEN = []struct{ q, want string }{
	{"my job should finish when index 0 succeeds", "3998-job-success-policy"},
	{"service ip range is full", "1880-multiple-service-cidrs"},
	{"which pods lose connections when a node shuts down", "3836-kube-proxy-lb-connection-draining"},
	{"how do I recover a PVC resize that is stuck", "1790-recover-volume-expansion-failure"},
	{"can kube-proxy use nftables instead of iptables", "3866-nftables-kube-proxy"},
	{"set an apparmor profile for my pod", "24-apparmor"},
	{"persistent volume not deleted after I deleted the claim", "2644-honor-pv-reclaim-policy"},
	{"evicting unhealthy pods is blocked by a disruption budget", "3017-pdb-unhealthy-pod-eviction-policy"},
	{"retry a job pod only for some exit codes", "3329-job-pod-failure-policy"},
	{"statefulset replicas should start numbering at 5", "3335-statefulset-start-ordinal"},
	{"which supplemental groups does my container process get", "3619-supplemental-groups-policy"},
	{"change the completions of an indexed job while it runs", "3715-elastic-indexed-job"},
	{"change volume iops without recreating the volume", "3751-volume-attributes-class"},
	{"when did my persistent volume become released", "3762-pv-last-phase-transition-time"},
	{"read only mount is not read only in subdirectories", "3857-recursive-read-only-mounts"},
	{"kubectl exec and port-forward use websockets now", "4006-spdy-to-websockets"},
	{"expose gpu devices to containers with cdi", "4009-cdi-devices-device-plugin"},
	{"kubelet finds the cgroup driver by itself", "4033-cgroup-driver-from-cri"},
	{"spread cpus across physical cores, not hyperthreads", "4176-cpumanager-distribute-cpus-across-cores"},
	{"keep container images on a separate disk", "4191-split-image-filesystem"},
	{"service account tokens bound to the node", "4193-bound-service-account-token-improvements"},
	{"kubectl debug with my own profile", "4292-kubectl-debug-custom-profile"},
	{"leader election during a control plane upgrade", "4355-coordinated-leader-election"},
	{"filter custom resources by field", "4358-crd-field-selectors"},
	{"let another controller manage my jobs", "4368-job-managed-by"},
	{"send service traffic to endpoints in the same zone", "4444-service-traffic-distribution"},
	{"is cgroup v1 still supported", "deprecation-cgroup-v1"},
	{"allow anonymous requests only for health checks", "4633-anonymous-auth-configurable-endpoints"},
	{"mount an oci image as a volume", "4639-image-volume-source"},
	{"which cloud providers were removed from the tree", "removal-cloud-providers"},
	{"kubectl exec without double dash stopped working", "removal-kubectl-legacy-flags"},
	{"what breaks when I upgrade to 1.31", "breaking-changes"},
	{"my sha1 certificates stop working", "deprecation-sha1-certificates"},
	{"how to move kubeadm config from v1beta3", "kubeadm-v1beta4"},
}

var naturalZH = []struct{ q, want string }{
	{"PVC 扩容卡住了怎么办", "1790-recover-volume-expansion-failure"},
	{"服务 IP 用完了", "1880-multiple-service-cidrs"},
	{"怎么关掉匿名请求", "4633-anonymous-auth-configurable-endpoints"},
	{"节点关机 连接断了", "3836-kube-proxy-lb-connection-draining"},
	{"镜像文件系统拆开", "4191-split-image-filesystem"},
	{"怎么用 nftables 代替 iptables", "3866-nftables-kube-proxy"},
	{"给 Pod 配置 AppArmor", "24-apparmor"},
	{"Job 里某个索引成功了就算完成吗", "3998-job-success-policy"},
	{"删除 PVC 以后 PV 没有被回收", "2644-honor-pv-reclaim-policy"},
	{"不健康的 Pod 驱逐被 PDB 卡住", "3017-pdb-unhealthy-pod-eviction-policy"},
	{"按退出码决定 Job 要不要重试", "3329-job-pod-failure-policy"},
	{"StatefulSet 从指定序号开始编号", "3335-statefulset-start-ordinal"},
	{"容器进程的附加组怎么控制", "3619-supplemental-groups-policy"},
	{"运行中修改 Indexed Job 的完成数", "3715-elastic-indexed-job"},
	{"不重建卷就修改 IOPS", "3751-volume-attributes-class"},
	{"持久卷什么时候变成 Released", "3762-pv-last-phase-transition-time"},
	{"只读挂载对子目录也生效吗", "3857-recursive-read-only-mounts"},
	{"kubectl exec 改用 WebSocket 了", "4006-spdy-to-websockets"},
	{"设备插件怎么用 CDI 设备", "4009-cdi-devices-device-plugin"},
	{"kubelet 自动发现 cgroup 驱动", "4033-cgroup-driver-from-cri"},
	{"超线程 CPU 怎么分配", "4176-cpumanager-distribute-cpus-across-cores"},
	{"服务账号令牌 绑定节点", "4193-bound-service-account-token-improvements"},
	{"kubectl debug 自定义配置", "4292-kubectl-debug-custom-profile"},
	{"控制平面组件的领导者选举", "4355-coordinated-leader-election"},
	{"自定义资源按字段过滤", "4358-crd-field-selectors"},
	{"让别的控制器来管理 Job", "4368-job-managed-by"},
	{"服务流量优先发到同一个可用区", "4444-service-traffic-distribution"},
	{"cgroup v1 还能用吗", "deprecation-cgroup-v1"},
	{"把 OCI 镜像挂载成卷", "4639-image-volume-source"},
	{"哪些云提供商集成被移除了", "removal-cloud-providers"},
	{"升级到 1.31 之前要检查什么", "ops-practices"},
	{"SHA-1 证书还能用吗", "deprecation-sha1-certificates"},
}

func TestNaturalQueries(t *testing.T) {
	if len(naturalEN) < 30 || len(naturalZH) < 30 {
		t.Fatalf("%d English and %d Chinese queries; keep at least 30 of each", len(naturalEN), len(naturalZH))
	}
	d := snapshot.New()
	for _, tc := range slices.Concat(naturalEN, naturalZH) {
		t.Run(tc.q, func(t *testing.T) {
			if d.ByID(tc.want) == nil {
				t.Fatalf("no item %s", tc.want)
			}
			rs := d.Search(tc.q)
			if top := ids(rs, 3); !slices.Contains(top, tc.want) {
				m, not := []string(nil), []string(nil)
				for _, r := range rs {
					if r.Item.ID == tc.want {
						m, not = r.Words()
					}
				}
				t.Errorf("top three %v, want %s (words %q; it matched %q, not %q)", top, tc.want, d.ParseQuery(tc.q).Words(), m, not)
			}
		})
	}
}
