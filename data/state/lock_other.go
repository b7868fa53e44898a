//go:build !unix && !windows

package state

import "os"

// lock on systems without file locks (js/wasm, plan9) only makes sure the file can be opened:
// a second process there may race, which those builds accept.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}
