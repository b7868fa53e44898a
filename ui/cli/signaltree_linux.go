package cli

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// signalPager sends sig to the pager. A pager run directly gets it; one run through sh -c (a
// pipe, a variable) is a shell whose children are the programs of the command, and dash passes
// no signal on: those children get it, from /proc/PID/task/*/children, and the shell is left to
// end when they have, so that waiting for it waits for the pager.
func signalPager(pid int, viaShell bool, sig os.Signal) {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return
	}
	var children []int
	if viaShell {
		children = childrenOf(pid)
	}
	for _, child := range children {
		_ = syscall.Kill(child, s)
	}
	if len(children) == 0 {
		_ = syscall.Kill(pid, s)
	}
}

// childrenOf lists the processes whose parent is pid.
func childrenOf(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task/"
	tasks, _ := os.ReadDir(dir)
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(dir + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}
