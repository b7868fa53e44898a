// Command kubectl-elli is elli with the cluster scan: a kubectl plugin (kubectl elli check)
// and what elli check --cluster runs. It is elli's command line with one more thing linked in,
// client-go, which costs start-up time and size that elli's other commands must not pay
// (README, "The cluster scan"); check without a path reads the cluster.
package main

import (
	"context"
	"os"

	"github.com/elli-k8s/elli/ui/cli"
)

// Set by the release build, as for elli.
var (
	version string
	commit  string
	date    string
)

func main() {
	build := cli.Build{Version: version, Commit: commit, Date: date}
	os.Exit(cli.MainCluster(context.Background(), build, scanner{}, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
