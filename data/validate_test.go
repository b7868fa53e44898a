package data

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

func TestBaseFixtureLoads(t *testing.T) {
	d, err := Load(baseFS())
	if err != nil {
		t.Fatalf("the base fixture must be valid: %v", err)
	}
	if len(d.Items) != len(baseFiles)-1 {
		t.Errorf("%d items, want %d", len(d.Items), len(baseFiles)-1)
	}
	if got := d.ByKEP(100); got == nil || got.ID != fxAlphaID || !got.OffByDefault() {
		t.Errorf("ByKEP(100) = %+v, want the alpha item, off by default", got)
	}
	if d.ByKEP(200).OffByDefault() {
		t.Error("KEP 200's gate is on by default")
	}
	// A gate without its own stage takes the enhancement's.
	if g := d.ByKEP(200).Gates[0]; g.Stage != "beta" {
		t.Errorf("gate stage = %q, want the item's stage beta", g.Stage)
	}
}

// TestValidationProblems breaks the base fixture one way per case; each break must be reported
// with its file, its field and a message that says what is wrong.
func TestValidationProblems(t *testing.T) {
	const otherChange = `---
kind: removal
title: Another removal
summary: Something else is removed.
components: [kubelet]
affects: Someone.
instead: Something.
links:
  - {title: PR 1, url: https://github.com/kubernetes/kubernetes/pull/1}
---
Gone.
`
	tests := []struct {
		name   string
		mutate func(t *testing.T, fsys fstest.MapFS)
		file   string
		field  string
		msg    string
	}{
		{
			name:   "unknown stage",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxBeta, "stage: beta", "stage: stable") },
			file:   fxBeta, field: "stage", msg: `unknown stage "stable"`,
		},
		{
			name:   "duplicate id across folders",
			mutate: func(t *testing.T, m fstest.MapFS) { put(m, "changes/"+fxAlphaID+".md", otherChange) },
			file:   fxAlpha, field: "id", msg: `duplicate id "100-alpha-thing": changes/100-alpha-thing.md`,
		},
		{
			name: "duplicate KEP",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, "enhancements/200-beta-thing-again.md", baseFiles[fxBeta])
				edit(t, m, fxRelease, "beta: 1", "beta: 2")
			},
			file: "enhancements/200-beta-thing.md", field: "kep", msg: "duplicate KEP 200: enhancements/200-beta-thing-again.md",
		},
		{
			name:   "missing summary",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGA, "summary: Sprockets are ordered.\n", "") },
			file:   fxGA, field: "summary", msg: "missing",
		},
		{
			name: "blank summary",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxGA, "summary: Sprockets are ordered.", `summary: "   "`)
			},
			file: fxGA, field: "summary", msg: "missing",
		},
		{
			name: "link with http://",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxAlpha, "https://kubernetes.io/docs/widgets/", "http://kubernetes.io/docs/widgets/")
			},
			file: fxAlpha, field: "links[1].url", msg: `"http://kubernetes.io/docs/widgets/" is not an https:// URL`,
		},
		{
			name: "link without host",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxGuide, "https://kubernetes.io/docs/tasks/administer-cluster/", "https:///docs/tasks/")
			},
			file: fxGuide, field: "links[0].url", msg: "is not an https:// URL",
		},
		{
			name: "link with a space",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxRemoval, "https://github.com/kubernetes/kubernetes/pull/12345", "https://github.com/kubernetes/kubernetes/pull/12345 and more")
			},
			file: fxRemoval, field: "links[0].url", msg: "is not an https:// URL",
		},
		{
			name:   "link without title",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGuide, "{title: Upgrading, ", "{") },
			file:   fxGuide, field: "links[0].title", msg: "missing",
		},
		{
			name: "release link with http://",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxRelease, "https://kubernetes.io/blog/", "http://kubernetes.io/blog/")
			},
			file: fxRelease, field: "links[0].url", msg: "is not an https:// URL",
		},
		{
			name:   "front matter does not parse",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxBeta, "keywords: [gadget]", "keywords: [gadget") },
			file:   fxBeta, field: "", msg: "front matter:",
		},
		{
			name: "front matter with a tab indent",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxBeta, "  - name: GadgetBalancing", "\t- name: GadgetBalancing")
			},
			file: fxBeta, field: "", msg: "front matter:",
		},
		{
			name:   "unknown key",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGA, "summary:", "summry:") },
			file:   fxGA, field: "", msg: "field summry not found",
		},
		{
			name:   "unknown key in release.md",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRelease, "codename:", "code_name:") },
			file:   fxRelease, field: "", msg: "field code_name not found",
		},
		{
			name: "missing front matter",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, fxGuide, "# First steps\n\nNo header here.\n")
			},
			file: fxGuide, field: "", msg: "no front matter",
		},
		{
			name:   "empty front matter",
			mutate: func(t *testing.T, m fstest.MapFS) { put(m, fxGuide, "---\n---\nBody.\n") },
			file:   fxGuide, field: "", msg: "front matter is empty",
		},
		{
			name: "unclosed front matter",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, fxGuide, strings.Replace(baseFiles[fxGuide], "---\n## Start", "## Start", 1))
			},
			file: fxGuide, field: "", msg: "front matter is not closed",
		},
		{
			name:   "wrong kind for folder",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRemoval, "kind: removal", "kind: enhancement") },
			file:   fxRemoval, field: "kind", msg: `is "enhancement"; files in changes/ must say kind: removal or deprecation`,
		},
		{
			name:   "unknown kind",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGuide, "kind: guide", "kind: howto") },
			file:   fxGuide, field: "kind", msg: `is "howto"; files in guide/ must say kind: guide`,
		},
		{
			name:   "release.md with the wrong kind",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRelease, "kind: release", "kind: guide") },
			file:   fxRelease, field: "kind", msg: `is "guide", want "release"`,
		},
		{
			name:   "unknown SIG",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxBeta, "sig: network", "sig: sig-network") },
			file:   fxBeta, field: "sig", msg: `unknown SIG "sig-network"`,
		},
		{
			name:   "bad history version",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxBeta, "alpha: v1.97,", "alpha: 1.97.0,") },
			file:   fxBeta, field: "history.alpha", msg: `"1.97.0" is not a release`,
		},
		{
			name: "first link not the KEP issue",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxAlpha, "  - {title: KEP, url: https://github.com/kubernetes/enhancements/issues/100}\n", "")
			},
			file: fxAlpha, field: "links[0]", msg: "the first link must be the KEP issue https://github.com/kubernetes/enhancements/issues/100",
		},
		{
			name: "KEP link is a pull request",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxAlpha, "enhancements/issues/100", "enhancements/pull/100")
			},
			file: fxAlpha, field: "links[0]", msg: "must be the KEP issue",
		},
		{
			name: "KEP link points at another KEP",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxGA, "enhancements/issues/300", "enhancements/issues/3000")
			},
			file: fxGA, field: "links[0]", msg: "points to KEP 3000 but the item is KEP 300",
		},
		{
			name:   "enhancement without KEP",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGA, "kep: 300\n", "") },
			file:   fxGA, field: "kep", msg: "missing",
		},
		{
			name:   "gate without components",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxAlpha, "    components: [kubelet]\n", "") },
			file:   fxAlpha, field: "gates[0].components", msg: "missing",
		},
		{
			name: "gate with bad stage",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxAlpha, "    default: false\n", "    default: false\n    stage: stable\n")
			},
			file: fxAlpha, field: "gates[0].stage", msg: `unknown stage "stable"`,
		},
		{
			name: "gate with a bad name",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxAlpha, "name: WidgetFrobnication", "name: Widget-Frobnication")
			},
			file: fxAlpha, field: "gates[0].name", msg: "not a feature gate name",
		},
		{
			name:   "gate without default or note",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxAlpha, "    default: false\n", "") },
			file:   fxAlpha, field: "gates[0].default", msg: "missing",
		},
		{
			name:   "release counts do not match the items",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRelease, "ga: 1,", "ga: 2,") },
			file:   fxRelease, field: "counts.ga", msg: "says 2, but enhancements/ holds 1 GA items",
		},
		{
			name: "bad release date",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxRelease, "released: 2030-01-08", "released: 2030-13-08")
			},
			file: fxRelease, field: "released", msg: `"2030-13-08" is not a date`,
		},
		{
			name: "release date in prose",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxRelease, "start: 2029-10-02", "start: 2 October 2029")
			},
			file: fxRelease, field: "cycle.start", msg: "is not a date",
		},
		{
			name:   "bad release version",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxRelease, "version: v1.99", "version: 1.99") },
			file:   fxRelease, field: "version", msg: "is not a release version",
		},
		{
			name:   "missing release.md",
			mutate: func(t *testing.T, m fstest.MapFS) { delete(m, fxRelease) },
			file:   fxRelease, field: "", msg: "cannot read",
		},
		{
			name: "translation without a source file",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, "enhancements/999-nothing.zh.md", "---\ntitle: 无\n---\n正文。\n")
			},
			file: "enhancements/999-nothing.zh.md", field: "", msg: `translation of "999-nothing", but there is no 999-nothing.md beside it`,
		},
		{
			name: "translation with a forbidden key",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, fxAlphaZH, "---\ntitle: 小部件\nstage: beta\n---\n正文。\n")
			},
			file: fxAlphaZH, field: "", msg: "field stage not found",
		},
		{
			name: "translated note of a gate the item does not have",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, fxAlphaZH, "---\ntitle: 小部件\ngate_notes: {NoSuchGate: 无}\n---\n正文。\n")
			},
			file: fxAlphaZH, field: "gate_notes", msg: `"NoSuchGate" is not a gate of 100-alpha-thing`,
		},
		{
			name: "unknown language suffix",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, "enhancements/100-alpha-thing.fr.md", "---\ntitle: Frobnication des widgets\n---\nTexte.\n")
			},
			file: "enhancements/100-alpha-thing.fr.md", field: "", msg: `unknown language "fr"`,
		},
		{
			name:   "unexpected file",
			mutate: func(t *testing.T, m fstest.MapFS) { put(m, "enhancements/notes.txt", "scratch\n") },
			file:   "enhancements/notes.txt", field: "", msg: "only .md files belong here",
		},
		{
			name:   "unexpected folder",
			mutate: func(t *testing.T, m fstest.MapFS) { put(m, "drafts/500-later.md", baseFiles[fxGA]) },
			file:   "drafts", field: "", msg: "unexpected entry: a release folder holds only release.md and the folders changes, cves, enhancements, guide, patches",
		},
		{
			name:   "unexpected file at the top",
			mutate: func(t *testing.T, m fstest.MapFS) { put(m, "README.md", "# notes\n") },
			file:   "README.md", field: "", msg: "unexpected entry",
		},
		{
			name:   "unexpected sub-folder",
			mutate: func(t *testing.T, m fstest.MapFS) { put(m, "changes/old/removal-x.md", otherChange) },
			file:   "changes/old", field: "", msg: "only .md files belong here",
		},
		{
			name: "change without affects",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxRemoval, "affects: Nodes started with --old-flag.\n", "")
			},
			file: fxRemoval, field: "affects", msg: "missing",
		},
		{
			name: "change with a stage",
			mutate: func(t *testing.T, m fstest.MapFS) {
				edit(t, m, fxRemoval, "kind: removal\n", "kind: removal\nstage: ga\n")
			},
			file: fxRemoval, field: "stage", msg: "is only for enhancements",
		},
		{
			name:   "guide page with a stage",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGuide, "order: 1\n", "order: 1\nstage: beta\n") },
			file:   fxGuide, field: "stage", msg: "is only for enhancements; remove it from a guide",
		},
		{
			name:   "enhancement with an order",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGA, "stage: ga\n", "stage: ga\norder: 2\n") },
			file:   fxGA, field: "order", msg: "is only for guide pages",
		},
		{
			name:   "guide page without order",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGuide, "order: 1\n", "") },
			file:   fxGuide, field: "order", msg: "missing",
		},
		{
			name:   "guide page with a KEP",
			mutate: func(t *testing.T, m fstest.MapFS) { edit(t, m, fxGuide, "order: 1\n", "order: 1\nkep: 100\n") },
			file:   fxGuide, field: "kep", msg: "is only for enhancements and changes; remove it from a guide",
		},
		{
			name: "empty body",
			mutate: func(t *testing.T, m fstest.MapFS) {
				put(m, fxGuide, strings.SplitAfter(baseFiles[fxGuide], "\n---\n")[0])
			},
			file: fxGuide, field: "body", msg: "missing",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := baseFS()
			tc.mutate(t, fsys)
			problems := loadProblems(t, fsys)
			if problems == nil {
				t.Fatal("loaded without a problem")
			}
			t.Logf("problems:\n%s", listProblems(problems))
			found := false
			for _, p := range problems {
				if strings.Contains(p.Msg, "\n") || strings.Contains(p.String(), "\n") {
					t.Errorf("problem spans several lines: %q", p.String())
				}
				if p.File == tc.file && p.Field == tc.field && strings.Contains(p.Msg, tc.msg) {
					found = true
				}
			}
			if !found {
				t.Errorf("want a problem {file %q, field %q, message containing %q}; got:\n%s", tc.file, tc.field, tc.msg, listProblems(problems))
			}
			// The break must not be blamed on a file it did not touch: only the mutated file,
			// release.md (counts) and the file a duplicate collides with may be named.
			for _, p := range problems {
				if p.File != tc.file && p.File != fxRelease && !strings.Contains(tc.name, "duplicate") {
					t.Errorf("unrelated problem reported: %s", p)
				}
			}
		})
	}
}

func listProblems(ps []Problem) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "  - {file %q, field %q, msg %q}\n", p.File, p.Field, p.Msg)
	}
	return b.String()
}
