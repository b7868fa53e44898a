package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// A cut right-hand column ends in a space, not against the page's border ("api-mach…│").
func TestTagKeepsOffTheBorder(t *testing.T) {
	for _, lang := range data.Langs {
		for _, w := range []int{120, 160, 200} {
			for tab := range data.Sections {
				m := keys(newModel(t, Options{Lang: lang, NoColor: true}, w, 40), fmt.Sprint(tab+1))
				lines := strings.Split(plain(m), "\n")
				for y := m.lay.list.y; y < m.lay.list.y+m.lay.list.h; y++ {
					row := ansi.Truncate(lines[y], m.lay.list.w, "")
					if strings.TrimSpace(row) != "" && !strings.HasSuffix(row, " ") {
						t.Errorf("%s %d cols, tab %d: the row touches the border: %q", lang, w, tab+1, lines[y])
					}
				}
			}
		}
	}
}

// Beside a translated title, the official English one shows whole or not at all: never a scrap
// such as "· Add AppA…".
func TestOfficialTitleWholeOrNone(t *testing.T) {
	ds := dataset(t)
	s := NewStyles(true, true, false)
	tr := i18n.For(data.LangZH)
	for _, it := range ds.Items {
		if !showsOfficialTitle(it, data.LangZH) {
			continue
		}
		shown := false
		for w := 30; w <= 220; w += 2 {
			line := ansi.Strip(renderRow(s, tr, data.LangZH, &ds.Release, row{item: it}, false, true, w, 8))
			if strings.Contains(line, officialSep+it.Title.Default) {
				shown = true
			} else if strings.Contains(line, officialSep) && !strings.Contains(it.Title.In(data.LangZH), strings.TrimSpace(officialSep)) {
				t.Errorf("%s at %d: a part of the English title shows: %q", it.ID, w, line)
			}
		}
		if !shown {
			t.Errorf("%s: the English title never shows whole, even at 220 columns", it.ID)
		}
	}
}

// In a 16-colour terminal the selected row is reverse video; ★, ✎ and the off sign on it must
// not carry a colour of their own, which reversed draws a solid block.
func TestFewColoursSignsOnTheSelectedRow(t *testing.T) {
	ds := dataset(t)
	var off *data.Item
	for _, it := range ds.Items {
		if it.OffByDefault() {
			off = it
			break
		}
	}
	tr := i18n.For(data.LangEN)
	r := row{item: off, starred: true, noted: true}
	for _, few := range []bool{true, false} {
		line := renderRow(NewStyles(true, false, few), tr, data.LangEN, &ds.Release, r, true, true, 80, 8)
		for _, sign := range []string{markStar, markNote, tr.TUI.Off} {
			at := strings.Index(line, sign)
			if at < 0 {
				t.Fatalf("the row lacks %q: %q", sign, ansi.Strip(line))
			}
			before := line[:at]
			sgr := before[strings.LastIndex(before, "\x1b["):]
			if coloured := strings.Contains(sgr, "38;"); coloured == few {
				t.Errorf("few colours %v: %q is drawn with %q", few, sign, sgr)
			}
		}
	}
}

// The header's short form at 80 columns says its facts in words: "45: 11 GA 22 β 12 α" was a
// puzzle.
func TestHeaderInWords(t *testing.T) {
	for _, lang := range data.Langs {
		for w := 60; w <= 200; w += 10 {
			m := newModel(t, Options{Lang: lang, NoColor: true}, w, 24)
			head := strings.Split(plain(m), "\n")[0]
			if strings.ContainsAny(head, "βα") {
				t.Errorf("%s at %d: %q", lang, w, head)
			}
			if w >= 80 && !strings.Contains(head, "12 Alpha") && !strings.Contains(head, "Alpha 12") {
				t.Errorf("%s at %d: the header lacks the counts: %q", lang, w, head)
			}
		}
	}
}
