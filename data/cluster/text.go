package cluster

import "github.com/elli-k8s/elli/data"

// texts are the cluster scan's own words, in English and Chinese; the findings' words are
// data/check's. Kinds, resources, verbs and metric names stay in English.
type texts struct {
	Forbidden         string // verb, resource
	NotServed         string // group/version
	NotFound          string
	TimedOut          string
	Failed            string // reason
	FailedPrefix      string
	TooLarge          string
	ConfigzForbidden  string
	ConfigzUnreadable string
	PodsRun           string // count
	SHA1Counter       string // metric, count
	NFTablesKernel    string // kernel release
	NFTablesKernelFix string
}

var textEN = texts{
	Forbidden:         "RBAC does not allow %s on %s for this user",
	NotServed:         "the server does not serve %s",
	NotFound:          "not found",
	TimedOut:          "the server did not answer in time",
	Failed:            "%s",
	FailedPrefix:      "",
	TooLarge:          "the answer is too large",
	ConfigzForbidden:  "the kubelets' configurations were not read: RBAC does not allow get on nodes/proxy for this user",
	ConfigzUnreadable: "the kubelet's /configz answer is not a kubelet configuration",
	PodsRun:           " (pods that run it: %d)",
	SHA1Counter:       "the API server counted %[2]d calls to a webhook or an aggregated API whose serving certificate is signed with SHA-1 (%[1]s)",
	NFTablesKernel:    "kube-proxy runs in nftables mode (the kube-proxy ConfigMap), and this node's kernel %s is older than the 5.13 that mode needs",
	NFTablesKernelFix: "Upgrade the node's kernel to 5.13 or later, or keep kube-proxy in iptables or ipvs mode",
}

var textZH = texts{
	Forbidden:         "RBAC 不允许当前用户对 %[2]s 执行 %[1]s",
	NotServed:         "服务器不提供 %s",
	NotFound:          "未找到",
	TimedOut:          "服务器没有按时应答",
	Failed:            "%s",
	FailedPrefix:      "",
	TooLarge:          "应答过大",
	ConfigzForbidden:  "未读取各节点 kubelet 的配置：RBAC 不允许当前用户对 nodes/proxy 执行 get",
	ConfigzUnreadable: "kubelet 的 /configz 应答不是 kubelet 配置",
	PodsRun:           "（运行它的 Pod：%d 个）",
	SHA1Counter:       "API 服务器记录到 %[2]d 次对 webhook 或聚合 API 的调用，其服务证书用 SHA-1 签名（%[1]s）",
	NFTablesKernel:    "kube-proxy 以 nftables 模式运行（见 kube-proxy ConfigMap），而该节点的内核 %s 低于该模式要求的 5.13",
	NFTablesKernelFix: "把节点内核升级到 5.13 或更高版本，或让 kube-proxy 继续使用 iptables 或 ipvs 模式",
}

func textsFor(lang data.Lang) *texts {
	if lang == data.LangZH {
		return &textZH
	}
	return &textEN
}
