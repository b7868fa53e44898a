package search_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

var realData struct {
	once sync.Once
	d    *data.Dataset
	err  error
}

// realDataset loads the embedded v1.31 release once per test binary: the engine's tests run
// over the real vocabulary, which only package data can read.
func realDataset(tb testing.TB) *data.Dataset {
	tb.Helper()
	realData.once.Do(func() {
		fsys, err := content.Release(content.DefaultRelease)
		if err != nil {
			realData.err = err
			return
		}
		realData.d, realData.err = data.Load(fsys)
	})
	if realData.err != nil {
		tb.Fatalf("loading the embedded release: %v", realData.err)
	}
	return realData.d
}

// sameResults reports whether two searches found the same items, scores and title spans.
func sameResults(a, b []data.Result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Item.ID != b[i].Item.ID || a[i].Score != b[i].Score || !slices.Equal(a[i].TitleSpans(data.LangEN), b[i].TitleSpans(data.LangEN)) {
			return false
		}
	}
	return true
}
