package render

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// initLine is one line of GODEBUG=inittrace=1: a package's init and what it allocated.
var initLine = regexp.MustCompile(`^init (\S+) @[0-9.]+ ms, [0-9.]+ ms clock, ([0-9]+) bytes,`)

// TestLazyUpstreamInit guards the third_party patches (see third_party/README.md): glamour's
// dependencies must not build their registries and regular expressions at start-up. The test
// runs this test binary again with inittrace on and reads what each package's init allocated,
// which, unlike time, is the same on every run. Each limit sits between the patched figure
// and the unpatched one, so the test fails when go.work stops pointing at the patched copies
// (GOWORK=off, or an upgrade that changes a replaced version).
func TestLazyUpstreamInit(t *testing.T) {
	limits := map[string]int{ // bytes: patched → unpatched
		"github.com/alecthomas/chroma/v2/lexers":  1 << 20,   // 0.23 MB → 2.3 MB
		"github.com/alecthomas/chroma/v2/styles":  64 << 10,  // 48 B → 1.6 MB
		"github.com/yuin/goldmark/extension":      128 << 10, // 37 kB → 266 kB
		"github.com/microcosm-cc/bluemonday/css":  128 << 10, // 11 kB → 495 kB
		"github.com/gorilla/css/scanner":          64 << 10,  // 4 kB → 223 kB
		"github.com/microcosm-cc/bluemonday":      64 << 10,  // 2 kB → 294 kB
		"github.com/yuin/goldmark/parser":         32 << 10,  // 4 kB → 110 kB
		"charm.land/glamour/v2/internal/autolink": 16 << 10,  // 88 B → 144 kB
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("re-running the test binary: %v\n%s", err, stderr.String())
	}
	seen := map[string]int{}
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		if m := initLine.FindStringSubmatch(sc.Text()); m != nil {
			n, _ := strconv.Atoi(m[2])
			seen[m[1]] = n
		}
	}
	for pkg, limit := range limits {
		got, ok := seen[pkg]
		if !ok {
			t.Errorf("%s: no init line; is it still linked?", pkg)
			continue
		}
		if got > limit {
			t.Errorf("%s allocates %d bytes at init (limit %d): the patched copy in third_party is not in use; check go.work", pkg, got, limit)
		}
	}
}
