package data

import (
	"github.com/elli-k8s/elli/data/search"
	"runtime"
	"slices"
	"sync"
	"testing"
	"testing/fstest"
)

// startCPU starts measuring the CPU time of the benchmark's own thread; the function it returns
// reports it per unit of work as cpu-ns/<unit>.
func startCPU(b *testing.B) func(unit string, perOp int) {
	runtime.LockOSThread()
	start, ok := threadCPU()
	return func(unit string, perOp int) {
		end, ok2 := threadCPU()
		runtime.UnlockOSThread()
		if ok && ok2 && b.N > 0 {
			b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N*perOp), "cpu-ns/"+unit)
		}
	}
}

// BenchmarkLoadEmbedded measures what `elli --data DIR` and the snapshot's generator do: read
// and validate a release folder, here the embedded Markdown. (elli itself starts from the
// generated snapshot: embed/snapshot's BenchmarkDataset.)
func BenchmarkLoadEmbedded(b *testing.B) {
	fsys := realFS(b)
	b.ReportAllocs()
	stop := startCPU(b)
	for b.Loop() {
		if _, err := Load(fsys); err != nil {
			b.Fatal(err)
		}
	}
	stop("op", 1)
}

var realQueries = []string{"nft", "apparmor", "kube proxy", "3866", "volume expansion"}

// BenchmarkSearchReal runs a mix of real queries over the embedded release. One op runs the
// whole mix; ns/query is the figure to compare with the target.
func BenchmarkSearchReal(b *testing.B) {
	benchQueries(b, realDataset(b), realQueries)
}

// zhQueries mixes Chinese phrases, a phrase the release holds only in parts (配置迁移), one
// character, and Chinese with English.
var zhQueries = []string{"流量分发", "服务账号令牌", "cgroup 驱动", "动态资源分配", "卷", "kubeadm 配置迁移", "用户命名空间"}

// BenchmarkSearchRealZH is BenchmarkSearchReal in Chinese.
func BenchmarkSearchRealZH(b *testing.B) {
	benchQueries(b, realDataset(b), zhQueries)
}

func benchQueries(b *testing.B, d *Dataset, queries []string) {
	b.ReportAllocs()
	stop := startCPU(b)
	for b.Loop() {
		for _, q := range queries {
			d.Search(q)
		}
	}
	stop("query", len(queries))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(queries)), "ns/query")
}

// big10k is a generated release of 10,000 enhancements, built once per test binary.
var big10k struct {
	once sync.Once
	d    *Dataset
	err  error
}

func bigDataset(b *testing.B) *Dataset {
	b.Helper()
	big10k.once.Do(func() {
		big10k.d, big10k.err = loadInParts(genRelease(10_000, 4_000))
	})
	if big10k.err != nil {
		b.Fatalf("generated release does not load: %v", big10k.err)
	}
	return big10k.d
}

// loadInParts loads a generated release larger than Load accepts (MaxFiles, MaxTotalSize): its
// enhancements in folders of a few hundred, each loaded and validated as a release of its own,
// then put together as one dataset.
func loadInParts(fsys fstest.MapFS) (*Dataset, error) {
	var pages []string
	for p := range fsys {
		if p != ReleaseFile {
			pages = append(pages, p)
		}
	}
	slices.Sort(pages)
	var all Release
	var total Counts
	var items []*Item
	for part := range slices.Chunk(pages, 500) {
		sub := fstest.MapFS{}
		var counts Counts
		for _, p := range part {
			sub[p] = fsys[p]
			switch genStage(fsys[p].Data) {
			case StageGA:
				counts.GA++
			case StageBeta:
				counts.Beta++
			default:
				counts.Alpha++
			}
		}
		sub[ReleaseFile] = &fstest.MapFile{Data: genReleaseFile(counts)}
		d, err := Load(sub)
		if err != nil {
			return nil, err
		}
		all = d.Release
		items = append(items, d.Items...)
		total.GA, total.Beta, total.Alpha = total.GA+counts.GA, total.Beta+counts.Beta, total.Alpha+counts.Alpha
	}
	all.Counts = total
	return NewDataset(all, items), nil
}

// bigQueries mixes a frequent word, rare words, a prefix, a typo, two terms and a KEP number.
var bigQueries = []string{"kubelet", "proxy", "nftables", "vol", "apparmr", "storage policy", "kelmon", "15000", "driver claim"}

// BenchmarkSearch10k runs the query mix over the generated 10,000-item release.
func BenchmarkSearch10k(b *testing.B) {
	benchQueries(b, bigDataset(b), bigQueries)
}

// TestGeneratedRelease keeps the benchmark's generator honest: it must load and its queries must
// find things, or the 10k benchmark would time empty searches.
func TestGeneratedRelease(t *testing.T) {
	fsys := genRelease(300, 800)
	d, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 300 || d.Release.Counts.Total() != 300 {
		t.Fatalf("%d items, counts %+v", len(d.Items), d.Release.Counts)
	}
	words := 0
	for _, it := range d.Items {
		words += len(search.WordsOf(it.Body.Default))
	}
	if avg := words / len(d.Items); avg < 200 || avg > 320 {
		t.Errorf("bodies average %d words, want about 250", avg)
	}
	for _, q := range []string{"kubelet", "10150", "storage"} {
		if len(d.Search(q)) == 0 {
			t.Errorf("%q finds nothing in the generated release", q)
		}
	}
}

// BenchmarkBuildIndex: the search index over the embedded dataset, built on the first search.
func BenchmarkBuildIndex(b *testing.B) {
	d := realDataset(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = buildIndex(d.Items)
	}
}
