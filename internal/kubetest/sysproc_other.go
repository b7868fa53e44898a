//go:build !linux

package kubetest

import "syscall"

// serverAttr: elsewhere no parent-death signal exists; the servers are stopped by the test's
// cleanup alone. The real-server tests run on Linux (CI); this keeps the packages that import
// kubetest compiling, and their other tests running, on a developer's macOS or Windows.
func serverAttr() *syscall.SysProcAttr { return nil }

// netnsAttr: no network namespaces outside Linux, so the node proxy tests skip there.
func netnsAttr() (*syscall.SysProcAttr, bool) { return nil, false }
