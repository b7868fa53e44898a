package check

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// The findings of the shapes that wrap settings in something else (Cluster API, kind,
// Ignition, MachineConfig, Ansible, shell scripts by shebang, in-cluster ConfigMaps, external
// provisioners) and of the certificates, in full: line, column, severity, object, message and
// fix. TestCorpus holds their lines and rules; this golden file holds the words, so that a fix
// that drops the user's flags, or a severity that changes, shows in review.
// Update with: go test ./data/check -run TestShapesGolden -update
func TestShapesGolden(t *testing.T) {
	roots := []string{filepath.Join(corpus, "shapes"), filepath.Join(corpus, "certs")}
	rep, err := newTestScanner(Options{}).Scan(context.Background(), roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Severity string `json:"severity"`
		Rule     string `json:"rule"`
		Object   string `json:"object,omitempty"`
		Message  string `json:"message"`
		Fix      string `json:"fix"`
	}
	rows := []row{}
	for _, f := range rep.Findings {
		rel, _ := filepath.Rel(corpus, f.File)
		obj := strings.Trim(f.Kind+" "+strings.Trim(f.Namespace+"/"+f.Name, "/"), " ")
		rows = append(rows, row{filepath.ToSlash(rel), f.Line, f.Column, f.Severity.String(), f.Rule, obj, f.Message, f.Fix})
	}
	b, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Notes) > 0 {
		t.Errorf("notes: %+v", rep.Notes)
	}
	golden.RequireEqual(t, append(b, '\n'))
}

// findingAt returns the finding of rule on line in one file of the corpus.
func findingAt(t *testing.T, file string, line int, rule string) Finding {
	t.Helper()
	rep, err := newTestScanner(Options{}).Scan(context.Background(), []string{filepath.Join(corpus, file)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.Line == line && f.Rule == rule {
			return f
		}
	}
	t.Fatalf("no %s on %s:%d in %+v", rule, file, line, rep.Findings)
	return Finding{}
}

// The fix for kubectl exec is the user's own command with -- added: every flag stays, as
// written, so that copying it execs into the same container.
func TestExecFixKeepsEveryFlag(t *testing.T) {
	for _, tc := range []struct {
		file string
		line int
		fix  string
	}{
		{"shapes/scripts/debug.bash", 4, "kubectl exec -it $(pod_default) -- bash"},
		{"shapes/scripts/debug.bash", 6, `kubectl exec -it -c "$CONTAINER" $(pod_default) -- env`},
		{"shapes/scripts/debug.bash", 9, "kubectl exec $(kubectl get pod -l app=web -o name | head -1) -- ls"},
		{"shapes/ansible/upgrade-node.yml", 41, "kubectl exec -n kube-system etcd-{{ inventory_hostname }} -- etcdctl member list"},
		{"scripts/Makefile", 6, "${KUBECTL} exec ${POD} -- env"},
	} {
		f := findingAt(t, tc.file, tc.line, RuleKubectlExec)
		if want := "Write: " + tc.fix; f.Fix != want {
			t.Errorf("%s:%d fix\n got %q\nwant %q", tc.file, tc.line, f.Fix, want)
		}
	}
	// a command from a YAML list has no source text: its words are quoted where the shell needs
	fs, _ := newTestScanner(Options{}).ScanDocument("pod.yaml", []byte(
		"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: bitnami/kubectl\n"+
			"    command: [sh, -c, 'kubectl exec -c \"my app\" web ls']\n"))
	if len(fs) != 1 || fs[0].Fix != `Write: kubectl exec -c "my app" web -- ls` {
		t.Errorf("findings %+v", fs)
	}
	if got := execFix([]token{{s: "kubectl"}, {s: "exec"}, {s: "-c"}, {s: "my app"}, {s: "web"}, {s: "ls"}}, token{s: "ls"}); got != `kubectl exec -c 'my app' web -- ls` {
		t.Errorf("execFix from list words = %q", got)
	}
}

// kubeadm's own ConfigMap is rewritten by kubeadm on upgrade: it is info, its fix says so and
// does not send the user to kubeadm config migrate; a copy under another name is the user's
// file, a warning with that fix.
func TestKubeadmConfigMapFix(t *testing.T) {
	own := findingAt(t, "shapes/cluster/kubeadm-config.yaml", 14, RuleKubeadmConfigMap)
	if strings.Contains(own.Fix, "--old-config") || !strings.Contains(own.Fix, "kubeadm upgrade apply rewrites") || own.Severity != Info {
		t.Errorf("kubeadm-config finding: %+v", own)
	}
	backup := findingAt(t, "shapes/cluster/kubeadm-config.yaml", 25, RuleKubeadmV1beta3)
	if r, _ := RuleByID(RuleKubeadmV1beta3); backup.Fix != r.Fix || backup.Severity != Warning {
		t.Errorf("a user's copy lost the migrate fix: %q", backup.Fix)
	}
	zh := newTestScanner(Options{Lang: "zh"})
	fs, _ := zh.Scan(context.Background(), []string{filepath.Join(corpus, "shapes/cluster/kubeadm-config.yaml")}, nil)
	if len(fs.Findings) != 2 || !strings.Contains(fs.Findings[0].Fix, "kubeadm upgrade apply") || !strings.Contains(fs.Findings[0].Fix, "无需") {
		t.Errorf("Chinese fix: %+v", fs.Findings)
	}
}

// A variable's value is not in the file: the finding is information, never an error.
func TestCloudProviderFromVariableIsInfo(t *testing.T) {
	f := findingAt(t, "shapes/scripts/debug.bash", 10, RuleCloudProviderVar)
	if f.Severity != Info || !strings.Contains(f.Message, "$KUBELET_CLOUD_PROVIDER") {
		t.Errorf("%+v", f)
	}
	fs, _ := newTestScanner(Options{}).ScanDocument("x.sh", []byte("kubelet --cloud-provider=$P\nkubelet --cloud-provider=aws\n"))
	if len(fs) != 2 || fs[0].Rule != RuleCloudProviderVar || fs[1].Rule != RuleCloudProvider || fs[1].Severity != Error {
		t.Errorf("%+v", fs)
	}
}

func TestShellShebang(t *testing.T) {
	for in, want := range map[string]bool{
		"#!/bin/sh\n": true, "#!/bin/bash -e\n": true, "#!/usr/bin/env bash\n": true, "#! /bin/zsh": true,
		"#!/usr/bin/env -S bash -eu\n": true, "#!/bin/ksh\n": true, "\xef\xbb\xbf#!/bin/dash\n": true,
		"#!/usr/bin/env python3\n": false, "#!/usr/bin/perl\n": false, "# /bin/sh\n": false, "": false,
		"#!\n": false, "#!/usr/bin/env\n": false, "kubectl drain x\n": false,
	} {
		if got := shellShebang([]byte(in)); got != want {
			t.Errorf("shellShebang(%q) = %v", in, got)
		}
	}
}

// Command substitutions are searched for their end once at most per unclosed one, and words
// of a quoted YAML string are searched for in the source until one is missing: a hostile
// script or string stays linear (a quadratic search over these megabytes would not finish).
func TestShellSubstitutionsStayLinear(t *testing.T) {
	s := newTestScanner(Options{})
	for name, in := range map[string]string{
		"unclosed $(":  strings.Repeat("$(", 1<<19),
		"unclosed `":   "kubectl exec p `" + strings.Repeat("a ", 1<<19),
		"nested $(":    strings.Repeat("echo "+strings.Repeat("$(", 6)+"kubectl exec p ls"+strings.Repeat(")", 6)+"\n", 1<<14),
		"too deep $(":  strings.Repeat("$(", 1<<12) + "kubectl exec p ls" + strings.Repeat(")", 1<<12),
		"half closed":  strings.Repeat("$(a $(b) ", 1<<16),
		"quoted words": "",
	} {
		if name == "quoted words" {
			// every word is written with escapes, so none is found in the source
			in = "run: \"" + strings.Repeat(`kubectl exec \"p\" ls; `, 1<<15) + "\"\n"
			fs, _ := s.ScanDocument("ci.yaml", []byte(in))
			if len(fs) != maxFindingsPerFile || fs[0].Line != 1 {
				t.Errorf("%s: %d findings, first %+v", name, len(fs), fs[:min(1, len(fs))])
			}
			continue
		}
		fs, _ := s.ScanDocument("x.sh", []byte(in))
		// six levels deep is read; deeper than maxSubstDepth stays a word
		if want := map[string]int{"nested $(": maxFindingsPerFile}[name]; len(fs) != want {
			t.Errorf("%s: %d findings, want %d", name, len(fs), want)
		}
	}
}
