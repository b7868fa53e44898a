package check

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A ConfigMap value that many keys name through aliases is parsed once, and a config nested in
// a quoted value keeps pointing at that value, the only place in the file it has.
func TestConfigMapValues(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kube-proxy}\ndata:\n")
	b.WriteString("  config.conf: &c \"apiVersion: kubeproxy.config.k8s.io/v1alpha1\\nkind: KubeProxyConfiguration\\nmode: nftables\"\n")
	for i := range 40 {
		fmt.Fprintf(&b, "  copy-%d: *c\n", i)
	}
	fs, notes := newTestScanner(Options{}).ScanDocument("cm.yaml", []byte(b.String()))
	if g := got("", fs); !slices.Equal(g, []string{"cm.yaml:5 nftables-mode"}) || len(notes) != 0 {
		t.Errorf("aliased value: findings %v, notes %+v", g, notes)
	}

	nested := `apiVersion: v1
kind: ConfigMap
metadata: {name: outer}
data:
  inner: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: inner}\ndata:\n  a: \"apiVersion: kubeproxy.config.k8s.io/v1alpha1\\nkind: KubeProxyConfiguration\\nmode: nftables\"\n  b: \"apiVersion: kubeadm.k8s.io/v1beta3\\nkind: ClusterConfiguration\"\n"
`
	fs, _ = newTestScanner(Options{}).ScanDocument("cm.yaml", []byte(nested))
	if g := got("", fs); !slices.Equal(g, []string{"cm.yaml:5 kubeadm-v1beta3", "cm.yaml:5 nftables-mode"}) {
		t.Errorf("nested configs: findings %v", g)
	}
	for _, f := range fs {
		if f.Column != 10 {
			t.Errorf("%s at column %d, want the outer value's, 10", f.Rule, f.Column)
		}
	}
}
