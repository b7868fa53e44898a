package cli

import (
	"bytes"
	"context"
	"testing"
)

// BenchmarkLoadEmbedded belongs to package data. These measure a whole command in process:
// parsing, the (cached) dataset, the work and the JSON.

func benchmarkCommand(b *testing.B, args ...string) {
	b.Helper()
	a := newTestApp(b, nil)
	if r := a.run(args...); r.code != 0 {
		b.Fatalf("elli %v: %+v", args, r)
	}
	b.ReportAllocs()
	for b.Loop() {
		a.stdout.(*bytes.Buffer).Reset()
		a.ds = nil
		if code := a.main(context.Background(), args); code != 0 {
			b.Fatalf("elli %v: exit %d", args, code)
		}
	}
}

func BenchmarkListJSON(b *testing.B) { benchmarkCommand(b, "list", "--json") }

func BenchmarkSearchJSON(b *testing.B) {
	benchmarkCommand(b, "search", "nftables", "kube-proxy", "--json")
}
