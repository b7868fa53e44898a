package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/tui"
)

func init() {
	for _, v := range []any{CheckReport{}, Finding{}, ObjectRef{}, CheckNote{}, CheckScan{}, CheckRule{}, CheckCluster{}, ClusterKindCount{}} {
		t := reflect.TypeOf(v)
		schemaTypes[t.Name()] = t
	}
}

// runStdin runs elli with stdin holding in.
func runStdin(t *testing.T, in string, args ...string) result {
	t.Helper()
	a := newTestApp(t, nil)
	a.stdin = strings.NewReader(in)
	return a.run(args...)
}

// The "done when": helm template output of a chart with a cephfs volume and an
// AppArmor annotation gives one error and one warning with the right lines and fixes, from a
// file and from standard input alike; the same chart without them exits 0. The two files are
// what Helm rendered of testdata/helm/shop (its README says how); TestCheckSARIFValidates
// validates their SARIF.
func TestCheckDoneWhen(t *testing.T) {
	t.Parallel()
	const chart = "testdata/check/chart/rendered.yaml"
	b, err := os.ReadFile(chart)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", chart, "--json"}, {"check", "-", "--json"}, {"check", "--json"}} {
		r := runStdin(t, string(b), args...)
		if r.code != 1 {
			t.Fatalf("elli %s: exit %d, want 1 (stderr %q)", strings.Join(args, " "), r.code, r.stderr)
		}
		rep := decode[CheckReport](t, r.stdout)
		if len(rep.Findings) != 2 || rep.Scan.Errors != 1 || rep.Scan.Warnings != 1 || !rep.Scan.Failed {
			t.Fatalf("elli %s: %+v", strings.Join(args, " "), rep)
		}
		warn, errf := rep.Findings[0], rep.Findings[1]
		if warn.Severity != "warning" || warn.Rule != "apparmor-annotation" || warn.Line != 47 ||
			!strings.Contains(warn.Fix, "appArmorProfile: {type: RuntimeDefault}") || warn.Item.ID != "24-apparmor" {
			t.Errorf("the warning: %+v", warn)
		}
		if errf.Severity != "error" || errf.Rule != "cephfs-volume" || errf.Line != 64 ||
			!strings.Contains(errf.Fix, "cephfs.csi.ceph.com") || errf.Item.ID != "removal-cephfs-volume-plugin" {
			t.Errorf("the error: %+v", errf)
		}
		if errf.Object == nil || *errf.Object != (ObjectRef{Kind: "Deployment", Namespace: "default", Name: "shop"}) {
			t.Errorf("the error's object: %+v", errf.Object)
		}
	}
	clean := runOK(t, "check", "testdata/check/clean/rendered.yaml")
	if !strings.Contains(clean, "No findings") {
		t.Errorf("a clean chart prints %q", clean)
	}
}

func TestCheckExitCodes(t *testing.T) {
	t.Parallel()
	const chart = "testdata/check/chart/rendered.yaml"
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"check", chart}, 1, ""},
		{[]string{"check", chart, "--fail-on", "none"}, 0, ""},
		{[]string{"check", "testdata/check/clean", "--fail-on", "info"}, 0, ""},
		{[]string{"check", "testdata/check/node", "--fail-on", "warning"}, 1, ""},
		{[]string{"check", "testdata/no-such-folder"}, 2, "testdata/no-such-folder: no such file or directory"},
		{[]string{"check", chart, "--format", "xml"}, 2, `invalid --format "xml"`},
		{[]string{"check", chart, "--fail-on", "fatal"}, 2, `invalid --fail-on "fatal"`},
		{[]string{"check", chart, "--max-file-size", "ten"}, 2, `invalid --max-file-size "ten"`},
		{[]string{"check", chart, "--json", "--format", "sarif"}, 2, "cannot be used together"},
		{[]string{"check", "-", "-"}, 2, "only once"},
		{[]string{"check"}, 2, "nothing came on standard input"},
		{[]string{"check", "--rules", chart}, 2, "takes no paths"},
		{[]string{"check", chart, "--tui"}, 2, "needs a terminal"},
	} {
		r := run(t, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.err) {
			t.Errorf("elli %s: exit %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.code, tc.err)
		}
	}
}

// A file over --max-file-size is skipped with a note on stderr, and the scan goes on.
func TestCheckMaxFileSize(t *testing.T) {
	t.Parallel()
	r := run(t, "check", "testdata/check/chart", "testdata/check/node", "--max-file-size", "1KiB")
	if r.code != 1 || !strings.Contains(r.stderr, "rendered.yaml: skipped:") || !strings.Contains(r.stdout, "intree-cloud-provider") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
}

// Golden files of the three formats over a small tree.
func TestCheckGolden(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"table", "json", "sarif"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			r := run(t, "check", "testdata/check", "--format", format, "--fail-on", "none")
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			golden.RequireEqual(t, r.stdout)
		})
	}
}

// Nothing from the user's files reaches the terminal as a control sequence: not the escape
// sequences a YAML string can spell, not bidi overrides. JSON keeps the data, escaped.
func TestCheckSanitizes(t *testing.T) {
	t.Parallel()
	r := run(t, "check", "testdata/check/hostile.yaml")
	if r.code != 1 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, bad := range []string{"\x1b", "\a", "\u202e"} {
		if strings.Contains(r.stdout, bad) {
			t.Errorf("the table holds %q:\n%s", bad, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, "Pod shop/evil\n") || !strings.Contains(r.stdout, `volume "\x1b[31mred"`) {
		t.Errorf("the sanitized name is not there:\n%s", r.stdout)
	}
	js := runStdin(t, "", "check", "testdata/check/hostile.yaml", "--json").stdout
	if strings.ContainsAny(js, "\x1b\a\u202e") || !strings.Contains(js, `\u001b[2J`) || !strings.Contains(js, `\u202e`) {
		t.Errorf("JSON output: %s", js)
	}
	rep := decode[CheckReport](t, js)
	if rep.Findings[0].Object.Name != "evil\x1b[2J\x1b]8;;https://example.invalid\a" {
		t.Errorf("JSON lost the data: %q", rep.Findings[0].Object.Name)
	}
}

// The SARIF output validates against the SARIF 2.1.0 schema (vendored in testdata from the
// SARIF SDK's npm package, @microsoft/sarif-multitool-linux), on the whole test corpus and on
// the done-when chart and its clean twin.
func TestCheckSARIFValidates(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"../../data/check/testdata/corpus", "testdata/check/chart", "testdata/check/clean"} {
		r := run(t, "check", path, "--format", "sarif", "--fail-on", "none")
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(r.stdout))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(v); err != nil {
			t.Errorf("%s: the SARIF does not validate: %v", path, err)
		}
		var log sarifLog
		if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
			t.Fatal(err)
		}
		for _, res := range log.Runs[0].Results {
			if rule := log.Runs[0].Tool.Driver.Rules[res.RuleIndex]; rule.ID != res.RuleID {
				t.Errorf("result %s points at rule %d, %s", res.RuleID, res.RuleIndex, rule.ID)
			}
		}
	}
	// the validator itself rejects a broken log
	if err := schema.Validate(map[string]any{"version": "2.1.0", "runs": []any{map[string]any{}}}); err == nil {
		t.Error("a run without a tool validated")
	}
}

// The JSON of check (report and rules) has the shape SCHEMA.md documents.
func TestCheckJSONSchema(t *testing.T) {
	t.Parallel()
	for _, c := range []jsonCommand{
		{[]string{"check", "../../data/check/testdata/corpus", "--fail-on", "none"}, reflect.TypeFor[CheckReport](), 0},
		{[]string{"check", "testdata/check/clean"}, reflect.TypeFor[CheckReport](), 0},
		{[]string{"check", "--rules"}, reflect.TypeFor[[]CheckRule](), 0},
	} {
		r := run(t, append(c.args, "--json")...)
		var v any
		if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || r.code != c.code {
			t.Fatalf("elli %v: exit %d, %v", c.args, r.code, err)
		}
		for _, e := range checkShape(c.typ, v, "elli "+strings.Join(c.args, " ")) {
			t.Error(e)
		}
	}
	rules := decode[[]CheckRule](t, runOK(t, "check", "--rules", "--json"))
	if len(rules) < 25 || rules[0].Item.Title == "" {
		t.Errorf("--rules: %+v", rules)
	}
}

// --tui hands the findings to the explorer on a terminal, with what was checked.
func TestCheckTUI(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, nil)
	a.term.in, a.term.out = true, true
	var got tui.Options
	a.runTUI = func(_ context.Context, _ *data.Dataset, opts tui.Options) error {
		got = opts
		return nil
	}
	r := a.run("check", "testdata/check/chart/rendered.yaml", "--tui", "--lang", "zh")
	if r.code != 1 || got.Check == nil || len(got.Check.Findings) != 2 || got.Check.From != "testdata/check/chart/rendered.yaml" ||
		got.Lang != "zh" || !strings.Contains(got.Check.Findings[1].Message, "树内 cephfs") {
		t.Errorf("exit %d, options %+v", r.code, got)
	}
	if r.stdout != "" {
		t.Errorf("--tui printed %q", r.stdout)
	}
	a2 := newTestApp(t, nil)
	a2.term.in, a2.term.out = true, true
	if r := a2.run("check", "-", "--tui"); r.code != 2 || !strings.Contains(r.stderr, "cannot read standard input") {
		t.Errorf("check - --tui: exit %d, %q", r.code, r.stderr)
	}
}

// In Chinese (--lang zh), the findings, fixes, labels, summary and notes are Chinese; rule ids,
// severities, files and Kubernetes names stay as they are, and JSON says its language.
func TestCheckInChinese(t *testing.T) {
	t.Parallel()
	r := run(t, "check", "--lang", "zh", "testdata/check/chart/rendered.yaml")
	for _, want := range []string{
		"64:11  error    cephfs-volume  Deployment default/shop",
		"卷 \"uploads\" 使用树内 cephfs 插件",
		"修复：在容器 \"shop\" 上设置 securityContext.appArmorProfile: {type: RuntimeDefault}",
		"参见：elli show removal-cephfs-volume-plugin（",
		"已检查 1 个文件，其中 1 个有问题：1 个错误、1 个警告、0 条提示。",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("missing %q in:\n%s", want, r.stdout)
		}
	}
	rep := decode[CheckReport](t, run(t, "check", "--lang", "zh", "testdata/check/chart/rendered.yaml", "--json").stdout)
	if rep.Lang != "zh" || !strings.Contains(rep.Findings[1].Fix, "部署 CephFS CSI 驱动") || rep.Findings[1].Rule != "cephfs-volume" {
		t.Errorf("JSON: %+v", rep)
	}
	clean := run(t, "check", "--lang", "zh", "testdata/check/clean")
	if clean.code != 0 || !strings.Contains(clean.stdout, "没有发现问题") {
		t.Errorf("clean: %d %q", clean.code, clean.stdout)
	}
}

// elli check --cluster hands its command line to kubectl-elli (elli never links client-go), and
// says in one line how to get it when it is not installed.
func TestCheckClusterRunsPlugin(t *testing.T) {
	r := run(t, "check", "--cluster")
	if r.code != 2 || !strings.Contains(r.stderr, "kubectl-elli") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("without kubectl-elli: exit %d, stderr %q", r.code, r.stderr)
	}
	dir := t.TempDir()
	plugin := filepath.Join(dir, "kubectl-elli")
	if err := os.WriteFile(plugin, []byte("#!/bin/sh\necho \"plugin: $*\"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	a := newTestApp(t, nil)
	a.lookPath = func(name string) (string, error) {
		if name == "kubectl-elli" {
			return plugin, nil
		}
		return "", exec.ErrNotFound
	}
	r = a.run("check", "--cluster", "--context", "prod", "-n", "shop")
	if r.code != 1 || r.stdout != "plugin: check --cluster --context prod -n shop\n" {
		t.Errorf("with kubectl-elli: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
