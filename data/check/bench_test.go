package check

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/elli-k8s/elli/data/check/checktest"
)

// benchTree is a tree written once per process, outside the timing, and removed by TestMain.
type benchTree struct {
	once  sync.Once
	dir   string
	bytes int64
	err   error
}

var (
	sparseTree, denseTree, smallTree benchTree
	benchTrees                       = []*benchTree{&sparseTree, &denseTree, &smallTree}
)

func (t *benchTree) get(b *testing.B, write func(string, int) (int64, error)) (string, int64) {
	t.once.Do(func() {
		t.dir, t.err = os.MkdirTemp("", "elli-check-bench-")
		if t.err == nil {
			t.bytes, t.err = write(t.dir, 10000)
		}
	})
	if t.err != nil {
		b.Fatal(t.err)
	}
	return t.dir, t.bytes
}

// BenchmarkScanTree scans the tree of 10,000 manifests (a Deployment and a Service each,
// about 7 MB) that scripts/measure-check.sh also times against kubeconform.
func BenchmarkScanTree(b *testing.B) {
	dir, size := sparseTree.get(b, checktest.WriteTree)
	s := New(nil, Options{})
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		rep, err := s.Scan(context.Background(), []string{dir}, nil)
		if err != nil || rep.Files != 10000 || len(rep.Findings) != 0 {
			b.Fatalf("%v: %d files, %d findings", err, rep.Files, len(rep.Findings))
		}
	}
}

// BenchmarkScanDenseTree scans the dense tree of scripts/checktree --dense: 10,000 files of a
// Deployment as kubectl prints it, each with an AppArmor annotation, and a Service. Every file
// has a finding, so no document is skipped before parsing.
func BenchmarkScanDenseTree(b *testing.B) {
	dir, size := denseTree.get(b, checktest.WriteDenseTree)
	s := New(nil, Options{})
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		rep, err := s.Scan(context.Background(), []string{dir}, nil)
		if err != nil || rep.Files != 10000 || len(rep.Findings) != 10000 {
			b.Fatalf("%v: %d files, %d findings", err, rep.Files, len(rep.Findings))
		}
	}
}

// BenchmarkScanSmallTree scans the tree of scripts/checktree --small: 10,000 short files of a
// Deployment with an AppArmor annotation and a Service (about 6.8 MB), where what each file
// costs (opening, reading, handing it on) weighs most.
func BenchmarkScanSmallTree(b *testing.B) {
	dir, size := smallTree.get(b, checktest.WriteSmallTree)
	s := New(nil, Options{})
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		rep, err := s.Scan(context.Background(), []string{dir}, nil)
		if err != nil || rep.Files != 10000 || len(rep.Findings) != 10000 {
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
	for _, t := range benchTrees {
		if t.dir != "" {
			_ = os.RemoveAll(t.dir)
		}
	}
	os.Exit(code)
}
