// Command hostile-fixtures writes the hostile release folders of internal/hostile into DIR, one
// sub-folder per case, built from the embedded release or from the release folder BASE, and prints one line per case for scripts/e2e-tmux.sh:
// name, issue point, non-root (0 or 1), the text the error must hold ("-" for safe output), and
// the elli arguments, separated by tabs.
package main

import (
	"fmt"
	"os"
	"strings"

	content "github.com/elli-k8s/elli/embed"
	"github.com/elli-k8s/elli/internal/hostile"
)

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: hostile-fixtures DIR [BASE]")
		os.Exit(2)
	}
	base, err := content.Release(content.DefaultRelease)
	if len(os.Args) == 3 {
		base = os.DirFS(os.Args[2])
	}
	if err == nil {
		err = hostile.Write(os.Args[1], base)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile-fixtures:", err)
		os.Exit(1)
	}
	for _, c := range hostile.Cases() {
		want, nonRoot := c.Want, 0
		if want == "" {
			want = "-"
		}
		if c.NonRoot {
			nonRoot = 1
		}
		fmt.Printf("%s\t%d\t%d\t%s\t%s\n", c.Name, c.Point, nonRoot, want, strings.Join(c.Args, " "))
	}
}
