package tui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// TestSmokeFindNftables runs the real program loop: switch to Beta, search nft, open the
// detail, see the rendered page, quit.
func TestSmokeFindNftables(t *testing.T) {
	m := New(dataset(t), Options{Theme: "dark"})
	m.openURL = func(string) error { return errNoOpener }
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.TrueColor)))
	tm.Type("3/nft")
	tm.Send(keyMsg("enter"))
	tm.Send(keyMsg("enter"))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		// glamour pads inline code with no-break spaces; the placeholder shows the backticks.
		// (The search's highlight splits code at "nft", so look at what comes before it.)
		return bytes.Contains(b, []byte("\u00a0mode: "))
	}, teatest.WithDuration(10*time.Second))
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	final := tm.FinalModel(t).(Model)
	if selectedID(final) != "3866-nftables-kube-proxy" || final.focus != focusDetail || !final.shownReal {
		t.Fatalf("ended on %s, focus %d, rendered %v", selectedID(final), final.focus, final.shownReal)
	}
}
