package kubetest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
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

// insecureTLS is for the readiness polls only, before the API server's CA is on disk.
func insecureTLS() *tls.Config {
	return &tls.Config{InsecureSkipVerify: true} //nolint:gosec // a readiness poll on loopback
}

// Kubelet is the stand-in kubelet: a TLS server at NodeAddress that answers /configz and
// /metrics (KubeletMetrics), the one stand-in of the tests (no kubelet runs). CA is the PEM of
// the CA that signed its certificate, for the API server's --kubelet-certificate-authority.
type Kubelet struct {
	Port int
	CA   []byte
	// Requests counts the /configz requests answered, MetricsRequests the /metrics ones.
	Requests        atomic.Int32
	MetricsRequests atomic.Int32
	// Hang, when set, makes /configz answer nothing until the request is given up (the API
	// server's proxy cancels it when the scan stops waiting) or the test ends: a node whose
	// kubelet is stuck, for the scan's per-request timeout.
	Hang atomic.Bool
	// Flood, when set, makes /configz and /metrics answer FloodSize bytes (a kubelet gone
	// wrong, or a hostile one), and Flooded counts the bytes of them that were sent before
	// the reader stopped taking them: the scan's bounds on a kubelet's answers.
	Flood   atomic.Bool
	Flooded atomic.Int64
	done    chan struct{}
}

// FloodSize is what a flooding kubelet sends (unless its reader stops first): far more than
// the scan reads of one kubelet's answer.
const FloodSize = 256 << 20

// flood writes FloodSize bytes of text that is neither JSON nor a metric, and counts them.
func (k *Kubelet) flood(w http.ResponseWriter) {
	line := []byte(strings.Repeat("x", 1023) + "\n")
	for sent := 0; sent < FloodSize; sent += len(line) {
		if _, err := w.Write(line); err != nil {
			return
		}
		k.Flooded.Add(int64(len(line)))
	}
}

// StartKubelet serves configz (the JSON a kubelet's /configz answers) at NodeAddress:port
// until the test ends.
func StartKubelet(t testing.TB, configz string) *Kubelet {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caDER, ca := certificate(t, caTemplate("stand-in kubelet CA"), &caKey.PublicKey, nil, caKey)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := certificate(t, leafTemplate("stand-in kubelet", []net.IP{net.ParseIP(NodeAddress)}),
		&key.PublicKey, ca, caKey)
	l, err := net.Listen("tcp", net.JoinHostPort(NodeAddress, "0"))
	if err != nil {
		t.Fatalf("stand-in kubelet: %v", err)
	}
	k := &Kubelet{Port: l.Addr().(*net.TCPAddr).Port,
		CA: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), done: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /configz", func(w http.ResponseWriter, r *http.Request) {
		if k.Hang.Load() {
			select {
			case <-r.Context().Done():
			case <-k.done:
			}
			return
		}
		k.Requests.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if k.Flood.Load() {
			k.flood(w)
			return
		}
		_, _ = w.Write([]byte(configz))
	})
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
		k.MetricsRequests.Add(1)
		w.Header().Set("Content-Type", "text/plain; version=0.0.4")
		if k.Flood.Load() {
			k.flood(w)
			return
		}
		_, _ = w.Write([]byte(KubeletMetrics))
	})
	serveTLS(t, l, mux, der, key, k.done)
	return k
}

// caTemplate is a CA certificate's template, valid from an hour ago for a day.
func caTemplate(name string) *x509.Certificate {
	return &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
}

// leafTemplate is a serving certificate's template for ips and dnsNames, valid from an hour
// ago for a day.
func leafTemplate(name string, ips []net.IP, dnsNames ...string) *x509.Certificate {
	return &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: ips, DNSNames: dnsNames,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}
}

// certificate signs tmpl, for the public key pub, with parentKey as parent (tmpl itself when
// parent is nil), and returns its DER and the parsed certificate.
func certificate(t testing.TB, tmpl *x509.Certificate, pub any, parent *x509.Certificate, parentKey any) ([]byte, *x509.Certificate) {
	t.Helper()
	if parent == nil {
		parent = tmpl
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, parentKey)
	if err != nil {
		t.Fatalf("sign the certificate of %s: %v", tmpl.Subject.CommonName, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return der, cert
}

// serveTLS serves h on l with the certificate der and its key until the test ends, when done
// (if not nil) is closed first, to free the handlers that wait on it. The server's log is
// dropped: the handshakes the API server refuses are what some tests provoke.
func serveTLS(t testing.TB, l net.Listener, h http.Handler, der []byte, key crypto.PrivateKey, done chan struct{}) {
	t.Helper()
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ErrorLog: log.New(io.Discard, "", 0),
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}}
	go func() { _ = srv.ServeTLS(l, "", "") }()
	t.Cleanup(func() {
		if done != nil {
			close(done)
		}
		_ = srv.Close()
	})
}
