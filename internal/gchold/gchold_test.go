package gchold

import (
	"os"
	"runtime/debug"
	"testing"
)

// Hold raises the collector's target for the start of a process and its release puts back
// what was there; with GOGC set, it changes nothing. Not parallel: the GC target is the
// process's.
func TestHold(t *testing.T) {
	t.Setenv("GOGC", "") // restored after the test; unset for the first part
	if err := os.Unsetenv("GOGC"); err != nil {
		t.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(70))
	release := Hold()
	if release == nil {
		t.Fatal("Hold did nothing with GOGC unset")
	}
	if got := debug.SetGCPercent(gcHoldPercent); got != gcHoldPercent {
		t.Errorf("GC percent while held: %d, want %d", got, gcHoldPercent)
	}
	release()
	if got := debug.SetGCPercent(70); got != 70 {
		t.Errorf("GC percent after the release: %d, want the 70 it was", got)
	}

	t.Setenv("GOGC", "70")
	if Hold() != nil {
		t.Error("Hold changed the target although GOGC is set")
	}
	if got := debug.SetGCPercent(70); got != 70 {
		t.Errorf("GC percent with GOGC set: %d, want 70 untouched", got)
	}
}
