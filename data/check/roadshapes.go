package check

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// The workload and config shapes that a release on the road breaks or deprecates. Each is a
// rule of the table whose Item is a road item: it applies once the check looks as far as that
// item's release (roadOn).

// proxyIPVS reports kube-proxy's ipvs mode, deprecated in 1.35.
func (c *fileCtx) proxyIPVS(line, col int, obj object) {
	if c.s.roadOn(RuleProxyIPVS) {
		c.add(RuleProxyIPVS, line, col, obj, c.s.t.ProxyIPVS, "")
	}
}

// kubeletConfigRoad checks the KubeletConfiguration fields a release on the road reads
// differently: eventRecordQPS 0 means the default of 5 up to 1.36 and no limit from 1.37.
func (c *fileCtx) kubeletConfigRoad(m *yaml.Node, obj object) {
	if k, v := entry(m, "eventRecordQPS"); k != nil && isZero(str(v)) && c.s.roadOn(RuleEventRecordQPS) {
		c.add(RuleEventRecordQPS, c.line(k), k.Column, obj, c.s.t.EventRecordQPS, "")
	}
}

// isZero reports whether a number as written is 0 (0, 0.0, "0").
func isZero(s string) bool {
	s = strings.Trim(strings.TrimSpace(s), `"'`)
	return s != "" && strings.Trim(s, "0.") == "" && strings.Contains(s, "0")
}

// gitRepoVolume reports a gitRepo volume: 1.33 switches the plugin off, 1.36 removes it.
func (c *fileCtx) gitRepoVolume(k, v *yaml.Node, obj object, where string) {
	if v != nil && v.Kind == yaml.MappingNode && c.s.roadOn(RuleGitRepo) {
		c.add(RuleGitRepo, c.line(k), k.Column, obj, fmt.Sprintf(c.s.t.GitRepo, where), "")
	}
}

// serviceExternalIPs reports a Service that sets spec.externalIPs, deprecated in 1.36.
func (c *fileCtx) serviceExternalIPs(m *yaml.Node, obj object) {
	k, v := entry(get(m, "spec"), "externalIPs")
	if k != nil && len(items(v)) > 0 && c.s.roadOn(RuleExternalIPs) {
		c.add(RuleExternalIPs, c.line(k), k.Column, obj, c.s.t.ExternalIPs, "")
	}
}

// staticPod reports whether a Pod is a static Pod: its mirror's annotation says so (a cluster),
// or it sits in a manifests folder (a file, or a file another one carries).
func (c *fileCtx) staticPod(meta *yaml.Node) bool {
	if get(get(meta, "annotations"), "kubernetes.io/config.mirror") != nil {
		return true
	}
	for _, p := range []string{c.carried, c.file} {
		if strings.Contains(strings.ReplaceAll(p, `\`, "/"), "manifests/") {
			return true
		}
	}
	return false
}

// staticPodRefs reports what a static Pod takes from the API: from 1.34 the kubelet refuses to
// admit a static Pod that references a Secret, a ConfigMap, a service account token, a claim.
func (c *fileCtx) staticPodRefs(spec *yaml.Node, obj object) {
	if !c.s.roadOn(RuleStaticPodRefs) {
		return
	}
	ref := func(k *yaml.Node, what string) {
		c.add(RuleStaticPodRefs, c.line(k), k.Column, obj, fmt.Sprintf(c.s.t.StaticPodRef, what), "")
	}
	for _, vol := range items(get(spec, "volumes")) {
		for _, key := range []string{"secret", "configMap", "projected", "persistentVolumeClaim", "ephemeral"} {
			if k, _ := entry(vol, key); k != nil {
				ref(k, key)
			}
		}
	}
	for _, list := range []string{"initContainers", "containers"} {
		for _, ctr := range items(get(spec, list)) {
			for _, e := range items(get(ctr, "env")) {
				for _, key := range []string{"secretKeyRef", "configMapKeyRef"} {
					if k, _ := entry(get(e, "valueFrom"), key); k != nil {
						ref(k, key)
					}
				}
			}
			for _, e := range items(get(ctr, "envFrom")) {
				for _, key := range []string{"secretRef", "configMapRef"} {
					if k, _ := entry(e, key); k != nil {
						ref(k, key)
					}
				}
			}
		}
	}
	if k, v := entry(spec, "resourceClaims"); k != nil && len(items(v)) > 0 {
		ref(k, "resourceClaims")
	}
	for _, key := range []string{"serviceAccountName", "serviceAccount"} {
		if k, v := entry(spec, key); k != nil && str(v) != "" {
			ref(k, key)
		}
	}
}

// kubeadmRoadFlag reports a kubeadm flag a release on the road removes. kubeadm's
// --feature-gates went from kubeadm upgrade only (init and join keep theirs).
func (c *fileCtx) kubeadmRoadFlag(words []token, w token, obj object) {
	name, _, _ := strings.Cut(strings.TrimLeft(w.s, "-"), "=")
	if !strings.HasPrefix(w.s, "--") || name == "" {
		return
	}
	if name == "feature-gates" && (len(words) < 2 || words[1].s != "upgrade") {
		return
	}
	c.roadFlag("kubeadm", flag{name: name, at: w}, obj)
}

// probeHosts reports the host of a probe or lifecycle hook: from 1.34 Pod Security baseline
// (and so restricted) refuses it at policy version v1.34 or latest, for containers and init
// containers alike.
func (c *fileCtx) probeHosts(spec *yaml.Node, obj object) {
	if !c.s.roadOn(RuleProbeHost) {
		return
	}
	for _, list := range []string{"initContainers", "containers"} {
		for _, ctr := range items(get(spec, list)) {
			for _, at := range [][]string{{"livenessProbe"}, {"readinessProbe"}, {"startupProbe"},
				{"lifecycle", "postStart"}, {"lifecycle", "preStop"}} {
				for _, handler := range []string{"httpGet", "tcpSocket"} {
					k, v := entry(get(path(ctr, at...), handler), "host")
					if k == nil || str(v) == "" {
						continue // empty or unset: what baseline allows
					}
					field := strings.Join(append(at, handler, "host"), ".")
					c.add(RuleProbeHost, c.line(k), k.Column, obj,
						fmt.Sprintf(c.s.t.ProbeHost, str(get(ctr, "name")), field), "")
				}
			}
		}
	}
}

// seLinuxMount reports an SELinux label that 1.37 mounts a persistent volume with: the kubelet
// passes -o context only for a Pod that sets seLinuxOptions (no label, no mount option), only
// for volumes backed by a PersistentVolume (claims, generic ephemeral volumes), and not when
// the Pod opts out with seLinuxChangePolicy: Recursive.
func (c *fileCtx) seLinuxMount(spec *yaml.Node, obj object) {
	if !c.s.roadOn(RuleSELinuxMount) {
		return
	}
	psc := get(spec, "securityContext")
	if strings.EqualFold(str(get(psc, "seLinuxChangePolicy")), "Recursive") {
		return
	}
	claim := false
	for _, vol := range items(get(spec, "volumes")) {
		if get(vol, "persistentVolumeClaim") != nil || get(vol, "ephemeral") != nil {
			claim = true
		}
	}
	if !claim {
		return
	}
	// the first label the Pod sets: one finding per Pod, at the field to look at
	labelled := func(sc *yaml.Node) *yaml.Node {
		k, v := entry(sc, "seLinuxOptions")
		if k == nil || v == nil || v.Kind != yaml.MappingNode || len(v.Content) == 0 {
			return nil
		}
		return k
	}
	k := labelled(psc)
	for _, list := range []string{"initContainers", "containers"} {
		for _, ctr := range items(get(spec, list)) {
			if k == nil {
				k = labelled(get(ctr, "securityContext"))
			}
		}
	}
	if k != nil {
		c.add(RuleSELinuxMount, c.line(k), k.Column, obj, c.s.t.SELinuxMount, "")
	}
}
