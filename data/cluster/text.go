package cluster

import "github.com/elli-k8s/elli/data"

// texts are the cluster scan's own words, in English and Chinese; the findings' words are
// data/check's. Kinds, resources, verbs and metric names stay in English.
type texts struct {
	Forbidden          string // verb, resource
	NotServed          string // group/version
	NotFound           string
	TimedOut           string
	TimedOutAfter      string // duration
	TooLarge           string
	PagesNoEnd         string // objects, pages
	SameToken          string
	NotList            string
	MetricsCut         string // size in MB
	NoAddress          string
	ConfigzForbidden   string
	ConfigzUnreadable  string
	PodsRun            string // count
	SHA1Counter        string // metric, count
	CgroupV1Fails      string
	Containerd1        string // its version
	DeprecatedAPICall  string // group/version, resource, release
	NFTablesKernel     string // kernel release
	NFTablesKernelFix  string
	CgroupV1Metric     string
	CgroupV1Event      string
	CgroupV2Runtime    string // runtime, its version, the first with cgroup v2
	CgroupV2RuntimeFix string // runtime, the first version with cgroup v2
	CgroupV2Kernel     string // kernel release
	CgroupV2KernelFix  string
	CgroupUnknown      string // count, node names
	CgroupNoMetric     string
}

var textEN = texts{
	Forbidden:          "RBAC does not allow %s on %s for this user",
	NotServed:          "the server does not serve %s",
	NotFound:           "not found",
	TimedOut:           "timed out: the server did not answer in time",
	TimedOutAfter:      "timed out: no answer within %s",
	TooLarge:           "the answer is too large",
	PagesNoEnd:         "not fully read: the server's pages did not end after %d objects in %d pages",
	SameToken:          "not fully read: the server sent a continue token it had sent before, which would read the same pages again",
	NotList:            "the answer is not a Kubernetes list",
	MetricsCut:         "only the first %d MB were read: the SHA-1 counters and feature gates after them are not known",
	NoAddress:          "skipped: the node has no address in its status, so the API server cannot reach its kubelet",
	ConfigzForbidden:   "the kubelets' configurations and cgroup versions were not read: RBAC does not allow get on nodes/proxy for this user (cgroup v1 nodes are then known only by CgroupV1 events, which the API server keeps for an hour after a kubelet starts)",
	ConfigzUnreadable:  "the kubelet's /configz answer is not a kubelet configuration",
	PodsRun:            " (pods that run it: %d)",
	CgroupV1Fails:      "the node runs on cgroup v1: from 1.35 the kubelet's failCgroupV1 defaults to true and it refuses to start there",
	Containerd1:        "the node runs containerd %s; 1.36 supports containerd 2.0 and later only",
	DeprecatedAPICall:  "clients still call %s %s, which %s no longer serves (apiserver_requested_deprecated_apis)",
	SHA1Counter:        "the API server counted %[2]d calls to a webhook or an aggregated API whose serving certificate is signed with SHA-1 (%[1]s)",
	NFTablesKernel:     "kube-proxy runs in nftables mode (the kube-proxy ConfigMap), and this node's kernel %s is older than the 5.13 that mode needs",
	NFTablesKernelFix:  "Upgrade the node's kernel to 5.13 or later, or keep kube-proxy in iptables or ipvs mode",
	CgroupV1Metric:     "the kubelet reports kubelet_cgroup_version 1: this node runs on cgroup v1, which 1.31 keeps in maintenance mode; from v1.35 the kubelet will not start on it unless failCgroupV1 is false",
	CgroupV1Event:      "the kubelet recorded a CgroupV1 warning event: this node runs on cgroup v1, which 1.31 keeps in maintenance mode; from v1.35 the kubelet will not start on it unless failCgroupV1 is false",
	CgroupV2Runtime:    "%[1]s %[2]s on this cgroup v1 node has no cgroup v2 support, which came in %[1]s %[3]s: the move to cgroup v2 needs a runtime upgrade too",
	CgroupV2RuntimeFix: "Upgrade %s to %s or later before the node boots with cgroup v2, and set the runtime and the kubelet to the systemd cgroup driver",
	CgroupV2Kernel:     "kernel %s on this cgroup v1 node is older than the 5.8 that cgroup v2 needs: the move to cgroup v2 needs an OS upgrade too",
	CgroupV2KernelFix:  "Move the node to an OS release with kernel 5.8 or later that boots with the unified cgroup hierarchy",
	CgroupNoMetric:     "the kubelet's /metrics holds no kubelet_cgroup_version, which every kubelet since v1.31 reports, so this node's cgroup version is not known",
	CgroupUnknown:      "the cgroup version is not known on %d of the nodes (%s): their kubelets are older than v1.31 and report neither the CgroupV1 event nor kubelet_cgroup_version; on a node, stat -fc %%T /sys/fs/cgroup/ prints tmpfs for cgroup v1",
}

var textZH = texts{
	Forbidden:          "RBAC 不允许当前用户对 %[2]s 执行 %[1]s",
	NotServed:          "服务器不提供 %s",
	NotFound:           "未找到",
	TimedOut:           "超时：服务器没有按时应答",
	TimedOutAfter:      "超时：%s 内没有应答",
	TooLarge:           "应答过大",
	PagesNoEnd:         "未读完：读了 %d 个对象、%d 页之后，服务器的分页仍未结束",
	SameToken:          "未读完：服务器再次发来之前发过的 continue 令牌，继续读只会重复读取相同的页",
	NotList:            "应答不是 Kubernetes 列表",
	MetricsCut:         "只读取了前 %d MB：其后的 SHA-1 计数和特性门控情况未知",
	NoAddress:          "已跳过：节点的 status 中没有地址，API 服务器无法连到它的 kubelet",
	ConfigzForbidden:   "未读取各节点 kubelet 的配置和 cgroup 版本：RBAC 不允许当前用户对 nodes/proxy 执行 get（此时只能凭 CgroupV1 事件识别 cgroup v1 节点，而 API 服务器只在 kubelet 启动后保留这些事件一小时）",
	ConfigzUnreadable:  "kubelet 的 /configz 应答不是 kubelet 配置",
	PodsRun:            "（运行它的 Pod：%d 个）",
	CgroupV1Fails:      "该节点运行在 cgroup v1 上：从 1.35 起 kubelet 的 failCgroupV1 默认为 true，会在这里拒绝启动",
	Containerd1:        "该节点运行 containerd %s；1.36 只支持 containerd 2.0 及更新版本",
	DeprecatedAPICall:  "仍有客户端调用 %s %s，%s 起不再提供（apiserver_requested_deprecated_apis）",
	SHA1Counter:        "API 服务器记录到 %[2]d 次对 webhook 或聚合 API 的调用，其服务证书用 SHA-1 签名（%[1]s）",
	NFTablesKernel:     "kube-proxy 以 nftables 模式运行（见 kube-proxy ConfigMap），而该节点的内核 %s 低于该模式要求的 5.13",
	NFTablesKernelFix:  "把节点内核升级到 5.13 或更高版本，或让 kube-proxy 继续使用 iptables 或 ipvs 模式",
	CgroupV1Metric:     "kubelet 报告 kubelet_cgroup_version 为 1：该节点运行在 cgroup v1 上，而 Kubernetes 自 1.31 起对 cgroup v1 的支持已进入维护模式；从 v1.35 起，除非把 failCgroupV1 设为 false，kubelet 将无法在这样的节点上启动",
	CgroupV1Event:      "kubelet 记录了 CgroupV1 警告事件：该节点运行在 cgroup v1 上，而 Kubernetes 自 1.31 起对 cgroup v1 的支持已进入维护模式；从 v1.35 起，除非把 failCgroupV1 设为 false，kubelet 将无法在这样的节点上启动",
	CgroupV2Runtime:    "这个 cgroup v1 节点上的 %[1]s %[2]s 不支持 cgroup v2（%[1]s 从 %[3]s 起才支持）：迁移到 cgroup v2 还需要升级容器运行时",
	CgroupV2RuntimeFix: "在节点以 cgroup v2 启动之前，把 %s 升级到 %s 或更高版本，并让运行时和 kubelet 都使用 systemd cgroup 驱动",
	CgroupV2Kernel:     "这个 cgroup v1 节点的内核 %s 低于 cgroup v2 要求的 5.8：迁移到 cgroup v2 还需要升级操作系统",
	CgroupV2KernelFix:  "把节点的操作系统换成内核为 5.8 或更高、以统一 cgroup 层级启动的版本",
	CgroupNoMetric:     "kubelet 的 /metrics 中没有 kubelet_cgroup_version（v1.31 及以后的 kubelet 都会提供该指标），因此无法确定该节点的 cgroup 版本",
	CgroupUnknown:      "%d 个节点（%s）的 cgroup 版本未知：它们的 kubelet 早于 v1.31，既不记录 CgroupV1 事件，也不提供 kubelet_cgroup_version；可在节点上运行 stat -fc %%T /sys/fs/cgroup/，输出 tmpfs 即为 cgroup v1",
}

func textsFor(lang data.Lang) *texts {
	if lang == data.LangZH {
		return &textZH
	}
	return &textEN
}
