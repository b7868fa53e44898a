package main

import (
	"os/exec"
	"strings"
	"testing"
)

// elli never links client-go: the cluster scan is kubectl-elli's (cmd/kubectl-elli), because
// client-go would cost every elli command start-up time and size (docs/check.md, "kubectl-elli, a second binary").
func TestElliDoesNotLinkClientGo(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "k8s.io/") || p == "github.com/elli-k8s/elli/data/cluster" {
			t.Errorf("elli links %s", p)
		}
	}
	out, err = exec.Command("go", "list", "-deps", "./cmd/kubectl-elli").Output()
	if err != nil || !strings.Contains(string(out), "k8s.io/client-go/rest") {
		t.Errorf("kubectl-elli does not link client-go's REST client (%v)", err)
	}
}
