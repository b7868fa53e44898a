package data

import (
	"strings"
	"testing"
)

func TestChecklistOfTheRelease(t *testing.T) {
	d := realDataset(t)
	acts := d.Checklist()
	seen := map[string]bool{}
	kinds := map[ActionKind]int{}
	for _, a := range acts {
		if seen[a.ID] {
			t.Errorf("action %s appears twice", a.ID)
		}
		seen[a.ID] = true
		kinds[a.Kind]++
		if a.Item == nil || a.Title.Default == "" {
			t.Errorf("action %s has no item or title", a.ID)
		}
		if got, ok := d.Action(a.ID); !ok || got.Item != a.Item {
			t.Errorf("Action(%q) does not find it", a.ID)
		}
	}
	for _, id := range []string{"breaking-changes#1", "breaking-changes#6", "ops-practices#1", "ops-practices#6"} {
		if !seen[id] {
			t.Errorf("the checklist lacks the guide step %s", id)
		}
	}
	for _, it := range d.Items {
		switch {
		case it.ActionRequired && !seen[it.ID]:
			t.Errorf("%s needs action on upgrade but is not on the checklist", it.ID)
		case it.Kind == KindEnhancement && it.OffByDefault() && !seen[it.ID]:
			t.Errorf("%s has a gate off by default but no decision on the checklist", it.ID)
		case !it.ActionRequired && !it.OffByDefault() && !it.Checklist && seen[it.ID]:
			t.Errorf("%s is on the checklist without a reason", it.ID)
		}
	}
	if a, _ := d.Action("breaking-changes#1"); !strings.Contains(a.Title.Default, "Ceph") {
		t.Errorf("breaking-changes#1 = %q, want the Ceph step", a.Title.Default)
	}
	// steps come first, then changes, then gate decisions, then the road's hops in order
	last, lastHop := 0, ""
	for _, a := range acts {
		r := map[ActionKind]int{ActionStep: 0, ActionChange: 1, ActionGate: 2, ActionHop: 3}[a.Kind]
		if r < last || a.Kind == ActionHop && CompareVersions(a.Release, lastHop) < 0 {
			t.Fatalf("action %s (%s) is out of order", a.ID, a.Kind)
		}
		if a.Kind == ActionHop {
			if a.Release != a.Item.Road.Release || a.GroupLabel().In(LangZH) != "升级到 "+a.Release+" 之前" {
				t.Errorf("hop %s: release %q, heading %q", a.ID, a.Release, a.GroupLabel().In(LangZH))
			}
			lastHop = a.Release
		}
		last = r
	}
	if kinds[ActionHop] == 0 {
		t.Error("the road's changes are not on the checklist")
	}
	if kinds[ActionStep] != 12 || kinds[ActionChange] == 0 || kinds[ActionGate] == 0 {
		t.Errorf("kinds = %v, want 12 steps and some changes and gates", kinds)
	}
}

func TestChecklistGateDecision(t *testing.T) {
	d, err := Load(baseFS())
	if err != nil {
		t.Fatal(err)
	}
	a, ok := d.Action(fxAlphaID)
	if !ok || a.Kind != ActionGate || len(a.Gates) != 1 || a.Gates[0] != "WidgetFrobnication" {
		t.Errorf("Action(%s) = %+v, %v; want the gate decision on WidgetFrobnication", fxAlphaID, a, ok)
	}
}

func TestChecklistFlagValidation(t *testing.T) {
	for name, tc := range map[string]struct {
		file, from, to, msg string
	}{
		"guide without numbered sections": {fxGuide, "order: 1\n", "order: 1\nchecklist: true\n", "no numbered sections"},
		"checklist on an enhancement":     {fxAlpha, "stage: alpha\n", "stage: alpha\nchecklist: true\n", "only for guide pages"},
	} {
		t.Run(name, func(t *testing.T) {
			m := baseFS()
			edit(t, m, tc.file, tc.from, tc.to)
			_, err := Load(m)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Load: %v, want %q", err, tc.msg)
			}
		})
	}
}

func TestActionFor(t *testing.T) {
	d := realDataset(t)
	for ref, want := range map[string]string{
		"breaking-changes#2":           "breaking-changes#2",
		" Breaking-Changes#2 ":         "breaking-changes#2",
		"removal-cephfs-volume-plugin": "removal-cephfs-volume-plugin",
		"4569":                         "4569-cgroup-v1-maintenance-mode",  // a change, by KEP
		"KEP-1880":                     "1880-multiple-service-cidrs",      // a gate decision, by KEP
		"3063":                         "3063-dynamic-resource-allocation", // the enhancement owns the number
		"removal-dra-v1alpha2":         "removal-dra-v1alpha2",
	} {
		if a, ok := d.ActionFor(ref); !ok || a.ID != want {
			t.Errorf("ActionFor(%q) = %q, %v; want %q", ref, a.ID, ok, want)
		}
	}
	// items that are not actions: a guide page (its steps are), a GA enhancement with nothing
	// to do, and ids that do not exist
	for _, ref := range []string{"breaking-changes", "3866", "breaking-changes#99", "nosuch", "", "#"} {
		if a, ok := d.ActionFor(ref); ok {
			t.Errorf("ActionFor(%q) = %q, want none", ref, a.ID)
		}
	}
	guide := d.ByID("breaking-changes")
	steps := d.StepsOf(guide)
	if len(steps) != 6 || steps[0].ID != "breaking-changes#1" || steps[5].ID != "breaking-changes#6" {
		t.Errorf("StepsOf(breaking-changes) = %v", steps)
	}
	if got := d.StepsOf(d.ByID("3866-nftables-kube-proxy")); len(got) != 0 {
		t.Errorf("an enhancement has steps: %v", got)
	}
}

func TestKnownAndCountDone(t *testing.T) {
	d := realDataset(t)
	for id, want := range map[string]bool{
		"breaking-changes#1": true, "breaking-changes": true, "3866-nftables-kube-proxy": true,
		"breaking-changes#99": false, "3866": false, "gone-item": false,
	} {
		if got := d.Known(id); got != want {
			t.Errorf("Known(%q) = %v, want %v", id, got, want)
		}
	}
	acts := d.Checklist()
	done := map[string]bool{"breaking-changes#1": true, "1880-multiple-service-cidrs": true, "3866-nftables-kube-proxy": true}
	if n := CountDone(acts, func(id string) bool { return done[id] }); n != 2 {
		t.Errorf("CountDone = %d, want 2 (3866 is no action)", n)
	}
	for _, k := range ActionKinds {
		if k.Label().Default == "" || !k.Label().Has(LangZH) || k.Label().In(LangZH) == k.Label().Default {
			t.Errorf("kind %s has label %+v, want English and Chinese", k, k.Label())
		}
	}
}
