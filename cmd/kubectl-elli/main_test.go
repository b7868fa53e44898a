package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/internal/kubetest"
	"github.com/elli-k8s/elli/ui/cli"
)

// childEnv makes the test binary kubectl-elli itself: it runs main, with the process's own
// arguments, for the tests that need the program in a process of its own (a terminal on its
// stderr, real pipes).
const childEnv = "ELLI_KUBECTL_ELLI_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		main() // exits
	}
	kubetest.Main(m)
}

// run runs kubectl-elli with args and returns its exit code, stdout and stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.MainCluster(context.Background(), cli.Build{Version: "test"}, scanner{}, args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// kubectl elli check against the real API server: the kubeconfig flags as kubectl reads them,
// the three formats, --fail-on and the exit codes.
func TestKubectlElliCheck(t *testing.T) {
	env, _ := kubetest.StartPlanted(t)
	kc := env.Kubeconfig(t)
	t.Setenv("KUBECONFIG", kc)

	t.Run("json, current context, all namespaces", func(t *testing.T) {
		code, out, errs := run(t, "check", "--json")
		if code != 1 {
			t.Fatalf("exit %d, want 1 (errors found); stderr %s", code, errs)
		}
		if strings.Contains(errs, "reading") || strings.Contains(errs, "\r") {
			t.Errorf("progress written when stderr is not a terminal: %q", errs)
		}
		var rep cli.CheckReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if rep.Cluster == nil || rep.Cluster.Context != "scanner" || rep.Cluster.Frame != "current" {
			t.Fatalf("cluster %+v", rep.Cluster)
		}
		found := false
		for _, f := range rep.Findings {
			if f.File == "scanner/shop/Deployment/web" && f.Path == "spec.template.spec.volumes[1].cephfs" && f.Item.ID != "" {
				found = true
			}
		}
		if !found {
			t.Errorf("no cephfs finding on the Deployment at its field in %s", out)
		}
		if rep.Scan.Files < 20 {
			t.Errorf("scan.files = %d objects read", rep.Scan.Files)
		}
	})

	t.Run("table with -n and --context", func(t *testing.T) {
		code, out, _ := run(t, "check", "--cluster", "--context", "viewer", "-n", "default", "--fail-on", "none")
		if code != 0 {
			t.Errorf("--fail-on none: exit %d", code)
		}
		for _, want := range []string{"Cluster viewer, v1.31.", "v1.31.14 is open to ", "viewer/default/Pod/debug", `metadata.annotations["container.apparmor.security.beta.kubernetes.io/shell"]`, "apparmor-annotation"} {
			if !strings.Contains(out, want) {
				t.Errorf("table lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "viewer/shop/") {
			t.Errorf("-n default printed another namespace:\n%s", out)
		}
	})

	t.Run("sarif logical locations", func(t *testing.T) {
		_, out, _ := run(t, "check", "--format", "sarif")
		if !strings.Contains(out, `"fullyQualifiedName": "scanner/shop/Deployment/web/spec.template.spec.volumes[1].cephfs"`) {
			t.Errorf("SARIF without the field's logical location:\n%.2000s", out)
		}
	})

	t.Run("view-only user: notes on stderr, exit by findings, said to be partial", func(t *testing.T) {
		code, _, errs := run(t, "check", "--context", "viewer", "--fail-on", "none")
		if code != 0 || !strings.Contains(errs, "RBAC") || !strings.Contains(errs, "elli: a partial scan: ") {
			t.Errorf("viewer: exit %d, stderr %s", code, errs)
		}
	})

	// a user without any right reads nothing: no pass for a CI gate (issue 29)
	t.Run("user without rights: exit 2, nothing on stdout", func(t *testing.T) {
		code, out, errs := run(t, "check", "--context", "nobody", "--json", "--fail-on", "none")
		if code != 2 || out != "" || !strings.Contains(errs, "RBAC") ||
			!strings.Contains(errs, "elli: could not read any kind of object in the cluster (Deployment: RBAC does not allow list on deployments.apps for this user)") {
			t.Errorf("nobody: exit %d, stdout %.200q, stderr %s", code, out, errs)
		}
	})

	t.Run("unreachable: one line, exit 2", func(t *testing.T) {
		bad := filepath.Join(t.TempDir(), "kubeconfig")
		cfg, _ := os.ReadFile(kc)
		cfg = bytes.Replace(cfg, []byte(env.URL), []byte("https://127.0.0.1:1"), 1)
		if err := os.WriteFile(bad, cfg, 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "check", "--kubeconfig", bad)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "cannot be reached") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
		code, _, errs = run(t, "check", "--kubeconfig", filepath.Join(t.TempDir(), "missing"))
		if code != 2 {
			t.Errorf("missing kubeconfig: exit %d, %s", code, errs)
		}
	})
}

// Without a cluster scanner (elli), flags that need --cluster say so.
func TestClusterFlagsNeedCluster(t *testing.T) {
	var out, errb bytes.Buffer
	code := cli.Main(context.Background(), cli.Build{}, []string{"check", "-n", "x", "."}, strings.NewReader(""), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "--namespace needs --cluster") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
}

// kubectl's plugin completion (packaging/kubectl_complete-elli) asks kubectl-elli __complete;
// --context completes the kubeconfig's contexts, and needs no server.
func TestCompleteContexts(t *testing.T) {
	kc := filepath.Join(t.TempDir(), "config")
	cfg := "apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: 'https://127.0.0.1:1'}}]\n" +
		"users: [{name: u, user: {token: x}}]\ncontexts: [{name: prod, context: {cluster: c, user: u}}, {name: dev, context: {cluster: c, user: u}}]\n"
	if err := os.WriteFile(kc, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("KUBECONFIG", kc)
	_, out, _ := run(t, "__complete", "check", "--context", "")
	if !strings.HasPrefix(out, "dev\nprod\n") {
		t.Errorf("completion of --context:\n%s", out)
	}
}
