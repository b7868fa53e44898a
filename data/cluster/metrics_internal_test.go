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
