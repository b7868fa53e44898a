package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/internal/kubetest"
	"github.com/elli-k8s/elli/ui/cli"
)

// findingKeys are a report's findings as object, field and rule.
func findingKeys(t *testing.T, out string) (*cli.CheckReport, []string) {
	t.Helper()
	var rep cli.CheckReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%.1000s", err, out)
	}
	var keys []string
	for _, f := range rep.Findings {
		keys = append(keys, f.File+" "+f.Path+" "+f.Rule)
	}
	slices.Sort(keys)
	return &rep, keys
}

// A read that times out is a note for its kind, and the scan goes on: here a kubelet that
// never answers /configz (the stand-in hangs until the API server's proxy gives up on it), and
// the scan's --request-timeout. The report has every other finding of the planted cluster, the
// note names the node's configz and says it timed out, and the exit code follows --fail-on as
// for any scan, not 2.
func TestTimedOutReadIsANote(t *testing.T) {
	env, kubelet := kubetest.StartPlanted(t)
	if kubelet == nil {
		// no network namespace: the API server will not proxy to a node on loopback, so no
		// kubelet can be made to hang here; CI (root) has one and must run this
		if os.Getenv("ELLI_TEST_REQUIRE_KUBE") != "" {
			t.Fatal("no network namespace for the stand-in kubelet")
		}
		t.Log("no network namespace: the stand-in kubelet cannot be reached, nothing to time out")
		return
	}
	t.Setenv("KUBECONFIG", env.Kubeconfig(t))

	code, out, errs := run(t, "check", "--json", "--request-timeout", "3s")
	if code != 1 || errs != "" {
		t.Fatalf("answering kubelet: exit %d, stderr %q", code, errs)
	}
	_, all := findingKeys(t, out)
	var configz []string
	for _, k := range all {
		if strings.Contains(k, " configz.") {
			configz = append(configz, k)
		}
	}
	if len(configz) == 0 {
		t.Fatalf("no finding from the kubelet's configz to lose: %v", all)
	}

	kubelet.Hang.Store(true)
	code, out, errs = run(t, "check", "--json", "--request-timeout", "3s")
	if code != 1 {
		t.Errorf("hanging kubelet, --fail-on error: exit %d, want 1; stderr %q", code, errs)
	}
	rep, got := findingKeys(t, out)
	want := slices.DeleteFunc(slices.Clone(all), func(k string) bool { return slices.Contains(configz, k) })
	// a kubelet that did not answer /configz is not asked for /metrics as well: its node's
	// cgroup v1 finding rests on the node's CgroupV1 event instead
	for i, k := range want {
		want[i] = strings.Replace(k, " metrics.kubelet_cgroup_version ", " events[reason=CgroupV1] ", 1)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("with the configz timed out, findings\n%s\nwant every other one:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if errs != "" {
		t.Errorf("--json: stderr %q; the note belongs in the JSON", errs)
	}
	// both planted nodes' kubelet is the stand-in: one note each
	if len(rep.Notes) != 2 || rep.Notes[0].File != "Node/node-1 configz" || rep.Notes[1].File != "Node/node-2 configz" ||
		rep.Notes[0].Message != "the server did not answer in time" || rep.Notes[1].Message != rep.Notes[0].Message {
		t.Errorf("JSON notes %+v", rep.Notes)
	}

	// the bound that ended the read is the flag's: client-go sends it with each request, and
	// the audit log has the configz requests with it
	asked := 0
	for _, ev := range env.Audit(t, "elli-scanner") {
		if strings.HasPrefix(ev.RequestURI, "/api/v1/nodes/node-1/proxy/configz") {
			asked++
			if !strings.Contains(ev.RequestURI, "timeout=3s") {
				t.Errorf("configz asked without the --request-timeout: %s", ev.RequestURI)
			}
		}
	}
	if asked == 0 {
		t.Error("the audit log has no configz request")
	}

	// the table: the findings on stdout, the notes on stderr
	code, out, errs = run(t, "check", "--fail-on", "none", "--request-timeout", "3")
	const note = "elli: Node/node-1 configz: skipped: the server did not answer in time\n" +
		"elli: Node/node-2 configz: skipped: the server did not answer in time\n"
	if code != 0 || errs != note {
		t.Errorf("--fail-on none, --request-timeout in seconds: exit %d, stderr %q, want only %q", code, errs, note)
	}
	if !strings.Contains(out, "scanner/shop/Deployment/web") || strings.Contains(out, "configz.") {
		t.Errorf("the table:\n%s", out)
	}
}

// --request-timeout and --chunk-size are checked before anything is read: a typo is a usage
// error naming the flag, not "the cluster cannot be reached".
func TestClusterFlagValues(t *testing.T) {
	t.Setenv("KUBECONFIG", "/nonexistent/kubeconfig")
	for _, tc := range []struct{ args, want string }{
		{"--request-timeout 3x", "--request-timeout 3x is not a duration"},
		{"--request-timeout -1s", "--request-timeout -1s is not a duration"},
		{"--chunk-size 0", "--chunk-size must be at least 1"},
	} {
		code, out, errs := run(t, append([]string{"check", "--cluster"}, strings.Fields(tc.args)...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Contains(errs, "cannot be reached") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.args, code, out, errs)
		}
	}
}
