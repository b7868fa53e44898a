// Package snapshot is the embedded release compiled into Go: the Markdown files of embed/ parsed,
// validated and written out as data ahead of time, with their search index, so that elli starts
// without decoding YAML or tokenising every page.
//
// release_v1_31.go and index_v1_31.go are written by the generator in ./gen; after editing the
// content, run `go generate ./...`. The generator's test fails while they differ from what it
// would write, so the Markdown and the snapshot cannot drift.
package snapshot

//go:generate go run ./gen

import (
	"fmt"
	"slices"
	"sync"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
)

var (
	once sync.Once
	ds   *data.Dataset
)

// Dataset returns the embedded release, built once per process.
func Dataset() *data.Dataset {
	once.Do(func() { ds = New() })
	return ds
}

// New builds a fresh dataset of the embedded release (Dataset shares one; benchmarks want new),
// with its search index built ahead of time. A refused index means the generated files do not
// belong together, a build that must not ship: New panics saying so rather than quietly
// indexing at run time.
func New() *data.Dataset {
	// the items slice is the dataset's own (it sorts it); the items themselves are shared
	return indexed(v1_31Release, slices.Clone(v1_31Items), v1_31Index)
}

func indexed(r data.Release, items []*data.Item, t search.IndexTable) *data.Dataset {
	ds, err := data.NewDatasetIndexed(r, items, t)
	if err != nil {
		panic(fmt.Sprintf("embed/snapshot: the generated index does not fit the generated release (%v); run go generate ./...", err))
	}
	return ds
}
