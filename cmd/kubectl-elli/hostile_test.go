package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/internal/kubetest"
)

// A server that refuses the user's token: the cluster cannot be reached, said once with the
// server's reason (it was "the cluster cannot be reached: the cluster cannot be reached:
// Unauthorized"), in English and in Chinese.
func TestUnauthorizedSaidOnce(t *testing.T) {
	srv := kubetest.StartStandIn(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		kubetest.Status(w, http.StatusUnauthorized, "Unauthorized", "Unauthorized")
	}))
	t.Setenv("KUBECONFIG", kubetest.StandInKubeconfig(t, srv.URL, "wrong-token"))
	code, out, errs := run(t, "check")
	if code != 2 || out != "" || errs != "elli: the cluster cannot be reached: Unauthorized\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = run(t, "check", "--lang", "zh")
	if code != 2 || errs != "elli: 无法连接集群：Unauthorized\n" {
		t.Errorf("zh: exit %d, stderr %q", code, errs)
	}
}

// A scan that could read no kind at all (a service account without rights, a proxy that
// answers a login page) is no pass: exit 2, the notes, and a line naming the first reason,
// with nothing on stdout, even where --fail-on none would pass any findings.
func TestNothingReadExits2(t *testing.T) {
	for name, deny := range map[string]func(http.ResponseWriter){
		"forbidden": func(w http.ResponseWriter) { kubetest.Status(w, http.StatusForbidden, "Forbidden", "forbidden") },
		"a login page": func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html><body>Sign in</body></html>"))
		},
	} {
		srv := kubetest.StartStandIn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case r.URL.Path == "/version":
				kubetest.StandInVersion(w)
			default:
				deny(w)
			}
		}))
		t.Setenv("KUBECONFIG", kubetest.StandInKubeconfig(t, srv.URL, kubetest.StandInToken))
		code, out, errs := run(t, "check", "--json", "--fail-on", "none")
		last := errs[strings.LastIndex(strings.TrimSuffix(errs, "\n"), "\n")+1:]
		if code != 2 || out != "" || !strings.HasPrefix(last, "elli: could not read any kind of object in the cluster (Deployment: ") ||
			strings.Count(errs, "\n") < 10 {
			t.Errorf("%s: exit %d, stdout %.200q, stderr %q", name, code, out, errs)
		}
	}
}
