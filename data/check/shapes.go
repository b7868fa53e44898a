package check

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// The shapes below carry the settings elli checks inside something else: Cluster API's kubeadm
// objects, kind's cluster config, Ignition and MachineConfig files, Ansible tasks. Each hands
// what it holds to the same checks a plain file gets (flagList, featureGateMap, kubeadm,
// object, shell), so a rule is written once whatever the wrapper.

// kubeadmSettings checks the body of a kubeadm ClusterConfiguration, InitConfiguration or
// JoinConfiguration, wherever it sits: its own file, a ConfigMap, a Cluster API
// kubeadmConfigSpec, a kind patch.
func (c *fileCtx) kubeadmSettings(kind string, m *yaml.Node, obj object) {
	switch kind {
	case "ClusterConfiguration":
		for _, key := range []string{"apiServer", "controllerManager", "scheduler"} {
			c.flagList(kubeadmComponents[key], extraArgs(c, get(get(m, key), "extraArgs")), obj)
		}
		c.featureGateMap(get(m, "featureGates"), obj)
	case "InitConfiguration", "JoinConfiguration":
		c.flagList(compKubelet, extraArgs(c, path(m, "nodeRegistration", "kubeletExtraArgs")), obj)
	}
}

// kubeadmComponents maps a ClusterConfiguration key to the component its extraArgs go to.
var kubeadmComponents = map[string]string{"apiServer": compAPIServer, "controllerManager": compController, "scheduler": compScheduler}

// componentConfig checks a component config known by its kind alone, as in a kind patch, which
// may leave out apiVersion. ok is false for any other kind.
func (c *fileCtx) componentConfig(kind string, m *yaml.Node, obj object) (ok bool) {
	switch kind {
	case "ClusterConfiguration", "InitConfiguration", "JoinConfiguration":
		c.kubeadmSettings(kind, m, obj)
	case "KubeletConfiguration":
		c.featureGateMap(get(m, "featureGates"), obj)
		c.kubeletConfigRoad(m, obj)
	case "KubeProxyConfiguration":
		c.featureGateMap(get(m, "featureGates"), obj)
		if k, v := entry(m, "mode"); str(v) == "nftables" {
			c.add(RuleNFTables, c.line(k), k.Column, obj, c.s.t.NFTables, "")
		} else if str(v) == "ipvs" {
			c.proxyIPVS(c.line(k), k.Column, obj)
		}
	case "KubeSchedulerConfiguration":
		c.scheduler(m, obj)
	default:
		return false
	}
	return true
}

// clusterAPI checks the kubeadm settings of a Cluster API object: KubeadmControlPlane (and its
// template) under spec.kubeadmConfigSpec, KubeadmConfig (and its template) under spec. ok is
// false for other kinds.
func (c *fileCtx) clusterAPI(group, kind string, m *yaml.Node, obj object, depth int) (ok bool) {
	var spec *yaml.Node
	switch {
	case group == "controlplane.cluster.x-k8s.io" && kind == "KubeadmControlPlane":
		spec = path(m, "spec", "kubeadmConfigSpec")
	case group == "controlplane.cluster.x-k8s.io" && kind == "KubeadmControlPlaneTemplate":
		spec = path(m, "spec", "template", "spec", "kubeadmConfigSpec")
	case group == "bootstrap.cluster.x-k8s.io" && kind == "KubeadmConfig":
		spec = get(m, "spec")
	case group == "bootstrap.cluster.x-k8s.io" && kind == "KubeadmConfigTemplate":
		spec = path(m, "spec", "template", "spec")
	default:
		return false
	}
	c.kubeadmSettings("ClusterConfiguration", get(spec, "clusterConfiguration"), obj)
	c.kubeadmSettings("InitConfiguration", get(spec, "initConfiguration"), obj)
	c.kubeadmSettings("JoinConfiguration", get(spec, "joinConfiguration"), obj)
	// files written to the machine: a KubeletConfiguration, say
	for _, f := range items(get(spec, "files")) {
		c.embedded(get(f, "content"), depth, func(root *yaml.Node) { c.embeddedObject(root, depth) })
	}
	for _, key := range []string{"preKubeadmCommands", "postKubeadmCommands"} {
		for _, cmd := range items(get(spec, key)) {
			c.scalarShell(cmd, obj)
		}
	}
	return true
}

// kindCluster checks a kind cluster config (kind.x-k8s.io/v1alpha4 Cluster): the feature gates
// and runtime config it passes to every component, kube-proxy's mode, and the kubeadm patches
// (YAML inside strings) of the cluster and of each node.
func (c *fileCtx) kindCluster(m *yaml.Node, obj object, depth int) {
	c.featureGateMap(get(m, "featureGates"), obj)
	pairs(get(m, "runtimeConfig"), func(k, _ *yaml.Node) {
		if strings.HasPrefix(k.Value, "resource.k8s.io/v1alpha2") {
			c.add(RuleDRAv1alpha2, c.line(k), k.Column, obj, c.s.t.KindRuntimeConfig, c.s.t.RuntimeConfigFix)
		}
		c.roadRuntimeConfig(k.Value, c.line(k), k.Column, obj)
	})
	if k, v := entry(get(m, "networking"), "kubeProxyMode"); str(v) == "nftables" {
		c.add(RuleNFTables, c.line(k), k.Column, obj, c.s.t.NFTables, "")
	} else if str(v) == "ipvs" {
		c.proxyIPVS(c.line(k), k.Column, obj)
	}
	patches := func(n *yaml.Node) {
		for _, p := range items(get(n, "kubeadmConfigPatches")) {
			c.embedded(p, depth, func(root *yaml.Node) {
				// kind writes the kubeadm config in the version it supports, so a patch's
				// apiVersion is not the user's choice: only the settings are checked
				c.componentConfig(str(get(root, "kind")), root, obj)
			})
		}
	}
	patches(m)
	for _, node := range items(get(m, "nodes")) {
		patches(node)
	}
}

// embeddedObject checks a Kubernetes object found inside a string (a file that Cluster API or
// Ignition writes to a machine); its findings name it, as those of a config in a ConfigMap do.
func (c *fileCtx) embeddedObject(root *yaml.Node, depth int) {
	if get(root, "apiVersion") != nil && get(root, "kind") != nil {
		c.object(root, depth+1)
	}
}

// embedded parses the YAML documents inside the string value v and calls fn on each root
// mapping, its lines counted from where the value starts (exactly for a block scalar, the
// value's line otherwise). Only a value that mentions apiVersion or kind and a trigger word is
// parsed: a string is most often not YAML at all.
func (c *fileCtx) embedded(v *yaml.Node, depth int, fn func(root *yaml.Node)) {
	v = deref(v)
	if v == nil || v.Kind != yaml.ScalarNode || depth > 2 || !strings.Contains(v.Value, "kind") ||
		!c.s.opts.AllSyntax && !c.s.trig.matches([]byte(v.Value)) {
		return
	}
	c.embeddedText(v, v.Value, depth, fn)
}

// embeddedText is embedded for text taken from v (v.Value, or what a data URL in it decodes
// to, whose lines are not the file's).
func (c *fileCtx) embeddedText(v *yaml.Node, text string, depth int, fn func(root *yaml.Node)) {
	// a value that aliases name again is the same text at the same place: parsing it once
	// (at the least depth met) gives every finding, however many keys or objects name it
	if d, seen := c.parsedValues[v]; seen && d <= depth || c.nest >= maxNest {
		return
	}
	c.nest++
	defer func() { c.nest-- }()
	if c.parsedValues == nil {
		c.parsedValues = map[*yaml.Node]int{}
	}
	c.parsedValues[v] = depth
	block := v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 && text == v.Value
	base, valueLine, valueCol := c.line(v), c.line(v), v.Column
	off, pinLine, pinCol, src, colOff := c.off, c.pinLine, c.pinCol, c.src, c.colOff
	defer func() { c.off, c.pinLine, c.pinCol, c.src, c.colOff = off, pinLine, pinCol, src, colOff }()
	if block {
		c.colOff += c.blockIndent(v) // before c.src becomes the string's own text
	}
	dec := yaml.NewDecoder(strings.NewReader(text))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			return // not YAML after all, or the end: a string may hold anything
		}
		if !c.admit(&doc) {
			return
		}
		c.off, c.src = base, []byte(text) // a block's text starts on the line after its indicator
		if !block && pinLine == 0 {
			// a quoted or plain value: its own lines are not the file's, so every finding
			// points at the value (or at the quoted value it is itself inside)
			c.pinLine, c.pinCol = valueLine, valueCol
		}
		if len(doc.Content) == 0 {
			continue
		}
		if root := deref(doc.Content[0]); root != nil && root.Kind == yaml.MappingNode {
			fn(root)
		}
	}
}

// ignitionContents checks a file that Ignition (or Butane, or a MachineConfig) writes:
// contents.inline holds the text, contents.source a data URL.
func (c *fileCtx) ignitionContents(n *yaml.Node, obj object, depth int) {
	each := func(root *yaml.Node) { c.embeddedObject(root, depth) }
	if v := get(n, "inline"); v != nil {
		c.embedded(v, depth, each)
	}
	v := get(n, "source")
	text, ok := dataURL(str(v))
	if !ok || !strings.Contains(text, "kind") || !c.s.opts.AllSyntax && !c.s.trig.matches([]byte(text)) {
		return
	}
	c.embeddedText(v, text, depth, each)
}

// dataURL decodes data:[type][;base64],text as Ignition writes file contents.
func dataURL(s string) (string, bool) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return "", false
	}
	meta, body, ok := strings.Cut(rest, ",")
	if !ok {
		return "", false
	}
	if strings.HasSuffix(meta, ";base64") {
		b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(body))
		if err != nil {
			return "", false
		}
		return string(b), true
	}
	t, err := url.PathUnescape(body)
	if err != nil {
		return "", false
	}
	return t, true
}

// ansibleModules are the Ansible modules whose argument is a shell command line.
var ansibleModules = map[string]bool{
	"shell": true, "command": true, "raw": true,
	"ansible.builtin.shell": true, "ansible.builtin.command": true, "ansible.builtin.raw": true,
	"ansible.legacy.shell": true, "ansible.legacy.command": true, "ansible.legacy.raw": true,
}

// ansibleTask checks the argument of a shell or command task: a string (folded >- blocks
// too), or a mapping with cmd or argv.
func (c *fileCtx) ansibleTask(v *yaml.Node, obj object) {
	switch {
	case v == nil:
	case v.Kind == yaml.ScalarNode:
		c.scalarShell(v, obj)
	case v.Kind == yaml.MappingNode:
		if cmd := get(v, "cmd"); cmd != nil {
			c.scalarShell(cmd, obj)
		}
		if argv := c.tokens(get(v, "argv")); len(argv) > 0 {
			c.shellCommand(argv, obj)
		}
	case v.Kind == yaml.SequenceNode:
		if argv := c.tokens(v); len(argv) > 0 {
			c.shellCommand(argv, obj)
		}
	}
}

// scalarShell checks shell text held in a YAML string. Each word is then found in the
// document's source, so that a folded (>-) or plain string that YAML joined onto one line still
// reports the line and column the word is written on.
func (c *fileCtx) scalarShell(v *yaml.Node, obj object) {
	v = deref(v)
	if v == nil || v.Kind != yaml.ScalarNode {
		return
	}
	line, col := c.line(v), v.Column
	if v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		line, col = line+1, 1 // a block scalar's text starts on the line after its indicator
	}
	l := &shLexer{src: v.Value, line: line, col: col, jinja: true}
	l.run()
	if c.pinLine == 0 && len(c.src) > 0 {
		c.relocate(l.cmds, v)
	}
	c.shellCmds(l.cmds, obj, false)
}

// relocate moves each word of cmds to where its raw text stands in the source, searching
// forward from the scalar v (and from its start again for the commands of a substitution,
// which come before the command around them). Once a word cannot be found (an escape in a
// quoted string), it and the words after it keep the places the lexer gave them.
func (c *fileCtx) relocate(cmds []shCommand, v *yaml.Node) {
	src := c.src
	start := 0 // the offset of v: its line, then its column
	for line := 1; line < v.Line; line++ {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			return
		}
		start += i + 1
	}
	start = min(start+max(v.Column-1, 0), len(src))
	// the scalar's source is its value with indentation and quotes added
	limit := min(len(src), start+4*len(v.Value)+1024)
	cur, lost := start, false
	move := func(t *token) {
		if t.raw == "" || lost {
			return
		}
		from := cur
		i := bytes.Index(src[from:limit], []byte(t.raw))
		if i < 0 {
			from = start
			if i = bytes.Index(src[from:limit], []byte(t.raw)); i < 0 {
				// the source spells the words differently (escapes in a quoted string):
				// the rest keep the lexer's places, and no search runs per word
				lost = true
				return
			}
		}
		pos := from + i
		t.line = v.Line + bytes.Count(src[start:pos], []byte("\n")) + c.off
		t.col = pos - (bytes.LastIndexByte(src[:pos], '\n') + 1) + 1
		cur = pos + len(t.raw)
	}
	for ci := range cmds {
		for ai := range cmds[ci].assigns {
			move(&cmds[ci].assigns[ai].value) // its raw text is the whole NAME=value word
		}
		for wi := range cmds[ci].words {
			move(&cmds[ci].words[wi])
		}
	}
}
