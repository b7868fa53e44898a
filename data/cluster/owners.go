package cluster

import (
	"fmt"
	"strings"

	"github.com/elli-k8s/elli/data/check"
)

// objectID is an object the scan read.
type objectID struct{ kind, namespace, name, uid string }

// ownerRef is an object's controller, from its metadata.ownerReferences.
type ownerRef struct{ kind, name, uid string }

// carriesPod reports whether kind keeps a pod template (not a Pod itself).
func carriesPod(kind string) bool {
	p, ok := check.PodTemplatePath(kind)
	return ok && p != ""
}

// controllerOf returns the controller owner reference of an object's metadata, if any.
func controllerOf(meta map[string]any) ownerRef {
	refs, _ := meta["ownerReferences"].([]any)
	for _, r := range refs {
		m, _ := r.(map[string]any)
		if c, _ := m["controller"].(bool); c {
			return ownerRef{kind: strOf(m["kind"]), name: strOf(m["name"]), uid: strOf(m["uid"])}
		}
	}
	return ownerRef{}
}

// grouper reports each finding once on the object that owns it: a pod's findings go to its
// ReplicaSet's Deployment (or Job's CronJob, or StatefulSet, ...), merged with the same finding
// on the owner's template, with a count of the pods that run it. Memory grows with the distinct
// findings and with the owned ReplicaSets and Jobs, not with the pods.
type grouper struct {
	context string
	// parents maps the uid of a ReplicaSet or Job that a controller owns to that controller
	parents map[string]ownerRef
	groups  map[groupKey]*group
	order   []*group
}

type groupKey struct{ file, rule, path, msg string }

type group struct {
	f    check.Finding
	pods int
}

func newGrouper() *grouper {
	return &grouper{parents: map[string]ownerRef{}, groups: map[groupKey]*group{}}
}

// met records an object's controller, so that the pods read later find their way to the top.
func (g *grouper) met(id objectID, owner ownerRef) {
	if (id.kind == "ReplicaSet" || id.kind == "Job") && owner.uid != "" && carriesPod(owner.kind) {
		g.parents[id.uid] = owner
	}
}

// top follows controllers from owner to the last one whose template the scan knows.
func (g *grouper) top(owner ownerRef) ownerRef {
	for i := 0; i < 4; i++ {
		p, ok := g.parents[owner.uid]
		if !ok {
			break
		}
		owner = p
	}
	return owner
}

// add records finding f of object id, whose controller is owner ({} for none).
func (g *grouper) add(id objectID, owner ownerRef, f check.Finding) {
	at := ownerRef{kind: id.kind, name: id.name}
	path := f.Path
	// the template paths of the kinds come from data/check, which reads the pods there: a
	// finding on a pod (spec.volumes[0].cephfs) goes to its owner's template
	// (spec.template.spec.volumes[0].cephfs)
	if owner.uid != "" && carriesPod(owner.kind) && owner.kind != "PodTemplate" {
		if prefix, ok := check.PodTemplatePath(id.kind); ok {
			top := g.top(owner)
			if rel, ok := cutPath(path, prefix); ok {
				topPrefix, _ := check.PodTemplatePath(top.kind)
				at, path = top, joinPath(topPrefix, rel)
			}
		}
	}
	f.Kind, f.Namespace, f.Name, f.Path, f.Line, f.Column = at.kind, id.namespace, at.name, path, 0, 0
	f.File = location(g.context, id.namespace, at.kind, at.name)
	k := groupKey{f.File, f.Rule, f.Path, f.Message}
	gr, ok := g.groups[k]
	if !ok {
		gr = &group{f: f}
		g.groups[k] = gr
		g.order = append(g.order, gr)
	}
	if id.kind == "Pod" && at.kind != "Pod" {
		gr.pods++
	}
}

// has reports whether a finding of rule was recorded.
func (g *grouper) has(rule string) bool {
	for _, gr := range g.order {
		if gr.f.Rule == rule {
			return true
		}
	}
	return false
}

// findings returns the grouped findings in the order first met, with the pod counts said.
func (g *grouper) findings(t *texts) []check.Finding {
	out := make([]check.Finding, 0, len(g.order))
	for _, gr := range g.order {
		f := gr.f
		if gr.pods > 0 {
			f.Message += fmt.Sprintf(t.PodsRun, gr.pods)
		}
		out = append(out, f)
	}
	return out
}

// location is a finding's object: context/namespace/Kind/name, without the namespace for a
// cluster-scoped object.
func location(ctx, ns, kind, name string) string {
	parts := make([]string, 0, 4)
	if ctx != "" {
		parts = append(parts, ctx)
	}
	if ns != "" {
		parts = append(parts, ns)
	}
	return strings.Join(append(parts, kind, name), "/")
}

// cutPath returns path relative to prefix ("" prefix: path itself).
func cutPath(path, prefix string) (string, bool) {
	if prefix == "" {
		return path, true
	}
	rest, ok := strings.CutPrefix(path, prefix)
	if !ok {
		return "", false
	}
	if rest == "" {
		return "", true
	}
	if rest[0] == '.' {
		return rest[1:], true
	}
	if rest[0] == '[' {
		return rest, true
	}
	return "", false
}

func joinPath(prefix, rel string) string {
	switch {
	case prefix == "":
		return rel
	case rel == "":
		return prefix
	case rel[0] == '[':
		return prefix + rel
	}
	return prefix + "." + rel
}
