package cli

import (
	"errors"
	"io/fs"
	"os"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/embed/snapshot"
)

// loadDir loads a release folder from disk, with the same validation as the embedded one. Every
// error names the directory.
func loadDir(dir string) (*data.Dataset, error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, failf("--data %q: no such directory", dir)
	case err != nil:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, failf("--data %q: %v", dir, err)
	case !fi.IsDir():
		return nil, failf("--data %q: not a directory", dir)
	}
	ds, err := data.Load(os.DirFS(dir))
	if err != nil {
		return nil, failf("--data %q: %w", dir, err)
	}
	return ds, nil
}

// dataset returns the release the command works on: --data DIR if given, else the embedded one.
func (a *app) dataset() (*data.Dataset, error) {
	if a.ds != nil {
		return a.ds, nil
	}
	var err error
	if a.dataDir != "" {
		a.ds, err = loadDir(a.dataDir)
	} else {
		// The embedded release was parsed and validated ahead of time (embed/snapshot).
		a.ds = snapshot.Dataset()
	}
	return a.ds, err
}
