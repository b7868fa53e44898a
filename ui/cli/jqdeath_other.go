//go:build unix && !linux

package cli

import "syscall"

// jqChildAttr: there is no parent-death signal here; the child's own time limit ends it.
func jqChildAttr() *syscall.SysProcAttr { return nil }
