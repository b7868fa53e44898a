package kubetest

import "syscall"

// serverAttr makes etcd and kube-apiserver die with the process that started them (a test
// killed at its timeout must not leave a control plane behind).
func serverAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// netnsAttr runs a child in a network namespace of its own, where the stand-in kubelet's
// address can be put on loopback.
func netnsAttr() (*syscall.SysProcAttr, bool) {
	return &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET}, true
}
