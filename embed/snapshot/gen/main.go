// Command gen writes the release snapshot: the embedded Markdown of embed/ loaded and validated
// by package data, then written out as Go (release_v1_31.go) together with its search index
// (index_v1_31.go), so that elli starts without parsing YAML or tokenising every page.
//
// Run it through `go generate ./...` (see the directive in embed/snapshot/snapshot.go) after
// any change to the content. It imports only data and the embedded files, never the snapshot it
// writes, so it still builds when the committed snapshot no longer compiles. Its test fails while
// the committed files differ from what it would write.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "snapshot gen:", err)
		os.Exit(1)
	}
}

// run writes the files that differ from what is on disk, and names each one it wrote.
func run(args []string) error {
	flags := flag.NewFlagSet("gen", flag.ContinueOnError)
	dir := flags.String("dir", ".", "the embed/snapshot directory to write into")
	if err := flags.Parse(args); err != nil {
		return err
	}
	files, err := generate()
	if err != nil {
		return err
	}
	for _, f := range files {
		path := filepath.Join(*dir, f.name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.src) {
			continue // leave the file, and its modification time, alone
		}
		if err := os.WriteFile(path, f.src, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "snapshot gen: wrote %s\n", path)
	}
	return nil
}

type file struct {
	name string
	src  []byte
}

// generate loads the embedded release and returns the snapshot's files, in the order written.
func generate() ([]file, error) {
	fsys, err := content.Release(content.DefaultRelease)
	if err != nil {
		return nil, err
	}
	ds, err := data.Load(fsys)
	if err != nil {
		return nil, fmt.Errorf("embed/%s does not load, so the snapshot was not written:\n%w", content.DefaultRelease, err)
	}
	release, err := releaseFile(ds)
	if err != nil {
		return nil, err
	}
	index, err := indexFile(ds)
	if err != nil {
		return nil, err
	}
	return []file{{"release_" + suffix + ".go", release}, {"index_" + suffix + ".go", index}}, nil
}

// suffix names the release in file and function names: v1.31 gives v1_31.
var suffix = strings.ReplaceAll(content.DefaultRelease, ".", "_")
