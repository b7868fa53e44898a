package cli

import "syscall"

// jqChildAttr makes the --jq child die with elli: a parent-death signal, so that an elli killed
// (SIGKILL, the OOM killer) leaves no child running its expression until its own time is up.
func jqChildAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
