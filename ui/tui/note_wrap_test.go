package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// A note wraps as pages do: at spaces, never inside kube-controller-manager or a flag; its
// indented command keeps its indent; a word wider than the pane is cut with a mark.
func TestNoteWrapsAtSpaces(t *testing.T) {
	t.Parallel()
	note := "restart kube-controller-manager with --horizontal-pod-autoscaler-sync-period\n  kubectl -n kube-system get pods\n" +
		strings.Repeat("x", 40)
	p := notedPage(newPage("page"), NewStyles(true, true, false), i18n.For(data.LangEN).TUI, note, 32, 0)
	var body []string
	for _, l := range p.lines[1 : len(p.lines)-2] { // between the heading and the rule, the page's line after
		body = append(body, strings.TrimPrefix(ansi.Strip(l), "│ "))
	}
	want := []string{"restart", "kube-controller-manager with", "--horizontal-pod-autoscaler-s↩", "ync-period",
		"  kubectl -n kube-system get", "  pods", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxx↩", "xxxxxxxxxxx"}
	if strings.Join(body, "|") != strings.Join(want, "|") {
		t.Errorf("note lines\n got %q\nwant %q", body, want)
	}
}
