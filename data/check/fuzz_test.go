package check

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// allocBound is what scanning n bytes may allocate: a measure of the scan's work that, unlike
// its time, does not depend on the machine or its load. Work that grows faster than the input
// soon passes any such line, as the inputs under testdata/fuzz did before aliases were bounded
// by the text they make the checks read (guard.go): an 827-byte CI file allocated 934 MB.
// Linear work stays under it: yaml.v3 allocates about 6 kB for each document it parses, so a
// file of 5-byte documents costs about 1,150 bytes a byte, the most seen, and what aliases may
// add within their allowance costs at most 3 MB plus about 600 bytes a byte.
func allocBound(n int) uint64 { return 2048*uint64(n) + 4<<20 }

// FuzzScanDocument feeds the document scanner arbitrary bytes under every name kind: it must
// not panic, must allocate no more than allocBound, and every finding must point inside the
// document and name a known rule. The corpus files are the seeds, with the inputs under
// testdata/fuzz (alias amplifications that took seconds and gigabytes).
func FuzzScanDocument(f *testing.F) {
	_ = filepath.WalkDir(corpus, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, err := os.ReadFile(p); err == nil && len(b) < 4096 {
				f.Add(filepath.Base(p), b)
			}
		}
		return nil
	})
	f.Add("x.yaml", []byte("a: &a [*a]\n"))
	f.Add("x.sh", []byte("kubectl exec p <<E\nx\nE\n"))
	f.Add("x.yaml", []byte("apiVersion: v1\nkind: ConfigMap\ndata:\n  a: \"apiVersion: v1\\nkind: Pod\\nspec: {volumes: [{cephfs: {}}]}\"\n"))
	s := newTestScanner(Options{})
	triggers.matches(nil) // built once per process, not by any one input
	names := []string{"a.yaml", "a.json", "a.sh", "Makefile", "a.service", "kubelet", "a.pem", "x"}
	f.Fuzz(func(t *testing.T, name string, b []byte) {
		if len(name) > 0 {
			name = names[int(name[0])%len(names)]
		} else {
			name = names[0]
		}
		var fs []Finding
		if n := allocated(func() { fs, _ = s.ScanDocument(name, b) }); n > allocBound(len(b)) {
			t.Errorf("%s: %d bytes allocated %d KiB, over the %d KiB bound", name, len(b), n>>10, allocBound(len(b))>>10)
		}
		lines := bytes.Count(b, []byte("\n")) + 1
		for _, fd := range fs {
			if _, ok := RuleByID(fd.Rule); !ok {
				t.Errorf("unknown rule %q", fd.Rule)
			}
			if fd.Line < 1 || fd.Line > lines {
				t.Errorf("%s: finding at line %d of %d: %+v", name, fd.Line, lines, fd)
			}
		}
	})
}

// The automaton agrees with a plain search for the trigger words, on random text built from
// their pieces (where near-misses are common).
func TestTriggerAutomaton(t *testing.T) {
	contains := func(b []byte) bool {
		for _, w := range triggerWords {
			if bytes.Contains(b, []byte(w)) {
				return true
			}
		}
		return false
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := r.IntN(8); n > 0; n-- {
			w := triggerWords[r.IntN(len(triggerWords))]
			cut := r.IntN(len(w) + 1)
			b = append(b, w[:cut]...)
			if r.IntN(3) == 0 {
				b = append(b, byte(r.IntN(256)))
			}
		}
		if got, want := triggers.matches(b), contains(b); got != want {
			t.Fatalf("matches(%q) = %v, want %v", b, got, want)
		}
	}
	for _, w := range triggerWords {
		if !triggers.matches([]byte("xx " + w + " yy")) {
			t.Errorf("%q not matched", w)
		}
	}
}

// An object as kubectl get -o yaml prints it from a live cluster (kubectl annotations,
// managedFields, status) mentions nothing 1.31 changed and is not parsed.
func TestTriggersSkipLiveObjects(t *testing.T) {
	live := []byte(`apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "3"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"shop"}}
  creationTimestamp: "2024-07-01T10:00:00Z"
  generation: 3
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    manager: kubectl-client-side-apply
    operation: Update
  name: web
  namespace: shop
spec:
  template:
    metadata:
      annotations:
        kubectl.kubernetes.io/restartedAt: "2024-07-02T09:00:00Z"
    spec:
      containers:
      - image: registry.example.com/web:1.2.3
        name: web
status:
  availableReplicas: 3
`)
	if triggers.matches(live) {
		t.Error("a live Deployment with kubectl annotations passes the trigger filter")
	}
	if !triggers.matches([]byte("run: |\n  kubectl exec web-0 ls\n")) {
		t.Error("a CI step running kubectl does not pass the trigger filter")
	}
}

// FuzzScanStream feeds arbitrary bytes through standard input with a small size limit, so
// that the streaming paths run: the line splitter with partial lines, List items, and JSON
// read item by item. It must not panic, must allocate no more than allocBound (the scan's
// goroutines have all ended when Scan returns), and its findings must point inside the input.
func FuzzScanStream(f *testing.F) {
	for _, p := range []string{"manifests/workloads.json", "manifests/ceph.yaml", "manifests/kube-system-configmaps.yaml"} {
		if b, err := os.ReadFile(filepath.Join(corpus, p)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("{\"items\": [{\"kind\": \"Pod\"}, {\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"spec\": {\"volumes\": [{\"cephfs\": {}}]}}]}"))
	s := New(nil, Options{MaxFileSize: 256})
	triggers.matches(nil)
	f.Fuzz(func(t *testing.T, b []byte) {
		var rep *Report
		var err error
		n := allocated(func() { rep, err = s.Scan(context.Background(), []string{StdinName}, bytes.NewReader(b)) })
		if err != nil {
			t.Fatal(err)
		}
		if n > allocBound(len(b)) {
			t.Errorf("%d bytes allocated %d KiB, over the %d KiB bound", len(b), n>>10, allocBound(len(b))>>10)
		}
		lines := bytes.Count(b, []byte("\n")) + 1
		for _, fd := range rep.Findings {
			if fd.Line < 1 || fd.Line > lines {
				t.Errorf("finding at line %d of %d: %+v", fd.Line, lines, fd)
			}
		}
	})
}
