// Command kubectl-elli is elli with the cluster scan: a kubectl plugin (kubectl elli check)
// and what elli check --cluster runs. It is elli's command line with one more thing linked in,
// client-go, which costs start-up time and size that elli's other commands must not pay
// (docs/check.md, "kubectl-elli, a second binary"); check without a path reads the cluster.
package main

import (
	"context"
	"os"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"

	"github.com/elli-k8s/elli/ui/cli"
)

// Set by the release build, as for elli.
var (
	version string
	commit  string
	date    string
)

func main() {
	// client-go logs through klog, to stderr, in its own format ("E1206 10:36:00.123 request.go:
	// Unexpected error when reading response body"): what the scan has to say it says itself,
	// as notes, in the run's language
	// (a logger set takes every line, whatever klog's stderr threshold)
	klog.SetLogger(logr.Discard())
	build := cli.Build{Version: version, Commit: commit, Date: date}
	os.Exit(cli.MainCluster(context.Background(), build, scanner{}, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
