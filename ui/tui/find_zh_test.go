package tui

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// A Chinese search, read in Chinese: the list highlights the characters of the phrase in the
// Chinese title (rune positions from the engine's byte spans), and the page marks the phrase in
// the lines that hold it, two cells a character.
func TestFindChineseInPage(t *testing.T) {
	const id, phrase = "3857-recursive-read-only-mounts", "递归只读"
	m := newModel(t, Options{NoColor: true}, 120, 40)
	m.lang = data.LangZH
	m = typeText(keys(m, "/"), phrase)
	r, ok := m.activeList().selected()
	if !ok || r.item == nil || r.item.ID != id {
		t.Fatalf("%s selects %+v, want %s", phrase, r, id)
	}
	title := []rune(r.item.Title.In(data.LangZH))
	var got string
	for _, p := range r.matches {
		got += string(title[p])
	}
	if got != phrase {
		t.Errorf("the row of %q highlights %q, want %q", string(title), got, phrase)
	}

	m = keys(m, "enter", "enter")
	if selectedID(m) != id || !m.shownReal {
		t.Fatalf("expected to read %s, got %s", id, selectedID(m))
	}
	f := m.finds()
	page := m.detail.plain()
	want := 0
	for _, l := range page {
		if strings.Contains(l, phrase) {
			want++
		}
	}
	if want < 3 || len(f.lines) < want {
		t.Fatalf("%d lines of the Chinese page hold %s, %d are marked", want, phrase, len(f.lines))
	}
	for k, i := range f.lines {
		for _, sp := range f.spans[k] {
			// the phrase, or the part of it that ends or starts a line it was wrapped across
			w := page[i][sp.Start:sp.End]
			if !strings.Contains(phrase, w) || w != phrase && !strings.HasPrefix(phrase, w) && !strings.HasSuffix(phrase, w) {
				t.Errorf("line %d: %q is marked", i, w)
			}
		}
	}
	if !strings.Contains(m.Render(), "\x1b[7m"+phrase) {
		t.Errorf("%s is not marked on screen", phrase)
	}
}

// A phrase the page wrapped across two lines is marked on both: the end of one line and the start
// of the next are read as one text where both are Chinese.
func TestLineSpansAcrossWrap(t *testing.T) {
	ds := dataset(t)
	type piece struct {
		line int
		text string
	}
	for _, tc := range []struct {
		query string
		lines []string
		want  []piece
	}{
		{"流量分发", []string{"Service 的流量", "分发，即流量分发"}, []piece{{0, "流量"}, {1, "分发"}, {1, "流量分发"}}},
		{"流量分发", []string{"• Service 的流  ", "  量分发"}, []piece{{0, "流"}, {1, "量分发"}}},  // padding and indent
		{"流量分发", []string{"流量", "", "分发"}, nil},                                       // a blank line between: two paragraphs
		{"kube proxy", []string{"kube", "proxy"}, []piece{{0, "kube"}, {1, "proxy"}}}, // English: each line on its own
		{"cgroup驱动", []string{"用 cgroup", "驱动"}, []piece{{0, "cgroup"}, {1, "驱动"}}},
	} {
		var got []piece
		for i, spans := range lineSpans(ds.ParseQuery(tc.query), tc.lines) {
			for _, sp := range spans {
				got = append(got, piece{i, tc.lines[i][sp.Start:sp.End]})
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q in %q: marked %v, want %v", tc.query, tc.lines, got, tc.want)
		}
	}
}

// markFinds turns byte spans into cells: each CJK character before a mark counts two.
func TestMarkFindsChinese(t *testing.T) {
	mark := lipgloss.NewStyle().Reverse(true)
	ds := dataset(t)
	for _, tc := range []struct{ line, query, want string }{
		{"把 Service 流量分发到就近端点", "流量分发", "流量分发"},
		{"用 cgroup驱动，再看驱动", "cgroup驱动", "cgroup驱动"},
		{"镜像卷：只读卷", "卷", "卷"},
	} {
		plain := ansi.Strip(tc.line)
		got := markFinds(tc.line, plain, ds.ParseQuery(tc.query).Spans(plain), mark)
		if ansi.Strip(got) != plain {
			t.Errorf("%q: text changed to %q", tc.line, ansi.Strip(got))
		}
		first := strings.Index(got, "\x1b[7m")
		if first < 0 {
			t.Errorf("%q: nothing marked in %q", tc.query, got)
			continue
		}
		rest := ansi.Strip(got[first:])
		if !strings.HasPrefix(rest, tc.want) || !utf8.ValidString(got) {
			t.Errorf("%q: the first mark starts at %q, want %q", tc.query, rest, tc.want)
		}
	}
}
