package data

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The facts the embedded v1.31 content must match, from the release announcement and the
// enhancements tracking board. They are written out here on purpose: the test checks the content
// against them, not the content against itself.
var (
	wantGA    = []int{24, 2185, 2305, 3017, 3329, 3335, 3715, 3762, 3836, 4009, 4569}
	wantAlpha = []int{1790, 3063, 3619, 4176, 4330, 4355, 4368, 4381, 4601, 4633, 4639, 4680}
	wantBeta  = []int{1029, 1880, 2340, 2589, 2644, 3633, 3751, 3857, 3866, 3998, 4004, 4006, 4033,
		4191, 4193, 4265, 4292, 4358, 4420, 4444, 4568, 4622}
	wantGuides = []string{"breaking-changes", "kubeadm-v1beta4", "ops-practices", "pitfalls", "pv-leak-kep-2644"}
)

func TestEmbeddedLoads(t *testing.T) {
	d, err := Load(realFS(t))
	if err != nil {
		var le *LoadError
		if errors.As(err, &le) {
			for _, p := range le.Problems {
				t.Error(p)
			}
		}
		t.Fatalf("Load: %v", err)
	}
	if d == nil || len(d.Items) == 0 {
		t.Fatal("Load returned an empty dataset")
	}
}

func TestEmbeddedEnhancementsByStage(t *testing.T) {
	d := realDataset(t)
	got := map[Stage][]int{}
	for _, it := range d.Select(Filter{Kind: KindEnhancement}) {
		got[it.Stage] = append(got[it.Stage], it.KEP)
	}
	want := map[Stage][]int{StageGA: wantGA, StageBeta: wantBeta, StageAlpha: wantAlpha}
	total := 0
	for _, st := range Stages {
		g := slices.Sorted(slices.Values(got[st]))
		w := slices.Sorted(slices.Values(want[st]))
		if !slices.Equal(g, w) {
			t.Errorf("%s KEPs:\n got %v\nwant %v\n missing %v, unexpected %v", st.Label(), g, w, diffInts(w, g), diffInts(g, w))
		}
		total += len(g)
	}
	if len(got) != len(Stages) {
		t.Errorf("enhancements carry stages %v, want only ga, beta, alpha", slices.Collect(maps.Keys(got)))
	}
	if total != 45 {
		t.Errorf("%d enhancements, want 45", total)
	}
	if n := len(d.Select(Filter{Stage: StageGA})); n != 11 {
		t.Errorf("%d GA items, want 11", n)
	}
	if n := len(d.Select(Filter{Stage: StageBeta})); n != 22 {
		t.Errorf("%d beta items, want 22", n)
	}
	if n := len(d.Select(Filter{Stage: StageAlpha})); n != 12 {
		t.Errorf("%d alpha items, want 12", n)
	}
}

func TestEmbeddedChangesAndGuide(t *testing.T) {
	d := realDataset(t)
	removals := d.Select(Filter{Kind: KindRemoval})
	deprecations := d.Select(Filter{Kind: KindDeprecation})
	if n := len(removals) + len(deprecations); n != 21 {
		t.Errorf("%d changes (%d removals + %d deprecations), want 21", n, len(removals), len(deprecations))
	}
	if len(removals) == 0 || len(deprecations) == 0 {
		t.Errorf("want both removals and deprecations, got %d and %d", len(removals), len(deprecations))
	}
	for _, it := range append(removals, deprecations...) {
		if !strings.HasPrefix(it.Path, "changes/") {
			t.Errorf("%s: a %s outside changes/", it.Path, it.Kind)
		}
		if it.Affects.Default == "" || it.Instead.Default == "" || len(it.Components) == 0 {
			t.Errorf("%s: a change needs affects, instead and components", it.ID)
		}
	}
	guides := d.Select(Filter{Kind: KindGuide})
	var ids []string
	orders := map[int]bool{}
	for _, g := range guides {
		ids = append(ids, g.ID)
		if orders[g.Order] || g.Order <= 0 {
			t.Errorf("guide %s: order %d is not a unique positive position", g.ID, g.Order)
		}
		orders[g.Order] = true
	}
	for _, id := range wantGuides {
		if !slices.Contains(ids, id) {
			t.Errorf("guide page %q missing; have %v", id, ids)
		}
	}
	for i := 1; i < len(guides); i++ {
		if guides[i-1].Order >= guides[i].Order {
			t.Errorf("guide pages not in their order: %s (%d) before %s (%d)", guides[i-1].ID, guides[i-1].Order, guides[i].ID, guides[i].Order)
		}
	}
	road := len(d.Select(Filter{Kind: KindRoad}))
	if n := len(d.Items); n != 45+21+len(guides)+14+6+road {
		t.Errorf("%d items, want 45 enhancements + 21 changes + %d guide pages + 14 patch releases + 6 CVEs + %d road changes", n, len(guides), road)
	}
}

func TestEmbeddedReleaseFacts(t *testing.T) {
	r := realDataset(t).Release
	checks := []struct {
		name      string
		got, want any
	}{
		{"version", r.Version, "v1.31"},
		{"codename", r.Codename, "Elli"},
		{"released", r.Released, "2024-08-13"},
		{"cycle.start", r.Cycle.Start, "2024-05-07"},
		{"cycle.end", r.Cycle.End, "2024-08-13"},
		{"cycle.weeks", r.Cycle.Weeks, 14},
		{"counts", r.Counts, Counts{GA: 11, Beta: 22, Alpha: 12}},
		{"counts.total", r.Counts.Total(), 45},
		{"contributors.companies", r.Contributors.Companies, 113},
		{"contributors.individuals", r.Contributors.Individuals, 528},
		{"contributors.ecosystem_companies", r.Contributors.EcosystemCompanies, 379},
		{"contributors.ecosystem_contributors", r.Contributors.EcosystemContributors, 2268},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("release %s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if !strings.Contains(r.Title.Default, "Elli") || strings.TrimSpace(r.Summary.Default) == "" || strings.TrimSpace(r.Body.Default) == "" {
		t.Errorf("release title/summary/body incomplete: %q / %q", r.Title.Default, r.Summary.Default)
	}
}

func TestEmbeddedGates(t *testing.T) {
	d := realDataset(t)
	refs := d.FindGates("DisableNodeKubeProxyVersion")
	if len(refs) == 0 {
		t.Fatal("gate DisableNodeKubeProxyVersion not found")
	}
	for _, g := range refs {
		if g.Default == nil || !*g.Default {
			t.Errorf("%s: DisableNodeKubeProxyVersion default is %s, want on (true) in v1.31", g.Item.ID, g.DefaultLabel())
		}
	}
	for _, kep := range []int{1029, 1880, 3751, 4265} {
		it := d.ByKEP(kep)
		if it == nil {
			t.Errorf("KEP %d missing", kep)
			continue
		}
		if it.Stage != StageBeta || !it.OffByDefault() {
			t.Errorf("KEP %d: stage %s, off by default %v; want a beta whose gate is off by default", kep, it.Stage, it.OffByDefault())
		}
	}
	pdb := d.ByKEP(3017)
	if pdb == nil || !slices.ContainsFunc(pdb.Gates, func(g Gate) bool { return g.Name == "PDBUnhealthyPodEvictionPolicy" }) {
		t.Errorf("KEP 3017's gates are %+v, want PDBUnhealthyPodEvictionPolicy", pdb)
	}
	for _, it := range d.Items {
		for _, g := range it.Gates {
			if g.Stage == "" || len(g.Components) == 0 {
				t.Errorf("%s: gate %s lacks a stage or components", it.ID, g.Name)
			}
		}
	}
}

func TestEmbeddedIDsMatchFileNames(t *testing.T) {
	d := realDataset(t)
	fsys := realFS(t)
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || path.Base(p) == ReleaseFile { // the release's and each road release's facts
			return err
		}
		if id, lang := splitName(path.Base(p)); lang == LangEN {
			files = append(files, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var ids []string
	for _, it := range d.Items {
		if seen[it.ID] {
			t.Errorf("duplicate id %q", it.ID)
		}
		seen[it.ID] = true
		ids = append(ids, it.ID)
		if base := path.Base(it.Path); base != it.ID+".md" {
			t.Errorf("item %q comes from %s", it.ID, it.Path)
		}
		if d.ByID(it.ID) != it {
			t.Errorf("ByID(%q) is not the item", it.ID)
		}
		if it.Kind == KindEnhancement && !strings.HasPrefix(it.ID, strconv.Itoa(it.KEP)+"-") {
			t.Errorf("enhancement %q: the file name does not start with its KEP %d", it.ID, it.KEP)
		}
	}
	sort.Strings(files)
	sort.Strings(ids)
	if !slices.Equal(files, ids) {
		t.Errorf("ids differ from file names:\n ids   %v\n files %v", ids, files)
	}
}

// TestEmbeddedSourceIsCleanText guards the raw files: UTF-8 without a BOM or CRLF, so that diffs
// and the loader see the same text.
func TestEmbeddedSourceIsCleanText(t *testing.T) {
	fsys := realFS(t)
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(b, []byte("\ufeff")) || bytes.Contains(b, []byte("\r\n")) {
			t.Errorf("%s: BOM or CRLF line endings", p)
		}
		if !bytes.HasSuffix(b, []byte("\n")) {
			t.Errorf("%s: no final newline", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func diffInts(a, b []int) []int {
	var out []int
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
