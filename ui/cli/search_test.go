package cli

import (
	"slices"
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
	// the words found nowhere are named, not left to guess (issue 19)
	if r.code != 1 || r.stdout != "" || r.stderr != "elli: no match for \"zzqxv wwqq\": no page has \"zzqxv\", \"wwqq\"; check the spelling or try other words\n" {
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

// Each result of --json says which words it matched; on a terminal, stderr says it for the
// results that missed some, and stays quiet when stderr is not a terminal (scripts read JSON).
func TestSearchSaysMatchedWords(t *testing.T) {
	t.Parallel()
	got := decode[[]SearchResult](t, runOK(t, "search", "service", "ip", "range", "is", "xyzzyq", "--json"))
	at := slices.IndexFunc(got, func(r SearchResult) bool { return r.KEP == 1880 })
	if len(got) < 2 || at < 0 || at > 2 {
		t.Fatalf("service ip range is xyzzyq: %d results, 1880 at %d: %v", len(got), at, got)
	}
	if m := got[at].Matched; !slices.Equal(m.Words, []string{"service", "ip", "range"}) || !slices.Equal(m.Not, []string{"xyzzyq"}) {
		t.Errorf("1880 matched %+v, want service ip range, not xyzzyq", m)
	}
	full := decode[[]SearchResult](t, runOK(t, "search", "nftables", "--json"))
	if m := full[0].Matched; !slices.Equal(m.Words, []string{"nftables"}) || m.Not == nil || len(m.Not) != 0 {
		t.Errorf("nftables matched %+v, want [nftables] and []", m)
	}

	if r := run(t, "search", "service", "ip", "range", "is", "xyzzyq"); r.code != 0 || r.stderr != "" {
		t.Errorf("piped stderr: %+v", r)
	}
	a := newTestApp(t, nil)
	a.term.err = true
	r := a.run("search", "service", "ip", "range", "is", "xyzzyq", "--limit", "3")
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if r.code != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "elli: ") || !strings.Contains(lines[0], "1880") ||
		!strings.HasSuffix(lines[0], ": matched 3 of 4 words: service ip range (not: xyzzyq)") ||
		!strings.HasPrefix(lines[1], "elli: ") || !strings.HasSuffix(lines[1], " more weaker matches, far below the best, left out; --all prints them") {
		t.Errorf("stderr on a terminal: %+v", r)
	}
	// --all prints the folded results too, and says nothing of them
	a = newTestApp(t, nil)
	a.term.err = true
	all := a.run("search", "service", "ip", "range", "is", "xyzzyq", "--all")
	a = newTestApp(t, nil)
	a.term.err = true
	if folded := a.run("search", "service", "ip", "range", "is", "xyzzyq"); strings.Count(all.stdout, "\n") <= strings.Count(folded.stdout, "\n") ||
		strings.Contains(all.stderr, "more weaker matches") {
		t.Errorf("--all prints %d lines (stderr %q), without it %d", strings.Count(all.stdout, "\n"), all.stderr, strings.Count(folded.stdout, "\n"))
	}
	a = newTestApp(t, nil)
	a.term.err = true
	if r := a.run("search", "nftables"); r.stderr != "" {
		t.Errorf("every result matched every word, yet stderr says %q", r.stderr)
	}
}
