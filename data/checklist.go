package data

import (
	"strconv"
	"strings"
)

// The upgrade checklist is drawn from the dataset, never typed twice: the numbered steps of the
// guide pages marked `checklist: true`, every change and enhancement that needs action on
// upgrade, and every enhancement whose gates are off by default (a decision to make).

// ActionKind says where an action of the checklist comes from.
type ActionKind string

const (
	// ActionStep is a numbered section of a checklist guide page ("## 2. Audit SHA-1 …").
	ActionStep ActionKind = "step"
	// ActionChange is an item whose front matter says action_required.
	ActionChange ActionKind = "change"
	// ActionGate is an enhancement with a gate off by default: decide whether to turn it on.
	ActionGate ActionKind = "gate"
	// ActionHop is a change on the road that breaks something or needs a step: one group per
	// release, after the release's own actions, in the order a cluster climbs.
	ActionHop ActionKind = "hop"
)

// ChecklistSection names the section that the explorer shows as the checklist, with the
// section's own pages after the actions; piped, elli --tab prints the checklist for it.
const ChecklistSection = "upgrade"

// ActionKinds lists the kinds in checklist order.
var ActionKinds = []ActionKind{ActionStep, ActionChange, ActionGate, ActionHop}

// actionKindLabels head each kind's group in the explorer, the Markdown and the table.
var actionKindLabels = map[ActionKind]Text{
	ActionStep:   NewText("Upgrade steps", map[Lang]string{LangZH: "升级步骤"}),
	ActionChange: NewText("Changes that need action", map[Lang]string{LangZH: "需要处理的变更"}),
	ActionGate:   NewText("Gates off by default to decide on", map[Lang]string{LangZH: "待决定是否启用的默认禁用特性门控"}),
	ActionHop:    NewText("Before upgrading to the next release", map[Lang]string{LangZH: "升级到下一个版本之前"}),
}

// GroupLabel heads the action's group: its kind's label, or for a hop the release it prepares.
func (a Action) GroupLabel() Text {
	if a.Kind == ActionHop {
		return NewText("Before upgrading to "+a.Release, map[Lang]string{LangZH: "升级到 " + a.Release + " 之前"})
	}
	return a.Kind.Label()
}

// Label is the kind's heading for people.
func (k ActionKind) Label() Text { return actionKindLabels[k] }

// Action is one line of the upgrade checklist.
type Action struct {
	// ID is stable across dataset versions: the item's id, or "<guide-id>#<n>" for a step.
	ID   string
	Kind ActionKind
	Item *Item
	// Title is the step's heading, or the item's title.
	Title Text
	// Gates are the gates off by default, for ActionGate.
	Gates []string
	// Release is the road release an ActionHop prepares for ("v1.32").
	Release string
}

var stepRE = lazyRegexp(`(?m)^## (\d+)\.\s+(.+?)\s*$`)

type step struct {
	n     int
	title string
}

// steps returns a page's numbered sections in order.
func steps(body string) []step {
	var out []step
	for _, m := range stepRE().FindAllStringSubmatch(body, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		out = append(out, step{n, strings.TrimSpace(m[2])})
	}
	return out
}

// Checklist returns the upgrade actions in order: guide steps (in guide order), then the items
// needing action (in display order), then the gate decisions.
func (d *Dataset) Checklist() []Action {
	d.checklistOnce.Do(func() { d.checklist = buildChecklist(d.Items) })
	return d.checklist
}

// Action returns the checklist action with that id.
func (d *Dataset) Action(id string) (Action, bool) {
	for _, a := range d.Checklist() {
		if a.ID == id {
			return a, true
		}
	}
	return Action{}, false
}

// ActionFor finds the action a reference names: an action's id ("breaking-changes#2",
// "removal-cephfs-volume-plugin"), or a KEP number or item id whose item is itself an action
// (a change or a gate decision). A guide page is not an action; its steps are (StepsOf).
func (d *Dataset) ActionFor(ref string) (Action, bool) {
	ref = strings.ToLower(strings.TrimSpace(ref))
	if a, ok := d.Action(ref); ok {
		return a, true
	}
	if it, _ := d.Lookup(ref); it != nil {
		return d.Action(it.ID)
	}
	return Action{}, false
}

// StepsOf returns the checklist steps drawn from a guide page, in order.
func (d *Dataset) StepsOf(it *Item) []Action {
	var out []Action
	for _, a := range d.Checklist() {
		if a.Kind == ActionStep && a.Item == it {
			out = append(out, a)
		}
	}
	return out
}

// Known reports whether id names an action or an item of this dataset: what the saved state
// may refer to. The state keeps other ids too, made against another dataset.
func (d *Dataset) Known(id string) bool {
	if d.byID[id] != nil {
		return true
	}
	_, ok := d.Action(id)
	return ok
}

// CountDone returns how many of the actions done reports as done.
func CountDone(acts []Action, done func(id string) bool) int {
	n := 0
	for _, a := range acts {
		if done(a.ID) {
			n++
		}
	}
	return n
}

// OnChecklist reports whether an item is on the upgrade checklist: a guide page with steps, an
// item that needs action on upgrade, or an enhancement with a gate off by default.
func OnChecklist(it *Item) bool {
	switch {
	case it.Kind == KindGuide:
		return it.Checklist
	case it.ActionRequired:
		return true
	}
	return it.Kind == KindEnhancement && it.OffByDefault()
}

func buildChecklist(items []*Item) []Action {
	var out []Action
	for _, it := range items {
		if it.Kind != KindGuide || !it.Checklist {
			continue
		}
		zh := map[int]string{}
		if body, ok := it.Body.lookup(LangZH); ok {
			for _, s := range steps(body) {
				zh[s.n] = s.title
			}
		}
		for _, s := range steps(it.Body.Default) {
			var tr map[Lang]string
			if t, ok := zh[s.n]; ok {
				tr = map[Lang]string{LangZH: t}
			}
			out = append(out, Action{ID: it.ID + "#" + strconv.Itoa(s.n), Kind: ActionStep, Item: it, Title: NewText(s.title, tr)})
		}
	}
	for _, it := range items {
		// the road's changes are actions of later hops, not of the upgrade to this release
		if it.ActionRequired && it.Kind != KindGuide && it.Road == nil {
			out = append(out, Action{ID: it.ID, Kind: ActionChange, Item: it, Title: it.Title})
		}
	}
	for _, it := range items {
		if it.Kind == KindGuide || it.ActionRequired || it.Road != nil || !OnChecklist(it) {
			continue
		}
		var gates []string
		for _, g := range it.Gates {
			if g.offByDefault() {
				gates = append(gates, g.Name)
			}
		}
		out = append(out, Action{ID: it.ID, Kind: ActionGate, Item: it, Title: it.Title, Gates: gates})
	}
	for _, it := range items { // in display order: hop by hop, what breaks first
		if it.Road != nil && it.ActionRequired {
			out = append(out, Action{ID: it.ID, Kind: ActionHop, Item: it, Title: it.Title, Release: it.Road.Release})
		}
	}
	return out
}
