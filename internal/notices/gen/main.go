// Command gen writes THIRD_PARTY_NOTICES and packaging/copyright from the module graph of the
// release build (package notices). `go generate ./internal/notices` runs it; with -check it
// writes nothing and fails when either file is not what it would write (goreleaser's before
// hook runs that, so a release never ships stale notices).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/elli-k8s/elli/internal/notices"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	check := flag.Bool("check", false, "fail if the files are not current instead of writing them")
	flag.Parse()
	if err := run(*root, *check); err != nil {
		fmt.Fprintln(os.Stderr, "notices:", err)
		os.Exit(1)
	}
}

func run(root string, check bool) error {
	r, err := notices.Load(root)
	if err != nil {
		return err
	}
	for _, f := range []struct{ path, text string }{
		{notices.NoticesFile, r.Notices()},
		{notices.CopyrightFile, r.Copyright()},
	} {
		path := filepath.Join(root, f.path)
		if check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, []byte(f.text)) {
				return fmt.Errorf("%s is not current: run go generate ./internal/notices", f.path)
			}
			continue
		}
		if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
