package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

// The embedded release is loaded once per process: the dataset is immutable and safe to share.
var embedded struct {
	once sync.Once
	ds   *data.Dataset
	err  error
}

func loadEmbedded() (*data.Dataset, error) {
	embedded.once.Do(func() {
		fsys, err := content.Release(content.DefaultRelease)
		if err != nil {
			embedded.err = fmt.Errorf("embedded release %s: %w", content.DefaultRelease, err)
			return
		}
		embedded.ds, embedded.err = data.Load(fsys)
		if embedded.err != nil {
			embedded.err = fmt.Errorf("embedded release %s: %w", content.DefaultRelease, embedded.err)
		}
	})
	return embedded.ds, embedded.err
}

// loadDir loads a release folder from disk, with the same validation as the embedded one. Every
// error names the directory.
func loadDir(dir string) (*data.Dataset, error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("--data %q: no such directory", dir)
	case err != nil:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("--data %q: %v", dir, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("--data %q: not a directory", dir)
	}
	ds, err := data.Load(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("--data %q: %w", dir, err)
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
		a.ds, err = loadEmbedded()
	}
	return a.ds, err
}
