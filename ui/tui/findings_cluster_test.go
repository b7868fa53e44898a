package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
)

// clusterObjects are two of the objects the cluster scan's tests plant (internal/kubetest),
// as manifests: the check scanner gives their findings in either language, and
// clusterFindings places them as elli check --cluster does, at an object and a field.
const clusterObjects = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    metadata:
      annotations:
        container.apparmor.security.beta.kubernetes.io/web: runtime/default
    spec:
      containers:
      - name: web
        image: nginx
      volumes:
      - name: cache
        emptyDir: {}
      - name: shared
        cephfs:
          monitors: ["10.0.0.1:6789"]
---
apiVersion: v1
kind: Pod
metadata:
  name: kube-controller-manager-node-1
  namespace: kube-system
spec:
  containers:
  - name: kube-controller-manager
    image: registry.k8s.io/kube-controller-manager:v1.30.4
    command:
    - kube-controller-manager
    - --horizontal-pod-autoscaler-upscale-delay=3m
    - --feature-gates=InTreePluginGCEUnregister=true
`

// clusterPaths are the fields of clusterObjects' findings, by rule, as the cluster scan
// names them.
var clusterPaths = map[string]string{
	check.RuleAppArmor:      `spec.template.metadata.annotations["container.apparmor.security.beta.kubernetes.io/web"]`,
	check.RuleCephFSVolume:  "spec.template.spec.volumes[1].cephfs",
	check.RuleHPADelayFlags: "spec.containers[0].command[1]",
	check.RuleRemovedGate:   "spec.containers[0].command[2]",
}

func clusterFindings(t *testing.T, lang data.Lang) []check.Finding {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "objects.yaml"), []byte(clusterObjects), 0o600); err != nil {
		t.Fatal(err)
	}
	rep, err := check.New(dataset(t), check.Options{Lang: lang}).Scan(context.Background(), []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fs := rep.Findings
	for i, f := range fs {
		path, ok := clusterPaths[f.Rule]
		if !ok {
			t.Fatalf("no field for the rule %s", f.Rule)
		}
		fs[i].File = "prod/" + f.Namespace + "/" + f.Kind + "/" + f.Name
		fs[i].Path, fs[i].Line, fs[i].Column = path, 0, 0
	}
	if len(fs) != len(clusterPaths) {
		t.Fatalf("%d findings, want %d: %+v", len(fs), len(clusterPaths), fs)
	}
	return fs
}

func newClusterFindings(t *testing.T, lang data.Lang, w, h int) findingsModel {
	t.Helper()
	m := openFramed(t, lang, &CheckFindings{Findings: clusterFindings(t, lang), From: "prod"}, w, h)
	m.ex.openURL = func(string) error { return errNoOpener }
	m.ex.copyText = func(string) error { return nil }
	return m
}

// The Findings view of elli check --cluster --tui, at both sizes in both languages, on the
// finding with the longest field.
func TestFindingsClusterGolden(t *testing.T) {
	t.Parallel()
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s-%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				out := newClusterFindings(t, lang, size[0], size[1]).Render()
				assertFits(t, out, size[0], size[1])
				golden.RequireEqual(t, ansi.Strip(out))
			})
		}
	}
}

// A cluster finding's place is an object and a field: the rows say the field (the heading
// above them names the object) with no column of line numbers, and the pane shows the object
// and the whole field even at 80 columns, where they take two lines; moving shows the next.
func TestFindingsClusterLocation(t *testing.T) {
	t.Parallel()
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		for _, w := range []int{80, 120} {
			m := newClusterFindings(t, lang, w, 24)
			for i, f := range m.findings {
				out := ansi.Strip(m.Render())
				lines := strings.Split(out, "\n")
				pane := strings.Join(lines[len(lines)-1-findingPaneLines:len(lines)-1], "\n")
				flat := strings.NewReplacer("│", "", " ", "", "\n", "", "↩", "").Replace(pane)
				if want := f.File + f.Path; !strings.Contains(flat, want) {
					t.Errorf("%s %d cols, finding %d: the pane lacks %s:\n%s", lang, w, i, want, pane)
				}
				row := lines[1+m.lineOf(i)-m.top]
				if !strings.HasPrefix(strings.TrimLeft(row, " "), f.Severity.String()+" ") {
					t.Errorf("%s %d cols: row %q does not start with the severity", lang, w, row)
				}
				if !strings.Contains(row, ansi.Truncate(f.Path, 10, "")) {
					t.Errorf("%s %d cols: row %q lacks the field %s", lang, w, row, f.Path)
				}
				m = fkeys(m, "j")
			}
		}
	}
}

// paneWrap fills Chinese lines (they break between characters, not only at spaces), cuts a
// word wider than the pane with a mark, and ends what it leaves out with "…"; paneWrapPlace
// breaks at spaces too, and cuts a field path wider than the pane after one of its dots.
func TestPaneWrap(t *testing.T) {
	t.Parallel()
	cases := []struct {
		text  string
		width int
		n     int
		want  []string
	}{
		{"feature gate X was removed", 12, 3, []string{"feature gate", "X was", "removed"}},
		{"容器的配置通过注解设置，该注解已弃用", 10, 4, []string{"容器的配置", "通过注解设", "置，该注解", "已弃用"}},
		{"gate X~~~~~~~~~~~~~~~~~~ removed", 12, 3, []string{"gate", "X~~~~~~~~~~↩", "~~~~~~~~…"}},
		{"use ceph/ceph-csi or rbd.csi.ceph.com", 16, 3, []string{"use", "ceph/ceph-csi or", "rbd.csi.ceph.com"}},
		{"one two three four", 8, 2, []string{"one two", "three…"}},
		{"", 8, 2, []string{""}},
	}
	for _, c := range cases {
		got := paneWrap(c.text, c.width, c.n)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("paneWrap(%q, %d, %d) = %q, want %q", c.text, c.width, c.n, got, c.want)
		}
		for _, l := range got {
			if ansi.StringWidth(l) > c.width {
				t.Errorf("paneWrap(%q): %q is wider than %d", c.text, l, c.width)
			}
		}
	}
	places := []struct {
		place string
		width int
		want  []string
	}{
		{"prod/shop/Deployment/web spec.template.spec.volumes[1].cephfs", 30,
			[]string{"prod/shop/Deployment/web", "spec.template.spec.↩", "volumes[1].cephfs"}},
		{"prod/shop/Deployment/web spec.template.spec.volumes[1].cephfs", 40,
			[]string{"prod/shop/Deployment/web", "spec.template.spec.volumes[1].cephfs"}},
	}
	for _, c := range places {
		got := paneWrapPlace(c.place, c.width, 3)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("paneWrapPlace(%q, %d) = %q, want %q", c.place, c.width, got, c.want)
		}
	}
}

// A check that could not read everything (a view-only user's cluster scan) says, under the
// header, that its notes wait on the terminal, and with no finding does not claim that nothing
// is affected; the screen fits at every size.
func TestFindingsNotes(t *testing.T) {
	t.Parallel()
	open := func(lang data.Lang, fs []check.Finding, notes, w, h int) findingsModel {
		return openFramed(t, lang, &CheckFindings{Findings: fs, From: "viewer", Notes: notes}, w, h)
	}
	fs := clusterFindings(t, data.LangEN)
	out := ansi.Strip(open(data.LangEN, fs, 8, 80, 24).Render())
	if lines := strings.Split(out, "\n"); lines[1] != "8 notes on what could not be read wait on the terminal: quit to see them" {
		t.Errorf("line 2 is %q:\n%s", lines[1], out)
	}
	if out := ansi.Strip(open(data.LangEN, fs, 1, 80, 24).Render()); !strings.Contains(out, "1 note on what could not be read waits") {
		t.Errorf("one note:\n%s", out)
	}
	if out := ansi.Strip(open(data.LangEN, fs, 0, 80, 24).Render()); strings.Contains(out, "could not be read") {
		t.Errorf("no notes, yet the view speaks of them:\n%s", out)
	}
	none := ansi.Strip(open(data.LangZH, nil, 9, 80, 24).Render())
	if !strings.Contains(none, "有 9 条说明列出了未能读取的内容") || !strings.Contains(none, "viewer 中能读取的部分没有发现问题") ||
		strings.Contains(none, "没有受 v1.31 影响") {
		t.Errorf("a partial scan with no finding, in Chinese:\n%s", none)
	}
	for w := 20; w <= 200; w += 30 {
		for h := 5; h <= 60; h += 11 {
			for _, f := range [][]check.Finding{fs, nil} {
				m := open(data.LangZH, f, 3, w, h)
				for range len(f) + 1 {
					assertFits(t, m.Render(), w, h)
					m = fkeys(m, "j")
				}
			}
		}
	}
}
