package cli

import (
	"strings"
	"testing"
)

func TestShow(t *testing.T) {
	t.Parallel()
	raw := runOK(t, "show", "3866", "--raw")
	for _, want := range []string{"# KEP-3866: Add an nftables-based kube-proxy backend", "`NFTablesProxyMode`", "## Links"} {
		if !strings.Contains(raw, want) {
			t.Errorf("show 3866 --raw lacks %q", want)
		}
	}
	for _, ref := range []string{"KEP-3866", "kep3866", "#3866", "3866-nftables-kube-proxy", " 3866-NFTables-Kube-Proxy "} {
		if got := runOK(t, "show", ref, "--raw"); got != raw {
			t.Errorf("show %q differs from show 3866", ref)
		}
	}

	it := decode[map[string]any](t, runOK(t, "show", "3866", "--json"))
	if it["id"] != "3866-nftables-kube-proxy" || it["kep"] != 3866.0 || it["body"] == "" || it["history"] == nil {
		t.Errorf("show 3866 --json: %v", it)
	}
	if gates, _ := it["gates"].([]any); len(gates) != 1 || gates[0].(map[string]any)["name"] != "NFTablesProxyMode" {
		t.Errorf("show 3866 --json gates: %v", it["gates"])
	}

	rendered := runOK(t, "show", "3866", "--width", "60")
	if strings.Contains(rendered, "\x1b") {
		t.Error("show piped must be plain, without escape sequences")
	}
	for _, l := range strings.Split(rendered, "\n") {
		if n := len([]rune(l)); n > 60 {
			t.Errorf("show --width 60: line of %d columns: %q", n, l)
		}
	}
	if !strings.Contains(rendered, "NFTablesProxyMode") || strings.Contains(rendered, "`NFTablesProxyMode`") {
		t.Error("show should render the Markdown")
	}
}

func TestShowRelease(t *testing.T) {
	t.Parallel()
	for _, ref := range []string{"release", "overview"} {
		out := runOK(t, "show", ref)
		if !strings.Contains(out, "Kubernetes v1.31: Elli") || !strings.Contains(out, "2024-08-13") {
			t.Errorf("show %s:\n%s", ref, out)
		}
	}
	rel := decode[map[string]any](t, runOK(t, "show", "release", "--json"))
	if rel["version"] != "v1.31" || rel["codename"] != "Elli" {
		t.Errorf("show release --json: %v", rel)
	}
}
