package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/ui/i18n"
)

// framedVersion is a 1.31 patch release that lacks security fixes the dataset knows of.
const framedVersion = "v1.31.4"

// framedView is what elli check --cluster --tui hands the view for a cluster on server, as
// checkcluster.go builds it: the frame, and the fixes the dataset says its release lacks.
func framedView(t *testing.T, fs []check.Finding, frame, server string, notes int) *CheckFindings {
	t.Helper()
	c := &CheckFindings{Findings: fs, From: "prod", Notes: notes, Frame: frame, Context: "prod", Server: server}
	if v, err := data.ParseVersion(server); err == nil && dataset(t).InLine(v) {
		c.LackingIn, c.Lacking = v, data.TallyCVEs(dataset(t).Lacking(v))
	}
	return c
}

func openFramed(t *testing.T, lang data.Lang, c *CheckFindings, w, h int) findingsModel {
	t.Helper()
	ex := New(dataset(t), Options{Theme: "dark", Lang: lang})
	return fstep(newFindingsModel(ex, Options{Check: c}), tea.WindowSizeMsg{Width: w, Height: h})
}

// The Findings view of a v1.31 cluster's scan, at both sizes in both languages: under the
// header, the frame line the table prints first (cut to the width), then how many security
// fixes the server lacks and the command that lists them.
func TestFindingsFrameGolden(t *testing.T) {
	t.Parallel()
	if n := len(dataset(t).Lacking(framedVersion)); n < 2 {
		t.Fatalf("%s lacks %d fixes in the dataset; the test needs a version that lacks several", framedVersion, n)
	}
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s-%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				c := framedView(t, clusterFindings(t, lang), "current", framedVersion, 0)
				out := openFramed(t, lang, c, size[0], size[1]).Render()
				assertFits(t, out, size[0], size[1])
				golden.RequireEqual(t, ansi.Strip(out))
			})
		}
	}
}

// The frame line is the table's, for each frame the scan knows, in either language: the same
// words as i18n's ClusterFrame (the one definition elli check --cluster prints), cut to the
// width; the fixes line names the count and the command, and says nothing when nothing lacks
// or the server is not of the line; files get neither line.
func TestFindingsFrameLines(t *testing.T) {
	t.Parallel()
	fs := clusterFindings(t, data.LangEN)
	for _, tc := range []struct {
		frame, server string
		fixes         string // the line after the frame, "" for none
	}{
		// v1.31.4 is open to all six: three later patch releases fixed, three no 1.31 release did
		{"current", framedVersion, fmt.Sprintf("%s is open to 6 CVEs: 3 fixed in 1.31 (v1.31.5, .6, .12), 3 with no 1.31 fix · elli cve --version %s lists them", framedVersion, framedVersion)},
		{"upgrade", "v1.30.6", ""},
		{"other", "v1.29.0", ""},
		{"other", "v1.32.1", ""},
	} {
		for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
			want := i18n.For(lang).ClusterFrame(tc.frame, "prod", tc.server)
			for _, w := range []int{80, 200} {
				lines := strings.Split(ansi.Strip(openFramed(t, lang, framedView(t, fs, tc.frame, tc.server, 0), w, 24).Render()), "\n")
				if got := lines[1]; got != ansi.Truncate(want, w, "…") {
					t.Errorf("%s %s at %d columns: line 2 is %q, want %q", lang, tc.server, w, got, want)
				}
				if w == 200 && lang == data.LangEN {
					if got := lines[2]; (tc.fixes == "") != strings.HasPrefix(got, "prod/") || tc.fixes != "" && got != tc.fixes {
						t.Errorf("%s: line 3 is %q, want %q", tc.server, got, tc.fixes)
					}
				}
			}
		}
	}
	one := ansi.Strip(openFramed(t, data.LangZH, &CheckFindings{Findings: fs, From: "prod", Frame: "current", Context: "prod",
		Server: "v1.31.13", LackingIn: "v1.31.13", Lacking: data.CVETally{Total: 1}}, 120, 24).Render())
	if !strings.Contains(one, "影响 v1.31.13 的有 1 个 CVE：1 个在 1.31 没有修复 · 运行 elli cve --version v1.31.13 查看列表") {
		t.Errorf("one lacking fix, in Chinese:\n%s", one)
	}
	files := ansi.Strip(openFramed(t, data.LangEN, &CheckFindings{Findings: fs, From: "manifests"}, 200, 24).Render())
	if lines := strings.Split(files, "\n"); !strings.HasPrefix(lines[1], "prod/") {
		t.Errorf("a file check has a line under its header: %q", lines[1])
	}
}

// The banner follows the view: L switches the frame and fixes lines to the other language
// with the rest, the list scrolls under them without losing a row (the last finding is
// reachable and shown), and every screen fits, a short window dropping the banner's last lines
// before the list's last rows.
func TestFindingsFrameUpdate(t *testing.T) {
	t.Parallel()
	fs := clusterFindings(t, data.LangEN)
	m := openFramed(t, data.LangEN, framedView(t, fs, "current", framedVersion, 2), 80, 24)
	zh := i18n.For(data.LangZH)
	m = fkeys(m, "L")
	lines := strings.Split(ansi.Strip(m.Render()), "\n")
	if want := ansi.Truncate(zh.ClusterFrame("current", "prod", framedVersion), 80, "…"); lines[1] != want {
		t.Errorf("after L, line 2 is %q, want %q", lines[1], want)
	}
	if !strings.HasPrefix(lines[2], "有 2 条说明") || lines[3] != "影响 v1.31.4 的有 6 个 CVE · 运行 elli cve --version v1.31.4 查看列表" {
		// at 80 columns the CVEs' tally gives way to their count, so that the command stays whole
		t.Errorf("after L, lines 3 and 4: %q, %q", lines[2], lines[3])
	}
	m = fkeys(m, "G")
	if out := ansi.Strip(m.Render()); !strings.Contains(out, clusterPaths[fs[len(fs)-1].Rule]) || m.cursor != len(fs)-1 {
		t.Errorf("G: cursor %d of %d:\n%s", m.cursor, len(fs), out)
	}
	for h := minHeight; h <= 40; h++ {
		for _, w := range []int{minWidth, 80, 120} {
			for _, f := range [][]check.Finding{fs, nil} {
				m := openFramed(t, data.LangZH, framedView(t, f, "current", framedVersion, 3), w, h)
				for range len(f) + 1 {
					out := m.Render()
					assertFits(t, out, w, h)
					if len(f) > 0 && h > 2+findingPaneLines+findingsMinList && !strings.Contains(ansi.Strip(out), "集群 prod") {
						t.Errorf("%dx%d: the frame line went before the list's rows:\n%s", w, h, ansi.Strip(out))
					}
					m = fkeys(m, "j")
				}
			}
		}
	}
}
