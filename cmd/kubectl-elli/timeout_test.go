package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/discovery"

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

// timeout is the tests' --request-timeout: long enough that no read but the stuck ones ends
// on it on a loaded machine (the planted cluster's slowest answer, the API server's 1.5 MB
// /metrics, takes tens of milliseconds here, yet at 3 s it timed out twice while eight
// sessions shared the two cores), and the configz bound too; the stuck reads cost 40 s in
// all. timedOut is its note.
const (
	timeout  = "10s"
	timedOut = "timed out: no answer within 10s"
)

// A read that times out is a note for its kind, and the scan goes on: the report has every
// other finding of the planted cluster, the note names what timed out, and the exit code
// follows --fail-on as for any scan, not 2. What times out is real: a kubelet that never
// answers /configz through the API server's node proxy, and an aggregated API whose list of
// ResourceClaims never ends; the scan's --request-timeout gives up on each.
func TestTimedOutReadsAreNotes(t *testing.T) {
	env, kubelet := kubetest.StartPlanted(t)
	t.Setenv("KUBECONFIG", env.Kubeconfig(t))
	code, out, errs := run(t, "check", "--json", "--request-timeout", timeout)
	if code != 1 || errs != "" {
		t.Fatalf("nothing stuck: exit %d, stderr %q", code, errs)
	}
	rep, all := findingKeys(t, out)
	notesBefore := rep.Notes

	t.Run("a kubelet's configz", func(t *testing.T) {
		if kubelet == nil {
			// no network namespace: the API server will not proxy to a node on loopback, so no
			// kubelet can be made to hang here; CI (root) has one and must run this
			if os.Getenv("ELLI_TEST_REQUIRE_KUBE") != "" {
				t.Fatal("no network namespace for the stand-in kubelet")
			}
			t.Log("no network namespace: the stand-in kubelet cannot be reached, nothing to time out")
			return
		}
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
		defer kubelet.Hang.Store(false)

		// kubectl's whole seconds
		code, out, errs := run(t, "check", "--json", "--request-timeout", strings.TrimSuffix(timeout, "s"))
		if code != 1 || errs != "" {
			t.Errorf("--json, --fail-on error: exit %d, want 1; stderr %q (the note belongs in the JSON)", code, errs)
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
		// both planted nodes' kubelet is the stand-in: one note each
		if len(rep.Notes) != 2 || rep.Notes[0].File != "Node/node-1 configz" || rep.Notes[1].File != "Node/node-2 configz" ||
			rep.Notes[0].Message != timedOut || rep.Notes[1].Message != timedOut {
			t.Errorf("JSON notes %+v", rep.Notes)
		}
		sentTimeout(t, env, "/api/v1/nodes/node-1/proxy/configz")
	})

	t.Run("a kind's list", func(t *testing.T) {
		stuck := startStuckAPI(t, env)
		code, out, errs := run(t, "check", "--json", "--request-timeout", timeout)
		if code != 1 || errs != "" {
			t.Errorf("--json, --fail-on error: exit %d, want 1; stderr %q", code, errs)
		}
		rep, got := findingKeys(t, out)
		if !slices.Equal(got, all) {
			t.Errorf("findings with the ResourceClaim list timed out\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(all, "\n"))
		}
		want := append(slices.Clone(notesBefore), cli.CheckNote{Kind: "skipped", File: "ResourceClaim", Message: timedOut})
		if !slices.Equal(rep.Notes, want) {
			t.Errorf("notes %+v, want %+v", rep.Notes, want)
		}
		if stuck.Lists.Load() == 0 {
			t.Error("the scan never asked the stuck API for its ResourceClaims")
		}
		sentTimeout(t, env, "/apis/resource.k8s.io/v1alpha2/resourceclaims?")
		if !slices.ContainsFunc(rep.Cluster.Read, func(k cli.ClusterKindCount) bool { return k.Kind == "ResourceClaim" }) {
			t.Errorf("ResourceClaim missing from what the scan read: %+v", rep.Cluster.Read)
		}

		// the table, in Chinese: the findings on stdout, the note on stderr
		code, out, errs = run(t, "check", "--lang", "zh", "--fail-on", "none", "--request-timeout", timeout)
		if code != 0 || errs != "elli: ResourceClaim：已跳过：超时：10s 内没有应答\n"+
			"elli: 扫描不完整：19 类对象中有 1 类无法读取（原因见上方说明），检查结果只涵盖其余各类\n" {
			t.Errorf("--lang zh --fail-on none: exit %d, stderr %q", code, errs)
		}
		if !strings.Contains(out, "scanner/shop/Deployment/web") {
			t.Errorf("the table:\n%s", out)
		}
	})
}

// startStuckAPI starts the stuck aggregated API and registers it with the API server, and
// returns once the API server serves its discovery.
func startStuckAPI(t *testing.T, env *kubetest.Env) *kubetest.StuckAPI {
	t.Helper()
	stuck := kubetest.StartStuckAPI(t)
	admin := env.Config(kubetest.AdminToken)
	kubetest.Create(t, admin, stuck.Objects())
	// a hang guard, not a measurement: the aggregator serves the APIService once its
	// discovery answered, within seconds
	disc := discovery.NewDiscoveryClientForConfigOrDie(admin)
	for end := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if _, err := disc.ServerResourcesForGroupVersion("resource.k8s.io/v1alpha2"); err == nil {
			return stuck
		} else if time.Now().After(end) {
			t.Fatalf("the stuck API's discovery is not served through the API server: %v", err)
		}
	}
}

// sentTimeout checks that the bound that ended a stuck read is --request-timeout's: client-go
// sends it with each request, and the audit log has the requests to path with it.
func sentTimeout(t *testing.T, env *kubetest.Env, path string) {
	t.Helper()
	asked := 0
	for _, ev := range env.Audit(t, "elli-scanner") {
		if strings.HasPrefix(ev.RequestURI, path) {
			asked++
			if !strings.Contains(ev.RequestURI, "timeout="+timeout) {
				t.Errorf("asked without the --request-timeout: %s", ev.RequestURI)
			}
		}
	}
	if asked == 0 {
		t.Errorf("the audit log has no request to %s", path)
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
