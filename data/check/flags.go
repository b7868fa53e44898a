package check

import (
	"fmt"
	"strconv"
	"strings"
)

// token is one word of a command line with where it stands.
type token struct {
	s string
	// raw is the word as written, quotes and all, when it comes from shell text
	raw       string
	line, col int
}

// The components whose flags elli knows, by the name of their binary.
const (
	compAPIServer  = "kube-apiserver"
	compController = "kube-controller-manager"
	compScheduler  = "kube-scheduler"
	compKubelet    = "kubelet"
	compProxy      = "kube-proxy"
	// compCCM is any external cloud-controller-manager: its own --cloud-provider=aws is right.
	compCCM = "cloud-controller-manager"
)

// normalizeComponent maps a binary name to a component, or "" for anything else.
func normalizeComponent(name string) string {
	name = strings.TrimSuffix(strings.ToLower(name), ".exe")
	switch name {
	case "kubelet-wrapper":
		// Container Linux ran the kubelet through /usr/lib/coreos/kubelet-wrapper, which
		// passes its arguments on to the kubelet
		return compKubelet
	case compAPIServer, compController, compScheduler, compKubelet, compProxy:
		return name
	}
	if strings.HasSuffix(name, "cloud-controller-manager") {
		return compCCM
	}
	return ""
}

// hyperkubeComponent maps the first argument of the old all-in-one hyperkube binary.
func hyperkubeComponent(arg string) string {
	switch arg {
	case "apiserver":
		return compAPIServer
	case "controller-manager":
		return compController
	case "scheduler":
		return compScheduler
	case "proxy":
		return compProxy
	}
	return normalizeComponent(arg)
}

// baseName is the last element of a slash-separated path.
func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// componentOf names the component argv runs and returns the arguments after the program.
func componentOf(argv []token) (string, []token) {
	if len(argv) == 0 {
		return "", nil
	}
	name := baseName(argv[0].s)
	if name == "hyperkube" && len(argv) > 1 {
		return hyperkubeComponent(argv[1].s), argv[2:]
	}
	return normalizeComponent(name), argv[1:]
}

// flag is one --name[=value] on a command line.
type flag struct {
	name, value string
	hasValue    bool
	at          token
}

// boolFlags take no separate value: "--keep-terminated-pod-volumes true" would be a flag and an
// argument. Only the flags elli checks matter here.
var boolFlags = map[string]bool{
	"keep-terminated-pod-volumes":      true,
	"volume-host-allow-local-loopback": true,
	"enable-logs-handler":              true,
}

// parseFlags reads --name=value and --name value. Parsing stops at "--".
func parseFlags(argv []token) []flag {
	var out []flag
	for i := 0; i < len(argv); i++ {
		t := argv[i].s
		if t == "--" {
			break
		}
		if !strings.HasPrefix(t, "--") || len(t) == 2 {
			continue
		}
		name, value, has := strings.Cut(t[2:], "=")
		f := flag{name: name, value: value, hasValue: has, at: argv[i]}
		if !has && !boolFlags[name] && i+1 < len(argv) && !strings.HasPrefix(argv[i+1].s, "-") {
			f.value, f.hasValue = argv[i+1].s, true
			i++
		}
		out = append(out, f)
	}
	return out
}

// removedFlags maps each component to the flags 1.31 removed from it, with the rule that
// reports them.
var removedFlags = map[string]map[string]string{
	compKubelet: {
		"keep-terminated-pod-volumes": RuleKeepTerminated,
		"iptables-masquerade-bit":     RuleKubeletIPTables,
		"iptables-drop-bit":           RuleKubeletIPTables,
	},
	compProxy: {
		"proxy-port-range": RuleProxyPortRange,
	},
	compController: {
		"volume-host-cidr-denylist":                 RuleVolumeHostFlags,
		"volume-host-allow-local-loopback":          RuleVolumeHostFlags,
		"horizontal-pod-autoscaler-upscale-delay":   RuleHPADelayFlags,
		"horizontal-pod-autoscaler-downscale-delay": RuleHPADelayFlags,
	},
}

// flags checks the arguments of a component's command line.
func (c *fileCtx) flags(comp string, argv []token, obj object) {
	if comp == "" {
		return
	}
	c.flagList(comp, parseFlags(argv), obj)
}

// flagList checks flags already split into names and values (kubeadm extraArgs come so).
func (c *fileCtx) flagList(comp string, fs []flag, obj object) {
	for _, f := range fs {
		at := f.at
		if rule, ok := removedFlags[comp][f.name]; ok {
			c.add(rule, at.line, at.col, obj, fmt.Sprintf(c.s.t.RemovedFlag, comp, f.name, comp), "")
			continue
		}
		c.roadFlag(comp, f, obj) // and what 1.31 says of it too
		switch f.name {
		case "cloud-provider":
			v := strings.TrimSpace(f.value)
			switch {
			case v == "" || v == "external" || comp != compAPIServer && comp != compController && comp != compKubelet:
			case strings.ContainsAny(v, "$`") || strings.Contains(v, "{{"):
				// $KUBELET_CLOUD_PROVIDER, {{ cloud_provider }}: what it holds is not in the file
				c.add(RuleCloudProviderVar, at.line, at.col, obj,
					fmt.Sprintf(c.s.t.CloudProviderVar, comp, v), "")
			default:
				c.add(RuleCloudProvider, at.line, at.col, obj,
					fmt.Sprintf(c.s.t.CloudProvider, comp, v), "")
			}
		case "feature-gates":
			names, values := splitGates(f.value)
			for i, name := range names {
				if g, ok := c.s.gateFinding(name, values[i]); ok {
					g.Line, g.Column, g.Kind, g.Namespace, g.Name = at.line, at.col, obj.kind, obj.namespace, obj.name
					c.addFinding(g)
				}
			}
		case "enable-admission-plugins", "disable-admission-plugins", "admission-control":
			if comp == compAPIServer && hasListItem(f.value, "PersistentVolumeLabel") {
				c.add(RulePVLabel, at.line, at.col, obj,
					fmt.Sprintf(c.s.t.PVLabel, f.name), "")
			}
		case "enable-logs-handler":
			if on, err := strconv.ParseBool(f.value); comp == compAPIServer && (!f.hasValue || err == nil && on) {
				c.add(RuleLogsHandler, at.line, at.col, obj,
					c.s.t.LogsHandler, "")
			}
		case "runtime-config":
			if comp == compAPIServer && strings.Contains(f.value, "resource.k8s.io/v1alpha2") {
				c.add(RuleDRAv1alpha2, at.line, at.col, obj,
					c.s.t.RuntimeConfig, c.s.t.RuntimeConfigFix)
			}
			if comp == compAPIServer {
				c.roadRuntimeConfig(f.value, at.line, at.col, obj)
			}
		case "event-qps":
			if comp == compKubelet && isZero(f.value) && c.s.roadOn(RuleEventRecordQPS) {
				c.add(RuleEventRecordQPS, at.line, at.col, obj, c.s.t.EventRecordQPS, "")
			}
		case "proxy-mode":
			if comp == compProxy && f.value == "nftables" {
				c.add(RuleNFTables, at.line, at.col, obj, c.s.t.NFTables, "")
			}
			if comp == compProxy && f.value == "ipvs" {
				c.proxyIPVS(at.line, at.col, obj)
			}
		}
	}
}

// hasListItem reports whether a comma-separated list holds item.
func hasListItem(list, item string) bool {
	for _, p := range strings.Split(list, ",") {
		if strings.TrimSpace(p) == item {
			return true
		}
	}
	return false
}
