package notices

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const mitText = `MIT License

Copyright (c) 2020 Someone

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction.`

const bsdHead = `Copyright (c) 2009 The Authors. All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:
`

const bsd3Clause = `   * Neither the name of the copyright holder nor the names of its
contributors may be used to endorse or promote products derived from
this software without specific prior written permission.
`

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"MIT", mitText, []string{"MIT"}},
		{"MIT in Markdown", "# The MIT License\n\n**Permission** is hereby granted, free of charge, to any person\n> obtaining a copy", []string{"MIT"}},
		{"BSD-3-Clause", bsdHead + bsd3Clause, []string{"BSD-3-Clause"}},
		{"BSD-2-Clause", bsdHead, []string{"BSD-2-Clause"}},
		{"ISC", "Permission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is hereby granted", []string{"ISC"}},
		{"Apache-2.0", "                                 Apache License\n                           Version 2.0, January 2004", []string{"Apache-2.0"}},
		{"MPL-2.0", "Mozilla Public License Version 2.0\n==================================", []string{"MPL-2.0"}},
		{"two in one file", mitText + "\n\n" + bsdHead + bsd3Clause, []string{"MIT", "BSD-3-Clause"}},
		{"unknown", "Copyright 2024 Example Corp. All rights reserved. Do not redistribute.", nil},
		{"GPL is not one elli ships", "GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007", nil},
	} {
		if got := Classify(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Classify = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// fakeRelease writes a main module that depends, through a replace, on a module whose root
// holds the given files, and a .goreleaser.yaml that builds it.
func fakeRelease(t *testing.T, depFiles map[string]string) string {
	return fakeReleaseWith(t, depFiles, "")
}

// fakeReleaseWith is fakeRelease plus, when second is a module's LICENSE text, a second binary
// (cmd/kubectl-app, built for windows only) whose only dependency is that module.
func fakeReleaseWith(t *testing.T, depFiles map[string]string, second string) string {
	t.Helper()
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/app\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n\nreplace example.com/dep => ./dep\n")
	write("main.go", "package main\n\nimport _ \"example.com/dep\"\n\nfunc main() {}\n")
	write("dep/go.mod", "module example.com/dep\n\ngo 1.22\n")
	write("dep/dep.go", "package dep\n")
	for name, text := range depFiles {
		write("dep/"+name, text)
	}
	builds := "version: 2\nbuilds:\n  - id: app\n    main: .\n    env: [CGO_ENABLED=0]\n    goos: [linux]\n    goarch: [amd64]\n"
	if second != "" {
		write("go.mod", "module example.com/app\n\ngo 1.22\n\nrequire (\n\texample.com/dep v1.0.0\n\texample.com/plugin v1.2.0\n)\n\n"+
			"replace example.com/dep => ./dep\n\nreplace example.com/plugin => ./plugin\n")
		write("cmd/kubectl-app/main.go", "package main\n\nimport _ \"example.com/plugin\"\n\nfunc main() {}\n")
		write("plugin/go.mod", "module example.com/plugin\n\ngo 1.22\n")
		write("plugin/plugin.go", "package plugin\n")
		write("plugin/LICENSE", second)
		builds += "  - id: kubectl-app\n    main: ./cmd/kubectl-app\n    goos: [windows]\n    goarch: [arm64]\n"
	}
	write(".goreleaser.yaml", builds)
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	return root
}

// A module whose licence the generator cannot name, or that has none, stops the generator (and
// with it go generate, CI and the release's before hook) with a line naming the module.
func TestUnknownLicenceFails(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"unknown licence", map[string]string{"LICENSE": "All rights reserved. Do not redistribute."}, "example.com/dep v1.0.0: LICENSE holds no licence elli knows"},
		{"no licence file", map[string]string{"README.md": "MIT, see the website", "NOTICE": "Example"}, "example.com/dep v1.0.0 has no LICENSE"},
	} {
		_, err := Load(fakeRelease(t, tc.files))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Load = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	r, err := Load(fakeRelease(t, map[string]string{"LICENSE.md": mitText, "NOTICE": "Example notice"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Modules) != 1 || r.Modules[0].Path != "example.com/dep" || !slices.Equal(r.Modules[0].Licences(), []string{"MIT"}) {
		t.Fatalf("modules = %+v", r.Modules)
	}
	n := r.Notices()
	for _, want := range []string{"example.com/dep v1.0.0\nLicence: MIT", "== LICENSE.md ==", "== NOTICE ==\n\nExample notice", "The Go standard library"} {
		if !strings.Contains(n, want) {
			t.Errorf("THIRD_PARTY_NOTICES lacks %q", want)
		}
	}
	c := r.Copyright()
	for _, want := range []string{"Files: example.com/dep@v1.0.0/*\nCopyright: Copyright (c) 2020 Someone\nLicense: Expat\n MIT License\n .\n"} {
		if !strings.Contains(c, want) {
			t.Errorf("copyright lacks %q:\n%s", want, c)
		}
	}
}

// A module under Apache-2.0 and MIT keeps its MIT text in packaging/copyright but not the
// Apache-2.0 one: the standalone paragraph refers to /usr/share/common-licenses/Apache-2.0, and
// lintian fails the .deb on a full Apache text (copyright-file-contains-full-apache-2-license).
func TestCopyrightRefersToApache(t *testing.T) {
	apache := "                                 Apache License\n                           Version 2.0, January 2004\n\n   TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION\n"
	r, err := Load(fakeRelease(t, map[string]string{"LICENSE": apache, "LICENSE-MIT": mitText}))
	if err != nil {
		t.Fatal(err)
	}
	c := r.Copyright()
	if strings.Contains(c, "TERMS AND CONDITIONS") {
		t.Errorf("packaging/copyright holds the full Apache-2.0 text:\n%s", c)
	}
	for _, want := range []string{"License: Apache-2.0 and Expat\n MIT License\n", "\"/usr/share/common-licenses/Apache-2.0\""} {
		if !strings.Contains(c, want) {
			t.Errorf("packaging/copyright lacks %q:\n%s", want, c)
		}
	}
}

// One licence file with both (sigs.k8s.io/json's): the BSD text stays, the Apache text becomes
// the reference, its appendix with it.
func TestCopyrightCutsApacheFromAMixedFile(t *testing.T) {
	mixed := "Files other than internal/golang/* licensed under:\n\n                                 Apache License\n                           Version 2.0, January 2004\n\n   TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION\n   ...\n   END OF TERMS AND CONDITIONS\n\n   APPENDIX: How to apply the Apache License to your work.\n   limitations under the License.\n\n------------------\n\ninternal/golang/* licensed under:\n\n" + bsdHead + bsd3Clause
	r, err := Load(fakeRelease(t, map[string]string{"LICENSE": mixed}))
	if err != nil {
		t.Fatal(err)
	}
	c := r.Copyright()
	if strings.Contains(c, "TERMS AND CONDITIONS") || strings.Contains(c, "APPENDIX") {
		t.Errorf("packaging/copyright holds the Apache-2.0 text:\n%s", c)
	}
	for _, want := range []string{"Files other than internal/golang/* licensed under:", "(the Apache License, Version 2.0: /usr/share/common-licenses/Apache-2.0)", "internal/golang/* licensed under:", "Redistribution and use"} {
		if !strings.Contains(c, want) {
			t.Errorf("packaging/copyright lacks %q:\n%s", want, c)
		}
	}
}

// A second binary declared in .goreleaser.yaml (as kubectl-elli will be) brings its own modules
// into the notices, with no change to the generator: the builds are read from the config.
func TestSecondBinaryModules(t *testing.T) {
	r, err := Load(fakeReleaseWith(t, map[string]string{"LICENSE": mitText}, bsdHead+bsd3Clause))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range r.Modules {
		got = append(got, m.Path+" "+strings.Join(m.Licences(), ","))
	}
	if want := []string{"example.com/dep MIT", "example.com/plugin BSD-3-Clause"}; !slices.Equal(got, want) {
		t.Errorf("modules %q, want %q", got, want)
	}
	if !strings.Contains(r.Notices(), "Builds: app (linux × amd64); kubectl-app (windows × arm64)") {
		t.Errorf("THIRD_PARTY_NOTICES does not name both builds:\n%s", r.Notices()[:400])
	}
}

// The committed THIRD_PARTY_NOTICES and packaging/copyright are what the generator writes for
// today's module graph: a dependency added without running go generate fails here.
func TestNoticesAreCurrent(t *testing.T) {
	r, err := Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ path, want string }{{NoticesFile, r.Notices()}, {CopyrightFile, r.Copyright()}} {
		got, err := os.ReadFile(filepath.Join("../..", f.path))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != f.want {
			t.Errorf("%s is not what the module graph gives: run go generate ./internal/notices", f.path)
		}
	}
	// every module the binary links is named in both, with its licence
	for _, m := range r.Modules {
		if len(m.Licences()) == 0 {
			t.Errorf("%s has no licence", m.Path)
		}
	}
}

// The archives and every package ship the notices; the .deb and .rpm suggest less (the pager)
// and bash-completion (whose helpers the completion script calls); the before hook refuses
// stale notices.
func TestReleaseShipsNotices(t *testing.T) {
	b, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Before struct {
			Hooks []string `yaml:"hooks"`
		} `yaml:"before"`
		Archives []struct {
			Files []struct {
				Src string `yaml:"src"`
			} `yaml:"files"`
		} `yaml:"archives"`
		Nfpms []struct {
			ID       string   `yaml:"id"`
			Formats  []string `yaml:"formats"`
			Suggests []string `yaml:"suggests"`
			Contents []struct {
				Src      string `yaml:"src"`
				Dst      string `yaml:"dst"`
				Packager string `yaml:"packager"`
			} `yaml:"contents"`
		} `yaml:"nfpms"`
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(cfg.Before.Hooks, "go run ./internal/notices/gen -check") {
		t.Error("goreleaser's before hooks do not check the notices")
	}
	for i, a := range cfg.Archives {
		if !slices.ContainsFunc(a.Files, func(f struct {
			Src string `yaml:"src"`
		}) bool {
			return f.Src == NoticesFile
		}) {
			t.Errorf("archive %d does not ship %s", i, NoticesFile)
		}
	}
	if len(cfg.Nfpms) == 0 {
		t.Fatal("no nfpms")
	}
	for _, n := range cfg.Nfpms {
		for _, format := range n.Formats {
			shipped := false
			for _, c := range n.Contents {
				if strings.TrimPrefix(c.Src, "./") == NoticesFile && (c.Packager == "" || c.Packager == format) {
					shipped = true
				}
			}
			if !shipped {
				t.Errorf("the %s package does not ship %s", format, NoticesFile)
			}
			if format == "deb" || format == "rpm" {
				for _, s := range []string{"less", "bash-completion"} {
					if !slices.Contains(n.Suggests, s) {
						t.Errorf("the %s package does not suggest %s", format, s)
					}
				}
			}
		}
	}
}
