package check

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// The corpus under testdata/corpus is written for these tests: each rule with positive cases
// and look-alikes that must stay silent. A finding is expected where a line carries
// "# want: RULE..." (YAML, shell, Makefile, environment files), or where a sidecar NAME.want
// lists "LINE RULE" (JSON, systemd units and PEM files, which cannot hold such comments).
// Every other line must produce nothing.

const corpus = "testdata/corpus"

var wantMarker = regexp.MustCompile(`#\s*want:\s*([a-z0-9 -]+)$`)

func newTestScanner(opts Options) *Scanner { return New(snapshot.Dataset(), opts) }

// wants reads the expected findings of the corpus: "file:line rule" strings.
func wants(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if target, ok := strings.CutSuffix(rel, ".want"); ok {
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				line, rule, _ := strings.Cut(l, " ")
				out = append(out, target+":"+line+" "+rule)
			}
			return nil
		}
		for i, l := range strings.Split(string(b), "\n") {
			if m := wantMarker.FindStringSubmatch(strings.TrimRight(l, " \r")); m != nil {
				for _, rule := range strings.Fields(m[1]) {
					out = append(out, rel+":"+strconv.Itoa(i+1)+" "+rule)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func got(root string, fs []Finding) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		rel, _ := filepath.Rel(root, f.File)
		out = append(out, fmt.Sprintf("%s:%d %s", rel, f.Line, f.Rule))
	}
	slices.Sort(out)
	return out
}

// diff lists what one sorted list has that the other lacks.
func diff(t *testing.T, want, have []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(have, w) {
			t.Errorf("missing finding %s", w)
		}
	}
	for _, h := range have {
		if !slices.Contains(want, h) {
			t.Errorf("unexpected finding %s", h)
		}
	}
}

func TestCorpus(t *testing.T) {
	rep, err := newTestScanner(Options{}).Scan(context.Background(), []string{corpus}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := wants(t, corpus)
	if len(want) < 60 {
		t.Fatalf("the corpus expects only %d findings; its markers are not being read", len(want))
	}
	diff(t, want, got(corpus, rep.Findings))

	var notes []string
	for _, n := range rep.Notes {
		rel, _ := filepath.Rel(corpus, n.File)
		notes = append(notes, fmt.Sprintf("%s:%d %s", rel, n.Line, n.Kind))
	}
	wantNotes := []string{
		"bad/alias-bomb.yaml:17 unparsable",
		"bad/alias-bomb.yaml:2 unparsable",
		"bad/broken.yaml:7 unparsable",
		"charts/web/templates/deployment.yaml:4 skipped",
		"templates/kube-apiserver.yaml:5 skipped",
	}
	slices.Sort(notes)
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes:\n got %q\nwant %q", notes, wantNotes)
	}
}

// TestCorpusEveryRule keeps the corpus honest: each rule has at least one positive case (a
// cluster-only rule has its case in internal/kubetest's planted cluster instead; the road's
// rules have theirs in testdata/road).
func TestCorpusEveryRule(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range append(wants(t, corpus), wants(t, roadCorpus)...) {
		_, rule, _ := strings.Cut(w, " ")
		seen[rule] = true
	}
	for _, r := range Rules {
		if !seen[r.ID] && !r.ClusterOnly() {
			t.Errorf("rule %s has no positive case in the corpus (testdata/road for the road's)", r.ID)
		}
	}
}

// TestCorpusFindingsCarryObjects checks the object and item a finding names.
func TestCorpusFindingsCarryObjects(t *testing.T) {
	s := newTestScanner(Options{})
	b, err := os.ReadFile(filepath.Join(corpus, "manifests/workloads.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := s.ScanDocument("workloads.yaml", b)
	var cron *Finding
	for i := range fs {
		if fs[i].Kind == "CronJob" && fs[i].Rule == RuleAppArmor {
			cron = &fs[i]
		}
	}
	if cron == nil {
		t.Fatalf("no AppArmor finding on the CronJob: %+v", fs)
	}
	if cron.Name != "nightly" || cron.Namespace != "ops" || cron.Item != "24-apparmor" || cron.Severity != Warning {
		t.Errorf("CronJob finding = %+v", *cron)
	}
	if !strings.Contains(cron.Fix, "{type: RuntimeDefault}") || !strings.Contains(cron.Fix, `"backup"`) {
		t.Errorf("fix does not name the field and the container: %q", cron.Fix)
	}
}

func dsForTest() *data.Dataset { return snapshot.Dataset() }

// Every object that carries a pod, as the issue lists them, in its real shape (written here
// rather than taken from podTemplatePaths, so that a wrong path there fails): the in-tree Ceph
// volumes and the AppArmor annotation are found in each, on the right line, naming the object.
func TestEveryPodCarrier(t *testing.T) {
	pod := func(indent string) string {
		return strings.ReplaceAll("metadata:\n  name: n\n  namespace: ns\n  annotations:\n    container.apparmor.security.beta.kubernetes.io/app: runtime/default\n"+
			"spec:\n  containers: [{name: app, image: app:1}]\n  volumes:\n  - name: a\n    cephfs: {monitors: [m]}\n  - name: b\n    rbd: {image: x}\n",
			"\n", "\n"+indent)
	}
	carriers := map[string]string{
		"v1 Pod":                      pod(""),
		"apps/v1 Deployment":          "spec:\n  template:\n    " + pod("    "),
		"apps/v1 StatefulSet":         "spec:\n  template:\n    " + pod("    "),
		"apps/v1 DaemonSet":           "spec:\n  template:\n    " + pod("    "),
		"apps/v1 ReplicaSet":          "spec:\n  template:\n    " + pod("    "),
		"v1 ReplicationController":    "spec:\n  template:\n    " + pod("    "),
		"batch/v1 Job":                "spec:\n  template:\n    " + pod("    "),
		"batch/v1 CronJob":            "spec:\n  jobTemplate:\n    spec:\n      template:\n        " + pod("        "),
		"v1 PodTemplate":              "template:\n  " + pod("  "),
		"apps/v1 ControllerRevision":  "data:\n  spec:\n    template:\n      " + pod("      "), // carries no live pod
		"example.com/v1 WebAppConfig": "spec:\n  template:\n    " + pod("    "),                // a custom kind: unknown shape
	}
	s := newTestScanner(Options{})
	for head, body := range carriers {
		apiVersion, kind, _ := strings.Cut(head, " ")
		doc := "apiVersion: " + apiVersion + "\nkind: " + kind + "\n"
		if kind != "Pod" { // the pod's own metadata holds its annotations
			doc += "metadata: {name: n, namespace: ns}\n"
		}
		doc += strings.TrimRight(body, " ")
		lineOf := func(s string) int {
			for i, l := range strings.Split(doc, "\n") {
				if strings.Contains(l, s) {
					return i + 1
				}
			}
			return -1
		}
		fs, notes := s.ScanDocument("x.yaml", []byte(doc))
		var have []string
		for _, f := range fs {
			have = append(have, fmt.Sprintf("%d %s %s %s/%s", f.Line, f.Rule, f.Kind, f.Namespace, f.Name))
		}
		var want []string
		if kind != "ControllerRevision" && kind != "WebAppConfig" {
			want = []string{
				fmt.Sprintf("%d %s %s ns/n", lineOf("container.apparmor"), RuleAppArmor, kind),
				fmt.Sprintf("%d %s %s ns/n", lineOf("cephfs:"), RuleCephFSVolume, kind),
				fmt.Sprintf("%d %s %s ns/n", lineOf("rbd:"), RuleRBDVolume, kind),
			}
		}
		if !slices.Equal(have, want) || len(notes) > 0 {
			t.Errorf("%s:\n got %q\nwant %q\nnotes %+v\n%s", head, have, want, notes, doc)
		}
	}
}
