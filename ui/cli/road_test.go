package cli

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// roadApp is elli on a fixed day, so the road's statuses and default target hold still.
func roadApp(t *testing.T, day string, env map[string]string) *app {
	a := newTestApp(t, env)
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	a.now = func() time.Time { return d }
	return a
}

func TestRoadJSON(t *testing.T) {
	ds := embedded(t)
	road := ds.Road()
	if len(road) < 2 {
		t.Fatalf("the embedded release has %d road releases, want at least two", len(road))
	}
	for _, day := range []string{"2025-01-02", "2026-03-01", "2026-12-06", "2030-01-01"} {
		a := roadApp(t, day, nil)
		r := a.run("road", "--json")
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%s: elli road --json: exit %d, %q", day, r.code, r.stderr)
		}
		got := decode[Road](t, r.stdout)
		want := ds.DefaultTarget(a.now())
		if got.To != want || got.Today != day || got.From != "v1.31" {
			t.Errorf("%s: to %s from %s on %s, want to %s", day, got.To, got.From, got.Today, want)
		}
		// the hops climb one minor at a time from the release's next one to the target
		if len(got.Hops) == 0 || got.Hops[0].Version != road[0].Version || got.Hops[len(got.Hops)-1].Version != got.To {
			t.Fatalf("%s: hops %v do not run from %s to %s", day, hopVersions(got.Hops), road[0].Version, got.To)
		}
		for i, h := range got.Hops {
			if h.Version != road[i].Version {
				t.Errorf("%s: hop %d is %s, want %s", day, i, h.Version, road[i].Version)
			}
			if want := string(road[i].Support.StatusOn(a.now())); h.Status != want {
				t.Errorf("%s: %s is %s, want %s", day, h.Version, h.Status, want)
			}
			if len(h.Items) == 0 {
				t.Errorf("%s: %s lists no change", day, h.Version)
			}
			prev := -1
			for _, it := range h.Items {
				if it.Release != h.Version || it.Kind != "road" || !strings.HasPrefix(it.ID, strings.TrimPrefix(h.Version, "v")+"-") {
					t.Errorf("%s: %s lists %s of %s (kind %s)", day, h.Version, it.ID, it.Release, it.Kind)
				}
				if rank := data.Impact(it.Impact).Rank(); rank < prev {
					t.Errorf("%s: %s lists %s (%s) after a less urgent change", day, h.Version, it.ID, it.Impact)
				} else {
					prev = rank
				}
			}
		}
		// the default target's line has not ended, unless every line has
		if st := got.Hops[len(got.Hops)-1].Status; st == "ended" && got.To != ds.Latest() {
			t.Errorf("%s: the default target %s has ended", day, got.To)
		}
	}
}

func hopVersions(hs []RoadHop) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Version)
	}
	return out
}

func TestRoadArgs(t *testing.T) {
	ds := embedded(t)
	second := ds.Road()[1].Version
	a := roadApp(t, "2026-12-06", nil)
	one := decode[Road](t, a.run("road", strings.TrimPrefix(second, "v"), "--json").stdout)
	if len(one.Hops) != 1 || one.Hops[0].Version != second {
		t.Errorf("elli road %s lists %v, want that hop alone", second, hopVersions(one.Hops))
	}
	page := roadApp(t, "2026-12-06", nil).run("road", strings.TrimPrefix(second, "v"))
	rr := ds.RoadRelease(second)
	for _, w := range []string{"Kubernetes " + second, "Newest patch release", rr.Latest.Version, rr.Support.EndOfLife} {
		if page.code != 0 || !strings.Contains(page.stdout, w) {
			t.Errorf("elli road %s: exit %d, the hop's page lacks %q:\n%s", second, page.code, w, page.stdout)
		}
	}
	if one.Hops[0].Body == "" {
		t.Errorf("elli road %s --json: no body", second)
	}
	latest := decode[Road](t, roadApp(t, "2026-12-06", nil).run("road", "--to", "latest", "--json").stdout)
	if latest.To != ds.Latest() || len(latest.Hops) != len(ds.Road()) {
		t.Errorf("--to latest reaches %s in %d hops, want %s in %d", latest.To, len(latest.Hops), ds.Latest(), len(ds.Road()))
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"road", "--to", "1.40"}, "1.40 is not on the road: give one of v1.32"},
		{[]string{"road", "--to", "1.31"}, "1.31 is not on the road"},
		{[]string{"road", "1.33", "--to", "1.34"}, "give a release or --to, not both"},
		{[]string{"road", "1.33", "1.34"}, "road takes at most one release"},
	} {
		r := roadApp(t, "2026-12-06", nil).run(tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.msg) || r.stdout != "" {
			t.Errorf("elli %s: exit %d, stderr %q, stdout %q; want exit 2 saying %q", strings.Join(tc.args, " "), r.code, r.stderr, r.stdout, tc.msg)
		}
	}
}

// TestRoadText: the table says where the release stands, the way to the target with its counts,
// each hop's head and its changes, and what to run next, in the reader's language.
func TestRoadText(t *testing.T) {
	ds := embedded(t)
	first := ds.Road()[0]
	for _, tc := range []struct {
		lang  string
		wants []string
	}{
		{"en", []string{"v1.31 reached end of life on 2025-11-11", "hops. Breaking changes on the way:", first.Version + " " + first.Codename + " · released " + first.Released, "breaks on upgrade", "elli check --to"}},
		{"zh", []string{"v1.31 已于 2025-11-11 停止支持", "沿途会导致中断的变更", "升级即中断", "沿升级路线检查文件"}},
	} {
		r := roadApp(t, "2026-12-06", map[string]string{"ELLI_LANG": tc.lang}).run("road")
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%s: exit %d, %q", tc.lang, r.code, r.stderr)
		}
		for _, w := range tc.wants {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("%s: elli road does not say %q:\n%s", tc.lang, w, r.stdout)
			}
		}
		for _, it := range ds.RoadItems(first.Version) {
			if !strings.Contains(r.stdout, it.ID) {
				t.Errorf("%s: elli road lists no %s", tc.lang, it.ID)
			}
		}
	}
}

// TestShowRoadItem: a road change's page names its release and impact, and its JSON carries
// its road facts.
func TestShowRoadItem(t *testing.T) {
	ds := embedded(t)
	it := ds.RoadItems(ds.Road()[0].Version)[0]
	page := runOK(t, "show", it.ID, "--raw")
	if !strings.Contains(page, "**Release:** "+it.Road.Release) || !strings.Contains(page, "**Impact:** "+it.Road.Impact.LabelIn(data.LangEN)) {
		t.Errorf("the page of %s lacks its release or impact:\n%s", it.ID, page)
	}
	p := decode[RoadPage](t, runOK(t, "show", it.ID, "--json"))
	if p.ID != it.ID || p.Release != it.Road.Release || p.Impact != string(it.Road.Impact) || p.Category == "" {
		t.Errorf("show %s --json = %+v", it.ID, p.RoadFacts)
	}
}

func embedded(t *testing.T) *data.Dataset {
	t.Helper()
	return snapshot.Dataset()
}

func init() {
	for _, v := range []any{Road{}, RoadHop{}, RoadLatest{}, RoadItem{}, RoadFacts{}, RoadFlag{}, RoadPage{}} {
		t := reflect.TypeOf(v)
		schemaTypes[t.Name()] = t
	}
}
