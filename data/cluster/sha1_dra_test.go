package cluster_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/data/cluster"
	"github.com/elli-k8s/elli/internal/kubetest"
)

// sha1Objects point the API server at a TLS server whose certificate is signed with SHA-1:
// a webhook that trusts the CA (the API server refuses the leaf's signature), a webhook that
// trusts the leaf itself (the API server accepts it as a trust anchor, calls the webhook, and
// finds a SHA-1 signature in the chain it was served), and an aggregated API behind an
// ExternalName Service. ${ca} and ${leaf} are base64 PEM, ${port} the server's port.
const sha1Objects = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: sha1-ca}
webhooks:
- name: ca.sha1.example.com
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Ignore
  objectSelector: {matchLabels: {sha1: ca}}
  clientConfig: {url: "https://127.0.0.1:${port}/validate", caBundle: "${ca}"}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: sha1-pinned}
webhooks:
- name: pinned.sha1.example.com
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Ignore
  objectSelector: {matchLabels: {sha1: pinned}}
  clientConfig: {url: "https://127.0.0.1:${port}/validate", caBundle: "${leaf}"}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
---
apiVersion: v1
kind: Service
metadata: {name: ` + kubetest.SHA1Service + `, namespace: ` + kubetest.SHA1Namespace + `}
spec: {type: ExternalName, externalName: localhost}
---
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata: {name: v1.sha1.example.com}
spec:
  group: sha1.example.com
  version: v1
  groupPriorityMinimum: 1000
  versionPriority: 15
  service: {namespace: ` + kubetest.SHA1Namespace + `, name: ` + kubetest.SHA1Service + `, port: ${port}}
  caBundle: "${ca}"
`

// draCRDs serve resource.k8s.io/v1alpha2, which a v1.31 server no longer serves itself, from
// CustomResourceDefinitions: the group version the scan finds through discovery and lists as
// it would on a 1.30 server. A *.k8s.io group needs the api-approved annotation.
const draCRDs = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: resourceclaims.resource.k8s.io
  annotations: {api-approved.kubernetes.io: "unapproved, elli test only"}
spec:
  group: resource.k8s.io
  scope: Namespaced
  names: {plural: resourceclaims, singular: resourceclaim, kind: ResourceClaim, listKind: ResourceClaimList}
  versions:
  - {name: v1alpha2, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: resourceclasses.resource.k8s.io
  annotations: {api-approved.kubernetes.io: "unapproved, elli test only"}
spec:
  group: resource.k8s.io
  scope: Cluster
  names: {plural: resourceclasses, singular: resourceclass, kind: ResourceClass, listKind: ResourceClassList}
  versions:
  - {name: v1alpha2, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`

// draObjects are v1.30-shaped DRA objects left in the cluster.
const draObjects = `apiVersion: resource.k8s.io/v1alpha2
kind: ResourceClass
metadata: {name: gpu}
driverName: gpu.example.com
---
apiVersion: resource.k8s.io/v1alpha2
kind: ResourceClaim
metadata: {name: gpu-claim, namespace: default}
spec: {resourceClassName: gpu}
`

// metric reads one counter from the API server's /metrics as cfg's user; -1 when absent.
func metric(t *testing.T, cfg *rest.Config, name string) int {
	t.Helper()
	b, err := kubernetes.NewForConfigOrDie(cfg).RESTClient().Get().AbsPath("/metrics").DoRaw(context.Background())
	if err != nil {
		t.Fatalf("/metrics: %v", err)
	}
	m := regexp.MustCompile(`(?m)^` + name + ` (\S+)$`).FindSubmatch(b)
	if m == nil {
		return -1
	}
	v, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return int(v)
}

// eventually calls try every 200 ms until it returns true, or fails after limit.
func eventually(t *testing.T, limit time.Duration, what string, try func() bool) {
	t.Helper()
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if try() {
			return
		}
	}
	t.Fatalf("%s: not within %s", what, limit)
}

// createConfigMap creates a ConfigMap that the webhook labelled sel matches.
func createConfigMap(t *testing.T, cs kubernetes.Interface, sel string) {
	t.Helper()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{GenerateName: "sha1-" + sel + "-", Labels: map[string]string{"sha1": sel}}}
	if _, err := cs.CoreV1().ConfigMaps("default").Create(context.Background(), cm, metav1.CreateOptions{}); err != nil {
		t.Fatalf("create a ConfigMap for the %s webhook: %v", sel, err)
	}
}

const (
	webhookSHA1    = "apiserver_webhooks_x509_insecure_sha1_total"
	aggregatorSHA1 = "apiserver_kube_aggregator_x509_insecure_sha1_total"
)

// TestScanRealSHA1AndDRA plants, on a server of its own, what the API server's SHA-1 counters
// count and resource.k8s.io/v1alpha2 objects, and checks that the scan reads both: the
// counters from /metrics at the values the server shows, the DRA objects at their objects.
func TestScanRealSHA1AndDRA(t *testing.T) {
	env := kubetest.Start(t)
	admin := env.Config(kubetest.AdminToken)
	cs := kubernetes.NewForConfigOrDie(admin)

	// Before anything is planted: the server exposes both counters at 0 (a counter at 0 is
	// no finding), and it does not serve resource.k8s.io/v1alpha2 (no finding, no note).
	for _, c := range []string{webhookSHA1, aggregatorSHA1} {
		if v := metric(t, admin, c); v != 0 {
			t.Fatalf("%s = %d before anything was planted; want 0", c, v)
		}
	}
	rep := scan(t, admin, cluster.Options{})
	if len(rep.Findings) != 0 || len(rep.Notes) != 0 {
		t.Errorf("an empty v1.31 server: %d findings %+v, notes %+v", len(rep.Findings), rep.Findings, rep.Notes)
	}
	for _, k := range rep.Read {
		if k.Kind == "ResourceClaim" || k.Kind == "ResourceClass" {
			t.Errorf("read %s from a server that does not serve resource.k8s.io/v1alpha2", k.Kind)
		}
	}

	srv := kubetest.StartSHA1Server(t)
	b64 := base64.StdEncoding.EncodeToString
	kubetest.Create(t, admin, strings.NewReplacer("${port}", strconv.Itoa(srv.Port),
		"${ca}", b64(srv.CA), "${leaf}", b64(srv.Leaf)).Replace(sha1Objects))

	// The webhook that trusts the CA: Go (1.24 and later always) refuses the leaf's SHA-1
	// signature; the API server counts the refusal and, failurePolicy Ignore, admits the
	// object. A webhook configuration takes effect when the server's informer has it, so
	// ConfigMaps are created until one was counted.
	eventually(t, 30*time.Second, "the CA webhook's refusal counted", func() bool {
		createConfigMap(t, cs, "ca")
		return metric(t, admin, webhookSHA1) > 0
	})
	if n := srv.Admissions.Load(); n != 0 {
		t.Errorf("the API server sent %d AdmissionReviews through a SHA-1-signed leaf it should refuse", n)
	}
	refused := metric(t, admin, webhookSHA1)

	// The webhook that trusts the leaf itself: the handshake passes (a trust anchor's own
	// signature is not checked), the webhook answers, and the server counts the SHA-1
	// signature it saw in the certificates served.
	eventually(t, 30*time.Second, "the pinned webhook called", func() bool {
		createConfigMap(t, cs, "pinned")
		return srv.Admissions.Load() > 0
	})
	calls := metric(t, admin, webhookSHA1)
	t.Logf("%s: %d after the CA webhook's refused calls, %d after the pinned webhook's %d answered calls",
		webhookSHA1, refused, calls, srv.Admissions.Load())
	if calls <= refused {
		t.Errorf("%s stayed at %d after the pinned webhook answered %d reviews", webhookSHA1, calls, srv.Admissions.Load())
	}

	// The aggregated API: the availability check (which skips TLS verification) marks it
	// available, then the aggregator's proxy refuses the leaf and counts it.
	eventually(t, 60*time.Second, "the aggregator's refusal counted", func() bool {
		_, _ = cs.RESTClient().Get().AbsPath("/apis/sha1.example.com/v1").DoRaw(context.Background())
		return metric(t, admin, aggregatorSHA1) > 0
	})

	// DRA v1alpha2, served by CRDs once they are established.
	kubetest.Create(t, admin, draCRDs)
	disc := discovery.NewDiscoveryClientForConfigOrDie(admin)
	eventually(t, 30*time.Second, "resource.k8s.io/v1alpha2 served", func() bool {
		l, err := disc.ServerResourcesForGroupVersion("resource.k8s.io/v1alpha2")
		return err == nil && len(l.APIResources) >= 2
	})
	kubetest.Create(t, admin, draObjects)

	rep = scan(t, admin, cluster.Options{})
	// the counter may have moved again since (the aggregator's discovery polls on its own)
	aggregated := metric(t, admin, aggregatorSHA1)
	matchFindings(t, rep, []want{
		{"test/default/ResourceClaim/gpu-claim", "apiVersion", check.RuleDRAv1alpha2, "ResourceClaim"},
		{"test/ResourceClass/gpu", "apiVersion", check.RuleDRAv1alpha2, "ResourceClass"},
		{"test/ValidatingWebhookConfiguration/sha1-pinned", "webhooks[0].clientConfig.caBundle", check.RuleSHA1Cert, "sha1 webhook"},
		{"test/APIServer/metrics", webhookSHA1, check.RuleSHA1Cert, fmt.Sprintf("counted %d calls", calls)},
		{"test/APIServer/metrics", aggregatorSHA1, check.RuleSHA1Cert, ""},
	})
	for _, f := range rep.Findings {
		r, _ := check.RuleByID(f.Rule)
		if f.Item != r.Item || f.Severity != r.Severity {
			t.Errorf("%s at %s: item %q severity %v, want the rule's %q %v", f.Rule, f.File, f.Item, f.Severity, r.Item, r.Severity)
		}
		if f.Path == aggregatorSHA1 && !strings.Contains(f.Message, "counted ") {
			t.Errorf("%s: %q", aggregatorSHA1, f.Message)
		} else if f.Path == aggregatorSHA1 {
			t.Logf("%s: the scan read %q; /metrics says %d after it", aggregatorSHA1, f.Message, aggregated)
		}
	}
	if len(rep.Notes) != 0 {
		t.Errorf("a full-rights scan left notes: %+v", rep.Notes)
	}

	// a user without rights still sees the group version in discovery (system:discovery), so
	// each DRA kind is a note of its own, not a silent gap
	rep = scan(t, env.Config(kubetest.NobodyToken), cluster.Options{})
	for _, kind := range []string{"ResourceClaim", "ResourceClass"} {
		if n := noteFor(rep, kind); !strings.Contains(n, "RBAC") || !strings.Contains(n, ".resource.k8s.io") {
			t.Errorf("nobody's note for %s = %q, want an RBAC note naming the resource", kind, n)
		}
	}

	// the scans themselves wrote nothing: every request they made (their user agent) was a read
	var reads int
	for _, ev := range env.Audit(t, "") {
		if !strings.HasPrefix(ev.UserAgent, "elli-cluster-scan") {
			continue
		}
		reads++
		if ev.Verb != "get" && ev.Verb != "list" {
			t.Errorf("the scan did %s %s", ev.Verb, ev.RequestURI)
		}
	}
	if reads == 0 {
		t.Error("the audit log has no request of the scans")
	}
}
