package kubetest

import (
	"context"
	_ "embed"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	"sigs.k8s.io/yaml"
)

var uidRef = regexp.MustCompile(`\$\{uid:([^}]*)\}`)

// Create creates each document of docs in order and returns the uids by Kind/namespace/name;
// ${uid:...} in a document is the uid of one created before it.
func Create(t testing.TB, cfg *rest.Config, docs string) map[string]string {
	t.Helper()
	disc := discovery.NewDiscoveryClientForConfigOrDie(cfg)
	mapper := restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(disc))
	dyn := dynamic.NewForConfigOrDie(cfg)
	uids := map[string]string{}
	for _, doc := range strings.Split(docs, "\n---\n") {
		doc = uidRef.ReplaceAllStringFunc(doc, func(m string) string {
			u, ok := uids[uidRef.FindStringSubmatch(m)[1]]
			if !ok {
				t.Fatalf("no uid for %s yet", m)
			}
			return u
		})
		j, err := yaml.YAMLToJSON([]byte(doc))
		if err != nil {
			t.Fatalf("%v in:\n%s", err, doc)
		}
		var u unstructured.Unstructured
		if err := u.UnmarshalJSON(j); err != nil {
			t.Fatalf("%v in:\n%s", err, doc)
		}
		gvk := u.GroupVersionKind()
		m, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
		if err != nil {
			t.Fatalf("%s: %v", gvk, err)
		}
		var ri dynamic.ResourceInterface = dyn.Resource(m.Resource)
		if m.Scope.Name() == "namespace" {
			ri = dyn.Resource(m.Resource).Namespace(u.GetNamespace())
		}
		got, err := ri.Create(context.Background(), &u, metav1.CreateOptions{})
		if err != nil {
			t.Fatalf("create %s %s/%s: %v", gvk.Kind, u.GetNamespace(), u.GetName(), err)
		}
		uids[gvk.Kind+"/"+u.GetNamespace()+"/"+u.GetName()] = string(got.GetUID())
	}
	return uids
}

// NodeInfo is what a planted node's status.nodeInfo says of its kubelet, runtime and kernel.
type NodeInfo struct{ Kubelet, Runtime, Kernel string }

// PlantedNodes are the nodes of planted.yaml. Both run 1.31 kubelets on cgroup v1; node-1's
// kernel is too old for kube-proxy's nftables mode (5.13), node-2's runtime and kernel are also
// too old for cgroup v2 (containerd 1.4, kernel 5.8).
var PlantedNodes = map[string]NodeInfo{
	"node-1": {Kubelet: "v1.31.14", Runtime: "containerd://1.7.20", Kernel: "5.10.0-28-amd64"},
	"node-2": {Kubelet: "v1.31.14", Runtime: "containerd://1.3.10", Kernel: "4.19.0-27-amd64"},
}

// SetNodeStatus gives the node the stand-in kubelet's address and port, and its nodeInfo from
// PlantedNodes.
func SetNodeStatus(t testing.TB, cfg *rest.Config, name string, port int) {
	t.Helper()
	info, ok := PlantedNodes[name]
	if !ok {
		t.Fatalf("node %s is not planted", name)
	}
	ri := dynamic.NewForConfigOrDie(cfg).Resource(schema.GroupVersionResource{Version: "v1", Resource: "nodes"})
	n, err := ri.Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n.Object["status"] = map[string]any{
		"addresses":       []any{map[string]any{"type": "InternalIP", "address": NodeAddress}},
		"daemonEndpoints": map[string]any{"kubeletEndpoint": map[string]any{"Port": int64(port)}},
		"nodeInfo": map[string]any{"kubeletVersion": info.Kubelet, "kubeProxyVersion": info.Kubelet,
			"containerRuntimeVersion": info.Runtime, "kernelVersion": info.Kernel,
			"osImage": "Debian GNU/Linux 12 (bookworm)", "operatingSystem": "linux", "architecture": "amd64",
			"machineID": "m", "systemUUID": "s", "bootID": "b"},
	}
	if _, err := ri.UpdateStatus(context.Background(), n, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
}

// PlantedGate is set on the planted API server's command line: the metric
// kubernetes_feature_enabled reports it, and it is a deprecated gate whose 1.31 default is false.
const PlantedGate = "AllowInsecureKubeletCertificateSigningRequests"

// Configz is what the stand-in kubelet answers: a running kubelet's configuration with a gate
// that 1.31 removed.
const Configz = `{"kubeletconfig":{"enableServer":true,"cgroupDriver":"systemd","featureGates":{"InTreePluginvSphereUnregister":false}}}`

// KubeletMetrics is what the stand-in kubelet's /metrics answers: a few of a 1.31 kubelet's
// series around kubelet_cgroup_version, which says its host runs cgroup v1.
const KubeletMetrics = `# HELP kubelet_certificate_manager_client_ttl_seconds [ALPHA] TTL of the client certificate.
# TYPE kubelet_certificate_manager_client_ttl_seconds gauge
kubelet_certificate_manager_client_ttl_seconds 2.5e+07
# HELP kubelet_cgroup_manager_duration_seconds [ALPHA] Duration in seconds for cgroup manager operations.
# TYPE kubelet_cgroup_manager_duration_seconds histogram
kubelet_cgroup_manager_duration_seconds_bucket{operation_type="create",le="0.005"} 3
kubelet_cgroup_manager_duration_seconds_sum{operation_type="create"} 0.004
kubelet_cgroup_manager_duration_seconds_count{operation_type="create"} 3
# HELP kubelet_cgroup_version [ALPHA] cgroup version on the hosts.
# TYPE kubelet_cgroup_version gauge
kubelet_cgroup_version 1
# HELP kubelet_running_pods [ALPHA] Number of pods that have a running pod sandbox
# TYPE kubelet_running_pods gauge
kubelet_running_pods 2
`

// planted are the objects of the cluster scan's tests, each with what v1.31 breaks in it.
//
//go:embed planted.yaml
var planted string

// StartPlanted starts the control plane (and the stand-in kubelet where the node proxy can
// reach it: nil elsewhere) and creates planted.yaml as the admin, with the SHA-1-signed
// certificate of data/check's corpus as the webhook's caBundle.
func StartPlanted(t testing.TB) (*Env, *Kubelet) {
	t.Helper()
	if _, _, why := Binaries(); why != "" {
		skip(t, why)
	}
	extra := []string{"--feature-gates=" + PlantedGate + "=true"}
	var kubelet *Kubelet
	if NodeProxy() {
		kubelet = StartKubelet(t, Configz)
		ca := filepath.Join(t.TempDir(), "kubelet-ca.crt")
		if err := os.WriteFile(ca, kubelet.CA, 0o600); err != nil {
			t.Fatal(err)
		}
		extra = append(extra, "--kubelet-certificate-authority="+ca)
	}
	env := Start(t, extra...)
	admin := env.Config(AdminToken)
	_, self, _, _ := runtime.Caller(0)
	cert, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "data", "check", "testdata", "corpus", "certs", "webhook-sha1.crt"))
	if err != nil {
		t.Fatal(err)
	}
	Create(t, admin, strings.ReplaceAll(planted, "${sha1CABundle}", base64.StdEncoding.EncodeToString(cert)))
	port := 10250
	if kubelet != nil {
		port = kubelet.Port
	}
	for name := range PlantedNodes {
		SetNodeStatus(t, admin, name, port)
	}
	return env, kubelet
}
