package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/elli-k8s/elli/data"
)

// gate is a feature gate as the dataset describes it: the facts come from the items' front
// matter, so elli check and elli gates cannot disagree.
type gate struct {
	name  string
	stage string // "removed", "ga", "deprecated", ...
	def   *bool
	item  string
}

// gateTable indexes the dataset's gates by exact name (gate names are case-sensitive). A gate
// that several items describe keeps the first, which is the enhancement.
func gateTable(ds *data.Dataset) map[string]gate {
	m := map[string]gate{}
	if ds == nil {
		return m
	}
	for _, g := range ds.Gates() {
		if _, ok := m[g.Name]; ok {
			continue
		}
		m[g.Name] = gate{name: g.Name, stage: g.Stage, def: g.Default, item: g.Item.ID}
	}
	return m
}

// GateDefault returns the 1.31 default of a feature gate the scanner's dataset describes, and
// false for a gate it does not know, one 1.31 removed, or one without a known default: the
// cluster scan judges the gates an API server runs with by the same facts as a file's.
func (s *Scanner) GateDefault(name string) (def, ok bool) {
	g, known := s.gates[name]
	if !known || g.stage == "removed" || g.def == nil {
		return false, false
	}
	return *g.def, true
}

// gateFinding judges one gate setting. value is what the file says ("true", "false", or "" when
// the value is not a plain boolean); ok is false when the gate needs no finding.
func (s *Scanner) gateFinding(name, value string) (f Finding, ok bool) {
	if f, ok := s.roadGateFinding(name, value); ok {
		return f, true // a later release removes it: that is what stops the upgrade
	}
	g, known := s.gates[name]
	if !known {
		return f, false
	}
	f.Item = g.item
	switch {
	case g.stage == "removed":
		f.Rule = RuleRemovedGate
		f.Message, f.Fix = fmt.Sprintf(s.t.RemovedGate, name), fmt.Sprintf(s.t.RemovedGateFix, name)
	case g.stage == "ga" && g.def != nil:
		v, err := strconv.ParseBool(strings.TrimSpace(value))
		if err == nil && v != *g.def {
			f.Rule = RuleLockedGate
			f.Message, f.Fix = fmt.Sprintf(s.t.LockedGate, name, *g.def, v), fmt.Sprintf(s.t.LockedGateFix, name, v)
		} else {
			f.Rule = RuleGraduatedGate
			f.Message, f.Fix = fmt.Sprintf(s.t.GraduatedGate, name, *g.def), fmt.Sprintf(s.t.GraduatedGateFix, name)
		}
	case g.stage == "deprecated":
		f.Rule = RuleDeprecatedGate
		f.Message, f.Fix = fmt.Sprintf(s.t.DeprecatedGate, name), fmt.Sprintf(s.t.DeprecatedGateFix, name)
	default:
		return f, false
	}
	r, _ := RuleByID(f.Rule)
	f.Severity = r.Severity
	return f, true
}

// splitGates parses a --feature-gates value: "A=true,B=false" (stray quotes around the list or
// an entry are ignored).
func splitGates(s string) (names, values []string) {
	for _, part := range strings.Split(s, ",") {
		part = strings.Trim(strings.TrimSpace(part), `"'`)
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		names = append(names, strings.Trim(strings.TrimSpace(k), `"'`))
		values = append(values, strings.TrimSpace(v))
	}
	return names, values
}
