package check

import (
	"regexp"
	"testing"

	"github.com/elli-k8s/elli/embed/snapshot"
)

var ruleID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Every rule names an item of the embedded release, so `elli show ITEM` always works.
func TestRulesNameExistingItems(t *testing.T) {
	ds := snapshot.Dataset()
	seen := map[string]bool{}
	for _, r := range Rules {
		if !ruleID.MatchString(r.ID) {
			t.Errorf("rule id %q is not lower-case words joined by -", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("rule id %q defined twice", r.ID)
		}
		seen[r.ID] = true
		if ds.ByID(r.Item) == nil {
			t.Errorf("rule %s names item %q, which the dataset does not have", r.ID, r.Item)
		}
		if r.Title == "" || r.Fix == "" {
			t.Errorf("rule %s has no title or no fix", r.ID)
		}
		if got, ok := RuleByID(r.ID); !ok || got.ID != r.ID || Rules[RuleIndex(r.ID)].ID != r.ID {
			t.Errorf("RuleByID(%q) = %+v, %v", r.ID, got, ok)
		}
	}
	if _, ok := RuleByID("no-such-rule"); ok || RuleIndex("no-such-rule") != -1 {
		t.Error("an unknown rule id was found")
	}
}

// The gate rules take their facts from the dataset: every gate the dataset marks removed,
// locked or deprecated gives a finding that names an existing item.
func TestGateFindingsFromDataset(t *testing.T) {
	ds := snapshot.Dataset()
	s := New(ds, Options{})
	counts := map[string]int{}
	for _, g := range ds.Gates() {
		value := "true"
		if g.Default != nil && *g.Default {
			value = "false"
		}
		f, ok := s.gateFinding(g.Name, value)
		switch g.Stage {
		case "removed", "deprecated":
			if !ok {
				t.Errorf("gate %s (%s) gives no finding", g.Name, g.Stage)
			}
		case "ga":
			if !ok || f.Rule != RuleLockedGate || f.Severity != Error {
				t.Errorf("gate %s set against its lock: %+v, %v", g.Name, f, ok)
			}
		default:
			if ok {
				t.Errorf("gate %s (%s) gives a finding: %+v", g.Name, g.Stage, f)
			}
		}
		if ok {
			counts[f.Rule]++
			if ds.ByID(f.Item) == nil {
				t.Errorf("gate finding names unknown item %q", f.Item)
			}
		}
	}
	// 9 graduated gates and 6 unregister gates were removed (CHANGELOG-1.31)
	if counts[RuleRemovedGate] != 15 {
		t.Errorf("%d removed gates, want 15", counts[RuleRemovedGate])
	}
	if f, ok := s.gateFinding("AppArmor", "true"); !ok || f.Rule != RuleGraduatedGate || f.Severity != Warning {
		t.Errorf("AppArmor=true: %+v, %v", f, ok)
	}
	if _, ok := s.gateFinding("appArmor", "false"); ok {
		t.Error("gate names are case-sensitive: appArmor is not AppArmor")
	}
}

func TestParseSeverity(t *testing.T) {
	for _, sv := range Severities {
		if got, ok := ParseSeverity(" " + sv.String() + " "); !ok || got != sv {
			t.Errorf("ParseSeverity(%q) = %v, %v", sv, got, ok)
		}
	}
	if _, ok := ParseSeverity("fatal"); ok {
		t.Error("fatal parsed")
	}
	if !(Error > Warning && Warning > Info) {
		t.Error("severities are not ordered")
	}
}

// GateDefault gives the cluster scan the dataset's 1.31 default of a gate it can still judge:
// none for a gate 1.31 removed or one the dataset does not know.
func TestGateDefault(t *testing.T) {
	s := newTestScanner(Options{})
	for _, g := range snapshot.Dataset().Gates() {
		def, ok := s.GateDefault(g.Name)
		want := g.Stage != "removed" && g.Default != nil
		if ok != want || ok && def != *g.Default {
			t.Errorf("%s (%s): GateDefault = %v, %v", g.Name, g.Stage, def, ok)
		}
	}
	if _, ok := s.GateDefault("NoSuchGate"); ok {
		t.Error("an unknown gate has a default")
	}
}
