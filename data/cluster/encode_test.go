package cluster

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// The encoder's JSON is valid, and each line's path names the key or element on it.
func TestEncoderLinePaths(t *testing.T) {
	obj := map[string]any{
		"metadata": map[string]any{"name": "web", "annotations": map[string]any{"container.apparmor.security.beta.kubernetes.io/web": "unconfined"}},
		"spec": map[string]any{"volumes": []any{map[string]any{"name": "a", "emptyDir": map[string]any{}},
			map[string]any{"name": "b", "cephfs": map[string]any{"path": "/x<y>&"}}}, "replicas": int64(3), "on": true, "none": nil},
	}
	b, lines := newEncoder().writeObject(obj)
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	if strings.Contains(string(b), `\u003c`) {
		t.Error("HTML escapes would pass data/check's trigger filter for nothing")
	}
	want := map[string]string{
		`"cephfs": {`:      "spec.volumes[1].cephfs",
		`"container.appar`: `metadata.annotations["container.apparmor.security.beta.kubernetes.io/web"]`,
		`"replicas": 3`:    "spec.replicas",
	}
	for i, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		for prefix, path := range want {
			if strings.HasPrefix(strings.TrimSpace(l), prefix) {
				if got := lines.at(i + 1); got != path {
					t.Errorf("line %d %q: path %q, want %q", i+1, l, got, path)
				}
				delete(want, prefix)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("lines not met: %v", want)
	}
}

// An object checked through the encoder gets its findings from data/check at the right field.
func TestObjectFindingsAtPaths(t *testing.T) {
	ds := snapshot.Dataset()
	s := &scan{sc: check.New(ds, check.Options{}), t: textsFor(""), rep: &Report{}, enc: newEncoder(), groups: newGrouper(), podFindings: map[string][]check.Finding{}}
	s.groups.context = "ctx"
	s.object("Deployment", map[string]any{
		"apiVersion": "apps/v1", "kind": "Deployment",
		"metadata": map[string]any{"name": "web", "namespace": "shop", "uid": "d1"},
		"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
			"volumes": []any{map[string]any{"name": "a", "rbd": map[string]any{"image": "x"}}}}}},
	})
	// two pods of the Deployment's ReplicaSet, one with the same volume
	s.object("ReplicaSet", map[string]any{"metadata": map[string]any{"name": "web-1", "namespace": "shop", "uid": "r1",
		"ownerReferences": []any{map[string]any{"kind": "Deployment", "name": "web", "uid": "d1", "controller": true}}}})
	for _, name := range []string{"web-1-a", "web-1-b"} {
		s.object("Pod", map[string]any{"apiVersion": "v1", "kind": "Pod",
			"metadata": map[string]any{"name": name, "namespace": "shop", "uid": name,
				"ownerReferences": []any{map[string]any{"kind": "ReplicaSet", "name": "web-1", "uid": "r1", "controller": true}}},
			"spec": map[string]any{"volumes": []any{map[string]any{"name": "a", "rbd": map[string]any{"image": "x"}}}}})
	}
	fs := s.groups.findings(s.t)
	if len(fs) != 1 {
		t.Fatalf("%d findings, want 1 on the Deployment: %+v", len(fs), fs)
	}
	f := fs[0]
	if f.File != "ctx/shop/Deployment/web" || f.Path != "spec.template.spec.volumes[0].rbd" || f.Rule != check.RuleRBDVolume ||
		!strings.HasSuffix(f.Message, "(pods that run it: 2)") {
		t.Errorf("got %s %s %s %q", f.File, f.Path, f.Rule, f.Message)
	}
}

func TestMetricSample(t *testing.T) {
	for _, tc := range []struct {
		line, name, gate string
		v                float64
	}{
		{`apiserver_webhooks_x509_insecure_sha1_total 3`, "apiserver_webhooks_x509_insecure_sha1_total", "", 3},
		{`kubernetes_feature_enabled{name="AppArmor",stage="BETA"} 1`, "kubernetes_feature_enabled", "AppArmor", 1},
		{`kubernetes_feature_enabled{stage="",name="X"} 0 1712345678`, "kubernetes_feature_enabled", "X", 0},
	} {
		name, labels, v, ok := sample(tc.line)
		if !ok || name != tc.name || v != tc.v || label(labels, "name") != tc.gate {
			t.Errorf("%q: %q %q %v %v", tc.line, name, labels, v, ok)
		}
	}
	if _, _, _, ok := sample("garbage"); ok {
		t.Error("a line without a value parsed")
	}
}

func TestFrame(t *testing.T) {
	for _, tc := range []struct {
		major, minor, git string
		want              Frame
	}{{"1", "30", "", FrameUpgrade}, {"1", "30+", "", FrameUpgrade}, {"1", "31", "", FrameCurrent}, {"1", "29", "", FrameOther},
		{"1", "32", "", FrameOther}, {"2", "31", "", FrameOther}, {"", "", "v1.30.4-gke.1", FrameUpgrade}, {"", "", "v0.0.0-master+$Format:%H$", FrameOther}} {
		if got := frameOf(tc.major, tc.minor, tc.git); got != tc.want {
			t.Errorf("%s.%s: %s, want %s", tc.major, tc.minor, got, tc.want)
		}
	}
}

func TestKernelVersion(t *testing.T) {
	for _, tc := range []struct {
		in       string
		maj, min int
		ok       bool
	}{{"5.10.0-28-amd64", 5, 10, true}, {"6.1.0", 6, 1, true}, {"5.13", 5, 13, true}, {"4.18.0-553.el8_10.x86_64", 4, 18, true}, {"5.4.0+", 5, 4, true}, {"x", 0, 0, false}} {
		maj, min, ok := majorMinor(tc.in)
		if maj != tc.maj || min != tc.min || ok != tc.ok {
			t.Errorf("%q: %d.%d %v", tc.in, maj, min, ok)
		}
	}
}

// A DRA object the server still serves at resource.k8s.io/v1alpha2 (a 1.30 cluster) is a
// finding at its apiVersion, which the list adds to each item.
func TestDRAObject(t *testing.T) {
	ds := snapshot.Dataset()
	s := &scan{sc: check.New(ds, check.Options{}), t: textsFor(""), rep: &Report{}, enc: newEncoder(), groups: newGrouper(),
		podFindings: map[string][]check.Finding{}}
	s.object("ResourceClaim", map[string]any{"apiVersion": "resource.k8s.io/v1alpha2", "kind": "ResourceClaim",
		"metadata": map[string]any{"name": "gpu", "namespace": "ml", "uid": "c1"},
		"spec":     map[string]any{"resourceClassName": "gpu.example.com"}})
	fs := s.groups.findings(s.t)
	if len(fs) != 1 || fs[0].Rule != check.RuleDRAv1alpha2 || fs[0].Path != "apiVersion" || fs[0].File != "ml/ResourceClaim/gpu" {
		t.Errorf("got %+v", fs)
	}
}

// A live object gets the same findings as the same object in a file, from data/check's rules
// through the encoder and ScanDocument: a config in a ConfigMap's string is parsed, an external
// rbd provisioner is a finding, an annotation on a template is. Each finding is on its object
// and field, with no line of a file the user never saw.
func TestDecodedObjectsLikeFiles(t *testing.T) {
	ds := snapshot.Dataset()
	s := &scan{sc: check.New(ds, check.Options{}), t: textsFor(""), rep: &Report{}, enc: newEncoder(), groups: newGrouper(),
		podFindings: map[string][]check.Finding{}}
	s.object("StorageClass", map[string]any{"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
		"metadata": map[string]any{"name": "rbd"}, "provisioner": "ceph.com/rbd"})
	s.object("ConfigMap", map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
		"metadata": map[string]any{"name": "kubeadm-config", "namespace": "kube-system"},
		"data": map[string]any{"ClusterConfiguration": "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\n" +
			"apiServer:\n  extraArgs:\n    cloud-provider: aws\n"}})
	s.object("Deployment", map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
		"metadata": map[string]any{"name": "web", "namespace": "shop"},
		"spec": map[string]any{"template": map[string]any{
			"metadata": map[string]any{"annotations": map[string]any{"container.apparmor.security.beta.kubernetes.io/app": "runtime/default"}},
			"spec":     map[string]any{"containers": []any{map[string]any{"name": "app"}}}}}})
	var got []string
	for _, f := range s.groups.findings(s.t) {
		got = append(got, f.Rule+" "+f.Kind+" "+f.Name+" "+f.File+" "+f.Path)
		if f.Line != 0 || f.Column != 0 {
			t.Errorf("a decoded object has no lines: %+v", f)
		}
	}
	// in the order the objects were met; one object's by line, then in the rule table's order
	want := []string{
		check.RuleRBDProvisioner + " StorageClass rbd StorageClass/rbd provisioner",
		check.RuleCloudProvider + " ConfigMap kubeadm-config kube-system/ConfigMap/kubeadm-config data.ClusterConfiguration",
		check.RuleKubeadmConfigMap + " ConfigMap kubeadm-config kube-system/ConfigMap/kubeadm-config data.ClusterConfiguration",
		check.RuleAppArmor + " Deployment web shop/Deployment/web " +
			`spec.template.metadata.annotations["container.apparmor.security.beta.kubernetes.io/app"]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
