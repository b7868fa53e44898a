package kubetest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
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
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "elli test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
		SignatureAlgorithm: x509.SHA256WithRSA}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "sha1 webhook"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:    []string{"localhost", SHA1Service + "." + SHA1Namespace + ".svc"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature,
		SignatureAlgorithm: x509.SHA1WithRSA}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatalf("sign the leaf with SHA-1: %v", err)
	}
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
	// the API server's refused handshakes are the point, not log lines
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ErrorLog: log.New(io.Discard, "", 0),
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}}
	go func() { _ = srv.ServeTLS(l, "", "") }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}
