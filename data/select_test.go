package data

import (
	"github.com/elli-k8s/elli/data/search"
	"slices"
	"strings"
	"testing"
)

// Choosing items without a ranked search: filters, gates, and the page an item composes.

func TestFilterSelect(t *testing.T) {
	d := realDataset(t)
	all := d.Select(Filter{})
	if len(all) != len(d.Items) {
		t.Fatalf("Select({}) = %d items, want all %d", len(all), len(d.Items))
	}
	for i := 1; i < len(all); i++ {
		if !itemLess(all[i-1], all[i]) {
			t.Errorf("display order broken: %s before %s", all[i-1].ID, all[i].ID)
		}
	}
	// display order: enhancements GA, Beta, Alpha by KEP; removals; deprecations; guide by order
	if all[0].ID != idAppArmor {
		t.Errorf("first item %s, want KEP 24 (the lowest GA KEP)", all[0].ID)
	}
	var kinds []Kind
	for _, it := range all {
		if len(kinds) == 0 || kinds[len(kinds)-1] != it.Kind {
			kinds = append(kinds, it.Kind)
		}
	}
	// every kind the release has, each in one run, in the order of Kinds
	want := slices.DeleteFunc(slices.Clone(Kinds), func(k Kind) bool { return !slices.Contains(kinds, k) })
	if !slices.Equal(kinds, want) || len(kinds) < 4 {
		t.Errorf("kinds in display order: %v, want %v", kinds, want)
	}

	tests := []struct {
		f    Filter
		want int
	}{
		{Filter{Stage: StageGA}, 11},
		{Filter{Stage: StageBeta}, 22},
		{Filter{Stage: StageAlpha}, 12},
		{Filter{Kind: KindEnhancement}, 45},
		{Filter{Kind: KindGuide}, len(wantGuides)},
		{Filter{Stage: StageBeta, Kind: KindRemoval}, 0},
		{Filter{SIG: "no-such-sig"}, 0},
	}
	for _, tc := range tests {
		if got := len(d.Select(tc.f)); got != tc.want {
			t.Errorf("Select(%+v) = %d items, want %d", tc.f, got, tc.want)
		}
	}
	if n := len(d.Select(Filter{Kind: KindRemoval})) + len(d.Select(Filter{Kind: KindDeprecation})); n != 21 {
		t.Errorf("removals + deprecations = %d, want 21", n)
	}
	// SIG filters accept "sig-" and any case; they AND with the other fields.
	storage := d.Select(Filter{SIG: "storage"})
	for _, f := range []Filter{{SIG: "sig-storage"}, {SIG: "Storage"}, {SIG: "SIG-Storage"}} {
		if got := d.Select(f); !slices.Equal(got, storage) {
			t.Errorf("Select(%+v) = %v, want %v", f, idsOf(got), idsOf(storage))
		}
	}
	for _, it := range d.Select(Filter{SIG: "node", Stage: StageAlpha}) {
		if it.SIG != "node" || it.Stage != StageAlpha {
			t.Errorf("%s (%s, %s) passed sig node + alpha", it.ID, it.SIG, it.Stage)
		}
	}
	sigs := d.SIGsInUse()
	if !slices.IsSorted(sigs) || !slices.Contains(sigs, "storage") || !slices.Contains(sigs, "network") || slices.Contains(sigs, "") {
		t.Errorf("SIGsInUse() = %v", sigs)
	}
	total := 0
	for _, s := range sigs {
		total += len(d.Select(Filter{SIG: s}))
	}
	if total != 45 {
		t.Errorf("the SIGs in use own %d items, want the 45 enhancements", total)
	}
}

func TestFindGates(t *testing.T) {
	d := realDataset(t)
	nft := mustItem(t, d, idNFTables)
	for _, name := range []string{"NFTablesProxyMode", "nftablesproxymode", "NFTABLESPROXYMODE"} {
		refs := d.FindGates(name)
		if len(refs) != 1 || refs[0].Item != nft || refs[0].Name != "NFTablesProxyMode" {
			t.Errorf("FindGates(%q) = %v, want the one gate of %s", name, gateRefs(refs), nft.ID)
		}
	}
	refs := d.FindGates("DisableNodeKubeProxyVersion")
	if len(refs) < 2 || refs[0].Item.ID != idKPVersion {
		t.Errorf("FindGates(DisableNodeKubeProxyVersion) = %v, want the enhancement first, then the deprecation", gateRefs(refs))
	}
	for _, r := range refs {
		if r.Name != "DisableNodeKubeProxyVersion" {
			t.Errorf("exact lookup returned %s", r.Name)
		}
	}
	// a unique prefix, in any case, is the gate; a prefix of several gates is not
	for _, tc := range []struct{ name, want string }{
		{"nftablesproxy", "NFTablesProxyMode"}, {" NFTables ", "NFTablesProxyMode"}, {"nftablesproxymode", "NFTablesProxyMode"},
		{"Disable", ""}, {"", ""}, {"zzqqxx", ""},
	} {
		got, ok := d.GateNamed(tc.name)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("GateNamed(%q) = %q, %v; want %q", tc.name, got, ok, tc.want)
		}
	}
	if refs := d.FindGates("nftablesproxy"); len(refs) != 1 || refs[0].Name != "NFTablesProxyMode" {
		t.Errorf("FindGates(nftablesproxy) = %v, want NFTablesProxyMode alone", gateRefs(refs))
	}
	fz := d.FindGates("nftproxy")
	if len(fz) == 0 || fz[0].Name != "NFTablesProxyMode" {
		t.Errorf("FindGates(nftproxy) = %v, want NFTablesProxyMode first", gateRefs(fz))
	}
	fz = d.FindGates("PDBUnhealthy")
	if len(fz) == 0 || fz[0].Name != "PDBUnhealthyPodEvictionPolicy" {
		t.Errorf("FindGates(PDBUnhealthy) = %v, want PDBUnhealthyPodEvictionPolicy first", gateRefs(fz))
	}
	if refs := d.FindGates("zzqqxx"); len(refs) != 0 {
		t.Errorf("FindGates(zzqqxx) = %v, want none", gateRefs(refs))
	}
	all := d.Gates()
	for i := 1; i < len(all); i++ {
		if strings.ToLower(all[i-1].Name) > strings.ToLower(all[i].Name) {
			t.Errorf("Gates() not by name: %s before %s", all[i-1].Name, all[i].Name)
		}
	}
}

func gateRefs(refs []GateRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Name+"@"+r.Item.ID)
	}
	return out
}

func TestItemMarkdown(t *testing.T) {
	d := realDataset(t)
	nft := mustItem(t, d, idNFTables)
	md := nft.Markdown(LangEN)
	for _, want := range []string{
		"# KEP-3866: Add an nftables-based kube-proxy backend\n",
		"*" + strings.TrimSpace(nft.Summary.Default) + "*",
		"**Stage:** Beta",
		"**SIG:** network",
		"**History:** Alpha v1.29 → Beta v1.31",
		"**Feature gate**\n\n- `NFTablesProxyMode`: beta, on by default, in kube-proxy — the gate only makes the mode available",
		"## What changes in 1.31",
		"## Links",
		"- KEP:\n  <https://github.com/kubernetes/enhancements/issues/3866>\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("3866 Markdown lacks %q", want)
		}
	}
	headings := 0
	for _, l := range outsideCode(md) {
		if strings.HasPrefix(l, "# ") {
			headings++
		}
	}
	if !strings.HasPrefix(md, "# KEP-3866") || headings != 1 {
		t.Errorf("3866 Markdown must have exactly one level-1 heading, first")
	}
	if !strings.Contains(md, nft.Body.Default) {
		t.Error("3866 Markdown does not include the body")
	}

	// an off-by-default gate says so
	if md := d.ByKEP(1880).Markdown(LangEN); !strings.Contains(md, "**Feature gates**\n\n- `MultiCIDRServiceAllocator`: beta, off by default, in kube-apiserver, kube-controller-manager — ") {
		t.Errorf("1880 Markdown does not show its gate off:\n%s", md[:min(len(md), 600)])
	}

	ceph := mustItem(t, d, idCephFS)
	md = ceph.Markdown(LangEN)
	for _, want := range []string{
		"# CephFS in-tree volume plugin removed\n",
		"**Kind:** Removal",
		"**Components:** kubelet",
		"**PRs:** #124544",
		"**Action required on upgrade**",
		"- **Who is affected:** " + ceph.Affects.Default,
		"- **What to do instead:** " + ceph.Instead.Default,
		"- PR 124544:\n  <https://github.com/kubernetes/kubernetes/pull/124544>\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("cephfs Markdown lacks %q", want)
		}
	}
	if strings.Contains(md, "KEP-") && ceph.KEP == 0 {
		t.Error("a change without a KEP shows one")
	}

	dep := mustItem(t, d, idKPVersionDep)
	md = dep.Markdown(LangEN)
	for _, want := range []string{"**Kind:** Deprecation", "**Related:** KEP-4004", "- `DisableNodeKubeProxyVersion`: beta, on by default"} {
		if !strings.Contains(md, want) {
			t.Errorf("kube-proxy version deprecation Markdown lacks %q", want)
		}
	}

	removed := mustItem(t, d, "removal-graduated-feature-gates").Markdown(LangEN)
	if !strings.Contains(removed, "- `ReadWriteOncePod`: removed, in kube-apiserver,") || strings.Contains(removed, "default unknown") {
		t.Errorf("a removed gate should show no default:\n%s", removed)
	}

	guide := mustItem(t, d, idKubeadmGuide)
	md = guide.Markdown(LangEN)
	if !strings.HasPrefix(md, "# "+guide.Title.Default+"\n") || strings.Contains(md, "**Stage:**") || strings.Contains(md, "**Feature gate") {
		t.Errorf("guide Markdown:\n%s", md[:min(len(md), 400)])
	}
	// every item composes a page with one level-1 heading
	for _, it := range d.Items {
		md := it.Markdown(LangEN)
		if n := strings.Count("\n"+strings.Join(outsideCode(md), "\n"), "\n# "); n != 1 {
			t.Errorf("%s: %d level-1 headings in its page", it.ID, n)
		}
	}
	rmd := d.Release.Markdown(LangEN)
	for _, want := range []string{"# Kubernetes v1.31: Elli", "- **Enhancements:** 45: 11 GA, 22 Beta, 12 Alpha", "- **Cycle:** 14 weeks (2024-05-07 to 2024-08-13)", "113 companies and 528 individuals", "379 companies and 2268 contributors"} {
		if !strings.Contains(rmd, want) {
			t.Errorf("release Markdown lacks %q", want)
		}
	}
}

// searchableText is everything of an item the index reads, lower-cased.
func searchableText(it *Item) string {
	parts := []string{it.Title.Default, it.Summary.Default, it.Affects.Default, it.Instead.Default, it.Body.Default,
		it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " "), strings.Join(it.Keywords, " ")}
	for _, g := range it.Gates {
		parts = append(parts, g.Name)
	}
	return strings.ToLower(strings.Join(parts, " "))
}

// hasWords reports whether every word is a whole token of the item's searchable text.
func hasWords(it *Item, words ...string) bool {
	toks := map[string]bool{}
	for _, w := range search.WordsOf(searchableText(it)) {
		toks[w] = true
	}
	for _, w := range words {
		if !toks[w] {
			return false
		}
	}
	return true
}

func idsOf(items []*Item) []string {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

// The release overview is searchable: its theme, numbers and install notes are found like a page.
func TestGatedefaultPhrase(t *testing.T) {
	on, off := true, false
	for _, c := range []struct {
		def  *bool
		want string
	}{{&on, "on by default"}, {&off, "off by default"}, {nil, "default unknown"}} {
		if got := (Gate{Default: c.def}).defaultPhrase(LangEN); got != c.want {
			t.Errorf("defaultPhrase(%v) = %q, want %q", c.def, got, c.want)
		}
	}
}

// Searches share the index and its pool of scratch slices: run concurrently (CI runs this under
// -race), each must give exactly what the same query gives alone, so no search may see another's
// leftovers. The queries overlap in the words they match.
