package main

import (
	"os"
	"runtime/debug"
	"time"
)

// Package initialisation (mostly regular expressions that glamour, goldmark and bluemonday
// compile) and the dataset leave about 4 MB on the heap before a command has done anything:
// the size at which Go starts its first collection. That collection then runs beside a command
// that exits a few milliseconds later, which frees the memory anyway, and costs a search about
// 0.4 ms. So the collector waits for a larger heap during the first gcHold of a process, the
// span of a command that prints and exits, and runs as usual after it: in the explorer, or
// elli check reading a large input. A heap that grows past gcHoldPercent's goal (16 MB) in
// that time is collected all the same, and a GOGC the user set is left alone.
const (
	gcHold        = 50 * time.Millisecond
	gcHoldPercent = 400
)

// holdGC raises the collector's target until a timer puts it back after gcHold, or release
// does so earlier. It returns nil, and changes nothing, when GOGC is set.
func holdGC() (release func()) {
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
