package kubetest

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Stand-in API servers that misbehave as a real one cannot be made to: a server that never
// answers, one whose pages never end, one that answers HTML or 401. Each is on loopback,
// reached through a kubeconfig of its own.

// StandIn is an HTTPS server on loopback that a test's handler answers for (HTTPS: client-go
// sends a kubeconfig's credentials only over TLS). Its certificate is httptest's own: the
// kubeconfig skips its verification.
type StandIn struct {
	URL string
	// Requests counts the requests that came.
	Requests atomic.Int64
}

// StartStandIn serves h until the test ends.
func StartStandIn(t testing.TB, h http.Handler) *StandIn {
	t.Helper()
	s := &StandIn{}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Requests.Add(1)
		h.ServeHTTP(w, r)
	}))
	// the handlers that hang end with their request's context, which Close cancels
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// StandInToken is the token of the stand-ins' kubeconfigs' user, "" for none.
const StandInToken = "stand-in-token"

// StandInKubeconfig writes a kubeconfig whose one context, stand-in, reaches server as the
// user stand-in with token (none when ""), and returns its path.
func StandInKubeconfig(t testing.TB, server, token string) string {
	t.Helper()
	user := "{}"
	if token != "" {
		user = "{token: " + token + "}"
	}
	cfg := fmt.Sprintf("apiVersion: v1\nkind: Config\ncurrent-context: stand-in\n"+
		"clusters: [{name: stand-in, cluster: {server: '%s', insecure-skip-tls-verify: true}}]\n"+
		"users: [{name: stand-in, user: %s}]\n"+
		"contexts: [{name: stand-in, context: {cluster: stand-in, user: stand-in}}]\n", server, user)
	p := filepath.Join(t.TempDir(), "kubeconfig")
	if err := os.WriteFile(p, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// StandInVersion answers /version as a v1.30 API server does.
func StandInVersion(w http.ResponseWriter) {
	WriteJSON(w, http.StatusOK, `{"major":"1","minor":"30","gitVersion":"v1.30.4"}`)
}

// WriteJSON answers with a JSON body.
func WriteJSON(w http.ResponseWriter, code int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write([]byte(body))
}

// EmptyList answers a list request with a list of nothing.
func EmptyList(w http.ResponseWriter) {
	WriteJSON(w, http.StatusOK, `{"kind":"List","apiVersion":"v1","metadata":{},"items":[]}`)
}

// Status answers with a Kubernetes Status of code and message.
func Status(w http.ResponseWriter, code int, reason, message string) {
	m, _ := json.Marshal(message)
	WriteJSON(w, code, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"`+reason+`","code":`+
		fmt.Sprint(code)+`,"message":`+string(m)+`}`)
}

// IsList reports whether a request lists a resource (a path under /api/v1 or /apis/G/V that
// names a resource), not discovery, /version or /metrics.
func IsList(r *http.Request) bool {
	p := strings.Trim(r.URL.Path, "/")
	parts := strings.Split(p, "/")
	switch {
	case len(parts) >= 3 && parts[0] == "api":
		return true
	case len(parts) >= 4 && parts[0] == "apis":
		return true
	}
	return false
}

// Silent is a TCP server on loopback that accepts connections and never answers on them: a
// server that hangs before its first byte. Its URL is http: over https, Go's transport would
// give up the handshake after 10 s by itself.
type Silent struct {
	URL string
	// Conns counts the connections accepted.
	Conns atomic.Int32
}

// StartSilent listens until the test ends.
func StartSilent(t testing.TB) *Silent {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Silent{URL: "http://" + l.Addr().String()}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			s.Conns.Add(1)
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return s
}
