package render

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// Plain text (the check table, the Findings view, notes) wraps by the pages' rule: at spaces and
// between Chinese characters, never after a hyphen, a dot or a slash; a word wider than the line
// is cut with a mark; a line keeps its indent.
func TestWrapPlain(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  []string
	}{
		{"install ceph/ceph-csi and kube-controller-manager now", 20,
			[]string{"install", "ceph/ceph-csi and", "kube-controller-man↩", "ager now"}},
		{"first line\n  kubectl -n kube-system get pods", 24,
			[]string{"first line", "  kubectl -n kube-system", "  get pods"}},
		{"在 kube-apiserver 上设置 --feature-gates=RetryGenerateName=true。", 20,
			[]string{"在 kube-apiserver 上", "设置", "--feature-gates=Ret↩", "ryGenerateName=tru↩", "e。"}},
		{"", 10, []string{""}},
	} {
		got := Wrap(c.text, c.width)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
		for _, l := range got {
			if xansi.StringWidth(l) > c.width {
				t.Errorf("Wrap(%q, %d): %q is too wide", c.text, c.width, l)
			}
		}
	}
	// a path cut where it reads best: after a slash in the second half of the line
	if got := Cut("testdata/check/node/kubelet.service.d/20-extra-args.conf", 30, "/"); strings.Join(got, "|") !=
		"testdata/check/node/↩|kubelet.service.d/↩|20-extra-args.conf" {
		t.Errorf("Cut = %q", got)
	}
}
