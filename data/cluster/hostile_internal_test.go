package cluster

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/embed/snapshot"
	"github.com/elli-k8s/elli/internal/kubetest"
)

// Servers that misbehave as a real API server cannot be made to (issue 29): stand-ins on
// loopback, each answering the scan's requests its own wrong way.

// standInScan scans the stand-in that h answers for, within a minute (a hang guard, not a
// measurement: each scan here ends in a few seconds at most).
func standInScan(t *testing.T, h http.HandlerFunc) (*Report, error, *kubetest.StandIn) {
	t.Helper()
	srv := kubetest.StartStandIn(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// no client-side throttling: a scan of hundreds of pages at 50 a second would take the
	// test's time, not the bound's
	cfg := &rest.Config{Host: srv.URL, BearerToken: kubetest.StandInToken, QPS: 10000, Burst: 10000,
		TLSClientConfig: rest.TLSClientConfig{Insecure: true}}
	rep, err := Scan(ctx, cfg, check.New(snapshot.Dataset(), check.Options{}), Options{Context: "stand-in"})
	if ctx.Err() != nil {
		t.Fatal("the scan did not end within a minute")
	}
	return rep, err, srv
}

// withVersion answers /version as a v1.30 server and every list with an empty one, except
// what h answers (it returns false for what it leaves).
func withVersion(h func(w http.ResponseWriter, r *http.Request) bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if h(w, r) {
			return
		}
		switch {
		case r.URL.Path == "/version":
			kubetest.StandInVersion(w)
		case r.URL.Path == "/metrics":
			w.Header().Set("Content-Type", "text/plain")
		case kubetest.IsList(r):
			kubetest.EmptyList(w)
		default:
			http.NotFound(w, r)
		}
	}
}

func noteOf(rep *Report, file string) string {
	for _, n := range rep.Notes {
		if n.File == file {
			return n.Message
		}
	}
	return ""
}

const onePod = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"ns"},"spec":{}}`

// A server whose pods' pages never end (a new continue token each time) is read up to the
// bound of objects a kind, and the kind is noted as not fully read: the scan ends, in a bounded
// number of requests, with every other kind read.
func TestPagesWithoutEnd(t *testing.T) {
	var podPages atomic.Int64
	rep, err, srv := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/api/v1/pods" {
			return false
		}
		n := podPages.Add(1)
		kubetest.WriteJSON(w, http.StatusOK, fmt.Sprintf(`{"kind":"PodList","metadata":{"continue":"page-%d"},"items":[`+
			strings.Repeat(onePod+",", 499)+onePod+`]}`, n))
		return true
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(textEN.PagesNoEnd, maxKindObjects, maxKindObjects/500)
	if n := noteOf(rep, "Pod"); n != want {
		t.Errorf("note for Pod %q, want %q", n, want)
	}
	if p := podPages.Load(); p > maxKindObjects/500+16 {
		t.Errorf("%d pages of pods asked for: the bound is %d", p, maxKindObjects/500+16)
	}
	if rep.Answered < 10 || srv.Requests.Load() > 1000 {
		t.Errorf("%d kinds read in %d requests", rep.Answered, srv.Requests.Load())
	}
}

// A server that sends the same continue token again would have the scan read the same pages
// for ever: the second time ends the kind, with a note, after its first pages were checked.
func TestSameContinueToken(t *testing.T) {
	var podPages atomic.Int64
	rep, err, _ := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/api/v1/pods" {
			return false
		}
		podPages.Add(1)
		kubetest.WriteJSON(w, http.StatusOK, `{"kind":"PodList","metadata":{"continue":"again"},"items":[`+onePod+`]}`)
		return true
	}))
	if err != nil {
		t.Fatal(err)
	}
	if n := noteOf(rep, "Pod"); n != textEN.SameToken {
		t.Errorf("note for Pod %q, want %q", n, textEN.SameToken)
	}
	if p := podPages.Load(); p != 2 {
		t.Errorf("%d pages of pods asked for, want 2 (the token's second coming ends it)", p)
	}
	for _, k := range rep.Read {
		if k.Kind == "Pod" && k.N != 2 {
			t.Errorf("%d pods read, want the 2 of the pages asked for", k.N)
		}
	}
}

// A discovery answer that names 10,000 resources in resource.k8s.io/v1alpha2 has the scan
// list only the v1alpha2 kinds there ever were, each once.
func TestDiscoveryFanOut(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"kind":"APIResourceList","groupVersion":"resource.k8s.io/v1alpha2","resources":[`)
	for i := range 10_000 {
		fmt.Fprintf(&b, `{"name":"res%d","namespaced":true,"kind":"Res%d","verbs":["list"]},`, i, i)
	}
	b.WriteString(`{"name":"resourceclaims","namespaced":true,"kind":"ResourceClaim","verbs":["get","list"]},`)
	b.WriteString(`{"name":"resourceclaims","namespaced":true,"kind":"ResourceClaim","verbs":["get","list"]}]}`)
	disc := b.String()
	var lists atomic.Int64
	var listed []string
	rep, err, _ := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		switch {
		case r.URL.Path == "/apis/resource.k8s.io/v1alpha2":
			kubetest.WriteJSON(w, http.StatusOK, disc)
			return true
		case strings.HasPrefix(r.URL.Path, "/apis/resource.k8s.io/v1alpha2/"):
			if lists.Add(1) < 5 {
				listed = append(listed, r.URL.Path)
			}
		}
		return false
	}))
	if err != nil {
		t.Fatal(err)
	}
	if n := lists.Load(); n != 1 {
		t.Errorf("%d v1alpha2 lists (%v), want only the ResourceClaims", n, listed)
	}
	if len(rep.Notes) != 0 {
		t.Errorf("notes %+v", rep.Notes)
	}
}

// A server's long text, a 100 kB error message or version, is said on one line, cut.
func TestLongServerText(t *testing.T) {
	long := strings.Repeat("very long\n", 10_000)
	rep, err, _ := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		switch r.URL.Path {
		case "/version":
			kubetest.WriteJSON(w, http.StatusOK, `{"major":"1","minor":"30","gitVersion":"v1.30.4-`+strings.Repeat("x", 100_000)+`"}`)
		case "/api/v1/persistentvolumes":
			kubetest.Status(w, http.StatusInternalServerError, "InternalError", long)
		default:
			return false
		}
		return true
	}))
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(rep.Server); n > maxServerText || !strings.HasPrefix(rep.Server, "v1.30.4-xxx") {
		t.Errorf("server version of %d characters: %.80q", n, rep.Server)
	}
	n := noteOf(rep, "PersistentVolume")
	if utf8.RuneCountInString(n) > maxServerText || strings.Contains(n, "\n") || !strings.HasPrefix(n, "very long very long") || !strings.HasSuffix(n, "…") {
		t.Errorf("the PersistentVolume note, %d characters: %.300q", utf8.RuneCountInString(n), n)
	}
}

// A node without addresses is not asked for its kubelet's configz through the node proxy
// (which can only fail, as "no preferred addresses found; known addresses: []"): the note says
// what is wrong with the node.
func TestNodeWithoutAddress(t *testing.T) {
	var proxied atomic.Int64
	rep, err, _ := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		switch {
		case r.URL.Path == "/api/v1/nodes":
			kubetest.WriteJSON(w, http.StatusOK, `{"kind":"NodeList","metadata":{},"items":[{"metadata":{"name":"n1"},"status":{"nodeInfo":{"kubeletVersion":"v1.30.4"}}}]}`)
		case strings.Contains(r.URL.Path, "/proxy/"):
			proxied.Add(1)
			kubetest.Status(w, http.StatusServiceUnavailable, "ServiceUnavailable", "no preferred addresses found; known addresses: []")
		default:
			return false
		}
		return true
	}))
	if err != nil {
		t.Fatal(err)
	}
	if n := noteOf(rep, "Node/n1 configz"); n != textEN.NoAddress {
		t.Errorf("note %q, want %q; notes %+v", n, textEN.NoAddress, rep.Notes)
	}
	if proxied.Load() != 0 {
		t.Errorf("%d requests through the node proxy to a node without an address", proxied.Load())
	}
	// a proxy error's message is the server's, whole: not its last words after a colon
	s := &scan{t: textsFor(data.LangEN)}
	proxyErr := &apierrors.StatusError{ErrStatus: metav1.Status{Status: metav1.StatusFailure, Code: http.StatusServiceUnavailable,
		Reason: metav1.StatusReasonServiceUnavailable, Message: "no preferred addresses found; known addresses: []"}}
	if got := s.errText(proxyErr, 0); got != "no preferred addresses found; known addresses: []" {
		t.Errorf("errText = %q", got)
	}
}

// /metrics longer than the scan reads of it is cut with a note, not silently.
func TestMetricsCut(t *testing.T) {
	defer func(m int64) { maxMetrics = m }(maxMetrics)
	maxMetrics = 1 << 20
	rep, err, _ := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/metrics" {
			return false
		}
		w.Header().Set("Content-Type", "text/plain")
		line := []byte("# HELP padding\n")
		for range (2 << 20) / len(line) {
			if _, err := w.Write(line); err != nil {
				return true
			}
		}
		return true
	}))
	if err != nil {
		t.Fatal(err)
	}
	if n, want := noteOf(rep, "/metrics"), fmt.Sprintf(textEN.MetricsCut, 1); n != want {
		t.Errorf("note for /metrics %q, want %q", n, want)
	}
}

// A scan of a server that lets nothing be listed answers no kind; one that lets the pods be
// listed answers them. A 401 is "cannot be reached" with the server's reason, once.
func TestAnswered(t *testing.T) {
	rep, err, _ := standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		if kubetest.IsList(r) {
			kubetest.Status(w, http.StatusForbidden, "Forbidden", "forbidden")
			return true
		}
		return false
	}))
	if err != nil || rep.Answered != 0 || len(rep.Notes) < 10 {
		t.Errorf("all forbidden: %v, %d kinds answered, %d notes", err, rep.Answered, len(rep.Notes))
	}
	rep, err, _ = standInScan(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
		if kubetest.IsList(r) && r.URL.Path != "/api/v1/pods" {
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html><body>Sign in</body></html>"))
			return true
		}
		return false
	}))
	if err != nil || rep.Answered != 1 {
		t.Errorf("pods only, the rest a login page: %v, %d kinds answered", err, rep.Answered)
	}
	_, err, _ = standInScan(t, func(w http.ResponseWriter, r *http.Request) {
		kubetest.Status(w, http.StatusUnauthorized, "Unauthorized", "Unauthorized")
	})
	if !errors.Is(err, ErrUnreachable) || strings.Contains(err.Error(), ErrUnreachable.Error()) || err.Error() != "Unauthorized" {
		t.Errorf("401: %v, want ErrUnreachable saying Unauthorized alone", err)
	}
}

// The server-version request takes the scan's context: a server that never answers, with no
// request timeout, holds the scan only until ctx ends.
func TestVersionTakesContext(t *testing.T) {
	silent := kubetest.StartSilent(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := Scan(ctx, &rest.Config{Host: silent.URL}, check.New(snapshot.Dataset(), check.Options{}), Options{})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want the context's", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the scan goes on waiting for /version after its context ended")
	}
}

// --request-timeout 0 is no bound: the requests carry none (the discovery client's default
// sent timeout=32s with each), and a bound given is sent as it is.
func TestRequestTimeoutZeroIsNone(t *testing.T) {
	for _, tc := range []struct {
		timeout time.Duration
		want    string
	}{{0, ""}, {5 * time.Second, "timeout=5s"}} {
		var query atomic.Value
		srv := kubetest.StartStandIn(t, withVersion(func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path == "/api/v1/pods" {
				query.Store(r.URL.RawQuery)
			}
			return false
		}))
		cfg := &rest.Config{Host: srv.URL, Timeout: tc.timeout, TLSClientConfig: rest.TLSClientConfig{Insecure: true}}
		if _, err := Scan(context.Background(), cfg, check.New(snapshot.Dataset(), check.Options{}), Options{}); err != nil {
			t.Fatal(err)
		}
		q, _ := query.Load().(string)
		if got := strings.Contains(q, "timeout="); got != (tc.want != "") || tc.want != "" && !strings.Contains(q, tc.want) {
			t.Errorf("request timeout %s: the pods were listed with ?%s, want %q", tc.timeout, q, tc.want)
		}
	}
}
