package check

import (
	"regexp"
	"strings"
)

// scanShell checks a shell script.
func (c *fileCtx) scanShell(b []byte) {
	c.shellText(string(b), 1, object{}, false)
}

// scanEnv checks an environment file (kubeadm-flags.env, /etc/default/kubelet): NAME="flags".
func (c *fileCtx) scanEnv(b []byte) {
	c.shellText(string(b), 1, object{}, true)
}

// makeVar matches a make variable reference, $(NAME) or ${NAME}, which becomes ${NAME} so that
// the shell lexer keeps it one word.
var makeVar = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)

// scanMake checks the recipes of a Makefile: lines that start with a tab, minus make's @ - +
// prefixes, with $$ written as the shell's $.
func (c *fileCtx) scanMake(b []byte) {
	lines := strings.Split(string(b), "\n")
	var sb strings.Builder
	cont := false // the previous line ended with a backslash: this one belongs to it
	for _, ln := range lines {
		recipe := strings.HasPrefix(ln, "\t")
		if recipe || cont {
			ln = strings.TrimLeft(ln, "\t")
			if !cont {
				ln = strings.TrimLeft(ln, "@-+ ")
			}
			ln = makeVar.ReplaceAllString(ln, "$${$1}")
			ln = strings.ReplaceAll(ln, "$$", "$")
			cont = strings.HasSuffix(strings.TrimRight(ln, "\r"), "\\")
			sb.WriteString(ln)
		} else {
			cont = false
		}
		sb.WriteByte('\n') // one line out for one line in, so the line numbers hold
	}
	c.shellText(sb.String(), 1, object{}, false)
}

// scanUnit checks a systemd unit or drop-in: the program ExecStart runs with its flags, and
// Environment= assignments that pass flags to it. Continuation lines are joined the way
// systemd joins them: a comment line inside a continuation is dropped.
func (c *fileCtx) scanUnit(b []byte) {
	c.unitText(string(b), 0, 1, c.file, object{})
}

// unitText checks the text of a unit whose first line is line0+1 and whose text starts at
// column col0 (a unit held in a YAML block string is indented); unitName is its file name,
// which tells the component of an Environment= drop-in whose unit runs no known program.
func (c *fileCtx) unitText(text string, line0, col0 int, unitName string, obj object) {
	lines := strings.Split(text, "\n")
	type entry struct {
		key, value string
		line, col  int
	}
	var entries []entry
	for i := 0; i < len(lines); i++ {
		ln := strings.TrimRight(lines[i], "\r")
		t := strings.TrimSpace(ln)
		if t == "" || t[0] == '#' || t[0] == ';' || t[0] == '[' {
			continue
		}
		key, value, ok := strings.Cut(ln, "=")
		if !ok {
			continue
		}
		e := entry{key: strings.TrimSpace(key), line: line0 + i + 1, col: col0 + len(key) + 1}
		var v strings.Builder
		v.WriteString(value)
		for strings.HasSuffix(strings.TrimRight(lines[i], "\r"), "\\") && i+1 < len(lines) {
			i++
			next := strings.TrimRight(lines[i], "\r")
			if nt := strings.TrimSpace(next); nt != "" && (nt[0] == '#' || nt[0] == ';') {
				// keep the line count with a lone continuation
				v.WriteString("\n\\")
				lines[i] = "\\"
				continue
			}
			v.WriteString("\n")
			v.WriteString(next)
		}
		e.value = v.String()
		entries = append(entries, e)
	}
	comp := ""
	for _, e := range entries {
		if e.key == "ExecStart" {
			if cmds := shellCommandsAt(strings.TrimLeft(e.value, "-@:+!"), e.line, e.col); len(cmds) > 0 {
				comp, _ = componentOf(cmds[0].words)
			}
		}
	}
	if comp == "" {
		comp = componentOfPath(unitName)
	}
	for _, e := range entries {
		switch e.key {
		case "ExecStart":
			v := strings.TrimLeft(e.value, "-@:+!")
			for _, cmd := range shellCommandsAt(v, e.line, e.col+len(e.value)-len(v)) {
				c.shellCommand(cmd.words, obj)
			}
		case "Environment":
			// Environment="A=--x" "B=--y": each word is an assignment
			for _, cmd := range shellCommandsAt(e.value, e.line, e.col) {
				for _, w := range append(assignWords(cmd), cmd.words...) {
					name, value, ok := strings.Cut(w.s, "=")
					if !ok || !isShellName(name) {
						continue
					}
					v := w
					v.s = value
					if componentOfVar(name) == "" && comp != "" && strings.Contains(value, "--") {
						v.col += len(name) + 1
						c.flags(comp, splitValue(v), obj)
						continue
					}
					c.assignment(shAssign{name: name, value: v}, obj, false)
				}
			}
		}
	}
}

// assignWords turns a command's parsed assignments back into NAME=value words.
func assignWords(cmd shCommand) []token {
	out := make([]token, 0, len(cmd.assigns))
	for _, a := range cmd.assigns {
		t := a.value
		t.s = a.name + "=" + a.value.s
		out = append(out, t)
	}
	return out
}

// splitValue splits a flags string into words, on its line; v.col is where the string starts.
func splitValue(v token) []token {
	var out []token
	for _, cmd := range shellCommandsAt(v.s, v.line, v.col) {
		out = append(out, cmd.words...)
	}
	return out
}
