package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/elli-k8s/elli/data"
)

// The road: with a target release after 1.31 (Options.To), the scanner also applies the changes
// of every release on the way, each from its road item (data.Road): the gates an item removes,
// the flags it deletes and the API versions it stops serving come from the item's front matter,
// so there is one list of them, in the content; the shapes it breaks (a gitRepo volume, a
// Service's externalIPs) are rules of the table whose Item is a road item. A finding from the
// road names its release.

// roadFacts is what the scanner knows of the road up to its target.
type roadFacts struct {
	// release of each road item on the way, by id: a rule whose item is not here is off
	release map[string]string
	// gates removed, locked or deprecated on the way, by name, hop by hop: a gate locked in one
	// release is often removed three later, and a setting that agrees with the lock still
	// meets the removal
	gates map[string][]roadGate
	// flags removed on the way, by component then name without dashes
	flags map[string]map[string]*data.Item
	// apis no longer served, by group/version
	apis map[string]*data.Item
}

type roadGate struct {
	stage string
	def   *bool
	item  *data.Item
}

// newRoad gathers the road up to target ("" or the release itself: none).
func newRoad(ds *data.Dataset, target string) *roadFacts {
	r := &roadFacts{release: map[string]string{}, gates: map[string][]roadGate{},
		flags: map[string]map[string]*data.Item{}, apis: map[string]*data.Item{}}
	if ds == nil || target == "" {
		return r
	}
	on := map[string]bool{}
	for _, h := range ds.RoadTo(target) {
		on[h.Version] = true
	}
	// hop by hop, so that the first release that removes a thing is the one named
	for _, h := range ds.RoadTo(target) {
		for _, it := range ds.RoadItems(h.Version) {
			r.release[it.ID] = h.Version
			for _, g := range it.Gates {
				r.gates[g.Name] = append(r.gates[g.Name], roadGate{stage: g.Stage, def: g.Default, item: it})
			}
			for _, f := range it.Road.Flags {
				for _, comp := range f.Components {
					if r.flags[comp] == nil {
						r.flags[comp] = map[string]*data.Item{}
					}
					name := strings.TrimLeft(f.Name, "-")
					if _, seen := r.flags[comp][name]; !seen {
						r.flags[comp][name] = it
					}
				}
			}
			for _, api := range it.Road.APIs {
				if _, seen := r.apis[api]; !seen {
					r.apis[api] = it
				}
			}
		}
	}
	return r
}

// roadWords are the words a document needs to hold for a road rule's shape to be in it, by
// rule (the API versions, gates and flags come from the items).
var roadWords = map[string][]string{
	RuleGitRepo:            {"gitRepo"},
	RuleStaticPodRefs:      {"secret", "configMap", "projected", "persistentVolumeClaim", "ephemeral", "Ref", "resourceClaims"},
	RuleProxyIPVS:          {"ipvs"},
	RuleExternalIPs:        {"externalIPs"},
	RulePortworxRemoved:    {"portworx"},
	RuleEventRecordQPS:     {"eventRecordQPS", "event-qps"},
	RuleKubeadmV1beta3Gone: {"kubeadm.k8s.io/v1beta3"},
	// a probe's host key as YAML or JSON writes it (host: alone would match every hostPath)
	RuleProbeHost:    {"host:", `"host"`, "'host'"},
	RuleSELinuxMount: {"seLinuxOptions"},
}

// words are the words the road up to the target adds to the triggers (filter.go).
func (r *roadFacts) words() []string {
	if len(r.release) == 0 {
		return nil
	}
	var out []string
	for api := range r.apis {
		out = append(out, api)
	}
	for _, byName := range r.flags {
		for name := range byName {
			out = append(out, name)
		}
	}
	// no gate names: a gate is set under featureGates or in --feature-gates, trigger words
	// already, and the road's ninety-odd names tripled the automaton a scan builds first
	for rule, ws := range roadWords {
		if r, ok := RuleByID(rule); ok && r.Item != "" {
			out = append(out, ws...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// flagOwner names a component whose flag of that name a release on the way removes, for a
// template line that does not say which program it goes to ("" for none; the first in name
// order when several do).
func (r *roadFacts) flagOwner(name string) string {
	owner := ""
	for comp, byName := range r.flags {
		if byName[name] != nil && (owner == "" || comp < owner) {
			owner = comp
		}
	}
	return owner
}

// on reports whether the road rule's item lies on the way to the target.
func (s *Scanner) roadOn(rule string) bool {
	r, ok := RuleByID(rule)
	return ok && s.road.release[r.Item] != ""
}

// RoadOn reports whether the check looks as far as the release of rule's road item; the
// cluster scan asks it for the rules only it can judge (a node's cgroup version).
func (s *Scanner) RoadOn(rule string) bool { return s.roadOn(rule) }

// RoadAPI returns the road item that stops serving a group/version on the way to the target,
// its release and how hard that hits; ok is false when none does.
func (s *Scanner) RoadAPI(gv string) (item, release string, sev Severity, ok bool) {
	it := s.road.apis[gv]
	if it == nil {
		return "", "", 0, false
	}
	return it.ID, s.road.release[it.ID], impactSeverity(it), true
}

// Release returns the release a rule's findings come with: its road item's, or "" for the
// rules of 1.31 itself.
func (s *Scanner) Release(item string) string { return s.road.release[item] }

// impactSeverity is how hard a road item's change hits: breaks is an error, a step to take or
// a deprecation a warning.
func impactSeverity(it *data.Item) Severity {
	if it.Road != nil && it.Road.Impact == data.ImpactBreaks {
		return Error
	}
	return Warning
}

// roadGateFinding judges a gate that releases on the way remove, lock or deprecate; ok is false
// when the road says nothing of it (or the setting agrees with every lock and new default). The
// first release that stops the component is named (a removal, or a lock set against); a
// deprecation's warning only when none does.
func (s *Scanner) roadGateFinding(name, value string) (f Finding, ok bool) {
	var warn *Finding
	for _, g := range s.road.gates[name] {
		f, hard, ok := s.roadGateHop(g, name, value)
		switch {
		case ok && hard:
			return f, true
		case ok && warn == nil:
			warn = &f
		}
	}
	if warn != nil {
		return *warn, true
	}
	return f, false
}

// roadGateHop judges a gate setting against one release's change to the gate; hard is true
// when that release refuses it (removed, or locked to the other value).
func (s *Scanner) roadGateHop(g roadGate, name, value string) (f Finding, hard, ok bool) {
	rel := s.road.release[g.item.ID]
	f.Severity = impactSeverity(g.item)
	switch {
	case g.stage == "removed":
		f.Message, hard = fmt.Sprintf(s.t.RoadGateRemoved, name, strings.TrimPrefix(rel, "v")), true
	case (g.stage == "ga" || g.stage == "locked") && g.def != nil:
		// locked to its default: any other value stops the component
		v, err := strconv.ParseBool(strings.TrimSpace(value))
		if err != nil || v == *g.def {
			return f, false, false
		}
		f.Message, hard = fmt.Sprintf(s.t.RoadGateLocked, name, strings.TrimPrefix(rel, "v"), *g.def, v), true
	case g.stage == "deprecated" && g.def != nil:
		// deprecated with a new default: set against it, it works until the gate goes
		v, err := strconv.ParseBool(strings.TrimSpace(value))
		if err != nil || v == *g.def {
			return f, false, false
		}
		f.Message, f.Severity = fmt.Sprintf(s.t.RoadGateDeprecated, name, strings.TrimPrefix(rel, "v"), *g.def, v), Warning
	default:
		return f, false, false
	}
	f.Rule, f.Item, f.Release = RuleRoadGate, g.item.ID, rel
	f.Fix = fmt.Sprintf(s.t.RoadGateFix, name)
	return f, hard, true
}

// roadFlag judges a flag of comp that a release on the way removes.
func (c *fileCtx) roadFlag(comp string, f flag, obj object) bool {
	it := c.s.road.flags[comp][f.name]
	if it == nil {
		return false
	}
	rel := c.s.road.release[it.ID]
	c.addFinding(Finding{
		Severity: impactSeverity(it), Line: f.at.line, Column: f.at.col,
		Kind: obj.kind, Namespace: obj.namespace, Name: obj.name, Rule: RuleRoadFlag,
		Message: fmt.Sprintf(c.s.t.RoadFlag, comp, f.name, strings.TrimPrefix(rel, "v")),
		Fix:     fmt.Sprintf(c.s.t.RoadFlagFix, f.name, it.ID), Item: it.ID, Release: rel,
	})
	return true
}

// roadAPI judges a group/version (an object's apiVersion, a --runtime-config entry) that a
// release on the way no longer serves.
func (c *fileCtx) roadAPI(gv string, line, col int, obj object) {
	it := c.s.road.apis[gv]
	if it == nil {
		return
	}
	rel := c.s.road.release[it.ID]
	c.addFinding(Finding{
		Severity: impactSeverity(it), Line: line, Column: col,
		Kind: obj.kind, Namespace: obj.namespace, Name: obj.name, Rule: RuleRoadAPI,
		Message: fmt.Sprintf(c.s.t.RoadAPI, gv, strings.TrimPrefix(rel, "v")),
		Fix:     fmt.Sprintf(c.s.t.RoadAPIFix, it.ID), Item: it.ID, Release: rel,
	})
}

// roadRuntimeConfig judges each group/version a --runtime-config value (or kind's runtimeConfig
// key) names.
func (c *fileCtx) roadRuntimeConfig(value string, line, col int, obj object) {
	for _, part := range strings.Split(value, ",") {
		gv, _, _ := strings.Cut(strings.TrimSpace(part), "=")
		c.roadAPI(gv, line, col, obj)
	}
}
