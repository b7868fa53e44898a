//go:build !windows

package cli

import "io"

// enableVirtualTerminal is a no-op: terminals outside Windows read escape sequences as they are.
func enableVirtualTerminal(io.Writer) {}
