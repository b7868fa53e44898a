package cli

import (
	"strings"
	"testing"
)

const roadFixtures = "../../data/check/testdata/road"

// --to latest applies every road release's rules: each finding names its release and a road
// item of it, and the report its target; without --to the same files give 1.31's findings
// only, with "to" the release's own.
func TestCheckTo(t *testing.T) {
	t.Parallel()
	r := newTestApp(t, nil).run("check", roadFixtures, "--to", "latest", "--json")
	if r.code != 1 {
		t.Fatalf("--to latest: exit %d, stderr %q", r.code, r.stderr)
	}
	rep := decode[CheckReport](t, r.stdout)
	releases := map[string]bool{}
	for _, f := range rep.Findings {
		releases[f.Release] = true
		if f.Release != "v1.31" && !strings.HasPrefix(f.Item.ID, strings.TrimPrefix(f.Release, "v")+"-") {
			t.Errorf("%s:%d %s: release %s, item %s", f.File, f.Line, f.Rule, f.Release, f.Item.ID)
		}
	}
	if !releases["v1.32"] || !releases["v1.33"] || rep.To == "v1.31" || rep.To == "" {
		t.Errorf("--to latest: releases %v, to %q", releases, rep.To)
	}
	r = newTestApp(t, nil).run("check", roadFixtures, "--json")
	rep = decode[CheckReport](t, r.stdout)
	for _, f := range rep.Findings {
		if f.Release != "v1.31" {
			t.Errorf("without --to: %+v", f)
		}
	}
	if rep.To != "v1.31" {
		t.Errorf("without --to: to %q", rep.To)
	}
	r = newTestApp(t, nil).run("check", roadFixtures, "--to", "1.32", "--json")
	for _, f := range decode[CheckReport](t, r.stdout).Findings {
		if f.Release == "v1.33" {
			t.Errorf("--to 1.32 reports a 1.33 finding: %+v", f)
		}
	}
	if r := newTestApp(t, nil).run("check", roadFixtures, "--to", "1.30"); r.code != 2 || !strings.Contains(r.stderr, "--to 1.30 is not on the road") {
		t.Errorf("--to 1.30: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := newTestApp(t, nil).run("check", roadFixtures, "--to", "1.31", "--json"); r.code != 0 {
		t.Errorf("--to 1.31 (the release itself): exit %d, stderr %q", r.code, r.stderr)
	}
}

// The table groups the findings by hop, in road order; on a terminal without --to one line
// says that --to looks ahead, and with it (or piped) nothing more is said.
func TestCheckToTable(t *testing.T) {
	t.Parallel()
	r := newTestApp(t, nil).run("check", roadFixtures, "--to", "latest")
	i, j := strings.Index(r.stdout, "Upgrading to v1.32"), strings.Index(r.stdout, "Upgrading to v1.33")
	if i < 0 || j < i {
		t.Errorf("hops not in order:\n%s", r.stdout)
	}
	if strings.Contains(r.stderr, "--to latest") {
		t.Errorf("piped, or with --to, a hint: %q", r.stderr)
	}
	a := newTestApp(t, nil)
	a.term.out = true
	r = a.run("check", roadFixtures)
	if !strings.Contains(r.stderr, "--to latest") {
		t.Errorf("on a terminal without --to, no hint: %q", r.stderr)
	}
}
