package notices

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Build is one build of .goreleaser.yaml: a main package built for each goos and goarch.
type Build struct {
	ID     string   `yaml:"id"`
	Main   string   `yaml:"main"`
	Env    []string `yaml:"env"`
	Goos   []string `yaml:"goos"`
	Goarch []string `yaml:"goarch"`
	Tags   []string `yaml:"tags"`
}

// Builds reads the builds of the goreleaser configuration at root.
func Builds(root string) ([]Build, error) {
	b, err := os.ReadFile(filepath.Join(root, ".goreleaser.yaml"))
	if err != nil {
		return nil, err
	}
	var cfg struct {
		Builds []Build `yaml:"builds"`
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		return nil, fmt.Errorf(".goreleaser.yaml: %w", err)
	}
	if len(cfg.Builds) == 0 {
		return nil, fmt.Errorf(".goreleaser.yaml declares no builds")
	}
	for i := range cfg.Builds {
		if cfg.Builds[i].Main == "" {
			cfg.Builds[i].Main = "."
		}
	}
	return cfg.Builds, nil
}

// A File is a licence or NOTICE file at a module's root.
type File struct {
	Name, Text string
	Licences   []string // SPDX identifiers; empty for a NOTICE
}

// Module is a module linked into a release binary, with its licence and NOTICE files.
type Module struct {
	Path, Version string
	Files         []File
}

// Licences are the SPDX identifiers of all the module's licence files, sorted, each once.
func (m Module) Licences() []string {
	var out []string
	for _, f := range m.Files {
		out = append(out, f.Licences...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Modules lists the modules that the builds link, from `go list -deps` run at root for every
// build, goos and goarch (in parallel), with their licence files read from the module cache
// (or from the replacement's folder when a go.work replaces a module). A module with no
// licence file, or with one whose licence Classify cannot name, is an error that says so.
func Modules(root string, builds []Build) ([]Module, error) {
	type target struct {
		b          Build
		goos, arch string
	}
	var targets []target
	for _, b := range builds {
		for _, goos := range b.Goos {
			for _, arch := range b.Goarch {
				targets = append(targets, target{b, goos, arch})
			}
		}
	}
	dirs := map[string]string{} // "path version" → folder
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, len(targets))
	for i, t := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := listDeps(root, t.b, t.goos, t.arch)
			mu.Lock()
			defer mu.Unlock()
			errs[i] = err
			for k, v := range got {
				dirs[k] = v
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var out []Module
	var problems []string
	for _, key := range slices.Sorted(mapKeys(dirs)) {
		path, version, _ := strings.Cut(key, " ")
		m := Module{Path: path, Version: version}
		files, err := licenceFiles(dirs[key])
		if err != nil {
			return nil, err
		}
		m.Files = files
		switch {
		case !slices.ContainsFunc(files, func(f File) bool { return f.Licences != nil }):
			problems = append(problems, fmt.Sprintf("%s %s has no LICENSE, LICENCE or COPYING file at its root", path, version))
		case slices.ContainsFunc(files, isUnknown):
			i := slices.IndexFunc(files, isUnknown)
			problems = append(problems, fmt.Sprintf("%s %s: %s holds no licence elli knows (%s)", path, version, files[i].Name, knownList()))
		}
		out = append(out, m)
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("no known licence for %d module(s) of the release build:\n  %s\n"+
			"check the module's terms; if they allow shipping elli with it, teach internal/notices/classify.go the licence",
			len(problems), strings.Join(problems, "\n  "))
	}
	return out, nil
}

// isUnknown is a licence file whose licence Classify cannot name (a NOTICE is not one).
func isUnknown(f File) bool { return f.Licences != nil && len(f.Licences) == 0 }

func knownList() string {
	var names []string
	for _, l := range licences {
		names = append(names, l.SPDX)
	}
	return "it knows " + strings.Join(names, ", ")
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// listDeps runs `go list -deps` on one build for one platform: "path version" → folder of every
// module but the main one.
func listDeps(root string, b Build, goos, arch string) (map[string]string, error) {
	args := []string{"list", "-deps", "-f",
		"{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}\t{{with .Replace}}{{.Dir}}{{else}}{{.Dir}}{{end}}{{end}}{{end}}"}
	if len(b.Tags) > 0 {
		args = append(args, "-tags", strings.Join(b.Tags, ","))
	}
	cmd := exec.Command("go", append(args, b.Main)...)
	cmd.Dir = root
	cmd.Env = append(append(os.Environ(), "GOOS="+goos, "GOARCH="+arch, "GOFLAGS=-mod=readonly"), b.Env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s (GOOS=%s GOARCH=%s): %v: %s", b.Main, goos, arch, err, strings.TrimSpace(stderr.String()))
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	for sc.Scan() {
		key, dir, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		if dir == "" {
			return nil, fmt.Errorf("go list: %s is not in the module cache (run go mod download)", key)
		}
		out[key] = dir
	}
	return out, nil
}

// licenceFiles reads the licence and NOTICE files at a module's root, sorted by name. A licence
// file gets a non-nil Licences, empty when Classify names none.
func licenceFiles(dir string) ([]File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []File
	for _, e := range entries {
		lic, notice := isLicenceFile(e.Name())
		if e.IsDir() || !lic && !notice {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		f := File{Name: e.Name(), Text: strings.ReplaceAll(string(b), "\r\n", "\n")}
		if lic {
			f.Licences = Classify(f.Text)
			if f.Licences == nil {
				f.Licences = []string{}
			}
		}
		out = append(out, f)
	}
	return out, nil
}
