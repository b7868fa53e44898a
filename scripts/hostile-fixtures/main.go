// Command hostile-fixtures writes the hostile release folders of internal/hostile into DIR, one
// sub-folder per case, built from the embedded release or from the release folder BASE, and
// prints one line per case for scripts/e2e-hostile.sh: name, issue point, non-root (0 or 1), the
// file the error names as elli prints it, the line it names (0 for none), the text the error
// must hold ("-" for file or text when there is none), and the elli arguments, separated by
// tabs.
package main

import (
	"fmt"
	"os"
	"strings"

	content "github.com/elli-k8s/elli/embed"
	"github.com/elli-k8s/elli/internal/hostile"
	"github.com/elli-k8s/elli/ui/render"
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
		file, want, nonRoot := render.SanitizeLine(c.File), c.Want, 0
		if file == "" {
			file = "-"
		}
		if want == "" {
			want = "-"
		}
		if c.NonRoot {
			nonRoot = 1
		}
		line, err := c.Line(os.Args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, "hostile-fixtures:", err)
			os.Exit(1)
		}
		fmt.Printf("%s\t%d\t%d\t%s\t%d\t%s\t%s\n", c.Name, c.Point, nonRoot, file, line, want, strings.Join(c.Args, " "))
	}
}
