package check

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// appArmorPrefix starts the deprecated per-container AppArmor annotation; the container's name
// follows the slash.
const appArmorPrefix = "container.apparmor.security.beta.kubernetes.io/"

// podMeta checks the annotations of a pod or pod template.
func (c *fileCtx) podMeta(meta *yaml.Node, obj object) {
	pairs(get(meta, "annotations"), func(k, v *yaml.Node) {
		ctr, ok := strings.CutPrefix(k.Value, appArmorPrefix)
		if !ok || ctr == "" {
			return
		}
		c.add(RuleAppArmor, c.line(k), k.Column, obj,
			fmt.Sprintf(c.s.t.AppArmor, ctr), appArmorFix(c.s.t, ctr, str(v)))
	})
}

// appArmorFix writes the securityContext field that replaces an annotation value.
func appArmorFix(t *texts, ctr, value string) string {
	var field string
	switch {
	case value == "runtime/default":
		field = "{type: RuntimeDefault}"
	case value == "unconfined":
		field = "{type: Unconfined}"
	case strings.HasPrefix(value, "localhost/"):
		field = fmt.Sprintf("{type: Localhost, localhostProfile: %s}", strings.TrimPrefix(value, "localhost/"))
	default:
		return fmt.Sprintf(t.AppArmorFixPlain, ctr)
	}
	return fmt.Sprintf(t.AppArmorFix, field, ctr)
}

// podSpec checks a pod spec: its volumes, its containers' command lines and its resource
// claims.
func (c *fileCtx) podSpec(spec *yaml.Node, obj object) {
	if spec == nil {
		return
	}
	for _, vol := range items(get(spec, "volumes")) {
		c.volumeSource(vol, obj, fmt.Sprintf(c.s.t.VolumeNamed, str(get(vol, "name"))))
	}
	for _, list := range []string{"initContainers", "containers", "ephemeralContainers"} {
		for _, ctr := range items(get(spec, list)) {
			c.container(ctr, obj)
		}
	}
	c.probeHosts(spec, obj)
	c.seLinuxMount(spec, obj)
	for _, rc := range items(get(spec, "resourceClaims")) {
		if k, v := entry(rc, "source"); k != nil && v != nil && v.Kind == yaml.MappingNode {
			c.add(RuleDRAv1alpha2, c.line(k), k.Column, obj,
				fmt.Sprintf(c.s.t.DRASource, str(get(rc, "name"))), c.s.t.DRASourceFix)
		}
	}
}

// container checks the command line of a container that runs a Kubernetes component, such as a
// static pod's kube-apiserver or the kube-proxy DaemonSet.
func (c *fileCtx) container(ctr *yaml.Node, obj object) {
	command := c.tokens(get(ctr, "command"))
	args := c.tokens(get(ctr, "args"))
	argv := append(command, args...)
	if len(argv) == 0 {
		return
	}
	// sh -c 'kube-proxy --flags ...': the script is a command line of its own
	if len(command) > 0 && isShell(command[0].s) {
		for i := 1; i+1 < len(argv); i++ {
			if argv[i].s == "-c" {
				c.shellText(argv[i+1].s, argv[i+1].line, obj, false)
				return
			}
		}
	}
	comp, rest := "", argv
	if len(command) > 0 {
		comp, rest = componentOf(argv)
	} else {
		comp = componentFromImage(str(get(ctr, "image")))
		if comp == "hyperkube" && len(args) > 0 {
			comp, rest = hyperkubeComponent(args[0].s), args[1:]
		}
	}
	c.flags(comp, rest, obj)
}

// tokens turns a command or args list into tokens with their lines.
func (c *fileCtx) tokens(n *yaml.Node) []token {
	var out []token
	for _, it := range items(n) {
		if it.Kind == yaml.ScalarNode {
			t := token{s: it.Value, line: c.line(it), col: it.Column}
			if it.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
				t.line, t.col = t.line+1, 1 // a block scalar's text starts below its indicator
			}
			out = append(out, t)
		}
	}
	return out
}

func isShell(arg0 string) bool {
	switch baseName(arg0) {
	case "sh", "bash", "ash", "dash", "zsh", "busybox":
		return true
	}
	return false
}

// componentFromImage names the component an image runs: registry.k8s.io/kube-proxy:v1.30.2 is
// kube-proxy.
func componentFromImage(image string) string {
	if image == "" {
		return ""
	}
	name := image
	if i := strings.IndexAny(name, "@"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	for _, arch := range []string{"-amd64", "-arm64", "-arm", "-ppc64le", "-s390x"} {
		name = strings.TrimSuffix(name, arch)
	}
	if name == "hyperkube" {
		return name
	}
	return normalizeComponent(name)
}
