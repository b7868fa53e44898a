package cluster_test

import (
	"context"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/yaml"

	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/data/cluster"
	"github.com/elli-k8s/elli/internal/kubetest"
)

// roadPlanted are objects planted for check --cluster --to: each road rule a live 1.31
// cluster can show once, and a look-alike of each that must stay silent.
const roadPlanted = `
apiVersion: v1
kind: Service
metadata: {name: legacy, namespace: shop}
spec: {ports: [{port: 80}], externalIPs: [192.0.2.10]}
---
apiVersion: v1
kind: Service
metadata: {name: plain, namespace: shop}
spec: {ports: [{port: 80}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: docs, namespace: shop}
spec:
  selector: {matchLabels: {app: docs}}
  template:
    metadata: {labels: {app: docs}}
    spec:
      containers: [{name: web, image: nginx}]
      volumes: [{name: site, gitRepo: {repository: "https://example.com/site.git"}}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: docs-clean, namespace: shop}
spec:
  selector: {matchLabels: {app: docs-clean}}
  template:
    metadata: {labels: {app: docs-clean}}
    spec:
      containers: [{name: web, image: nginx}]
      volumes: [{name: git-repo, emptyDir: {}}]
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: px-db}
provisioner: kubernetes.io/portworx-volume
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: px-csi}
provisioner: pxd.portworx.com
---
apiVersion: flowcontrol.apiserver.k8s.io/v1beta3
kind: FlowSchema
metadata: {name: road-batch}
spec:
  matchingPrecedence: 9000
  priorityLevelConfiguration: {name: global-default}
`

// roadWants are the road findings of roadPlanted and of the planted nodes (containerd 1.x on
// cgroup v1), each at its object and field with its release.
var roadWants = []struct{ file, path, rule, release string }{
	{"test/shop/Service/legacy", "spec.externalIPs", check.RuleExternalIPs, "v1.36"},
	{"test/shop/Deployment/docs", "spec.template.spec.volumes[0].gitRepo", check.RuleGitRepo, "v1.33"},
	{"test/StorageClass/px-db", "provisioner", check.RulePortworxRemoved, "v1.36"},
	{"test/Node/node-1", "status.nodeInfo.containerRuntimeVersion", check.RuleContainerd1, "v1.36"},
	{"test/Node/node-2", "status.nodeInfo.containerRuntimeVersion", check.RuleContainerd1, "v1.36"},
	{"test/Node/node-1", "", check.RuleCgroupV1Fails, "v1.35"},
	{"test/Node/node-2", "", check.RuleCgroupV1Fails, "v1.35"},
	{"test/kube-system/Pod/kube-apiserver-node-1", "", check.RuleRoadFlag, "v1.33"}, // --cloud-provider
}

func TestScanRealRoad(t *testing.T) {
	env, _ := kubetest.StartPlanted(t)
	admin := dynamic.NewForConfigOrDie(env.Config(kubetest.AdminToken))
	for _, doc := range strings.Split(roadPlanted, "\n---\n") {
		var obj unstructured.Unstructured
		if err := yaml.Unmarshal([]byte(doc), &obj.Object); err != nil {
			t.Fatal(err)
		}
		gv, _ := schema.ParseGroupVersion(obj.GetAPIVersion())
		res := strings.ToLower(obj.GetKind()) + "s"
		if obj.GetKind() == "StorageClass" {
			res = "storageclasses"
		}
		var ri dynamic.ResourceInterface = admin.Resource(gv.WithResource(res))
		if ns := obj.GetNamespace(); ns != "" {
			ri = admin.Resource(gv.WithResource(res)).Namespace(ns)
		}
		if _, err := ri.Create(context.Background(), &obj, metav1.CreateOptions{}); err != nil {
			t.Fatalf("planting %s %s: %v", obj.GetKind(), obj.GetName(), err)
		}
	}
	ds := dataset(t)
	rep, err := cluster.Scan(context.Background(), env.Config(kubetest.ScannerToken),
		check.New(ds, check.Options{To: ds.Latest()}), cluster.Options{Context: "test"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range roadWants {
		found := false
		for _, f := range rep.Findings {
			if f.File == w.file && f.Rule == w.rule && (w.path == "" || f.Path == w.path) {
				found = true
				if f.Release != w.release {
					t.Errorf("%s at %s %s: release %q, want %s", w.rule, w.file, f.Path, f.Release, w.release)
				}
			}
		}
		if !found {
			t.Errorf("missing %s at %s %s", w.rule, w.file, w.path)
		}
	}
	called := false
	for _, f := range rep.Findings {
		if f.Rule == check.RuleRoadAPICalled && strings.Contains(f.Path, `version="v1beta3"`) && f.Release == "v1.32" {
			called = true // the FlowSchema planted at v1beta3 was a request the server counted
		}
		for _, clean := range []string{"test/shop/Service/plain", "test/shop/Deployment/docs-clean", "test/StorageClass/px-csi"} {
			if f.File == clean {
				t.Errorf("a finding on the look-alike %s: %s %s", clean, f.Rule, f.Message)
			}
		}
		if f.Release != "" {
			if it := ds.ByID(f.Item); it == nil || it.Road == nil || it.Road.Release != f.Release {
				t.Errorf("%s at %s %s: release %s, item %s", f.Rule, f.File, f.Path, f.Release, f.Item)
			}
		}
	}
	if !called {
		t.Error("no finding from apiserver_requested_deprecated_apis for flowcontrol v1beta3")
	}
	for _, ev := range env.Audit(t, "elli-scanner") {
		if ev.Verb != "get" && ev.Verb != "list" {
			t.Errorf("elli-scanner did %s %s", ev.Verb, ev.RequestURI)
		}
	}
}
