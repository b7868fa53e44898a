package data_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
	"github.com/elli-k8s/elli/internal/hostile"
)

var (
	fixturesOnce sync.Once
	fixturesDir  string
	fixturesErr  error
)

// hostileFixtures writes the hostile release folders once for the package's tests.
func hostileFixtures(t *testing.T) string {
	t.Helper()
	fixturesOnce.Do(func() {
		fixturesDir, fixturesErr = os.MkdirTemp("", "elli-hostile-")
		if fixturesErr != nil {
			return
		}
		base, err := content.Release(content.DefaultRelease)
		if err != nil {
			fixturesErr = err
			return
		}
		fixturesErr = hostile.Write(fixturesDir, base)
	})
	if fixturesErr != nil {
		t.Fatal(fixturesErr)
	}
	return fixturesDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixturesDir != "" {
		_ = filepath.WalkDir(fixturesDir, func(p string, d fs.DirEntry, err error) error {
			if d != nil && d.IsDir() {
				_ = os.Chmod(p, 0o755) // the unreadable case, so that it can be removed
			}
			return nil
		})
		_ = os.RemoveAll(fixturesDir)
	}
	os.Exit(code)
}

// deniedFS reads one folder as a user without permission would read a folder of mode 0: as
// root, chmod 0 changes nothing, so the unreadable case is played by the file system instead.
// The folder itself can be stat'ed (its parent may be searched); opening or listing it, or
// reaching anything in it, is denied.
type deniedFS struct {
	fs.FS
	dir string
}

func (d deniedFS) Open(name string) (fs.File, error) {
	if name == d.dir || strings.HasPrefix(name, d.dir+"/") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.FS.Open(name)
}

func (d deniedFS) Stat(name string) (fs.FileInfo, error) {
	if strings.HasPrefix(name, d.dir+"/") {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrPermission}
	}
	return fs.Stat(d.FS, name)
}

// Every hostile release folder of issue 12 is refused with one problem naming the file and the
// rule it broke, or, for the one that is only a trap for the renderer, loads.
func TestLoadHostileFolders(t *testing.T) {
	dir := hostileFixtures(t)
	for _, c := range hostile.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			var fsys fs.FS = os.DirFS(filepath.Join(dir, c.Name))
			if c.NonRoot && os.Geteuid() == 0 {
				fsys = deniedFS{fsys, "guide"}
			}
			ds, err := data.Load(fsys)
			if c.Want == "" {
				if err != nil || ds == nil {
					t.Fatalf("the folder should load: %v", err)
				}
				return
			}
			var le *data.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("loaded, or failed without a LoadError (%v); want a problem holding %q", err, c.Want)
			}
			first := le.Problems[0]
			if c.File != "" && first.File != c.File {
				t.Errorf("the problem names %q, want %q: %v", first.File, c.File, first)
			}
			if !strings.Contains(first.String(), c.Want) {
				t.Errorf("problem %q does not say %q", first.String(), c.Want)
			}
			line, err := c.Line(dir)
			if err != nil {
				t.Fatal(err)
			}
			if at := fmt.Sprintf("line %d", line); line > 0 && !strings.Contains(first.Msg+" ", at+" ") && !strings.Contains(first.Msg, at+":") {
				t.Errorf("problem %q does not name line %d, which holds %.30q", first.String(), line, c.At)
			}
		})
	}
}
