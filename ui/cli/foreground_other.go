//go:build !unix

package cli

import "os"

// inForeground: job control is a Unix matter; elsewhere elli is always in the foreground.
func inForeground(*os.File) bool { return true }
