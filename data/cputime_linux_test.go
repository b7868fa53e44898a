//go:build linux

package data

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling thread has used. The benchmarks report it beside wall
// time: on a shared machine the wall time of an op swings with other load, its CPU time much less.
func threadCPU() (time.Duration, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
