package check

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// kops keeps each component's settings in its Cluster spec (and a node group's kubelet in its
// InstanceGroup) as camelCase fields, which its node agent, nodeup, writes out as the
// component's flags: cloudProvider becomes --cloud-provider, enableAdmissionPlugins
// --enable-admission-plugins, featureGates --feature-gates. Each field is handed to flagList
// under the flag name it becomes, so the flag rules are written once for both.

// kopsComponents maps the spec keys of a kops Cluster to the component they configure.
var kopsComponents = map[string]string{
	"kubelet":               compKubelet,
	"masterKubelet":         compKubelet, // the control-plane nodes' kubelet (older name)
	"controlPlaneKubelet":   compKubelet,
	"kubeAPIServer":         compAPIServer,
	"kubeControllerManager": compController,
	"kubeScheduler":         compScheduler,
	"kubeProxy":             compProxy,
	// an external cloud-controller-manager: its own cloudProvider names the cloud, rightly
	"cloudControllerManager": compCCM,
}

// isKops reports whether group is the API group of kops's own objects (kops.k8s.io/v1alpha2,
// and the older kops/v1alpha2).
func isKops(group string) bool { return group == "kops.k8s.io" || group == "kops" }

// kops checks a kops Cluster or InstanceGroup. ok is false for other kinds.
func (c *fileCtx) kops(kind string, m *yaml.Node, obj object, depth int) (ok bool) {
	spec := get(m, "spec")
	switch kind {
	case "Cluster":
		pairs(spec, func(k, v *yaml.Node) {
			if comp, ok := kopsComponents[k.Value]; ok {
				c.kopsComponent(comp, v, obj)
			}
		})
		// files nodeup writes to the machines (a static Pod, a component config), and
		// systemd units it installs (hooks)
		for _, f := range items(get(spec, "fileAssets")) {
			c.stringPayload(get(f, "content"), str(get(f, "path")), obj, depth)
		}
		for _, h := range items(get(spec, "hooks")) {
			c.stringPayload(get(h, "manifest"), str(get(h, "name")), obj, depth)
		}
	case "InstanceGroup":
		c.kopsComponent(compKubelet, get(spec, "kubelet"), obj)
		for _, f := range items(get(spec, "fileAssets")) {
			c.stringPayload(get(f, "content"), str(get(f, "path")), obj, depth)
		}
		for _, h := range items(get(spec, "hooks")) {
			c.stringPayload(get(h, "manifest"), str(get(h, "name")), obj, depth)
		}
	default:
		return false
	}
	return true
}

// kopsComponent checks one component's block: featureGates as a gate map, every other field as
// the flag nodeup makes of it (a list joined by commas, a map as key=value pairs, as nodeup
// writes them).
func (c *fileCtx) kopsComponent(comp string, n *yaml.Node, obj object) {
	var fs []flag
	pairs(n, func(k, v *yaml.Node) {
		if k.Value == "featureGates" {
			c.featureGateMap(v, obj)
			return
		}
		v = deref(v)
		if v == nil {
			return
		}
		var value string
		switch v.Kind {
		case yaml.ScalarNode:
			value = v.Value
		case yaml.SequenceNode:
			var parts []string
			for _, it := range items(v) {
				parts = append(parts, str(it))
			}
			value = strings.Join(parts, ",")
		case yaml.MappingNode:
			var parts []string
			pairs(v, func(k, v *yaml.Node) { parts = append(parts, k.Value+"="+str(v)) })
			value = strings.Join(parts, ",")
		}
		fs = append(fs, flag{name: kebab(k.Value), value: value, hasValue: true, at: token{line: c.line(k), col: k.Column}})
	})
	c.flagList(comp, fs, obj)
}

// kebab turns a kops field name into the flag it becomes: cloudProvider → cloud-provider,
// podInfraContainerImage → pod-infra-container-image, cpuCFSQuota → cpu-cfs-quota (a run of
// capitals is one word, its last capital starting the next word when a lower-case letter
// follows).
func kebab(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		upper := ch >= 'A' && ch <= 'Z'
		if upper && i > 0 {
			prev := s[i-1]
			prevLower := prev >= 'a' && prev <= 'z' || prev >= '0' && prev <= '9'
			nextLower := i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z'
			prevUpper := prev >= 'A' && prev <= 'Z'
			if prevLower || prevUpper && nextLower {
				b.WriteByte('-')
			}
		}
		if upper {
			ch += 'a' - 'A'
		}
		b.WriteByte(ch)
	}
	return b.String()
}
