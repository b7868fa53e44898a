package check

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// What a template's lines show is info and says it comes from a template, whatever the rule's
// own severity: the rendered file decides. TestCorpus holds the lines and rules.
func TestTemplateFindingsAreInfo(t *testing.T) {
	rep, err := newTestScanner(Options{}).Scan(context.Background(), []string{filepath.Join(corpus, "templates")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) < 8 {
		t.Fatalf("only %d findings in the templates: %+v", len(rep.Findings), rep.Findings)
	}
	for _, f := range rep.Findings {
		if f.Severity != Info || !strings.HasPrefix(f.Message, "from a template: ") {
			t.Errorf("%s:%d %s: severity %s, message %q", f.File, f.Line, f.Rule, f.Severity, f.Message)
		}
	}
	zh, _ := newTestScanner(Options{Lang: "zh"}).ScanDocument("x.tpl", []byte("kubelet --keep-terminated-pod-volumes\n"))
	if len(zh) != 1 || !strings.HasPrefix(zh[0].Message, "来自模板：") {
		t.Errorf("Chinese template finding: %+v", zh)
	}
}

// A file's name says it is a template; what it renders to decides how it is read.
func TestClassifyTemplates(t *testing.T) {
	for name, want := range map[string]fileKind{
		"user-data.tftpl":      fkTemplate,
		"kubelet.service.tpl":  fkUnit,
		"values.yaml.gotmpl":   fkYAML,
		"bootstrap.sh.j2":      fkShell,
		"_helpers.tpl":         fkTemplate,
		"kubelet-wrapper":      fkScript, // the wrapper script itself, not an environment file
		"kubelet":              fkEnv,
		"kube-proxy.conf.tmpl": fkTemplate,
	} {
		if got := classify(name); got != want {
			t.Errorf("classify(%q) = %d, want %d", name, got, want)
		}
	}
}

// kops field names become the flags nodeup writes.
func TestKebab(t *testing.T) {
	for in, want := range map[string]string{
		"cloudProvider":                       "cloud-provider",
		"podInfraContainerImage":              "pod-infra-container-image",
		"cpuCFSQuota":                         "cpu-cfs-quota",
		"enableAdmissionPlugins":              "enable-admission-plugins",
		"horizontalPodAutoscalerUpscaleDelay": "horizontal-pod-autoscaler-upscale-delay",
		"iptablesMasqueradeBit":               "iptables-masquerade-bit",
		"maxPods":                             "max-pods",
	} {
		if got := kebab(in); got != want {
			t.Errorf("kebab(%q) = %q, want %q", in, got, want)
		}
	}
}
