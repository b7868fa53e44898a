package data

import (
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// lineFS copies testdata/line, a small release line with patch releases and CVEs, into a map a
// test may change.
func lineFS(tb testing.TB) fstest.MapFS {
	tb.Helper()
	m := fstest.MapFS{}
	src := os.DirFS("testdata/line")
	err := fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(src, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func lineDataset(tb testing.TB) *Dataset {
	tb.Helper()
	d, err := Load(lineFS(tb))
	if err != nil {
		tb.Fatalf("testdata/line: %v", err)
	}
	return d
}

func TestLineLoads(t *testing.T) {
	d := lineDataset(t)
	if got := d.Release.DataAsOf; got != "2030-06-01" {
		t.Errorf("DataAsOf = %s, want 2030-06-01, the newest CVE's date", got)
	}
	if got := idsOf(d.Patches()); !slices.Equal(got, []string{"v1-99-3", "v1-99-2", "v1-99-1"}) {
		t.Errorf("Patches = %v, want newest first", got)
	}
	if got := idsOf(d.CVEs()); !slices.Equal(got, []string{"cve-2030-1003", "cve-2030-1002", "cve-2030-1001"}) {
		t.Errorf("CVEs = %v, want newest first", got)
	}
	if s := d.Release.Support; s.EndOfLife != "2031-01-08" || s.MaintenanceMode != "2030-11-08" || s.UpgradeTo != "v1.100" {
		t.Errorf("Support = %+v", s)
	}
	for ref, want := range map[string]string{"v1.99.2": "v1-99-2", "1.99.2": "v1-99-2", "CVE-2030-1001": "cve-2030-1001", "cve-2030-1001": "cve-2030-1001", "v1.99.9": ""} {
		it, _ := d.Lookup(ref)
		if got := ""; it != nil {
			got = it.ID
			if got != want {
				t.Errorf("Lookup(%q) = %s, want %q", ref, got, want)
			}
		} else if want != "" {
			t.Errorf("Lookup(%q) = nil, want %s", ref, want)
		}
	}
	// the KEP number in v1.99.1's changes became the page's id, and the page links forward
	later := d.LaterChanges("100-widget")
	if len(later) != 1 || later[0].Patch.ID != "v1-99-1" || later[0].Change.PR != 200001 {
		t.Fatalf("LaterChanges(100-widget) = %+v, want v1.99.1's #200001", later)
	}
	if got := d.ByID("v1-99-1").Patch.Changes[0].Items; !slices.Equal(got, []string{"100-widget"}) {
		t.Errorf("change items = %v, want the KEP resolved to its page id", got)
	}
}

// TestLacking: the fixes a version lacks, at the boundaries of each fix.
func TestLacking(t *testing.T) {
	d := lineDataset(t)
	for _, tc := range []struct {
		v    string
		want []string
	}{
		// before any fix: 1001 (>= v1.99.0) and the unfixed 1003; 1002 came in with v1.99.1
		{"v1.99.0", []string{"cve-2030-1003", "cve-2030-1001"}},
		{"v1.99.1", []string{"cve-2030-1003", "cve-2030-1002", "cve-2030-1001"}},
		// v1.99.2 is 1001's first fixed release and the one before 1002's
		{"v1.99.2", []string{"cve-2030-1003", "cve-2030-1002"}},
		{"v1.99.3", []string{"cve-2030-1003"}},
		{"v1.99.20", []string{"cve-2030-1003"}},
	} {
		if got := idsOf(d.Lacking(tc.v)); !slices.Equal(got, tc.want) {
			t.Errorf("Lacking(%s) = %v, want %v", tc.v, got, tc.want)
		}
	}
	// the tally says how the CVEs stand: 1001 and 1002 fixed in the line, 1003 not
	tally := TallyCVEs(d.Lacking("v1.99.1"))
	if tally.Total != 3 || tally.FixedInLine != 2 || tally.NoFixInLine() != 1 || !slices.Equal(tally.Releases, []string{"v1.99.2", "v1.99.3"}) {
		t.Errorf("TallyCVEs(Lacking(v1.99.1)) = %+v, want 3, 2 fixed in v1.99.2 and v1.99.3", tally)
	}
	if got := d.ByID("cve-2030-1003").CVE.FixedInLater; !slices.Equal(got, []string{"v1.100.4", "v1.101.1"}) {
		t.Errorf("FixedInLater = %v", got)
	}
	if got := idsOf(d.PatchesAfter("v1.99.1")); !slices.Equal(got, []string{"v1-99-3", "v1-99-2"}) {
		t.Errorf("PatchesAfter(v1.99.1) = %v", got)
	}
}

// TestLineValidation: each broken fact is reported on its file and field.
func TestLineValidation(t *testing.T) {
	for _, tc := range []struct {
		name        string
		file        string
		old, new    string
		wantFile    string
		wantField   string
		wantMessage string
	}{
		{"dates go back", "patches/v1-99-2.md", "released: 2030-03-12", "released: 2030-02-01", "patches/v1-99-2.md", "released", "dates must increase"},
		{"patch before the release", "patches/v1-99-1.md", "released: 2030-02-12", "released: 2030-01-01", "patches/v1-99-1.md", "released", "not after the release"},
		{"range ends elsewhere", "cves/cve-2030-1001.md", `< v1.99.2"`, `< v1.99.3"`, "cves/cve-2030-1001.md", "affected", "must end \"< v1.99.2\""},
		{"range unparsable", "cves/cve-2030-1001.md", `">= v1.99.0, < v1.99.2"`, `"from v1.99.0"`, "cves/cve-2030-1001.md", "affected", "no operator"},
		{"range bounded without a fix", "cves/cve-2030-1003.md", `">= v1.99.0"`, `">= v1.99.0, < v1.99.4"`, "cves/cve-2030-1003.md", "affected", "no fixed release"},
		{"fix not listed by its patch", "patches/v1-99-2.md", "cves: [CVE-2030-1001]", "cves: []", "cves/cve-2030-1001.md", "fixed", "does not list CVE-2030-1001"},
		{"fix names no patch", "cves/cve-2030-1001.md", "fixed: v1.99.2", "fixed: v1.99.9", "cves/cve-2030-1001.md", "affected", "must end \"< v1.99.9\""},
		{"patch lists an unknown CVE", "patches/v1-99-3.md", "cves: [CVE-2030-1002]", "cves: [CVE-2030-1002, CVE-2030-9999]", "patches/v1-99-3.md", "cves[1]", "no page in cves/"},
		{"patch lists another's CVE", "patches/v1-99-3.md", "cves: [CVE-2030-1002]", "cves: [CVE-2030-1002, CVE-2030-1001]", "patches/v1-99-3.md", "cves[1]", "fixed in \"v1.99.2\""},
		{"change names no page", "patches/v1-99-1.md", "items: [100]", "items: [999]", "patches/v1-99-1.md", "changes[0].items[0]", "no page of the release"},
		{"change of unknown type", "patches/v1-99-1.md", "type: regression", "type: oops", "patches/v1-99-1.md", "changes[0].type", "unknown type"},
		{"change without a PR", "patches/v1-99-1.md", "{pr: 200001, ", "{", "patches/v1-99-1.md", "changes[0].pr", "missing"},
		{"version and file name differ", "patches/v1-99-1.md", "version: v1.99.1", "version: v1.99.7", "patches/v1-99-1.md", "version", "name it v1-99-7.md"},
		{"version not a patch", "patches/v1-99-1.md", "version: v1.99.1", "version: v1.99", "patches/v1-99-1.md", "version", "not a patch release"},
		{"go version", "patches/v1-99-1.md", "go: go1.30.1", "go: 1.30", "patches/v1-99-1.md", "go", "not a Go version"},
		{"severity", "cves/cve-2030-1001.md", "severity: high", "severity: urgent", "cves/cve-2030-1001.md", "severity", "not a severity"},
		{"cvss score", "cves/cve-2030-1001.md", "score: 7.5", "score: 75", "cves/cve-2030-1001.md", "cvss.score", "not a CVSS score"},
		{"cvss vector", "cves/cve-2030-1001.md", `vector: "CVSS:3.1/`, `vector: "CVSS/`, "cves/cve-2030-1001.md", "cvss.vector", "not a CVSS vector"},
		{"exposure untold", "cves/cve-2030-1001.md", "exposed_by_default: false\n", "", "cves/cve-2030-1001.md", "exposed_by_default", "missing"},
		{"id and file name differ", "cves/cve-2030-1001.md", "id: CVE-2030-1001", "id: CVE-2030-1009", "cves/cve-2030-1001.md", "id", "name it cve-2030-1009.md"},
		{"no support dates", "release.md", "support: {maintenance_mode: 2030-11-08, end_of_life: 2031-01-08, upgrade_to: v1.100}\n", "", "release.md", "support.maintenance_mode", "missing"},
		{"end of life first", "release.md", "end_of_life: 2031-01-08", "end_of_life: 2030-10-01", "release.md", "support.end_of_life", "not after maintenance mode"},
		{"upgrade to an older release", "release.md", "upgrade_to: v1.100", "upgrade_to: v1.98", "release.md", "support.upgrade_to", "not newer"},
		{"stale data_as_of", "release.md", "keywords: [testy]", "data_as_of: 2030-01-08\nkeywords: [testy]", "release.md", "data_as_of", "newest fact is of 2030-06-01"},
		{"patch facts on an enhancement", "enhancements/100-widget.md", "kep: 100", "kep: 100\nversion: v1.99.1", "enhancements/100-widget.md", "version", "only for patch releases"},
		{"later fix not a release", "cves/cve-2030-1003.md", "[v1.100.4, v1.101.1]", "[v1.100, v1.101.1]", "cves/cve-2030-1003.md", "fixed_in_later[0]", "not a release such as v1.32.10"},
		{"later fixes out of order", "cves/cve-2030-1003.md", "[v1.100.4, v1.101.1]", "[v1.101.1, v1.100.4]", "cves/cve-2030-1003.md", "fixed_in_later[1]", "oldest line first"},
		{"two fixes of one later line", "cves/cve-2030-1003.md", "[v1.100.4, v1.101.1]", "[v1.100.4, v1.100.6]", "cves/cve-2030-1003.md", "fixed_in_later[1]", "once"},
		{"later fix in the line itself", "cves/cve-2030-1003.md", "[v1.100.4, v1.101.1]", "[v1.99.4]", "cves/cve-2030-1003.md", "fixed_in_later[0]", "not of a line after v1.99"},
		{"later fix of a CVE the line fixed", "cves/cve-2030-1001.md", "fixed: v1.99.2", "fixed: v1.99.2\nfixed_in_later: [v1.100.1]", "cves/cve-2030-1001.md", "fixed_in_later", "only for a CVE with no fix in the line"},
		{"later fix on a patch", "patches/v1-99-1.md", "go: go1.30.1", "go: go1.30.1\nfixed_in_later: [v1.100.1]", "patches/v1-99-1.md", "id", "only for CVEs"},
		{"CVE facts on a patch", "patches/v1-99-1.md", "go: go1.30.1", "go: go1.30.1\nseverity: high", "patches/v1-99-1.md", "id", "only for CVEs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := lineFS(t)
			edit(t, fsys, tc.file, tc.old, tc.new)
			problems := loadProblems(t, fsys)
			for _, p := range problems {
				if p.File == tc.wantFile && p.Field == tc.wantField && strings.Contains(p.Msg, tc.wantMessage) {
					return
				}
			}
			t.Errorf("want a problem on %s %s saying %q; got %v", tc.wantFile, tc.wantField, tc.wantMessage, problems)
		})
	}
}

// TestLineDataset holds the embedded release's patch releases and CVEs to the line's rules
// beyond what loading checks: the patch releases run from v1.31.1 without a gap, each has its
// facts in both languages, and the release says when its support ends.
func TestLineDataset(t *testing.T) {
	d := realDataset(t)
	patches := d.Patches()
	for i, p := range patches {
		if want := "v1.31." + strconv.Itoa(len(patches)-i); p.Patch.Version != want {
			t.Errorf("patch %d is %s, want %s: the line runs from v1.31.1 without a gap", i, p.Patch.Version, want)
		}
	}
	for _, it := range append(patches, d.CVEs()...) {
		for field, tx := range map[string]Text{"title": it.Title, "summary": it.Summary, "body": it.Body} {
			if zh, ok := tx.lookup(LangZH); !ok || strings.TrimSpace(zh) == "" {
				t.Errorf("%s: no Chinese %s", it.ID, field)
			}
		}
		if len(it.Links) == 0 {
			t.Errorf("%s: no sources: list them under links", it.ID)
		}
	}
	if len(patches) > 0 && d.Release.Support.IsZero() {
		t.Error("release.md: the line has patch releases but no support dates")
	}
	if got, want := d.Release.DataAsOf, newestFact(&d.Release, d.Items); got != want {
		t.Errorf("data as of %s, want the newest fact's date %s", got, want)
	}
}

// TestLinePages: a patch release's page, a CVE's page and a page a patch release changed carry
// their facts in both languages.
func TestLinePages(t *testing.T) {
	d := lineDataset(t)
	for _, tc := range []struct {
		id   string
		lang Lang
		want []string
	}{
		{"v1-99-2", LangEN, []string{"**Released:** 2030-03-12", "**Built with:** go1.30.2", "**CVEs fixed:** CVE-2030-1001", "- #200002 security, kube-controller-manager"}},
		{"v1-99-2", LangZH, []string{"**发布日期**：2030-03-12", "**修复的 CVE**：CVE-2030-1001", "- #200002 安全相关，kube-controller-manager"}},
		{"cve-2030-1001", LangEN, []string{"**Severity:** High (CVSS 7.5)", "**Affected:** `>= v1.99.0, < v1.99.2`", "**Fixed in:** v1.99.2", "**Default cluster exposed:** no"}},
		{"cve-2030-1003", LangEN, []string{"**Fixed in:** none in v1.99; fixed in v1.100.4, v1.101.1", "**Default cluster exposed:** yes"}},
		{"cve-2030-1003", LangZH, []string{"**严重程度**：中（CVSS 5.5）", "**修复版本**：v1.99 没有修复版本；已在 v1.100.4、v1.101.1 中修复"}},
		{"100-widget", LangEN, []string{"> **Changed later in the line**", "> - v1.99.1: #200001 regression fixed"}},
		{"100-widget", LangZH, []string{"> **后续补丁版本改变了本页内容**", "> - v1.99.1: #200001 回归修复"}},
	} {
		page := d.Page(d.ByID(tc.id), tc.lang)
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("%s (%s) lacks %q:\n%s", tc.id, tc.lang, w, page)
			}
		}
	}
	if strings.Contains(d.ByID("100-widget").Markdown(LangEN), "Changed later") {
		t.Error("Item.Markdown knows no dataset; only Dataset.Page adds the forward links")
	}
	for lang, want := range map[Lang]string{LangEN: "**End of life:** 2031-01-08", LangZH: "**停止支持**：2031-01-08"} {
		if md := d.Release.Markdown(lang); !strings.Contains(md, want) {
			t.Errorf("the %s overview lacks %q", lang, want)
		}
	}
}

// TestLineSearch: search finds patch releases and CVEs by id, version, component and words, in
// either language.
func TestLineSearch(t *testing.T) {
	d := lineDataset(t)
	for q, want := range map[string]string{
		"CVE-2030-1001":           "cve-2030-1001",
		"cve-2030-1002":           "cve-2030-1002",
		"v1.99.2":                 "v1-99-2",
		"kube-controller-manager": "cve-2030-1001",
		"gizmo authorization":     "cve-2030-1002",
		"token leak":              "cve-2030-1003",
		"令牌泄露":                    "cve-2030-1003",
		"widget gate revert":      "v1-99-1",
		"go1.30.4":                "v1-99-3",
	} {
		rs := d.Search(q)
		if len(rs) == 0 || rs[0].Item.ID != want {
			t.Errorf("search %q = %v, want %s first", q, resultIDs(rs), want)
		}
	}
}

// BenchmarkLacking is elli cve --version's work once the dataset is loaded.
func BenchmarkLacking(b *testing.B) {
	d := lineDataset(b)
	for b.Loop() {
		d.Lacking("v1.99.1")
	}
}
