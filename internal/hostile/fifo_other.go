//go:build !unix

package hostile

import "errors"

// Mkfifo and MknodNull: FIFOs and devices are a unix thing.
func Mkfifo(string) error    { return errors.New("FIFOs are a unix thing") }
func MknodNull(string) error { return errors.New("devices are a unix thing") }
