//go:build !unix

package check

import "errors"

// mkfifo: there are no FIFOs in the file system here.
func mkfifo(string) error { return errors.ErrUnsupported }
