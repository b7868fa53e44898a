package cluster_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/data/cluster"
	"github.com/elli-k8s/elli/internal/kubetest"
)

// The bar: 10,000 pods and 2,000 Deployments (with their ReplicaSets) scanned in under
// 5 s with a peak heap under 100 MB. The benchmark reports the scan's time (ns/op), the peak
// heap in use while it ran and the objects read per second; .ci/run runs it once.
//
//	go test ./data/cluster -run '^$' -bench ScanLargeCluster -benchtime 1x
func BenchmarkScanLargeCluster(b *testing.B) {
	const deployments, podsPer = 2000, 5
	env := kubetest.Start(b)
	admin := env.Config(kubetest.AdminToken)
	dyn := dynamic.NewForConfigOrDie(admin)
	start := time.Now()
	populate(b, dyn, deployments, podsPer)
	b.Logf("created %d Deployments, %d ReplicaSets and %d pods in %s", deployments, deployments, deployments*podsPer, time.Since(start).Round(time.Millisecond))

	ds := dataset(b)
	cfg := env.Config(kubetest.AdminToken)
	b.ResetTimer()
	var peak uint64
	var objects int
	for range b.N {
		runtime.GC()
		stop := sampleHeap(&peak)
		// with every hop's rules (check --to latest), the bar issue 28 keeps
		rep, err := cluster.Scan(context.Background(), cfg, check.New(ds, check.Options{To: ds.Latest()}), cluster.Options{Context: "bench"})
		stop()
		if err != nil {
			b.Fatal(err)
		}
		objects = 0
		for _, k := range rep.Read {
			objects += k.N
		}
		// the road adds what it says of the server itself (a gate the next releases change)
		cephfs := 0
		for _, f := range rep.Findings {
			if f.Rule == check.RuleCephFSVolume {
				cephfs++
			} else if f.Release == "" {
				b.Fatalf("unexpected finding %s at %s %s", f.Rule, f.File, f.Path)
			}
		}
		if cephfs != deployments/2 {
			b.Fatalf("%d cephfs findings, want one per Deployment with a cephfs volume (%d)", cephfs, deployments/2)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(objects)*float64(b.N)/b.Elapsed().Seconds(), "objects/s")
}

// sampleHeap records the largest heap in use until stop is called.
func sampleHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if v := ms.HeapInuse + ms.StackInuse; v > *peak {
				*peak = v
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// populate creates the Deployments (every other one with a cephfs volume), one ReplicaSet
// each, and podsPer pods per ReplicaSet, like a cluster's controllers would, 16 at a time.
func populate(b *testing.B, dyn dynamic.Interface, deployments, podsPer int) {
	ctx := context.Background()
	gvr := func(g, r string) schema.GroupVersionResource {
		return schema.GroupVersionResource{Group: g, Version: "v1", Resource: r}
	}
	ns := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "load"}}}
	if _, err := dyn.Resource(gvr("", "namespaces")).Create(ctx, ns, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	var failed atomic.Value
	work := make(chan int)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := populateOne(ctx, dyn, i, podsPer, gvr); err != nil {
					failed.Store(err)
				}
			}
		}()
	}
	for i := range deployments {
		if failed.Load() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		b.Fatal(err)
	}
}

func populateOne(ctx context.Context, dyn dynamic.Interface, i, podsPer int, gvr func(g, r string) schema.GroupVersionResource) error {
	name := fmt.Sprintf("app-%04d", i)
	labels := map[string]any{"app": name, "tier": "web", "team": "payments"}
	podSpec := func() map[string]any {
		vols := []any{map[string]any{"name": "tmp", "emptyDir": map[string]any{}}}
		if i%2 == 0 {
			vols = append(vols, map[string]any{"name": "shared", "cephfs": map[string]any{"monitors": []any{"10.0.0.1:6789"}, "path": "/" + name}})
		}
		return map[string]any{
			"containers": []any{map[string]any{
				"name": "app", "image": "registry.example.com/payments/" + name + ":1.4.2",
				"args": []any{"--port=8080", "--log-level=info"},
				"env":  []any{map[string]any{"name": "MODE", "value": "production"}, map[string]any{"name": "REGION", "value": "eu-west-1"}},
				"resources": map[string]any{"requests": map[string]any{"cpu": "100m", "memory": "128Mi"},
					"limits": map[string]any{"memory": "256Mi"}},
				"ports": []any{map[string]any{"containerPort": int64(8080), "name": "http"}},
			}},
			"volumes": vols,
		}
	}
	template := map[string]any{"metadata": map[string]any{"labels": labels}, "spec": podSpec()}
	dep := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
		"metadata": map[string]any{"name": name, "namespace": "load"},
		"spec":     map[string]any{"selector": map[string]any{"matchLabels": labels}, "template": template}}}
	d, err := dyn.Resource(gvr("apps", "deployments")).Namespace("load").Create(ctx, dep, metav1.CreateOptions{})
	if err != nil {
		return err
	}
	owner := func(kind, name string, uid any) []any {
		return []any{map[string]any{"apiVersion": "apps/v1", "kind": kind, "name": name, "uid": uid, "controller": true}}
	}
	rs := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet",
		"metadata": map[string]any{"name": name + "-7c9f", "namespace": "load", "ownerReferences": owner("Deployment", name, string(d.GetUID()))},
		"spec":     map[string]any{"selector": map[string]any{"matchLabels": labels}, "template": template}}}
	r, err := dyn.Resource(gvr("apps", "replicasets")).Namespace("load").Create(ctx, rs, metav1.CreateOptions{})
	if err != nil {
		return err
	}
	for p := range podsPer {
		pod := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Pod",
			"metadata": map[string]any{"name": fmt.Sprintf("%s-7c9f-%d", name, p), "namespace": "load", "labels": labels,
				"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": r.GetName(), "uid": string(r.GetUID()), "controller": true}}},
			"spec": podSpec()}}
		if _, err := dyn.Resource(gvr("", "pods")).Namespace("load").Create(ctx, pod, metav1.CreateOptions{}); err != nil {
			return err
		}
	}
	return nil
}
