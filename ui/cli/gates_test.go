package cli

import (
	"slices"
	"strings"
	"testing"
)

func TestGates(t *testing.T) {
	t.Parallel()
	all := runOK(t, "gates")
	lines := strings.Split(strings.TrimSpace(all), "\n")
	if f := strings.Fields(lines[0]); !slices.Equal(f, []string{"NAME", "DEFAULT", "STAGE", "COMPONENTS", "KEP/ID"}) || len(lines) < 50 {
		t.Errorf("gates: header %q, %d lines", lines[0], len(lines))
	}
	if !slices.ContainsFunc(lines, func(l string) bool {
		f := strings.Fields(l)
		return len(f) == 5 && f[0] == "NFTablesProxyMode" && f[1] == "on" && f[4] == "3866"
	}) {
		t.Errorf("gates: no NFTablesProxyMode row")
	}

	exact := runOK(t, "gates", "nftablesproxymode")
	want := "NFTablesProxyMode\n" +
		"  Default:       on\n" +
		"  Stage:         beta\n" +
		"  Components:    kube-proxy\n" +
		"  Described in:  3866: Add an nftables-based kube-proxy backend (Beta)\n" +
		"  Note:          the gate only makes the mode available; iptables stays the default proxy mode\n" +
		"  More:          elli show 3866\n"
	if exact != want {
		t.Errorf("gates nftablesproxymode:\n%s\nwant:\n%s", exact, want)
	}
	// the README's example: a case-insensitive prefix of exactly one gate is that gate
	if got := run(t, "gates", "nftablesproxy"); got.stdout != want || got.stderr != "" || got.code != 0 {
		t.Errorf("gates nftablesproxy: exit %d, stderr %q, stdout:\n%s\nwant the gate itself", got.code, got.stderr, got.stdout)
	}
	js := decode[[]GateEntry](t, runOK(t, "gates", "NFTablesProxyMode", "--json"))
	if len(js) != 1 || js[0].Default == nil || !*js[0].Default || js[0].Item.KEP != 3866 || js[0].Stage != "beta" {
		t.Errorf("gates NFTablesProxyMode --json: %+v", js)
	}

	r := run(t, "gates", "nftproxy")
	if r.code != 0 || r.stderr != "elli: no feature gate is named \"nftproxy\"; these come close:\n" ||
		!strings.HasPrefix(r.stdout, "NAME ") || !strings.Contains(r.stdout, "\nNFTablesProxyMode ") {
		t.Errorf("gates nftproxy (fuzzy): %+v", r)
	}

	r = run(t, "gates", "zzqqxx")
	if r.code != 1 || r.stdout != "" || r.stderr != "elli: no feature gate matches \"zzqqxx\"; list them all with: elli gates\n" {
		t.Errorf("gates zzqqxx: %+v", r)
	}
	r = run(t, "gates", "zzqqxx", "--json")
	if r.code != 1 || r.stdout != "[]\n" || !strings.HasPrefix(r.stderr, "elli: no feature gate matches") {
		t.Errorf("gates zzqqxx --json: want [] and exit 1: %+v", r)
	}
}
