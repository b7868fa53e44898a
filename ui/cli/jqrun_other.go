//go:build !unix

package cli

import (
	"fmt"
	"io"
	"time"
)

// runJQ on systems without setrlimit runs the expression in this process, bounded in time,
// depth and output; memory is not bounded there.
func runJQ(q *jqValue, input []byte, w io.Writer, timeout time.Duration) error {
	return runJQHere(q, input, w, timeout)
}

func runJQChild(_ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "no jq child on this system")
	return 2
}
