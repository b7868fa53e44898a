// Package kubetest starts a real control plane for the cluster scan's tests: etcd (Debian's
// etcd-server) and kube-apiserver v1.31 (built by scripts/kube-test-env.sh), on free loopback
// ports in a temporary folder, with a token file, a service-account key pair, --cert-dir, RBAC
// and an audit log. Tests skip, with one line, where the binaries are absent; .ci/run builds
// them and runs the tests.
//
// The API server refuses to proxy to a node at a loopback address (the node proxy allows only
// global unicast addresses). Where the tests run as root, Main re-runs the test binary in a
// network namespace of its own, with 192.0.2.10 (a documentation address) on that namespace's
// loopback device: the stand-in kubelet listens there, and no packet leaves the namespace.
package kubetest

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// KubeVersion is the API server the tests run against.
const KubeVersion = "v1.31.14"

// NodeAddress is the stand-in kubelet's address inside the tests' network namespace.
const NodeAddress = "192.0.2.10"

const netnsEnv = "ELLI_KUBETEST_NETNS"

// Binaries returns the paths of etcd and kube-apiserver: from ELLI_TEST_ETCD and
// ELLI_TEST_KUBE_APISERVER (what scripts/kube-test-env.sh prints), else etcd on PATH and the
// script's cache folder. ok is false, with the reason, when one is missing.
func Binaries() (etcd, apiserver string, why string) {
	etcd = os.Getenv("ELLI_TEST_ETCD")
	if etcd == "" {
		etcd, _ = exec.LookPath("etcd")
	}
	apiserver = os.Getenv("ELLI_TEST_KUBE_APISERVER")
	if apiserver == "" {
		cache := os.Getenv("ELLI_KUBE_CACHE")
		if cache == "" {
			if dir, err := os.UserCacheDir(); err == nil {
				cache = filepath.Join(dir, "elli", "kube-test-env")
			}
		}
		apiserver = filepath.Join(cache, KubeVersion, "bin", "kube-apiserver")
	}
	for _, p := range []string{etcd, apiserver} {
		if fi, err := os.Stat(p); p == "" || err != nil || fi.IsDir() {
			return "", "", "no etcd and kube-apiserver " + KubeVersion + ": run scripts/kube-test-env.sh (as .ci/run does)"
		}
	}
	return etcd, apiserver, ""
}

// skip skips the test for want of the binaries, in one line; where ELLI_TEST_REQUIRE_KUBE is
// set (.ci/run, after building them) it fails instead, so that CI cannot pass by skipping.
func skip(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("ELLI_TEST_REQUIRE_KUBE") != "" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// Main runs the tests, re-run in a network namespace of their own where that can be made (root
// and ip(8)); elsewhere they run as they are and NodeProxy reports false.
func Main(m *testing.M) {
	if os.Getenv(netnsEnv) == "" && os.Geteuid() == 0 {
		if _, _, why := Binaries(); why == "" {
			if ip, err := exec.LookPath("ip"); err == nil {
				if code, ran := reexec(ip); ran {
					os.Exit(code)
				}
			}
		}
	}
	os.Exit(m.Run())
}

// reexec runs this test binary again in a new network namespace (unshare(CLONE_NEWNET)) set
// up by a small shell; it returns the exit code, and ran false when no namespace can be made
// here (a container that forbids it).
func reexec(ip string) (code int, ran bool) {
	attr, ok := netnsAttr()
	self, err := os.Executable()
	if !ok || err != nil {
		return 0, false
	}
	script := ip + " link set lo up && " + ip + " addr add " + NodeAddress + "/32 dev lo && exec \"$0\" \"$@\""
	cmd := exec.Command("/bin/sh", append([]string{"-c", script, self}, os.Args[1:]...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), netnsEnv+"=1")
	cmd.SysProcAttr = attr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() >= 0 {
			return ee.ExitCode(), true
		}
		if errors.As(err, &ee) {
			return 1, true // killed by a signal
		}
		os.Setenv(netnsEnv, "none")
		fmt.Fprintln(os.Stderr, "kubetest: no network namespace ("+err.Error()+"); the node proxy test will skip")
		return 0, false
	}
	return 0, true
}

// NodeProxy reports whether the node address is usable: the tests run in their own network
// namespace.
func NodeProxy() bool { return os.Getenv(netnsEnv) == "1" }

// Tokens of the users the token file defines.
const (
	AdminToken   = "admin-token"   // system:masters: sets the cluster up
	ScannerToken = "scanner-token" // user elli-scanner: get and list on everything, no write
	ViewerToken  = "viewer-token"  // user elli-viewer: get and list on workloads only
	NobodyToken  = "nobody-token"  // user elli-nobody: no role at all
	// user elli-node-reader: get and list on nodes and events, not nodes/proxy
	NodeReaderToken = "node-reader-token"
	// user elli-node-proxy: get and list on nodes and get on nodes/proxy, not events
	NodeProxyToken = "node-proxy-token"
)

// Env is a running control plane.
type Env struct {
	Dir      string
	URL      string // https://127.0.0.1:port
	CA       []byte // the API server's serving CA (from --cert-dir)
	AuditLog string
	etcd     *exec.Cmd
	api      *exec.Cmd
	stopped  bool
}

// Start starts etcd and kube-apiserver for the test and stops them when it ends. It skips the
// test, with one line, where the binaries are absent. extra are more kube-apiserver flags.
func Start(t testing.TB, extra ...string) *Env {
	t.Helper()
	etcdBin, apiBin, why := Binaries()
	if why != "" {
		skip(t, why)
	}
	dir := t.TempDir()
	e := &Env{Dir: dir, AuditLog: filepath.Join(dir, "audit.log")}
	t.Cleanup(e.Stop)

	ports := freePorts(t, 3)
	clientPort, peerPort, apiPort := ports[0], ports[1], ports[2]
	etcdURL := "http://127.0.0.1:" + clientPort
	peerURL := "http://127.0.0.1:" + peerPort
	e.etcd = exec.Command(etcdBin, "--name", "default", "--data-dir", filepath.Join(dir, "etcd"),
		"--listen-client-urls", etcdURL, "--advertise-client-urls", etcdURL,
		"--listen-peer-urls", peerURL, "--initial-advertise-peer-urls", peerURL,
		"--initial-cluster", "default="+peerURL, "--log-level", "error")
	e.etcd.Stdout, e.etcd.Stderr = logFile(t, dir, "etcd.log"), logFile(t, dir, "etcd.log")
	e.etcd.SysProcAttr = serverAttr()
	if err := e.etcd.Start(); err != nil {
		t.Fatalf("start etcd: %v", err)
	}
	waitHTTP(t, etcdURL+"/health", nil, 30*time.Second, dir, "etcd.log")

	writeFile(t, dir, "tokens.csv", AdminToken+",admin,uid-admin,\"system:masters\"\n"+
		ScannerToken+",elli-scanner,uid-scanner\n"+ViewerToken+",elli-viewer,uid-viewer\n"+NobodyToken+",elli-nobody,uid-nobody\n"+
		NodeReaderToken+",elli-node-reader,uid-node-reader\n"+NodeProxyToken+",elli-node-proxy,uid-node-proxy\n")
	writeFile(t, dir, "audit.yaml", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n")
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := x509.MarshalPKIXPublicKey(&key.PublicKey)
	writeFile(t, dir, "sa.key", string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})))
	writeFile(t, dir, "sa.pub", string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})))

	args := []string{
		"--etcd-servers=" + etcdURL,
		"--bind-address=127.0.0.1", "--advertise-address=127.0.0.1", "--secure-port=" + apiPort,
		"--cert-dir=" + filepath.Join(dir, "certs"),
		"--token-auth-file=" + filepath.Join(dir, "tokens.csv"),
		"--service-account-key-file=" + filepath.Join(dir, "sa.pub"),
		"--service-account-signing-key-file=" + filepath.Join(dir, "sa.key"),
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--authorization-mode=RBAC",
		"--audit-log-path=" + e.AuditLog, "--audit-policy-file=" + filepath.Join(dir, "audit.yaml"),
		"--audit-log-mode=blocking",
		"--service-cluster-ip-range=10.96.0.0/16",
		// no controller manager runs to create each namespace's default service account
		"--disable-admission-plugins=ServiceAccount",
		"--kubelet-preferred-address-types=InternalIP",
		"--enable-priority-and-fairness=false",
		"--profiling=false",
	}
	e.api = exec.Command(apiBin, append(args, extra...)...)
	e.api.Stdout, e.api.Stderr = logFile(t, dir, "apiserver.log"), logFile(t, dir, "apiserver.log")
	e.api.SysProcAttr = serverAttr()
	if err := e.api.Start(); err != nil {
		t.Fatalf("start kube-apiserver: %v", err)
	}
	e.URL = "https://127.0.0.1:" + apiPort
	waitHTTP(t, e.URL+"/readyz", http.Header{"Authorization": {"Bearer " + AdminToken}}, 90*time.Second, dir, "apiserver.log")
	ca, err := os.ReadFile(filepath.Join(dir, "certs", "apiserver.crt"))
	if err != nil {
		t.Fatalf("the API server wrote no certificate: %v", err)
	}
	e.CA = ca
	return e
}

// Config returns a client configuration for the user of token.
func (e *Env) Config(token string) *rest.Config {
	return &rest.Config{Host: e.URL, BearerToken: token, TLSClientConfig: rest.TLSClientConfig{CAData: e.CA},
		QPS: 1000, Burst: 1000, WarningHandler: rest.NoWarnings{}}
}

// Kubeconfig writes a kubeconfig file with one context per user (admin, scanner, viewer,
// nobody), the scanner's current, and returns its path.
func (e *Env) Kubeconfig(t testing.TB) string {
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: v1\nkind: Config\ncurrent-context: scanner\nclusters:\n- name: test\n  cluster:\n    server: %s\n    certificate-authority: %s\n",
		e.URL, filepath.Join(e.Dir, "certs", "apiserver.crt"))
	b.WriteString("users:\n")
	users := [][2]string{{"admin", AdminToken}, {"scanner", ScannerToken}, {"viewer", ViewerToken}, {"nobody", NobodyToken}}
	for _, u := range users {
		fmt.Fprintf(&b, "- name: %s\n  user:\n    token: %s\n", u[0], u[1])
	}
	b.WriteString("contexts:\n")
	for _, u := range users {
		fmt.Fprintf(&b, "- name: %s\n  context:\n    cluster: test\n    user: %s\n", u[0], u[0])
	}
	return writeFile(t, e.Dir, "kubeconfig", b.String())
}

// StopAPIServer kills the API server (etcd stays): a server that disappears.
func (e *Env) StopAPIServer() {
	if e.api != nil && e.api.Process != nil {
		_ = e.api.Process.Kill()
		_ = e.api.Wait()
		e.api = nil
	}
}

// Stop kills both processes; it is called when the test ends.
func (e *Env) Stop() {
	if e.stopped {
		return
	}
	e.stopped = true
	e.StopAPIServer()
	if e.etcd != nil && e.etcd.Process != nil {
		_ = e.etcd.Process.Kill()
		_ = e.etcd.Wait()
	}
}

// AuditEvent is what the tests read of an audit log line.
type AuditEvent struct {
	Stage      string `json:"stage"`
	Verb       string `json:"verb"`
	RequestURI string `json:"requestURI"`
	UserAgent  string `json:"userAgent"`
	User       struct {
		Username string `json:"username"`
	} `json:"user"`
	ResponseStatus struct {
		Code int `json:"code"`
	} `json:"responseStatus"`
}

// Audit returns the audit log's events of user (all users when "").
func (e *Env) Audit(t testing.TB, user string) []AuditEvent {
	f, err := os.Open(e.AuditLog)
	if err != nil {
		t.Fatalf("audit log: %v", err)
	}
	defer f.Close()
	var out []AuditEvent
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var ev AuditEvent
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("audit log line: %v", err)
		}
		if user == "" || ev.User.Username == user {
			out = append(out, ev)
		}
	}
	return out
}

// freePorts returns n distinct free loopback ports: each listener stays open until all are
// chosen, since a port closed at once may be handed out again by the next call (the API
// server then found etcd on its port).
func freePorts(t testing.TB, n int) []string {
	var out []string
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		out = append(out, strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
	}
	return out
}

func writeFile(t testing.TB, dir, name, s string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func logFile(t testing.TB, dir, name string) *os.File {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// waitHTTP polls url until it answers 200, or fails the test with the log's tail.
func waitHTTP(t testing.TB, url string, h http.Header, limit time.Duration, dir, log string) {
	t.Helper()
	client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{TLSClientConfig: insecureTLS()}}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		for k, v := range h {
			req.Header[k] = v
		}
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	b, _ := os.ReadFile(filepath.Join(dir, log))
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	t.Fatalf("%s did not get ready in %s; %s ends:\n%s", url, limit, log, b)
}
