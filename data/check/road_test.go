package check

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
)

const roadCorpus = "testdata/road"

// isRoadRule reports whether a rule's item is a road item.
func isRoadRule(t *testing.T, r Rule) bool {
	it := dsForTest().ByID(r.Item)
	return it != nil && it.Road != nil
}

// Every rule's item is in the dataset: a rule written before its road page lands fails here.
func TestRuleItemsExist(t *testing.T) {
	ds := dsForTest()
	for _, r := range Rules {
		if ds.ByID(r.Item) == nil {
			t.Errorf("rule %s names item %s, which the dataset lacks", r.ID, r.Item)
		}
	}
	for rule := range roadWords {
		if _, ok := RuleByID(rule); !ok {
			continue // its row waits for its page
		}
		if r, _ := RuleByID(rule); ds.ByID(r.Item) == nil || ds.ByID(r.Item).Road == nil {
			t.Errorf("road rule %s names %s, not a road item", r.ID, r.Item)
		}
	}
}

// The road corpus, scanned with every release's rules: each finding at its line, naming its
// release and a road item of that release.
func TestRoadCorpus(t *testing.T) {
	ds := dsForTest()
	latest := ds.Latest()
	if latest == "" {
		t.Fatal("the dataset has no road")
	}
	rep, err := New(ds, Options{To: latest}).Scan(context.Background(), []string{roadCorpus}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := wants(t, roadCorpus)
	if len(want) < 8 {
		t.Fatalf("the road corpus expects only %d findings", len(want))
	}
	diff(t, want, got(roadCorpus, rep.Findings))
	for _, f := range rep.Findings {
		r, _ := RuleByID(f.Rule)
		if !isRoadRule(t, r) {
			continue
		}
		it := ds.ByID(f.Item)
		if f.Release == "" || it == nil || it.Road == nil || it.Road.Release != f.Release || !strings.HasPrefix(f.Item, strings.TrimPrefix(f.Release, "v")+"-") {
			t.Errorf("%s:%d %s: release %q, item %q", f.File, f.Line, f.Rule, f.Release, f.Item)
		}
	}
	if len(rep.Notes) > 0 {
		t.Errorf("notes: %+v", rep.Notes)
	}
}

// Without a target the road says nothing: 1.31's output stays as it was; with 1.32 as the
// target, 1.33's rules stay off.
func TestRoadTarget(t *testing.T) {
	ds := dsForTest()
	rules := func(to string) []string {
		rep, err := New(ds, Options{To: to}).Scan(context.Background(), []string{roadCorpus}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, f := range rep.Findings {
			out = append(out, f.Release+" "+f.Rule)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	for _, r := range rules("") {
		if strings.HasPrefix(r, "v") {
			t.Errorf("without --to: %s", r)
		}
	}
	to132 := rules("v1.32")
	if !slices.Contains(to132, "v1.32 "+RuleRoadAPI) || slices.ContainsFunc(to132, func(s string) bool { return strings.HasPrefix(s, "v1.33") }) {
		t.Errorf("to v1.32: %q", to132)
	}
	if all := rules(ds.Latest()); !slices.Contains(all, "v1.33 "+RuleGitRepo) {
		t.Errorf("to %s: %q", ds.Latest(), all)
	}
}

// A gate a road item locks (stage ga or locked, with its default) is an error when set against
// the lock, and nothing when set to it; the road's pages may carry such gates.
func TestRoadLockedGate(t *testing.T) {
	on := true
	ds := &data.Dataset{
		Release: data.Release{Version: "v1.31.0", Road: []data.RoadRelease{{Version: "v1.34"}}},
		Items: []*data.Item{{ID: "1.34-locked-gates", Road: &data.Road{Release: "v1.34", Impact: data.ImpactBreaks},
			Gates: []data.Gate{{Name: "NodeSwap", Stage: "ga", Default: &on}}}},
	}
	s := New(ds, Options{To: "v1.34"})
	fs, _ := s.ScanDocument("kubelet.yaml", []byte("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  NodeSwap: false\n"))
	if len(fs) != 1 || fs[0].Rule != RuleRoadGate || fs[0].Severity != Error || fs[0].Release != "v1.34" || fs[0].Line != 4 {
		t.Errorf("NodeSwap=false against its lock: %+v", fs)
	}
	fs, _ = s.ScanDocument("kubelet.yaml", []byte("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  NodeSwap: true\n"))
	if len(fs) != 0 {
		t.Errorf("NodeSwap=true, its locked value: %+v", fs)
	}
}

// A gate several releases change is judged against all of them: one locked in 1.34 and removed
// in 1.37 stops the component on 1.37 even when set to its lock, and one deprecated in 1.33 and
// locked in 1.36 is an error there, not the deprecation's warning.
func TestRoadGateAcrossHops(t *testing.T) {
	on, off := true, false
	road := func(id, rel string, g data.Gate) *data.Item {
		return &data.Item{ID: id, Road: &data.Road{Release: rel, Impact: data.ImpactBreaks}, Gates: []data.Gate{g}}
	}
	ds := &data.Dataset{
		Release: data.Release{Version: "v1.31.0", Road: []data.RoadRelease{{Version: "v1.33"}, {Version: "v1.34"}, {Version: "v1.36"}, {Version: "v1.37"}}},
		Items: []*data.Item{
			road("1.33-gitrepo", "v1.33", data.Gate{Name: "GitRepoVolumeDriver", Stage: "deprecated", Default: &off}),
			road("1.34-locked-gates", "v1.34", data.Gate{Name: "NodeSwap", Stage: "ga", Default: &on}),
			road("1.36-locked-gates", "v1.36", data.Gate{Name: "GitRepoVolumeDriver", Stage: "ga", Default: &off}),
			road("1.37-removed-gates", "v1.37", data.Gate{Name: "NodeSwap", Stage: "removed"}),
		},
	}
	for _, c := range []struct{ to, gate, value, release string }{
		{"v1.37", "NodeSwap", "true", "v1.37"},
		{"v1.37", "NodeSwap", "false", "v1.34"},
		{"v1.36", "NodeSwap", "true", ""},
		{"v1.37", "GitRepoVolumeDriver", "true", "v1.36"},
	} {
		s := New(ds, Options{To: c.to})
		doc := "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  " + c.gate + ": " + c.value + "\n"
		fs, _ := s.ScanDocument("kubelet.yaml", []byte(doc))
		switch {
		case c.release == "" && len(fs) != 0:
			t.Errorf("%s=%s to %s: want nothing, got %+v", c.gate, c.value, c.to, fs)
		case c.release != "" && (len(fs) != 1 || fs[0].Release != c.release || fs[0].Severity != Error):
			t.Errorf("%s=%s to %s: want one error from %s, got %+v", c.gate, c.value, c.to, c.release, fs)
		}
	}
}

// A live Pod as the cluster scan hands it over, JSON on one line per field: the probe's host
// passes the scanner's word filter (a cluster object without a trigger word is never decoded)
// and is found at its line; the same Pod without host is not.
func TestRoadProbeHostJSON(t *testing.T) {
	ds := dsForTest()
	s := New(ds, Options{To: ds.Latest()})
	pod := "{\n\"apiVersion\": \"v1\",\n\"kind\": \"Pod\",\n\"metadata\": {\"name\": \"web\", \"namespace\": \"shop\"},\n\"spec\": {\"containers\": [{\"name\": \"web\", \"image\": \"nginx\",\n\"readinessProbe\": {\"tcpSocket\": {\n\"host\": \"10.0.0.9\", \"port\": 80}}}]}\n}\n"
	if !s.MayFind([]byte(pod)) {
		t.Fatal("the scanner's filter passes over a Pod whose probe sets host")
	}
	fs, _ := s.ScanDocument("web.json", []byte(pod))
	if len(fs) != 1 || fs[0].Rule != RuleProbeHost || fs[0].Line != 7 || fs[0].Severity != Error || fs[0].Release != "v1.34" || fs[0].Namespace != "shop" {
		t.Errorf("probe host in JSON: %+v", fs)
	}
	bare := strings.Replace(pod, "\"host\": \"10.0.0.9\", ", "", 1)
	if fs, _ := s.ScanDocument("web.json", []byte(bare)); len(fs) != 0 {
		t.Errorf("no host: %+v", fs)
	}
}
