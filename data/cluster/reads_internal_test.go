package cluster

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// A list page is read up to maxPage and no further: a server that answers more is a note for
// the kind (in the run's language), not a scan that holds all it sends. The server here
// answers every list with a page that never ends.
func TestListPageBound(t *testing.T) {
	defer func(m int64) { maxPage = m }(maxPage)
	maxPage = 64 << 10
	sent := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[`))
		item := []byte(`{"metadata":{"name":"p"}},`)
		for sent < 1<<30 {
			if _, err := w.Write(item); err != nil {
				return
			}
			sent += len(item)
		}
	}))
	defer srv.Close()
	disc := discovery.NewDiscoveryClientForConfigOrDie(&rest.Config{Host: srv.URL})
	s := &scan{opts: Options{PageSize: 500}, sc: check.New(snapshot.Dataset(), check.Options{}), rest: disc.RESTClient(),
		t: textsFor(data.LangZH), rep: &Report{}, enc: newEncoder(), groups: newGrouper(), podFindings: map[string][]check.Finding{}}
	s.list(context.Background(), resource{gvr: gvrPods, kind: "Pod", namespaced: true})
	if len(s.rep.Notes) != 1 || s.rep.Notes[0].File != "Pod" || s.rep.Notes[0].Message != textZH.TooLarge {
		t.Errorf("notes %+v, want one for Pod: %s", s.rep.Notes, textZH.TooLarge)
	}
	srv.Close() // the handler has stopped writing
	if sent >= 1<<30 {
		t.Errorf("the server sent the whole page, %d MB", sent>>20)
	}
}

// The API server's /metrics is read as it comes: when the answer breaks off (the connection
// closed mid-body), what came before it is judged and a note says the read failed, as one
// whole read's error did. The server here sends one SHA-1 counter and hangs up.
func TestMetricsBrokenOff(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4")
		w.Header().Set("Content-Length", "100000") // promised, never all sent
		_, _ = w.Write([]byte("apiserver_webhooks_x509_insecure_sha1_total 3\n"))
		w.(http.Flusher).Flush()
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}))
	defer srv.Close()
	disc := discovery.NewDiscoveryClientForConfigOrDie(&rest.Config{Host: srv.URL})
	s := &scan{sc: check.New(snapshot.Dataset(), check.Options{}), rest: disc.RESTClient(), t: textsFor(data.LangEN),
		rep: &Report{}, enc: newEncoder(), groups: newGrouper()}
	s.metrics(context.Background())
	fs := s.groups.findings(s.t)
	if len(fs) != 1 || fs[0].Rule != check.RuleSHA1Cert {
		t.Errorf("findings %+v, want the SHA-1 counter read before the break", fs)
	}
	if len(s.rep.Notes) != 1 || s.rep.Notes[0].File != "/metrics" || s.rep.Notes[0].Message == "" {
		t.Errorf("notes %+v, want one on /metrics", s.rep.Notes)
	}
}
