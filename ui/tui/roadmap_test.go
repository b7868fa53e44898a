package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/elli-k8s/elli/data"
)

// roadToday is the fixed day of the road's tests: v1.33 in maintenance mode, so the default
// target, with v1.31 and v1.32 ended before it and four releases supported after it.
var roadToday = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// roadKey is the number key of the Road tab.
var roadKey = fmt.Sprint(roadTab + 1)

// TestRoadmapGolden pins the Road tab, the support windows on top, at 80×24 and 120×40, dark
// and light, in English and Chinese, and without colour.
func TestRoadmapGolden(t *testing.T) {
	for _, lang := range []data.Lang{data.LangEN, data.LangZH} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			for _, theme := range []string{"dark", "light", "nocolor"} {
				t.Run(fmt.Sprintf("%s/%dx%d/%s", lang, size[0], size[1], theme), func(t *testing.T) {
					opts := Options{Theme: theme, Lang: lang, Today: roadToday}
					if theme == "nocolor" {
						opts = Options{NoColor: true, Lang: lang, Today: roadToday}
					}
					m := keys(newModel(t, opts, size[0], size[1]), roadKey)
					out := m.Render()
					assertFits(t, out, size[0], size[1])
					golden.RequireEqual(t, out)
				})
			}
		}
	}
}

// roadPicture is the Road tab's picture as text, one line each.
func roadPicture(m Model) []string {
	return strings.Split(plain(m), "\n")[m.lay.banner.y : m.lay.banner.y+m.lay.banner.h]
}

// TestRoadmapReads: what the picture says, read as text: a row per release in road order, each
// supported, then in maintenance mode, then ended; today's column through every row; the
// default target marked on its row alone.
func TestRoadmapReads(t *testing.T) {
	ds := dataset(t)
	versions := []string{ds.Release.Version}
	for _, r := range ds.Road() {
		versions = append(versions, r.Version)
	}
	for _, lang := range data.Langs {
		for _, w := range []int{80, 120} {
			m := keys(newModel(t, Options{NoColor: true, Lang: lang, Today: roadToday}, w, 40), roadKey)
			pic := roadPicture(m)
			var rows []string
			for _, l := range pic {
				if strings.Contains(l, "┣") {
					rows = append(rows, l)
				}
			}
			if len(rows) != len(versions) {
				t.Fatalf("%s %d: %d rows for %d releases:\n%s", lang, w, len(rows), len(versions), strings.Join(pic, "\n"))
			}
			target := ds.DefaultTarget(roadToday)
			todayCol := -1
			for i, r := range rows {
				f := strings.Fields(r)
				marked := f[0] == "▶"
				if marked {
					f = f[1:]
				}
				if f[0] != versions[i] {
					t.Errorf("%s %d: row %d is %q, want %s", lang, w, i, f[0], versions[i])
				}
				if marked != (versions[i] == target) {
					t.Errorf("%s %d: %s marked as the target: %v, the default target is %s", lang, w, versions[i], marked, target)
				}
				bar := []rune(r)
				i0, i1, i2 := strings.Index(r, "┣"), strings.Index(r, "─"), strings.Index(r, "┤")
				if i0 < 0 || i1 < i0 || i2 < i1 {
					t.Errorf("%s %d: %s does not run supported → maintenance → end of life: %q", lang, w, versions[i], r)
				}
				// today's column: a bar, or a cross where it meets the window
				c := -1
				for j, g := range bar {
					if g == '│' || g == '┿' || g == '┼' {
						c = j
					}
				}
				if c < 0 || todayCol >= 0 && c != todayCol {
					t.Errorf("%s %d: today is at column %d in %s, %d above: %q", lang, w, c, versions[i], todayCol, r)
				}
				todayCol = c
			}
			head := strings.Join(pic, "\n")
			for _, want := range []string{roadToday.Format(time.DateOnly), target, m.s.TUI.LineToday} {
				if !strings.Contains(head, want) {
					t.Errorf("%s %d: the picture lacks %q:\n%s", lang, w, want, head)
				}
			}
		}
	}
}

// TestRoadmapToday: before the release today is not on the axis; after every end of life the
// newest release is the target and nothing is marked today.
func TestRoadmapToday(t *testing.T) {
	ds := dataset(t)
	road := ds.Road()
	for _, tc := range []struct {
		day    time.Time
		today  bool
		target string
	}{
		{time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), false, road[0].Version},
		{roadToday, true, "v1.33"},
		{time.Date(2040, 1, 1, 0, 0, 0, 0, time.UTC), false, road[len(road)-1].Version},
	} {
		m := keys(newModel(t, Options{NoColor: true, Today: tc.day}, 120, 40), roadKey)
		pic := strings.Join(roadPicture(m), "\n")
		if strings.Contains(pic, "▼ today") != tc.today {
			t.Errorf("%s: today marked %v, want %v:\n%s", tc.day.Format(time.DateOnly), !tc.today, tc.today, pic)
		}
		if !strings.Contains(pic, "▶ "+tc.target) {
			t.Errorf("%s: the target is not %s:\n%s", tc.day.Format(time.DateOnly), tc.target, pic)
		}
	}
}

// TestRoadmapFits: on a short screen the picture gives up its legend, head and scale before a
// release's row, and leaves the list its rows; too short for every row, it is not drawn.
func TestRoadmapFits(t *testing.T) {
	n := len(dataset(t).Road()) + 1
	for h := minHeight; h <= 40; h++ {
		m := keys(newModel(t, Options{NoColor: true, Today: roadToday}, 80, h), roadKey)
		assertFits(t, m.Render(), 80, h)
		pic := roadPicture(m)
		if len(pic) > 0 && len(pic) < n {
			t.Errorf("height %d: a picture of %d lines for %d releases", h, len(pic), n)
		}
		if m.lay.list.h < 6 {
			t.Errorf("height %d: the picture leaves the list %d rows", h, m.lay.list.h)
		}
	}
	if pic := roadPicture(keys(newModel(t, Options{NoColor: true, Today: roadToday}, 80, 40), roadKey)); len(pic) != n+3 {
		t.Errorf("80x40: %d lines, want the head, the scale, %d rows and the legend", len(pic), n)
	}
}

// A release folder without a road has no picture on the Road tab.
func TestRoadmapWithoutRoad(t *testing.T) {
	m := keys(newLineModel(t, Options{NoColor: true}, 80, 24), roadKey)
	if m.lay.banner.h != 0 {
		t.Errorf("a picture without a road:\n%s", plain(m))
	}
}

// TestRoadRows: the Road tab lists each hop under a heading that names the release, its
// support on the day (the data's words, in the reader's language), how many of its changes
// break on upgrade and its codename, ▶ on the default target; each change under its own
// release, labelled with it; j passes over the headings.
func TestRoadRows(t *testing.T) {
	ds := dataset(t)
	target := ds.DefaultTarget(roadToday)
	for _, lang := range data.Langs {
		m := keys(newModel(t, Options{NoColor: true, Lang: lang, Today: roadToday}, 120, 40), roadKey)
		rows := m.lists[roadTab].rows
		hop := -1
		for _, r := range rows {
			if r.heading != "" {
				hop++
				rr := ds.Road()[hop]
				breaks := 0
				for _, it := range ds.RoadItems(rr.Version) {
					if it.Road.Impact == data.ImpactBreaks {
						breaks++
					}
				}
				status := rr.Support.StatusOn(roadToday).LabelIn(lang)
				for _, want := range []string{rr.Version, status, fmt.Sprintf(map[data.Lang]string{data.LangEN: "%s: %d", data.LangZH: "%s %d 项"}[lang], data.ImpactBreaks.LabelIn(lang), breaks), rr.Codename} {
					if !strings.Contains(r.heading, want) {
						t.Errorf("%s: the heading of %s lacks %q: %q", lang, rr.Version, want, r.heading)
					}
				}
				if strings.HasPrefix(r.heading, "▶ ") != (rr.Version == target) {
					t.Errorf("%s: %q: the default target is %s", lang, r.heading, target)
				}
				continue
			}
			if hop < 0 || r.item.Road == nil || r.item.Road.Release != ds.Road()[hop].Version {
				t.Errorf("%s: %s is not under its release's heading", lang, r.id())
			} else if got := rowLabel(r, m.s); got != strings.TrimPrefix(r.item.Road.Release, "v") {
				t.Errorf("%s: %s is labelled %q", lang, r.id(), got)
			}
		}
		if hop != len(ds.Road())-1 {
			t.Errorf("%s: %d headings for %d releases", lang, hop+1, len(ds.Road()))
		}
	}
	// the cursor starts on the first change and j moves from a hop's last change to the next
	// hop's first, over the heading
	m := keys(newModel(t, Options{NoColor: true, Today: roadToday}, 120, 40), roadKey)
	first := ds.RoadItems(ds.Road()[0].Version)
	if selectedID(m) != first[0].ID {
		t.Errorf("the Road tab opens on %s, want %s", selectedID(m), first[0].ID)
	}
	for range first {
		m = keys(m, "j")
	}
	if want := ds.RoadItems(ds.Road()[1].Version)[0].ID; selectedID(m) != want {
		t.Errorf("j past %s's changes selects %s, want %s", ds.Road()[0].Version, selectedID(m), want)
	}
	// a gate a release locks off is no decision to make: no [off] beside its change
	locked := slices.IndexFunc(first, (*data.Item).OffByDefault)
	if locked < 0 {
		t.Fatalf("no change of %s has a gate off by default: the test needs one", ds.Road()[0].Version)
	}
	m = keys(newModel(t, Options{NoColor: true, Today: roadToday}, 120, 40), roadKey)
	if screen := plain(m); !strings.Contains(screen, first[locked].Title.Default[:15]) || strings.Contains(screen, "["+m.s.TUI.Off+"]") {
		t.Errorf("%s is not shown, or with [%s]:\n%s", first[locked].ID, m.s.TUI.Off, screen)
	}
}

// A search keeps a hop's heading only over its matching changes, and lists as many changes as
// the tab counts (the weaker matches it folds away left out).
func TestRoadRowsSearch(t *testing.T) {
	ds := dataset(t)
	// a question folds some of the road's changes away (the case proves something only then)
	for _, q := range []string{"cgroup", "my node on cgroup v1 stops after the upgrade"} {
		m := keys(newModel(t, Options{NoColor: true, Today: roadToday, Search: q}, 120, 40), roadKey)
		if n, want := m.lists[roadTab].count(func(r row) bool { return r.item != nil }), m.tabMatches()[roadTab]; n != want {
			t.Errorf("%s: the Road tab lists %d changes, its tab counts %d", q, n, want)
		}
	}
	m := keys(typeText(keys(newModel(t, Options{NoColor: true, Today: roadToday}, 120, 40), roadKey, "/"), "flowcontrol"), "enter")
	var headings []string
	for _, r := range m.lists[roadTab].rows {
		if r.heading != "" {
			headings = append(headings, r.heading)
		} else if _, ok := m.resultMarks[r.item.ID]; !ok {
			t.Errorf("%s is listed under a search that does not find it", r.id())
		}
	}
	if n, want := m.lists[roadTab].count(func(r row) bool { return r.item != nil }), m.tabMatches()[roadTab]; n != want {
		t.Errorf("the Road tab lists %d changes, its tab counts %d", n, want)
	}
	if len(headings) == 0 || len(headings) >= len(ds.Road()) {
		t.Errorf("a search for flowcontrol keeps %d of %d hop headings: %q", len(headings), len(ds.Road()), headings)
	}
}

// On a narrow screen the head is cut after the default target, which it names first.
func TestRoadmapHeadNamesTheTarget(t *testing.T) {
	target := dataset(t).DefaultTarget(roadToday)
	for _, lang := range data.Langs {
		m := keys(newModel(t, Options{NoColor: true, Lang: lang, Today: roadToday}, 60, 30), roadKey)
		if head := roadPicture(m)[0]; !strings.Contains(head, "▶") || !strings.Contains(head, target) {
			t.Errorf("%s at 60 columns: the head %q does not name the default target %s", lang, head, target)
		}
	}
}
