package check

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/elli-k8s/elli/data/check/checktest"
)

var (
	benchTreeOnce sync.Once
	benchTree     string
	benchBytes    int64
	benchErr      error
)

// BenchmarkScanTree scans the tree of 10,000 manifests (a Deployment and a Service each,
// about 7 MB) that scripts/measure-check.sh also times against kubeconform. The tree is
// written once per process, outside the timing.
func BenchmarkScanTree(b *testing.B) {
	benchTreeOnce.Do(func() {
		benchTree, benchErr = os.MkdirTemp("", "elli-check-bench-")
		if benchErr == nil {
			benchBytes, benchErr = checktest.WriteTree(benchTree, 10000)
		}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	s := New(nil, Options{})
	b.SetBytes(benchBytes)
	b.ReportAllocs()
	for b.Loop() {
		rep, err := s.Scan(context.Background(), []string{benchTree}, nil)
		if err != nil || rep.Files != 10000 || len(rep.Findings) != 0 {
			b.Fatalf("%v: %d files, %d findings", err, rep.Files, len(rep.Findings))
		}
	}
}

// BenchmarkScanDocumentParsed times the full path of one document that has to be parsed.
func BenchmarkScanDocumentParsed(b *testing.B) {
	doc, err := os.ReadFile("testdata/corpus/manifests/ceph.yaml")
	if err != nil {
		b.Fatal(err)
	}
	s := New(nil, Options{})
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		s.ScanDocument("ceph.yaml", doc)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchTree != "" {
		_ = os.RemoveAll(benchTree)
	}
	os.Exit(code)
}
