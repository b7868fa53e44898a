package cli

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// lineData is a small release line with three patch releases and three CVEs (data/testdata/line):
// v1.99.2 first fixes CVE-2030-1001 (high, from v1.99.0), v1.99.3 first fixes CVE-2030-1002
// (critical, from v1.99.1), and no release fixes CVE-2030-1003 (medium, from v1.99.0).
const lineData = "../../data/testdata/line"

func init() {
	for _, v := range []any{Support{}, PatchFacts{}, PatchChange{}, Patch{}, PatchPage{}, CVEFacts{}, CVE{}, CVEPage{}, CVEReport{}} {
		t := reflect.TypeOf(v)
		schemaTypes[t.Name()] = t
	}
}

// TestCVEVersion: elli cve --version at the boundaries of each fix, with the exit code.
func TestCVEVersion(t *testing.T) {
	for _, tc := range []struct {
		version string
		failOn  string
		code    int
		lacking []string
		patches []string
	}{
		// before any fix: lacks 1001 (high) and the unfixed 1003; 1002 came with v1.99.1
		{"v1.99.0", "", 1, []string{"CVE-2030-1003", "CVE-2030-1001"}, []string{"v1.99.3", "v1.99.2", "v1.99.1"}},
		{"v1.99.0", "critical", 0, []string{"CVE-2030-1003", "CVE-2030-1001"}, []string{"v1.99.3", "v1.99.2", "v1.99.1"}},
		// the release before 1001's fix; the newest fix first
		{"1.99.1", "", 1, []string{"CVE-2030-1003", "CVE-2030-1002", "CVE-2030-1001"}, []string{"v1.99.3", "v1.99.2"}},
		// 1001's first fixed release, the one before 1002's: critical still lacking
		{"v1.99.2", "", 1, []string{"CVE-2030-1003", "CVE-2030-1002"}, []string{"v1.99.3"}},
		// 1002's first fixed release: only the medium with no fix in the line is left
		{"v1.99.3", "", 0, []string{"CVE-2030-1003"}, []string{}},
		{"v1.99.3", "medium", 1, []string{"CVE-2030-1003"}, []string{}},
		{"v1.99.3-eks-2d5f260", "none", 0, []string{"CVE-2030-1003"}, []string{}},
	} {
		args := []string{"--data", lineData, "cve", "--version", tc.version}
		if tc.failOn != "" {
			args = append(args, "--fail-on", tc.failOn)
		}
		r := run(t, append(args, "--json")...)
		if r.code != tc.code {
			t.Errorf("elli %s --json: exit %d, want %d (stderr %q)", strings.Join(args, " "), r.code, tc.code, r.stderr)
		}
		rep := decode[CVEReport](t, r.stdout)
		var got, gotPatches []string
		for _, c := range rep.Lacking {
			got = append(got, c.CVE)
		}
		for _, p := range rep.Patches {
			gotPatches = append(gotPatches, p.Version)
		}
		if !slices.Equal(got, tc.lacking) || !slices.Equal(orEmpty(gotPatches), tc.patches) || rep.Failed != (tc.code == 1) {
			t.Errorf("elli %s: lacking %v, patches %v, failed %v; want %v, %v, %v", strings.Join(args, " "), got, gotPatches, rep.Failed, tc.lacking, tc.patches, tc.code == 1)
		}
		// the counts add up: the CVEs it is open to are those fixed in the line and those not
		if rep.FixedInLine+rep.NoFixInLine != len(rep.Lacking) || rep.NoFixInLine != 1 {
			t.Errorf("elli %s: fixed_in_line %d, no_fix_in_line %d, for %d lacking", strings.Join(args, " "), rep.FixedInLine, rep.NoFixInLine, len(rep.Lacking))
		}
		// the table says the same, with the same exit code
		text := run(t, args...)
		if text.code != tc.code || !strings.Contains(text.stdout, tc.lacking[0]) {
			t.Errorf("elli %s: exit %d, stdout %q", strings.Join(args, " "), text.code, text.stdout)
		}
	}
}

// TestCVEVersionInvalid: a version that is none, or not of the line, exits 2 with one line.
func TestCVEVersionInvalid(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"1.99.x", `invalid version "1.99.x": give one such as v1.99.4`},
		{"latest", `invalid version "latest"`},
		{"v1.98.7", "v1.98.7 is not a v1.99 release: elli knows the v1.99 line"},
		{"v1.99", `invalid version "v1.99"`},
		// of the line, but past its newest patch release: elli cannot say what it lacks
		{"v1.99.4", "v1.99.4 is not a release elli knows: the newest is v1.99.3"},
		{"1.99.99", "v1.99.99 is not a release elli knows: the newest is v1.99.3"},
	} {
		r := run(t, "--data", lineData, "cve", "--version", tc.version)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
			t.Errorf("cve --version %s: exit %d, stderr %q, stdout %q; want exit 2 saying %q", tc.version, r.code, r.stderr, r.stdout, tc.want)
		}
	}
	if r := run(t, "--data", lineData, "cve", "CVE-2030-1001", "--version", "v1.99.0"); r.code != 2 {
		t.Errorf("an id with --version: exit %d, want 2", r.code)
	}
	if r := run(t, "--data", lineData, "cve", "--version", "v1.99.0", "--fail-on", "urgent"); r.code != 2 {
		t.Errorf("--fail-on urgent: exit %d, want 2", r.code)
	}
	if r := run(t, "--lang", "zh", "--data", lineData, "cve", "--version", "v1.98.7"); r.code != 2 || !strings.Contains(r.stderr, "v1.98.7 不是 v1.99 的版本") {
		t.Errorf("zh: stderr %q", r.stderr)
	}
}

func TestPatchesAndCVEs(t *testing.T) {
	list := runOK(t, "--data", lineData, "patches")
	if i, j := strings.Index(list, "v1.99.3"), strings.Index(list, "v1.99.1"); i < 0 || j < i {
		t.Errorf("patches not newest first:\n%s", list)
	}
	if !strings.Contains(list, "\n3 CVEs: 2 fixed in 1.99 (v1.99.2, .3), 1 with no 1.99 fix.\nv1.99: maintenance mode from 2030-11-08, end of life on 2031-01-08; upgrade to v1.100.") {
		t.Errorf("patches lacks the support line:\n%s", list)
	}
	if zh := runOK(t, "--lang", "zh", "--data", lineData, "patches"); !strings.Contains(zh, "2031-01-08 停止支持") || !strings.Contains(zh, "发布日期") {
		t.Errorf("patches in Chinese:\n%s", zh)
	}
	page := runOK(t, "--data", lineData, "patches", "1.99.2")
	if !strings.Contains(page, "Kubernetes v1.99.2") || !strings.Contains(page, "CVE-2030-1001") {
		t.Errorf("patches 1.99.2:\n%s", page)
	}
	for _, tc := range []struct{ version, want string }{
		{"v1.99.7", "v1.99.7 is not a release elli knows: the newest is v1.99.3 (elli patches lists them)"},
		{"v1.99.0", "v1.99.0 is the release itself, not a patch release: elli show release shows it"},
	} {
		if r := run(t, "--data", lineData, "patches", tc.version); r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("patches %s: exit %d, stderr %q; want exit 2 saying %q", tc.version, r.code, r.stderr, tc.want)
		}
	}
	if r := run(t, "--lang", "zh", "--data", lineData, "patches", "v1.99.7"); r.code != 2 || !strings.Contains(r.stderr, "已知最新的是 v1.99.3") {
		t.Errorf("zh patches v1.99.7: exit %d, stderr %q", r.code, r.stderr)
	}
	cves := runOK(t, "--data", lineData, "cve")
	for _, want := range []string{"CVE-2030-1003", "no 1.99 fix", "Critical", "9.8",
		"\n3 CVEs: 2 fixed in 1.99 (v1.99.2, .3), 1 with no 1.99 fix.\nCVE-2030-1003 is fixed in v1.100.4, v1.101.1.\n"} {
		if !strings.Contains(cves, want) {
			t.Errorf("cve lacks %q:\n%s", want, cves)
		}
	}
	if page := runOK(t, "--data", lineData, "cve", "cve-2030-1002"); !strings.Contains(page, "Gizmo API skips authorization") {
		t.Errorf("cve cve-2030-1002:\n%s", page)
	}
	if r := run(t, "--data", lineData, "cve", "CVE-1999-0001"); r.code != 1 {
		t.Errorf("an unknown CVE: exit %d", r.code)
	}
	// show finds them too, by version and by id
	if page := runOK(t, "--data", lineData, "show", "v1.99.1"); !strings.Contains(page, "widget gate") {
		t.Errorf("show v1.99.1:\n%s", page)
	}
	// the release's own page links forward to the patch release that changed it
	if page := runOK(t, "--data", lineData, "show", "100"); !strings.Contains(page, "v1.99.1: #200001") {
		t.Errorf("show 100 has no forward link:\n%s", page)
	}
}

// TestLineJSONSchema: what patches and cve print matches the types SCHEMA.md documents.
func TestLineJSONSchema(t *testing.T) {
	for _, c := range []jsonCommand{
		{[]string{"patches"}, reflect.TypeFor[[]Patch](), 0},
		{[]string{"patches", "v1.99.1"}, reflect.TypeFor[PatchPage](), 0},
		{[]string{"cve"}, reflect.TypeFor[[]CVE](), 0},
		{[]string{"cve", "CVE-2030-1003"}, reflect.TypeFor[CVEPage](), 0},
		{[]string{"cve", "CVE-2030-1001"}, reflect.TypeFor[CVEPage](), 0},
		{[]string{"cve", "--version", "v1.99.1"}, reflect.TypeFor[CVEReport](), 1},
		{[]string{"cve", "--version", "v1.99.3", "--fail-on", "none"}, reflect.TypeFor[CVEReport](), 0},
		{[]string{"show", "release"}, reflect.TypeFor[ReleasePage](), 0},
	} {
		c.args = append([]string{"--data", lineData}, c.args...)
		checkJSONCommand(t, c)
	}
	if got := runOK(t, "--data", lineData, "cve", "--version", "v1.99.3", "--jq", ".lacking[].cve"); got != "CVE-2030-1003\n" {
		t.Errorf("--jq .lacking[].cve = %q", got)
	}
}

// TestLineCompletion: VERSION and --version complete the line's patch releases, ID its CVEs.
func TestLineCompletion(t *testing.T) {
	for _, args := range [][]string{{"patches", ""}, {"cve", "--version", ""}} {
		out := run(t, append([]string{"--data", lineData, "__complete"}, args...)...).stdout
		if !strings.HasPrefix(out, "v1.99.3\nv1.99.2\nv1.99.1\n") {
			t.Errorf("elli %v completes %q, want the patch releases newest first", args, out)
		}
	}
	if out := run(t, "--data", lineData, "__complete", "cve", "").stdout; !strings.Contains(out, "CVE-2030-1002\tGizmo API skips authorization") {
		t.Errorf("elli cve completes %q", out)
	}
}

// TestCVEWordsAddUp: cve --version says what a version is open to as CVEs fixed in the line and
// not, in the words of the tally, in both languages; the JSON names the later lines' fixes.
func TestCVEWordsAddUp(t *testing.T) {
	for _, tc := range []struct{ lang, version, want string }{
		{"en", "v1.99.1", "v1.99.1 is open to 3 CVEs: 2 fixed in 1.99 (v1.99.2, .3), 1 with no 1.99 fix.\n"},
		{"en", "v1.99.3", "v1.99.3 is open to 1 CVE: 1 with no 1.99 fix.\n"},
		{"zh", "v1.99.1", "影响 v1.99.1 的有 3 个 CVE：2 个已在 1.99 修复（v1.99.2、.3），1 个在 1.99 没有修复。\n"},
	} {
		out := run(t, "--lang", tc.lang, "--data", lineData, "cve", "--version", tc.version, "--fail-on", "none")
		if !strings.HasPrefix(out.stdout, tc.want) {
			t.Errorf("%s cve --version %s begins %q, want %q", tc.lang, tc.version, out.stdout, tc.want)
		}
		if strings.Contains(out.stdout, "security fix") || strings.Contains(out.stdout, "安全修复") {
			t.Errorf("%s cve --version %s still counts security fixes:\n%s", tc.lang, tc.version, out.stdout)
		}
	}
	page := decode[CVEPage](t, runOK(t, "--data", lineData, "cve", "CVE-2030-1003", "--json"))
	if !slices.Equal(page.FixedInLater, []string{"v1.100.4", "v1.101.1"}) {
		t.Errorf("fixed_in_later = %v", page.FixedInLater)
	}
	if fixed := decode[CVEPage](t, runOK(t, "--data", lineData, "cve", "CVE-2030-1001", "--json")); fixed.FixedInLater == nil {
		t.Error("fixed_in_later is absent for a CVE the line fixed; arrays are always present")
	}
}

// TestCVEVersionOnTheRoad: a version of a release on the road after the line is not refused as
// "not a v1.31 release": elli says what it knows of it, its support on the day (the tests run
// on 2025-01-02, before v1.33's maintenance mode), exit 0; past the road release's newest patch
// it is unknown (exit 2), and with --json it says the JSON covers the line's CVEs only.
func TestCVEVersionOnTheRoad(t *testing.T) {
	out := runOK(t, "cve", "--version", "v1.33.2")
	if !strings.HasPrefix(out, "v1.33.2 is a v1.33 release, on the road after v1.31: supported, maintenance mode from ") ||
		!strings.HasSuffix(out, "elli knows the CVEs of the v1.31 line only.\n") {
		t.Errorf("cve --version v1.33.2: %q", out)
	}
	if zh := runOK(t, "--lang", "zh", "cve", "--version", "1.33.2"); !strings.HasPrefix(zh, "v1.33.2 属于 v1.33，是 v1.31 之后升级路线上的版本：仍受支持") {
		t.Errorf("zh: %q", zh)
	}
	for _, args := range [][]string{{"cve", "--version", "v1.33.99"}, {"cve", "--version", "v1.33.2", "--json"}} {
		if r := run(t, args...); r.code != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("elli %s: exit %d, stdout %q, stderr %q; want exit 2 and one line", strings.Join(args, " "), r.code, r.stdout, r.stderr)
		}
	}
}
