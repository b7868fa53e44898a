// Command checktree writes the tree elli check is measured on: checktree DIR [N] writes N
// (default 10000) manifests, each a Deployment and a Service, into DIR.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/elli-k8s/elli/data/check/checktest"
)

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: checktree DIR [N]")
		os.Exit(2)
	}
	n := 10000
	if len(os.Args) == 3 {
		var err error
		if n, err = strconv.Atoi(os.Args[2]); err != nil || n < 1 {
			fmt.Fprintln(os.Stderr, "checktree: N must be a positive number")
			os.Exit(2)
		}
	}
	total, err := checktest.WriteTree(os.Args[1], n)
	if err != nil {
		fmt.Fprintln(os.Stderr, "checktree:", err)
		os.Exit(1)
	}
	fmt.Printf("%d files, %d bytes\n", n, total)
}
