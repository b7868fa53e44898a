package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// Anchors as people write them are checked: a script anchor named by a dozen CI jobs, and a
// pod template two Deployments share, which reports a finding in each.
func TestAliasesInUseAreChecked(t *testing.T) {
	var ci strings.Builder
	ci.WriteString(".deploy: &deploy\n")
	for i := range 12 {
		fmt.Fprintf(&ci, "  - kubectl -n shop rollout status deploy/web-%d\n", i)
	}
	ci.WriteString("  - kubectl exec web-0 nginx -s reload\n")
	for i := range 12 {
		fmt.Fprintf(&ci, "deploy-%d:\n  stage: deploy\n  script: *deploy\n", i)
	}
	fs, notes := newTestScanner(Options{}).ScanDocument("ci.yaml", []byte(ci.String()))
	if g := got("", fs); len(notes) != 0 || !slices.Equal(g, []string{"ci.yaml:14 kubectl-exec-without-separator"}) {
		t.Errorf("CI anchors: findings %v, notes %+v", g, notes)
	}

	shared := `apiVersion: apps/v1
kind: Deployment
metadata: {name: a}
spec:
  template:
    spec: &pod
      volumes: [{name: c, cephfs: {monitors: [m]}}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: b}
spec:
  template:
    spec: {volumes: [{name: c, cephfs: {monitors: [m]}}]}
`
	fs, notes = newTestScanner(Options{}).ScanDocument("web.yaml", []byte(shared))
	if len(fs) != 2 || fs[0].Name != "a" || fs[1].Name != "b" || len(notes) != 0 {
		t.Errorf("shared pod spec: findings %+v, notes %+v", fs, notes)
	}
}

// Aliases that make the checks read far more text than the file holds are refused, even when
// they expand to fewer nodes than maxExpanded: here 9^5 CI jobs name one script of 20
// commands, 59,049 nodes and 27 MB of shell from 800 bytes, which took seconds to read.
func TestAliasedTextIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("script: &s \"" + strings.Repeat("kubectl exec web-0 ls; ", 20) + "\"\njob: &l0 {run: *s}\n")
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 9), ", "))
	}
	doc := []byte(b.String())
	var fs []Finding
	var notes []Note
	s := newTestScanner(Options{})
	triggers.matches(nil)
	n := allocated(func() { fs, notes = s.ScanDocument("ci.yaml", doc) })
	if len(fs) != 0 || len(notes) != 1 || notes[0].Kind != NoteUnparsable || !strings.Contains(notes[0].Message, "alias") {
		t.Errorf("findings %v, notes %+v; want the document refused", got("", fs), notes)
	}
	if n > 1<<20 {
		t.Errorf("refusing %d bytes allocated %d KiB", len(doc), n>>10)
	}
	// the same script named by nine jobs is read
	small, _, _ := strings.Cut(b.String(), "l2:")
	if fs, notes := s.ScanDocument("ci.yaml", []byte(small)); len(fs) != 20 || len(notes) != 0 {
		t.Errorf("a script named 9 times: %d findings, notes %+v", len(fs), notes)
	}
}

// A ConfigMap of a million keys and no alias is large, not an alias bomb (issue 20 #9): the
// node bound counts what aliases add, and a real bomb is still refused.
func TestGuardLargeWithoutAliases(t *testing.T) {
	data := &yaml.Node{Kind: yaml.MappingNode}
	for i := range 1_100_000 {
		data.Content = append(data.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "k" + strconv.Itoa(i)}, &yaml.Node{Kind: yaml.ScalarNode, Value: "v"})
	}
	root := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: "data"}, data}}
	if _, ok := guard(root, maxExpanded, aliasFloor); !ok {
		t.Error("a mapping of 1.1 million keys without aliases is refused")
	}
	// 1.1 million nodes named through one alias each, twice over: a bomb
	bomb := &yaml.Node{Kind: yaml.SequenceNode}
	for range 4 {
		bomb.Content = append(bomb.Content, &yaml.Node{Kind: yaml.AliasNode, Alias: data})
	}
	if _, ok := guard(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{data, bomb}}, maxExpanded, aliasFloor); ok {
		t.Error("four aliases of a million-key mapping pass")
	}
}
