// Command checktree writes the trees elli check is measured on: checktree [--dense|--small]
// DIR [N] writes N (default 10000) manifests, each a Deployment and a Service, into DIR. With
// --dense each Deployment is shaped as kubectl get -o yaml prints it and carries the deprecated
// AppArmor annotation, so that every file has a finding; with --small it is short and carries
// the annotation, so that what each file costs weighs most.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/elli-k8s/elli/data/check/checktest"
)

func main() {
	args := os.Args[1:]
	write := checktest.WriteTree
	if len(args) > 0 && args[0] == "--dense" {
		write, args = checktest.WriteDenseTree, args[1:]
	} else if len(args) > 0 && args[0] == "--small" {
		write, args = checktest.WriteSmallTree, args[1:]
	}
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(os.Stderr, "usage: checktree [--dense|--small] DIR [N]")
		os.Exit(2)
	}
	n := 10000
	if len(args) == 2 {
		var err error
		if n, err = strconv.Atoi(args[1]); err != nil || n < 1 {
			fmt.Fprintln(os.Stderr, "checktree: N must be a positive number")
			os.Exit(2)
		}
	}
	total, err := write(args[0], n)
	if err != nil {
		fmt.Fprintln(os.Stderr, "checktree:", err)
		os.Exit(1)
	}
	fmt.Printf("%d files, %d bytes\n", n, total)
}
