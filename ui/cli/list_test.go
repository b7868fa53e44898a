package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

func keps(es []Item) []int {
	var out []int
	for _, e := range es {
		out = append(out, e.KEP)
	}
	slices.Sort(out)
	return out
}

var (
	gaKEPs    = []int{24, 2185, 2305, 3017, 3329, 3335, 3715, 3762, 3836, 4009, 4569}
	alphaKEPs = []int{1790, 3063, 3619, 4176, 4330, 4355, 4368, 4381, 4601, 4633, 4639, 4680}
)

func TestListStageJSON(t *testing.T) {
	t.Parallel()
	all := decode[[]Item](t, runOK(t, "list", "--kind", "enhancement", "--json"))
	var beta []int
	for _, e := range all {
		if !slices.Contains(gaKEPs, e.KEP) && !slices.Contains(alphaKEPs, e.KEP) {
			beta = append(beta, e.KEP)
		}
	}
	slices.Sort(beta)
	for _, tc := range []struct {
		stage string
		want  []int
	}{{"ga", gaKEPs}, {"beta", beta}, {"alpha", alphaKEPs}, {"GA", gaKEPs}} {
		got := decode[[]Item](t, runOK(t, "list", "--stage", tc.stage, "--json"))
		if !slices.Equal(keps(got), tc.want) {
			t.Errorf("list --stage %s: KEPs %v, want %v", tc.stage, keps(got), tc.want)
		}
		for _, e := range got {
			if e.Kind != "enhancement" || e.Stage != strings.ToLower(tc.stage) || e.Title == "" || e.Summary == "" || e.Gates == nil {
				t.Errorf("list --stage %s: bad entry %+v", tc.stage, e)
			}
		}
	}
	if len(all) != 45 || len(beta) != 22 {
		t.Errorf("%d enhancements, %d beta; want 45 and 22", len(all), len(beta))
	}
}

func TestListJSONSchema(t *testing.T) {
	t.Parallel()
	out := runOK(t, "list", "--json")
	raw := decode[[]map[string]any](t, out)
	road := len(snapshot.Dataset().Select(data.Filter{Kind: data.KindRoad}))
	if len(raw) != 91+road {
		t.Fatalf("list --json: %d entries, want 91 of the release and %d of the road", len(raw), road)
	}
	var nft, removal map[string]any
	for _, e := range raw {
		switch e["id"] {
		case "3866-nftables-kube-proxy":
			nft = e
		case "removal-cephfs-volume-plugin":
			removal = e
		}
	}
	want := map[string]any{
		"id": "3866-nftables-kube-proxy", "kind": "enhancement", "kep": 3866.0, "stage": "beta", "sig": "network",
		"title": "Add an nftables-based kube-proxy backend", "url": "https://github.com/kubernetes/enhancements/issues/3866",
		"gates": []any{map[string]any{"name": "NFTablesProxyMode", "default": true, "stage": "beta", "components": []any{"kube-proxy"},
			"note": "the gate only makes the mode available; iptables stays the default proxy mode"}},
		"off_by_default": false, "action_required": false, "lang": "en",
	}
	for k, v := range want {
		if got, ok := nft[k]; !ok || !jsonEqual(got, v) {
			t.Errorf("3866 %s = %v, want %v", k, got, v)
		}
	}
	if len(nft) != 12 {
		t.Errorf("3866 has fields %v, want 12", nft)
	}
	for _, k := range []string{"kep", "stage", "sig", "score"} {
		if _, ok := removal[k]; ok {
			t.Errorf("removal-cephfs-volume-plugin has %q; it must be absent", k)
		}
	}
	if removal["kind"] != "removal" || removal["action_required"] != true {
		t.Errorf("removal-cephfs-volume-plugin: %v", removal)
	}
}

func TestListFilters(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		n    int
		kind string
		sig  string
	}{
		{[]string{"--kind", "removal"}, 13, "removal", ""},
		{[]string{"--kind", "deprecation"}, 8, "deprecation", ""},
		{[]string{"--kind", "guide"}, 5, "guide", ""},
		{[]string{"--sig", "network"}, 0, "", "network"},
		{[]string{"--sig", "SIG-Network", "--stage", "beta"}, 0, "", "network"},
	} {
		got := decode[[]Item](t, runOK(t, append([]string{"list", "--json"}, tc.args...)...))
		if tc.n > 0 && len(got) != tc.n || len(got) == 0 {
			t.Errorf("list %v: %d entries, want %d", tc.args, len(got), tc.n)
		}
		for _, e := range got {
			if tc.kind != "" && e.Kind != tc.kind || tc.sig != "" && e.SIG != tc.sig {
				t.Errorf("list %v: %s does not match", tc.args, e.ID)
			}
		}
	}
}

func TestListText(t *testing.T) {
	t.Parallel()
	lines := strings.Split(strings.TrimSuffix(runOK(t, "list", "--stage", "beta"), "\n"), "\n")
	if len(lines) != 23 {
		t.Fatalf("list --stage beta: %d lines, want a header and 22 rows", len(lines))
	}
	if f := strings.Fields(lines[0]); !slices.Equal(f, []string{"KEP/ID", "STAGE", "SIG", "TITLE"}) {
		t.Errorf("header %q", lines[0])
	}
	row := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "3866 ") {
			row = l
		}
	}
	if f := strings.Fields(row); len(f) < 4 || f[1] != "Beta" || f[2] != "network" || !strings.HasSuffix(row, "Add an nftables-based kube-proxy backend") {
		t.Errorf("3866 row %q", row)
	}
	changes := runOK(t, "list", "--kind", "deprecation")
	if !strings.Contains(changes, "deprecation-cgroup-v1") || !strings.Contains(changes, " Deprecation ") {
		t.Errorf("deprecations should show their kind in STAGE:\n%s", changes)
	}
}
