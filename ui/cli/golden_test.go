package cli

import (
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
