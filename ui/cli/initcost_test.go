package cli

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestOwnPackagesInitCheaply: Go initialises every linked package before main, in every process,
// so work that one command needs must not run in a package's initialisation, where `elli
// version` would pay for it too. The test runs this test binary (which links every package of
// elli) again with inittrace on, and bounds what each of elli's own packages allocates at init;
// unlike time, that is the same on every run. It holds in both builds.
func TestOwnPackagesInitCheaply(t *testing.T) {
	const limit = 64 << 10
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("re-running the test binary: %v\n%s", err, stderr.String())
	}
	line := regexp.MustCompile(`^init (github\.com/elli-k8s/elli\S*) @[0-9.]+ ms, [0-9.]+ ms clock, ([0-9]+) bytes,`)
	trace := stderr.String()
	seen := 0
	sc := bufio.NewScanner(strings.NewReader(trace))
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		seen++
		if n, _ := strconv.Atoi(m[2]); n > limit {
			t.Errorf("%s allocates %d bytes at init (limit %d): build it on first use instead", m[1], n, limit)
		}
	}
	if seen == 0 || !strings.Contains(trace, "init github.com/elli-k8s/elli/data @") {
		t.Fatalf("no init line for elli's packages in:\n%s", trace)
	}
}
