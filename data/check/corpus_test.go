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
	}
	slices.Sort(notes)
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes:\n got %q\nwant %q", notes, wantNotes)
	}
}

// TestCorpusEveryRule keeps the corpus honest: each rule has at least one positive case.
func TestCorpusEveryRule(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range wants(t, corpus) {
		_, rule, _ := strings.Cut(w, " ")
		seen[rule] = true
	}
	for _, r := range Rules {
		if !seen[r.ID] {
			t.Errorf("rule %s has no positive case in the corpus", r.ID)
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
