package check

import (
	"fmt"
	"strings"
)

// shellText checks shell text that starts at line: kubectl usages 1.31 removed, and the flags
// of any Kubernetes component it starts. envFile says the text is an environment file (only
// assignments count, their names or the file's name telling the component).
func (c *fileCtx) shellText(text string, line int, obj object, envFile bool) {
	c.shellCmds(shellCommands(text, line), obj, envFile)
}

// shellCmds checks commands already split.
func (c *fileCtx) shellCmds(cmds []shCommand, obj object, envFile bool) {
	for _, cmd := range cmds {
		for _, a := range cmd.assigns {
			c.assignment(a, obj, envFile)
		}
		if envFile {
			continue
		}
		c.shellCommand(cmd.words, obj)
	}
}

// shellCommand checks one simple command.
func (c *fileCtx) shellCommand(words []token, obj object) {
	words = skipPrefixes(words)
	if len(words) == 0 {
		return
	}
	prog := words[0].s
	switch {
	case isKubectl(prog):
		c.kubectl(words, obj)
	case (prog == "microk8s" || prog == "k3s" || baseName(prog) == "minikube") && len(words) > 1 && words[1].s == "kubectl":
		c.kubectl(words[1:], obj)
	case baseName(prog) == "kubeadm":
		for _, w := range words[1:] {
			if w.s == "--" {
				break
			}
			if w.s == "--experimental-output" || strings.HasPrefix(w.s, "--experimental-output=") {
				c.add(RuleKubeadmOutput, w.line, w.col, obj, c.s.t.KubeadmOutput, "")
			}
			c.kubeadmRoadFlag(words, w, obj) // 1.32 removes --experimental-output, too
		}
	case baseName(prog) == "export" || prog == "declare" || prog == "local" || prog == "readonly":
		for _, w := range words[1:] {
			if name, value, ok := strings.Cut(w.s, "="); ok && isShellName(name) {
				v := w
				v.s = value
				c.assignment(shAssign{name: name, value: v}, obj, false)
			}
		}
	default:
		comp, argv := componentOf(words)
		c.flags(comp, argv, obj)
	}
}

// skipPrefixes drops the words that run the real command: sudo, env, exec, nohup and the like,
// and the shell keywords that can open a command.
func skipPrefixes(words []token) []token {
	for len(words) > 0 {
		w := words[0].s
		switch baseName(w) {
		case "sudo":
			words = words[1:]
			for len(words) > 0 && strings.HasPrefix(words[0].s, "-") {
				if words[0].s == "-u" || words[0].s == "-g" {
					words = words[1:]
				}
				words = words[1:]
			}
			continue
		case "env":
			words = words[1:]
			for len(words) > 0 && (strings.HasPrefix(words[0].s, "-") || strings.Contains(words[0].s, "=")) {
				words = words[1:]
			}
			continue
		case "exec", "command", "time", "nohup", "nice", "then", "do", "else", "elif", "if", "while", "until", "!", "{", "xargs", "watch":
			words = words[1:]
			continue
		}
		return words
	}
	return nil
}

// isKubectl recognises kubectl and the variables scripts and Makefiles keep it in ($KUBECTL,
// ${KUBECTL_BIN}, $(KUBECTL)).
func isKubectl(w string) bool {
	b := baseName(w)
	if b == "kubectl" || b == "kubectl.exe" {
		return true
	}
	name := strings.TrimPrefix(w, "$")
	name = strings.Trim(name, "{}()")
	return name != w && strings.Contains(strings.ToUpper(name), "KUBECTL") && isShellName(name)
}

// kubectlValueFlags are the flags of kubectl (global ones and those of exec, run and drain)
// that take the next word as their value when written without "=".
var kubectlValueFlags = map[string]bool{
	"-n": true, "--namespace": true, "--context": true, "--kubeconfig": true, "--cluster": true,
	"--user": true, "-s": true, "--server": true, "--token": true, "--as": true, "--as-group": true,
	"--as-uid": true, "--request-timeout": true, "--cache-dir": true, "--certificate-authority": true,
	"--client-certificate": true, "--client-key": true, "--tls-server-name": true, "-v": true,
	"--v": true, "-c": true, "--container": true, "-f": true, "--filename": true,
	"--pod-running-timeout": true, "--image": true, "--port": true, "-l": true, "--selector": true,
	"--env": true, "--labels": true, "--overrides": true, "--restart": true, "--grace-period": true,
	"--timeout": true, "--image-pull-policy": true, "--annotations": true, "--serviceaccount": true,
	"--pod-selector": true, "--chunk-size": true, "--kustomize": true, "-k": true, "-o": true, "--output": true,
}

// kubectlRunRemoved are the kubectl run flags 1.31 dropped, with their short forms.
var kubectlRunRemoved = map[string]string{
	"--filename": "--filename", "-f": "--filename", "--force": "--force", "--grace-period": "--grace-period",
	"--kustomize": "--kustomize", "-k": "--kustomize", "--recursive": "--recursive", "-R": "--recursive",
	"--timeout": "--timeout", "--wait": "--wait",
}

// kubectl checks one kubectl command line (words[0] is kubectl).
func (c *fileCtx) kubectl(words []token, obj object) {
	var sub string
	var rest []token
	for i := 1; i < len(words); i++ {
		w := words[i].s
		if strings.HasPrefix(w, "-") {
			if kubectlValueFlags[w] {
				i++
			}
			continue
		}
		sub, rest = w, words[i+1:]
		break
	}
	switch sub {
	case "exec":
		var positional []token
		for i := 0; i < len(rest); i++ {
			w := rest[i].s
			if w == "--" {
				return
			}
			if strings.HasPrefix(w, "-") {
				if kubectlValueFlags[w] {
					i++
				}
				continue
			}
			positional = append(positional, rest[i])
		}
		if len(positional) >= 2 {
			p := positional[1]
			c.add(RuleKubectlExec, p.line, p.col, obj,
				fmt.Sprintf(c.s.t.KubectlExec, shellWord(positional[0]), shellWord(p)), fmt.Sprintf(c.s.t.KubectlExecFix, execFix(words, p)))
		}
	case "run":
		for _, w := range rest {
			if w.s == "--" {
				return
			}
			name, _, _ := strings.Cut(w.s, "=")
			if long, ok := kubectlRunRemoved[name]; ok {
				c.add(RuleKubectlRun, w.line, w.col, obj, fmt.Sprintf(c.s.t.KubectlRun, long), "")
			}
		}
	case "drain":
		for _, w := range rest {
			if w.s == "--" {
				return
			}
			if w.s == "--delete-local-data" || strings.HasPrefix(w.s, "--delete-local-data=") {
				c.add(RuleKubectlDrain, w.line, w.col, obj, c.s.t.KubectlDrain, "")
			}
		}
	}
}

// assignment checks VAR="--flags ..." where the variable (or, in an environment file, the
// file) belongs to a component: KUBELET_EXTRA_ARGS, KUBELET_KUBEADM_ARGS, KUBE_PROXY_ARGS.
func (c *fileCtx) assignment(a shAssign, obj object, envFile bool) {
	if !strings.Contains(a.value.s, "--") {
		return
	}
	comp := componentOfVar(a.name)
	if comp == "" && envFile {
		comp = componentOfPath(c.file)
	}
	if comp == "" {
		return
	}
	// the value is itself a command line: split it, keeping the lines and columns (a quote
	// before the value shifts the columns by one; the line is what matters)
	for _, cmd := range shellCommandsAt(a.value.s, a.value.line, a.value.col+len(a.name)+1) {
		c.flags(comp, cmd.words, obj)
	}
}

// componentOfVar names the component an environment variable passes flags to.
func componentOfVar(name string) string {
	n := strings.ToUpper(name)
	switch {
	case strings.HasPrefix(n, "KUBELET"):
		return compKubelet
	case strings.HasPrefix(n, "KUBE_PROXY") || strings.HasPrefix(n, "KUBEPROXY"):
		return compProxy
	case strings.HasPrefix(n, "KUBE_APISERVER") || strings.HasPrefix(n, "APISERVER"):
		return compAPIServer
	case strings.HasPrefix(n, "KUBE_CONTROLLER_MANAGER") || strings.HasPrefix(n, "CONTROLLER_MANAGER"):
		return compController
	case strings.HasPrefix(n, "KUBE_SCHEDULER") || strings.HasPrefix(n, "SCHEDULER"):
		return compScheduler
	}
	return ""
}

// componentOfPath names the component a file configures from its name or its folder's:
// /etc/default/kubelet, kubeadm-flags.env, kubelet.service.d/10-kubeadm.conf.
func componentOfPath(p string) string {
	parts := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' })
	for i := len(parts) - 1; i >= 0 && i >= len(parts)-2; i-- {
		name := parts[i]
		if name == "kubeadm-flags.env" {
			return compKubelet
		}
		for _, suffix := range []string{".service.d", ".service", ".env", ".conf"} {
			name = strings.TrimSuffix(name, suffix)
		}
		if comp := normalizeComponent(name); comp != "" {
			return comp
		}
	}
	return ""
}

// execFix writes the user's own kubectl exec command back with -- before the command word cmd:
// every flag stays (-it, -c "$CONTAINER", -n), so the fix execs into the same container.
func execFix(words []token, cmd token) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w == cmd {
			b.WriteString("-- ")
		}
		b.WriteString(shellWord(w))
	}
	return b.String()
}

// shellWord is a word as the user wrote it, or, for a word from a YAML list, quoted for the
// shell when it needs to be.
func shellWord(t token) string {
	if t.raw != "" {
		return strings.ReplaceAll(t.raw, "\\\n", "") // a line continuation inside the word
	}
	if t.s != "" && !strings.ContainsAny(t.s, " \t\n'\"\\$`;&|<>(){}*?[]#~!") {
		return t.s
	}
	return "'" + strings.ReplaceAll(t.s, "'", `'\''`) + "'"
}
