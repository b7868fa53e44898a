package data

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	content "github.com/elli-k8s/elli/embed"
)

// ---- the real embedded release ----

var realData struct {
	once sync.Once
	d    *Dataset
	err  error
}

// realFS returns the embedded v1.31 release folder.
func realFS(tb testing.TB) fs.FS {
	tb.Helper()
	fsys, err := content.Release("v1.31")
	if err != nil {
		tb.Fatalf("content.Release(v1.31): %v", err)
	}
	return fsys
}

// realDataset loads the embedded v1.31 release once per test binary; the Dataset is immutable,
// so tests share it.
func realDataset(tb testing.TB) *Dataset {
	tb.Helper()
	realData.once.Do(func() {
		fsys, err := content.Release("v1.31")
		if err != nil {
			realData.err = err
			return
		}
		realData.d, realData.err = Load(fsys)
	})
	if realData.err != nil {
		tb.Fatalf("loading the embedded v1.31 release: %v", realData.err)
	}
	return realData.d
}

// mustItem returns the item with the given id or fails the test.
func mustItem(tb testing.TB, d *Dataset, id string) *Item {
	tb.Helper()
	it := d.ByID(id)
	if it == nil {
		tb.Fatalf("no item %q in the dataset", id)
	}
	return it
}

// ---- a minimal valid release, for validation tests ----

const (
	fxRelease  = "release.md"
	fxAlpha    = "enhancements/100-alpha-thing.md"
	fxBeta     = "enhancements/200-beta-thing.md"
	fxGA       = "enhancements/300-ga-thing.md"
	fxRemoval  = "changes/removal-old-flag.md"
	fxGuide    = "guide/first-steps.md"
	fxAlphaZH  = "enhancements/100-alpha-thing.zh.md"
	fxAlphaID  = "100-alpha-thing"
	fxGuideID  = "first-steps"
	fxRemoveID = "removal-old-flag"
)

var baseFiles = map[string]string{
	fxRelease: `---
kind: release
version: v1.99
codename: Testy
title: "Kubernetes v1.99: Testy"
released: 2030-01-08
cycle: {start: 2029-10-02, end: 2030-01-08, weeks: 14}
counts: {ga: 1, beta: 1, alpha: 1}
contributors: {companies: 1, individuals: 2, ecosystem_companies: 3, ecosystem_contributors: 4, individuals_growth: "+5%"}
summary: A small release used by the tests.
data_as_of: 2030-01-08
keywords: [testy]
links:
  - {title: Announcement, url: https://kubernetes.io/blog/}
---
## Overview

Three enhancements, one removal and one guide page.
`,
	fxAlpha: `---
kind: enhancement
kep: 100
title: Widget frobnication
sig: node
stage: alpha
gates:
  - name: WidgetFrobnication
    default: false
    components: [kubelet]
history: {alpha: v1.99}
keywords: [widget, frobnicate]
summary: Widgets can be frobnicated.
links:
  - {title: KEP, url: https://github.com/kubernetes/enhancements/issues/100}
  - {title: Documentation, url: https://kubernetes.io/docs/widgets/}
---
## What changes in 1.99

Widgets frobnicate.
`,
	fxBeta: `---
kind: enhancement
kep: 200
title: Gadget balancing
sig: network
stage: beta
gates:
  - name: GadgetBalancing
    default: true
    components: [kube-proxy]
history: {alpha: v1.97, beta: v1.99}
keywords: [gadget]
summary: Gadgets are balanced.
links:
  - {title: KEP, url: https://github.com/kubernetes/enhancements/issues/200}
---
## What changes in 1.99

Gadgets balance.
`,
	fxGA: `---
kind: enhancement
kep: 300
title: Sprocket ordering
sig: apps
stage: ga
gates: []
history: {alpha: v1.95, beta: v1.97, ga: v1.99}
summary: Sprockets are ordered.
links:
  - {title: KEP, url: https://github.com/kubernetes/enhancements/issues/300}
---
## What changes in 1.99

Sprockets order.
`,
	fxRemoval: `---
kind: removal
title: The --old-flag flag is removed
summary: The kubelet no longer accepts --old-flag.
components: [kubelet]
affects: Nodes started with --old-flag.
instead: Drop the flag.
prs: [12345]
action_required: true
keywords: [old-flag]
links:
  - {title: PR 12345, url: https://github.com/kubernetes/kubernetes/pull/12345}
---
## What changed

The flag is gone.
`,
	fxGuide: `---
kind: guide
title: First steps
summary: Where to start.
order: 1
links:
  - {title: Upgrading, url: https://kubernetes.io/docs/tasks/administer-cluster/}
---
## Start here

Read this first.
`,
}

// baseFS builds the minimal valid release folder; every call returns a fresh copy that a test
// may mutate.
func baseFS() fstest.MapFS {
	m := fstest.MapFS{}
	for p, s := range baseFiles {
		m[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return m
}

// put writes a file into fsys.
func put(fsys fstest.MapFS, p, s string) { fsys[p] = &fstest.MapFile{Data: []byte(s)} }

// edit replaces old with new in one file of fsys; it fails the test if old is not there, so a
// mutation can never silently turn into a no-op.
func edit(tb testing.TB, fsys fstest.MapFS, p, old, new string) {
	tb.Helper()
	f, ok := fsys[p]
	if !ok {
		tb.Fatalf("edit: no file %s", p)
	}
	s := string(f.Data)
	if strings.Count(s, old) != 1 {
		tb.Fatalf("edit: %q occurs %d times in %s, want exactly once", old, strings.Count(s, old), p)
	}
	put(fsys, p, strings.Replace(s, old, new, 1))
}

// loadProblems loads fsys and returns the problems found; nil when it loads.
func loadProblems(tb testing.TB, fsys fs.FS) []Problem {
	tb.Helper()
	d, err := Load(fsys)
	if err == nil {
		if d == nil {
			tb.Fatal("Load returned neither a dataset nor an error")
		}
		return nil
	}
	le, ok := err.(*LoadError)
	if !ok {
		tb.Fatalf("Load error is %T, want *LoadError: %v", err, err)
	}
	if d != nil {
		tb.Fatal("Load returned a dataset together with an error")
	}
	if len(le.Problems) == 0 {
		tb.Fatal("LoadError without problems")
	}
	return le.Problems
}

// ---- a generated 10,000-item release, for benchmarks ----

// genVocabulary returns n distinct lower-case pseudo-words made of syllables, with a few real
// Kubernetes words mixed in, deterministically.
func genVocabulary(r *rand.Rand, n int) []string {
	known := []string{"kubelet", "proxy", "volume", "storage", "network", "scheduler", "pod", "node",
		"service", "ingress", "secret", "config", "container", "image", "policy", "quota", "cgroup",
		"apparmor", "nftables", "iptables", "expansion", "snapshot", "endpoint", "topology", "device",
		"resource", "claim", "driver", "plugin", "controller", "webhook", "admission", "token", "audit",
		"metrics", "cluster", "namespace", "label", "selector", "affinity", "taint", "toleration"}
	syl := []string{"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ber", "con", "dan", "fel",
		"gor", "hin", "jus", "kel", "lor", "mon", "nix", "pra", "qua", "ren", "sto", "tri", "ul",
		"ven", "wex", "yor", "zel", "ex", "in", "ob"}
	seen := map[string]bool{}
	words := make([]string, 0, n)
	for _, w := range known {
		seen[w] = true
		words = append(words, w)
	}
	for len(words) < n {
		var b strings.Builder
		for k := 2 + r.IntN(3); k > 0; k-- {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}

// genRelease builds a valid release folder of n enhancements with ~250-word bodies over a
// vocabulary of vocab words.
func genRelease(n, vocab int) fstest.MapFS {
	r := rand.New(rand.NewPCG(1, 31))
	words := genVocabulary(r, vocab)
	// a skewed distribution, like real text: a few words are everywhere, most are rare
	z := rand.NewZipf(r, 1.1, 2, uint64(len(words)-1))
	sentence := func(k int) string {
		ws := make([]string, k)
		for i := range ws {
			ws[i] = words[z.Uint64()]
		}
		return strings.Join(ws, " ")
	}
	sigs := []string{"node", "network", "storage", "apps", "api-machinery", "auth", "scheduling", "cli"}
	stages := []Stage{StageGA, StageBeta, StageAlpha}
	var counts Counts
	fsys := fstest.MapFS{}
	for i := range n {
		kep := 10000 + i
		stage := stages[i%3]
		switch stage {
		case StageGA:
			counts.GA++
		case StageBeta:
			counts.Beta++
		default:
			counts.Alpha++
		}
		title := sentence(4 + r.IntN(5))
		gate := ""
		for _, w := range strings.Fields(sentence(2 + r.IntN(2))) {
			gate += strings.ToUpper(w[:1]) + w[1:]
		}
		var body strings.Builder
		fmt.Fprintf(&body, "## What changes in 1.99\n\n%s.\n\n", sentence(90))
		fmt.Fprintf(&body, "## Why it matters\n\n%s.\n\n", sentence(70))
		fmt.Fprintf(&body, "## How to use it\n\n```shell\nkubectl get %s\n```\n\n%s.\n\n", words[r.IntN(len(words))], sentence(50))
		fmt.Fprintf(&body, "## Related concepts\n\n- %s\n- %s\n", sentence(3), sentence(3))
		slug := strings.ReplaceAll(strings.Join(strings.Fields(title)[:3], "-"), " ", "-")
		src := fmt.Sprintf(`---
kind: enhancement
kep: %d
title: %s
sig: %s
stage: %s
gates:
  - {name: %s, default: %v, components: [kubelet, kube-apiserver]}
history: {alpha: v1.9%d}
keywords: [%s]
summary: %s.
links:
  - {title: KEP, url: https://github.com/kubernetes/enhancements/issues/%d}
---
%s`, kep, title, sigs[r.IntN(len(sigs))], stage, gate, stage != StageAlpha, r.IntN(9),
			strings.Join(strings.Fields(sentence(4)), ", "), sentence(14), kep, body.String())
		fsys[fmt.Sprintf("enhancements/%d-%s.md", kep, slug)] = &fstest.MapFile{Data: []byte(src)}
	}
	fsys[ReleaseFile] = &fstest.MapFile{Data: genReleaseFile(counts)}
	return fsys
}

// genReleaseFile is the release.md of a generated release with these counts.
func genReleaseFile(counts Counts) []byte {
	return []byte(fmt.Sprintf(`---
kind: release
version: v1.99
codename: Big
title: "Kubernetes v1.99: Big"
released: 2030-01-08
cycle: {start: 2029-10-02, end: 2030-01-08, weeks: 14}
counts: {ga: %d, beta: %d, alpha: %d}
contributors: {companies: 1, individuals: 2, ecosystem_companies: 3, ecosystem_contributors: 4, individuals_growth: "+5%%"}
summary: A generated release.
data_as_of: 2030-01-08
---
Generated.
`, counts.GA, counts.Beta, counts.Alpha))
}

// genStage reads the stage of a generated enhancement page.
func genStage(src []byte) Stage {
	for _, st := range Stages {
		if bytes.Contains(src, []byte("\nstage: "+string(st)+"\n")) {
			return st
		}
	}
	return ""
}

// resultIDs lists the ids of search results, for messages.
func resultIDs(rs []Result) []string {
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.Item.ID
	}
	return ids
}

func mustLoad(tb testing.TB, fsys fs.FS) *Dataset {
	tb.Helper()
	d, err := Load(fsys)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}
