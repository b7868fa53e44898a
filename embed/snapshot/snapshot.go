// Package snapshot is the embedded release compiled into Go: the Markdown files of embed/ parsed,
// validated and written out as data ahead of time, so that elli starts without decoding YAML.
// release_v1_31.go is generated from the Markdown by `go test ./embed/snapshot -update`; the
// package's tests fail when it no longer matches the Markdown, so the two cannot drift.
package snapshot

import (
	"sync"

	"github.com/elli-k8s/elli/data"
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
// with its search index built ahead of time. The tests prove the generated index is accepted;
// should it ever be refused, searching still works by building the index on first use.
func New() *data.Dataset {
	r, items := v1_31()
	if ds, err := data.NewDatasetIndexed(r, items, v1_31Index); err == nil {
		return ds
	}
	return data.NewDataset(v1_31())
}
