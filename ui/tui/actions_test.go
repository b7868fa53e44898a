package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
)

func TestOpenAndCopyLink(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3")
	m = keys(m, "o")
	if !strings.Contains(m.status, "https://github.com/kubernetes/enhancements/issues/1029") || !strings.Contains(m.status, "No browser") {
		t.Fatalf("without an opener the status shows the link: %q", m.status)
	}
	var opened string
	m.openURL = func(u string) error { opened = u; return nil }
	m = keys(m, "o")
	if opened != "https://github.com/kubernetes/enhancements/issues/1029" || !strings.HasPrefix(m.status, "Opened") {
		t.Fatalf("opened %q, status %q", opened, m.status)
	}
	var copied string
	m.copyText = func(u string) error { copied = u; return nil }
	m = keys(m, "y")
	if copied != opened || !strings.HasPrefix(m.status, "Copied") {
		t.Fatalf("copied %q, status %q", copied, m.status)
	}
}

// TestLinkNotCutSilently: at 80 columns a link too long for the status line is cut in its
// middle, so that its end shows, and says that y copies all of it; o without a browser says so
// first, then the link, cut the same way. In both languages.
func TestLinkNotCutSilently(t *testing.T) {
	for lang, want := range map[data.Lang][2]string{
		data.LangEN: {"y copies the whole link: https://", "No browser here; y copies the link: https://"},
		data.LangZH: {"按 y 复制完整链接：https://", "此处没有浏览器；按 y 复制链接：https://"},
	} {
		m := newModel(t, Options{NoColor: true, Lang: lang}, 80, 24)
		// the first row of the list with a link too long for the line
		found := false
		for tab := range m.lists {
			m = keys(m, fmt.Sprint(tab+1))
			for i, r := range m.lists[tab].rows {
				if r.item != nil && len(r.item.URL) > 75 {
					m.lists[tab].cursor = i
					found = true
					break
				}
			}
			if found {
				break
			}
		}
		if !found {
			t.Fatal("no item with a link longer than 75 characters")
		}
		url := m.selectedURL()
		tail := url[len(url)-12:]
		lines := strings.Split(plain(m), "\n")
		status := lines[m.lay.status.y]
		if !strings.Contains(status, want[0]) || !strings.Contains(status, tail) || !strings.Contains(status, "…") {
			t.Errorf("%s: the status line of %s is %q, want %q, the link's end %q and the cut marked", lang, url, status, want[0], tail)
		}
		m = keys(m, "o")
		status = strings.Split(plain(m), "\n")[m.lay.status.y]
		if !strings.HasPrefix(strings.TrimSpace(status), want[1]) || !strings.Contains(status, tail) {
			t.Errorf("%s: o without a browser: %q, want %q and the link's end %q", lang, status, want[1], tail)
		}
	}
}
