package data

import (
	"maps"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzLoadLine loads the line fixture with a CVE page replaced by the fuzzer's: whatever the page
// says, loading ends in a dataset or in problems, never a panic, and nothing of it reaches a page
// as a control character.
func FuzzLoadLine(f *testing.F) {
	src := lineFS(f)
	f.Add(string(src["cves/cve-2030-1001.md"].Data))
	f.Add(strings.Replace(string(src["cves/cve-2030-1001.md"].Data), `">= v1.99.0, < v1.99.2"`, `">= v1.99.0, <= v9.9.9-rc.1, < v1.99.2"`, 1))
	f.Add(strings.Replace(string(src["cves/cve-2030-1001.md"].Data), `severity: high`, `severity: "\e[31mhigh"`, 1))
	f.Fuzz(func(t *testing.T, page string) {
		fsys := fstest.MapFS{}
		maps.Copy(fsys, src) // the files are not written to, only the one replaced
		put(fsys, "cves/cve-2030-1001.md", page)
		d, err := Load(fsys)
		if err != nil {
			if le, ok := err.(*LoadError); !ok || len(le.Problems) == 0 {
				t.Fatalf("Load failed without problems: %v", err)
			}
			return
		}
		for _, v := range []string{"v1.99.0", "v1.99.1", "v1.99.2", "v1.99.3"} {
			d.Lacking(v)
		}
		for _, it := range d.CVEs() {
			for _, lang := range []Lang{LangEN, LangZH} {
				if _, r, bad := findControl([]byte(d.Page(it, lang))); bad {
					t.Fatalf("the composed page holds %U", r)
				}
			}
		}
	})
}

// FuzzParseRange: a range that parses writes back to one that parses the same.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{">= v1.31.0, < v1.31.6", ">= v1.31.0", "= v1.31.4", "<= v1.31.4, > v1.31.1", ">= v1.31.0-rc.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			return
		}
		again, err := ParseRange(r.String())
		if err != nil || again.String() != r.String() {
			t.Fatalf("%q parsed to %q, which reads back as %q, %v", s, r, again, err)
		}
		for _, v := range []string{"v1.31.0", "v1.31.5", "v1.31.6", "v2.0.0"} {
			r.Contains(v)
		}
	})
}
