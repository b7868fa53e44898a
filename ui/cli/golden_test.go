package cli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// Golden files hold the exact output; update them with: go test ./ui/cli -update

// TestShowGolden renders three kinds of page, piped: the plain theme at 80 columns.
func TestShowGolden(t *testing.T) {
	t.Parallel()
	for _, ref := range []string{"3866", "2644", "removal-cephfs-volume-plugin"} {
		t.Run(ref, func(t *testing.T) {
			t.Parallel()
			out := runOK(t, "show", ref, "--width", "80")
			if strings.Contains(out, "\x1b") {
				t.Error("plain output holds escape sequences")
			}
			golden.RequireEqual(t, out)
		})
	}
}

func TestListGolden(t *testing.T) {
	t.Parallel()
	golden.RequireEqual(t, runOK(t, "list"))
}

// A URL that fits the page's width is printed whole on one line, so a terminal can open it
// and a copy of it works. glamour also breaks lines at dots and dashes, which used to cut a
// URL that followed its link title even when it would have fit a line of its own.
func TestShowKeepsURLsWhole(t *testing.T) {
	t.Parallel()
	const width = 80
	refs := []string{"release"}
	for _, e := range decode[[]Item](t, runOK(t, "list", "--json")) {
		refs = append(refs, e.ID)
	}
	checked := 0
	for _, ref := range refs {
		page := runOK(t, "show", ref, "--width", strconv.Itoa(width))
		item := decode[struct{ Links []struct{ URL string } }](t, runOK(t, "show", ref, "--json"))
		for _, l := range item.Links {
			if len(l.URL) > width {
				continue
			}
			checked++
			if !strings.Contains(page, l.URL) {
				t.Errorf("show %s --width %d cuts %s", ref, width, l.URL)
			}
		}
	}
	if checked < 150 {
		t.Errorf("checked %d URLs; the release has more than 150 that fit", checked)
	}
}
