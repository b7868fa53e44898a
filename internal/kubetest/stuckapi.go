package kubetest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
)

// StuckAPIService is the name of the ExternalName Service through which the API server's
// aggregator reaches the stuck API server (in the default namespace).
const StuckAPIService = "stuck-api"

// StuckAPI is an aggregated API server that serves resource.k8s.io/v1alpha2 (the DRA version
// the scan looks for) and answers its discovery, but never answers a list: a backend that is
// stuck, for the scan's per-request timeout on one kind. It is a TLS server on loopback.
type StuckAPI struct {
	Port int
	// Lists counts the list requests that came (and got no answer).
	Lists atomic.Int32
	done  chan struct{}
}

// Objects registers s with the API server: the Service and the APIService of
// v1alpha2.resource.k8s.io, to be created as the admin.
func (s *StuckAPI) Objects() string {
	return `apiVersion: v1
kind: Service
metadata: {name: ` + StuckAPIService + `, namespace: default}
spec: {type: ExternalName, externalName: localhost}
---
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata: {name: v1alpha2.resource.k8s.io}
spec:
  group: resource.k8s.io
  version: v1alpha2
  groupPriorityMinimum: 1000
  versionPriority: 15
  insecureSkipTLSVerify: true
  service: {namespace: default, name: ` + StuckAPIService + `, port: ` + strconv.Itoa(s.Port) + `}
`
}

// stuckDiscovery is what the stuck server says it serves: ResourceClaims, which can be listed.
const stuckDiscovery = `{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"resource.k8s.io/v1alpha2",` +
	`"resources":[{"name":"resourceclaims","singularName":"resourceclaim","namespaced":true,"kind":"ResourceClaim","verbs":["get","list"]}]}`

// StartStuckAPI serves until the test ends. A list waits until the aggregator gives up on it
// (it cancels the request when the scan stops waiting) or the test ends.
func StartStuckAPI(t testing.TB) *StuckAPI {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := certificate(t, leafTemplate("stuck API", []net.IP{net.ParseIP("127.0.0.1")}, "localhost"),
		&key.PublicKey, nil, key)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &StuckAPI{Port: l.Addr().(*net.TCPAddr).Port, done: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /apis/resource.k8s.io/v1alpha2", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(stuckDiscovery))
	})
	mux.HandleFunc("GET /apis/resource.k8s.io/v1alpha2/", func(_ http.ResponseWriter, r *http.Request) {
		s.Lists.Add(1)
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
	})
	// anything else (the aggregator's /apis for aggregated discovery) is not found: it falls
	// back to the group version's own discovery
	mux.HandleFunc("/", http.NotFound)
	serveTLS(t, l, mux, der, key, s.done)
	return s
}
