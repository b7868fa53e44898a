// Package gchold holds Go's first garbage collection back for the first moments of a process,
// which a command that prints and exits spends entirely. main calls Hold first.
package gchold

import (
	"os"
	"runtime/debug"
	"time"
)

// Package initialisation and the dataset leave about 3 MB on the heap before a command has done
// anything, close to the 4 MB at which Go starts its first collection. A command that renders a
// page with glamour (elli show, the item or overview piped) passes it and collected twice in its
// last milliseconds, memory the process's exit frees anyway. So the collector waits for a larger
// heap during the first gcHold of a process, the span of a command that prints and exits, and
// runs as usual after it: in the explorer, or elli check reading a large input. A heap that
// grows past gcHoldPercent's goal (16 MB) in that time is collected all the same, and a GOGC the
// user set is left alone.
//
// Measured on the release build (hyperfine, 300 runs each, side by side, on a loaded 2-core
// machine; GOGC=100 turns the hold off): elli show 3866 piped, 22 ms median with the hold
// against 45 ms without (an alternating loop of 400 pairs: 32 against 41 ms, CPU time 20 against
// 26 ms); elli search, list, gates and --json run no collection either way, so it changes
// nothing there (search nft: 11.6 against 10.5 ms, within the noise). It stays for what it buys
// the rendering commands.
const (
	gcHold        = 50 * time.Millisecond
	gcHoldPercent = 400
)

// Hold raises the collector's target until a timer puts it back after gcHold, or release
// does so earlier. It returns nil, and changes nothing, when GOGC is set.
func Hold() (release func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return nil
	}
	prev := debug.SetGCPercent(gcHoldPercent)
	timer := time.AfterFunc(gcHold, func() { debug.SetGCPercent(prev) })
	return func() {
		if timer.Stop() { // else the timer has put it back
			debug.SetGCPercent(prev)
		}
	}
}
