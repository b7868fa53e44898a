package check

import (
	"fmt"
	"strings"
)

// A template (Helm's and Go's {{ }}, Terraform's ${ } and %{ }, Jinja's {% %}) is not the file
// it renders to, and is often not valid YAML. Its lines still show the flags, feature gates and
// annotation keys the rendered file will carry, so they are read one by one for those, and what
// they find is reported as info "from a template": the values a template fills in are not
// known, and the line may sit in a branch that is never rendered.

// templateExts are the extensions of template files; the name without one says what the
// template renders to (kubelet.service.tpl renders a unit).
var templateExts = map[string]bool{
	".tpl": true, ".tmpl": true, ".tftpl": true, ".gotmpl": true, ".j2": true, ".jinja": true, ".jinja2": true,
}

// isTemplateText reports whether b holds template markup.
func isTemplateText(b []byte) bool {
	s := string(b)
	return strings.Contains(s, "{{") || strings.Contains(s, "${") || strings.Contains(s, "%{") || strings.Contains(s, "{%")
}

// templateLines reads the lines of a template, the first of which is line, for the flags,
// gates and annotation keys they show.
func (c *fileCtx) templateLines(b []byte, line int) {
	was := c.template
	c.template = true
	defer func() { c.template = was }()
	comp := componentOfPath(c.file)
	for i, ln := range strings.Split(string(b), "\n") {
		comp = c.templateLine(strings.TrimRight(ln, "\r"), line+i, comp)
	}
}

// templateLine reads one line. comp is the component the lines above started (the last program
// named: a static Pod's command, an ExecStart=), which the flags on this line go to; the
// component this line leaves is returned.
func (c *fileCtx) templateLine(ln string, at int, comp string) string {
	t := strings.TrimSpace(ln)
	if t == "" || t[0] == '#' || strings.HasPrefix(t, "//") {
		return comp
	}
	// annotation keys
	for _, key := range []string{appArmorPrefix, mountOptionsKey} {
		i := strings.Index(ln, key)
		if i < 0 {
			continue
		}
		rest := ln[i+len(key):]
		end := strings.IndexAny(rest, `"': `)
		if end < 0 {
			end = len(rest)
		}
		if key == appArmorPrefix && end > 0 {
			ctr := rest[:end]
			c.add(RuleAppArmor, at, i+1, object{}, fmt.Sprintf(c.s.t.AppArmor, ctr), fmt.Sprintf(c.s.t.AppArmorFixPlain, ctr))
		} else if key == mountOptionsKey && end == 0 {
			c.add(RuleMountOptions, at, i+1, object{}, c.s.t.MountOptions, "")
		}
	}
	// a feature gate as a map entry: Name: true
	if k, v, ok := strings.Cut(strings.TrimLeft(t, "- "), ":"); ok {
		k = strings.Trim(k, `"'`)
		if g, ok := c.s.gateFinding(k, strings.Trim(strings.TrimSpace(v), `"'`)); ok {
			g.Line, g.Column = at, strings.Index(ln, k)+1
			c.addFinding(g)
		}
	}
	// programs and flags
	words := templateWords(ln)
	var fs []flag
	for i := 0; i < len(words); i++ {
		w := words[i]
		if p := normalizeComponent(baseName(w.s)); p != "" {
			comp = p
			continue
		}
		if !strings.HasPrefix(w.s, "--") || len(w.s) == 2 {
			continue
		}
		name, value, has := strings.Cut(w.s[2:], "=")
		if !has && !boolFlags[name] && i+1 < len(words) && !strings.HasPrefix(words[i+1].s, "-") {
			value, has = words[i+1].s, true
			i++
		}
		fs = append(fs, flag{name: name, value: value, hasValue: has, at: token{s: w.s, line: at, col: w.col}})
	}
	for _, f := range fs {
		fc := comp
		if fc == "" {
			fc = removedFlagOwner(f.name)
		}
		if fc == "" {
			fc = c.s.road.flagOwner(f.name) // a flag a release on the road removes
		}
		c.flagList(fc, []flag{f}, object{})
	}
	return comp
}

// templateWords splits a template line into words with their columns (a template expression
// with spaces inside stays in its word), without the quotes,
// brackets and commas of a YAML or JSON list around them, and without the Key= of a unit's
// ExecStart=/usr/bin/kubelet.
func templateWords(ln string) []token {
	var out []token
	for i := 0; i < len(ln); {
		for i < len(ln) && (ln[i] == ' ' || ln[i] == '\t') {
			i++
		}
		j, depth := i, 0
		for j < len(ln) && (depth > 0 || ln[j] != ' ' && ln[j] != '\t') {
			// a {{ .Values.x }} or ${ var } inside a word belongs to it
			switch {
			case strings.HasPrefix(ln[j:], "{{") || strings.HasPrefix(ln[j:], "${"):
				depth++
				j++
			case strings.HasPrefix(ln[j:], "}}"):
				depth = max(depth-1, 0)
				j++
			case ln[j] == '}' && depth > 0:
				depth--
			}
			j++
		}
		if j > i {
			w, col := ln[i:j], i+1
			trimmed := strings.TrimLeft(w, `"'[`)
			col += len(w) - len(trimmed)
			w = strings.TrimRight(trimmed, `"'],\`)
			if k, v, ok := strings.Cut(w, "="); ok && strings.HasPrefix(v, "/") && isShellName(k) {
				w, col = v, col+len(k)+1
			}
			if w != "" {
				out = append(out, token{s: w, line: 0, col: col})
			}
		}
		i = j
	}
	return out
}

// removedFlagOwner names the component that removed a flag, for a flag on a template line
// that does not say which program it goes to ("" when no component removed it).
func removedFlagOwner(name string) string {
	for _, comp := range []string{compKubelet, compProxy, compController, compAPIServer, compScheduler} {
		if _, ok := removedFlags[comp][name]; ok {
			return comp
		}
	}
	return ""
}
