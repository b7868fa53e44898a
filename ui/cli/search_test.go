package cli

import (
	"strings"
	"testing"
)

func TestSearch(t *testing.T) {
	t.Parallel()
	got := decode[[]SearchResult](t, runOK(t, "search", "nftables", "--json"))
	if len(got) == 0 || got[0].KEP != 3866 {
		t.Fatalf("search nftables: first result %+v, want KEP 3866", got)
	}
	for i, e := range got {
		if e.Score <= 0 || i > 0 && e.Score > got[i-1].Score {
			t.Errorf("search nftables: scores not positive and descending: %v", got)
		}
	}
	raw := decode[[]map[string]any](t, runOK(t, "search", "nftables", "--json"))
	if _, ok := raw[0]["score"].(float64); !ok {
		t.Errorf("search --json lacks a numeric score: %v", raw[0])
	}

	limited := decode[[]SearchResult](t, runOK(t, "search", "nft", "--json", "--limit", "2"))
	if len(limited) != 2 || limited[0].KEP != 3866 {
		t.Errorf("search nft --limit 2: %+v", limited)
	}

	text := runOK(t, "search", "pod", "failure", "policy")
	lines := strings.Split(text, "\n")
	if !strings.HasPrefix(lines[0], "KEP/ID") || !strings.HasPrefix(lines[1], "3329 ") {
		t.Errorf("search pod failure policy: want 3329 first:\n%s", text)
	}
}

func TestSearchNoMatch(t *testing.T) {
	t.Parallel()
	r := run(t, "search", "zzqxv", "wwqq")
	if r.code != 1 || r.stdout != "" || r.stderr != "elli: no match for \"zzqxv wwqq\"; try fewer or shorter words\n" {
		t.Errorf("search without match: %+v", r)
	}
	r = run(t, "search", "zzqxv", "--json")
	if r.code != 1 || strings.TrimSpace(r.stdout) != "[]" || !strings.HasPrefix(r.stderr, "elli: no match") {
		t.Errorf("search --json without match: want [] and exit 1: %+v", r)
	}
}

// A query beyond search.BoundQuery's bounds is cut, and one line on stderr says so; with --json
// stdout stays a valid array. --search, piped, is cut the same way.
func TestSearchQueryIsBounded(t *testing.T) {
	t.Parallel()
	huge := make([]string, 8)
	for i := range huge {
		huge[i] = strings.Repeat("nftables kube-proxy ", 6500) // 8 arguments of 130 kB
	}
	r := run(t, append([]string{"search", "--json"}, huge...)...)
	got := decode[[]SearchResult](t, r.stdout)
	if r.code != 0 || len(got) == 0 || got[0].KEP != 3866 {
		t.Errorf("a huge search: exit %d, %d results", r.code, len(got))
	}
	if r.stderr != "elli: the search used its first 200 characters\n" {
		t.Errorf("a huge search said %q", r.stderr)
	}
	r = run(t, "search", "zzqxv", strings.Repeat("qq ", 100000))
	if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || len(r.stderr) > 300 || !strings.Contains(r.stderr, "(the search used its first 200 characters") {
		t.Errorf("a huge search without match: exit %d, stderr %.300q", r.code, r.stderr)
	}
	r = run(t, "--search", strings.Repeat("cgroup ", 50000))
	if r.code != 0 || r.stderr != "elli: the search used its first 200 characters\n" || !strings.Contains(r.stdout, "cgroup") {
		t.Errorf("--search with a huge query, piped: %+v", r)
	}
	r = run(t, "search", "pod", "POD", "pod")
	if r.code != 0 || r.stderr != "elli: the search used each word once\n" {
		t.Errorf("search pod POD pod: %+v", r)
	}
}
