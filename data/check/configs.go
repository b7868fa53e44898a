package check

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// kubeadm checks a kubeadm config document: its API version, the flags it passes to the
// control plane and the kubelet (extraArgs, v1beta3 maps or v1beta4 name/value lists), and
// kubeadm's own feature gates.
func (c *fileCtx) kubeadm(m, apiKey *yaml.Node, version string, obj object) {
	kind := obj.kind
	if version == "v1beta3" {
		rule := RuleKubeadmV1beta3
		if c.kubeadmConfigMap {
			rule = RuleKubeadmConfigMap // kubeadm's own copy, which it rewrites
		}
		c.add(rule, c.line(apiKey), apiKey.Column, obj, fmt.Sprintf(c.s.t.KubeadmV1beta3, kind), "")
		if !c.kubeadmConfigMap && c.s.roadOn(RuleKubeadmV1beta3Gone) {
			// kubeadm rewrites its own ConfigMap on every upgrade; the user's files stay
			c.add(RuleKubeadmV1beta3Gone, c.line(apiKey), apiKey.Column, obj, fmt.Sprintf(c.s.t.KubeadmV1beta3Gone, kind), "")
		}
	}
	c.kubeadmSettings(kind, m, obj)
}

// extraArgs reads kubeadm extraArgs in either form: {name: value} (v1beta3) or
// [{name: n, value: v}] (v1beta4).
func extraArgs(c *fileCtx, n *yaml.Node) []flag {
	var out []flag
	switch {
	case n == nil:
	case n.Kind == yaml.MappingNode:
		pairs(n, func(k, v *yaml.Node) {
			out = append(out, flag{name: strings.TrimPrefix(k.Value, "--"), value: str(v), hasValue: true,
				at: token{line: c.line(k), col: k.Column}})
		})
	case n.Kind == yaml.SequenceNode:
		for _, it := range items(n) {
			k, name := entry(it, "name")
			if k == nil {
				continue
			}
			out = append(out, flag{name: strings.TrimPrefix(str(name), "--"), value: str(get(it, "value")), hasValue: true,
				at: token{line: c.line(k), col: k.Column}})
		}
	}
	return out
}

// featureGateMap checks a featureGates mapping (KubeletConfiguration, KubeProxyConfiguration,
// kubeadm's ClusterConfiguration).
func (c *fileCtx) featureGateMap(n *yaml.Node, obj object) {
	pairs(n, func(k, v *yaml.Node) {
		if g, ok := c.s.gateFinding(k.Value, str(v)); ok {
			g.Line, g.Column, g.Kind, g.Namespace, g.Name = c.line(k), k.Column, obj.kind, obj.namespace, obj.name
			c.addFinding(g)
		}
	})
}

// configMap checks the component configs that clusters keep in ConfigMaps, as strings: kubeadm
// stores its ClusterConfiguration in kube-system/kubeadm-config, kube-proxy reads its
// KubeProxyConfiguration from kube-system/kube-proxy, the kubelet's is in kubelet-config. A
// value that holds apiVersion and kind is parsed as YAML and checked like a file, its lines
// counted from where the value starts (exactly for a block scalar, the value's line otherwise).
func (c *fileCtx) configMap(m *yaml.Node, depth int) {
	if depth > 2 {
		return
	}
	// kubeadm keeps its ClusterConfiguration in kube-system/kubeadm-config and rewrites it at
	// the version it speaks on every upgrade
	meta := get(m, "metadata")
	kubeadmCM := str(get(meta, "name")) == "kubeadm-config" && (str(get(meta, "namespace")) == "kube-system" || str(get(meta, "namespace")) == "")
	was := c.kubeadmConfigMap
	defer func() { c.kubeadmConfigMap = was }()
	pairs(get(m, "data"), func(_, v *yaml.Node) {
		if v == nil || !strings.Contains(v.Value, "apiVersion") {
			return
		}
		c.embedded(v, depth, func(root *yaml.Node) {
			if get(root, "apiVersion") != nil && get(root, "kind") != nil {
				c.kubeadmConfigMap = kubeadmCM
				c.object(root, depth+1)
				c.kubeadmConfigMap = was
			}
		})
	})
}

// volumeLimitPlugins are the scheduler plugins 1.31 deprecated (and v1.32 removed).
var volumeLimitPlugins = map[string]bool{"AzureDiskLimits": true, "CinderLimits": true, "EBSLimits": true, "GCEPDLimits": true}

// inTreePlugins are the plugins kube-scheduler 1.31 registers; any other name in a profile is a
// custom plugin compiled into a scheduler of its own.
var inTreePlugins = map[string]bool{
	"PrioritySort": true, "DefaultBinder": true, "DefaultPreemption": true, "DynamicResources": true,
	"ImageLocality": true, "InterPodAffinity": true, "NodeAffinity": true, "NodeName": true,
	"NodePorts": true, "NodeResourcesBalancedAllocation": true, "NodeResourcesFit": true,
	"NodeUnschedulable": true, "NodeVolumeLimits": true, "PodTopologySpread": true,
	"SchedulingGates": true, "TaintToleration": true, "VolumeBinding": true,
	"VolumeRestrictions": true, "VolumeZone": true, "AzureDiskLimits": true, "CinderLimits": true,
	"EBSLimits": true, "GCEPDLimits": true, "*": true,
}

// scheduler checks a KubeSchedulerConfiguration: the deprecated volume limit plugins wherever a
// profile enables or configures them (multiPoint included), and custom plugins.
func (c *fileCtx) scheduler(m *yaml.Node, obj object) {
	custom := map[string]bool{}
	for _, prof := range items(get(m, "profiles")) {
		pairs(get(prof, "plugins"), func(point, set *yaml.Node) {
			for _, p := range items(get(set, "enabled")) {
				k, v := entry(p, "name")
				name := str(v)
				switch {
				case k == nil:
				case volumeLimitPlugins[name]:
					c.add(RuleSchedulerLimits, c.line(v), v.Column, obj,
						fmt.Sprintf(c.s.t.SchedulerLimits, profileName(prof), name, point.Value),
						fmt.Sprintf(c.s.t.SchedulerLimitsFix, name))
				case !inTreePlugins[name] && !custom[name]:
					custom[name] = true
					c.add(RuleSchedulerCustom, c.line(v), v.Column, obj,
						fmt.Sprintf(c.s.t.SchedulerCustom, profileName(prof), name), "")
				}
			}
		})
		for _, pc := range items(get(prof, "pluginConfig")) {
			if k, v := entry(pc, "name"); k != nil && volumeLimitPlugins[str(v)] {
				c.add(RuleSchedulerLimits, c.line(v), v.Column, obj,
					fmt.Sprintf(c.s.t.SchedulerConfig, profileName(prof), str(v)), "")
			}
		}
	}
}

func profileName(prof *yaml.Node) string {
	if n := str(get(prof, "schedulerName")); n != "" {
		return n
	}
	return "default-scheduler"
}
