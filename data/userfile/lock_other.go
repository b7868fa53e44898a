//go:build !unix && !windows

package userfile

// Lock on systems without file locks (js/wasm, plan9) does nothing: a second process there may
// race, which those builds accept.
func Lock(path string) (func(), error) { return func() {}, nil }

// LockWait is Lock: nothing to wait for.
func LockWait(path string, _ func()) (func(), error) { return Lock(path) }
