// Command elli is an offline terminal explorer of the Kubernetes v1.31 release.
package main

import (
	"context"
	"os"

	"github.com/elli-k8s/elli/internal/gchold"
	"github.com/elli-k8s/elli/ui/cli"
)

// Set by the release build: -ldflags "-X main.version=... -X main.commit=... -X main.date=...".
// When empty, elli reports what the Go toolchain recorded, else "devel".
var (
	version string
	commit  string
	date    string
)

func main() {
	gchold.Hold() // the first collection waits: see internal/gchold
	build := cli.Build{Version: version, Commit: commit, Date: date}
	os.Exit(cli.Main(context.Background(), build, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
