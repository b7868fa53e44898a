package kubetest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// SHA1Service is the name and namespace of the ExternalName Service that an APIService uses to
// reach the SHA-1 server: the aggregator dials it with this server name.
const (
	SHA1Service   = "sha1-api"
	SHA1Namespace = "default"
)

// SHA1Server is a TLS server on loopback whose serving certificate is signed with SHA-1 by a
// test CA (itself signed with SHA-256): the API server's webhook client and aggregator proxy
// refuse it, and count each refusal in their x509_insecure_sha1_total metrics. It answers as a
// validating webhook (allowed) and as an aggregated API's discovery.
type SHA1Server struct {
	Port int
	// CA is the PEM of the root that signed the leaf; Leaf the PEM of the SHA-1-signed leaf.
	CA, Leaf []byte
	// Admissions counts the AdmissionReviews answered (only a caller that trusts the leaf
	// itself gets that far); Discovery the other requests.
	Admissions, Discovery atomic.Int32
}

// StartSHA1Server serves on 127.0.0.1 until the test ends. The leaf names 127.0.0.1, localhost
// and the Service's cluster name, so that hostname checks pass and only the signature fails.
func StartSHA1Server(t testing.TB) *SHA1Server {
	t.Helper()
	caKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := caTemplate("elli test CA")
	caTmpl.SignatureAlgorithm = x509.SHA256WithRSA
	caDER, ca := certificate(t, caTmpl, &caKey.PublicKey, nil, caKey)
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := leafTemplate("sha1 webhook", []net.IP{net.ParseIP("127.0.0.1")},
		"localhost", SHA1Service+"."+SHA1Namespace+".svc")
	tmpl.SignatureAlgorithm = x509.SHA1WithRSA
	der, _ := certificate(t, tmpl, &key.PublicKey, ca, caKey)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &SHA1Server{Port: l.Addr().(*net.TCPAddr).Port,
		CA:   pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		Leaf: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /validate", func(w http.ResponseWriter, r *http.Request) {
		var review struct {
			Request struct {
				UID string `json:"uid"`
			} `json:"request"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&review); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.Admissions.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
			"response": map[string]any{"uid": review.Request.UID, "allowed": true}})
	})
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		s.Discovery.Add(1)
		w.Header().Set("Content-Type", "application/json")
		gv := strings.TrimPrefix(r.URL.Path, "/apis/")
		_, _ = w.Write([]byte(`{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"` + gv + `","resources":[]}`))
	})
	serveTLS(t, l, mux, der, key, nil)
	return s
}
