package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// elli prints its own version, from both `elli version` and `elli --version`, rather than
// cobra's: the second line describes the data, which may come from --data and may fail to load,
// and cobra's version template cannot report that as an error.

func (a *app) newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of elli and of its data",
		Args:  argCount(0, 0, "", "version takes no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.printVersion(cmd.OutOrStdout())
		},
	}
}

// printVersion prints "elli VERSION (commit C, built D)" and the data line, "Kubernetes v1.31
// Elli data, as of 2024-08-13", in the run's language.
func (a *app) printVersion(w io.Writer) error {
	b := a.build
	o := a.s.Out
	if _, err := fmt.Fprintln(w, fmt.Sprintf(o.Version, b.Version, b.Commit, b.Date)); err != nil {
		return err
	}
	ds, err := a.dataset()
	if err != nil {
		return err
	}
	r := ds.Release
	_, err = fmt.Fprintln(w, sanitizeLine(fmt.Sprintf(o.VersionData, r.Version, r.Codename, r.DataAsOf)))
	return err
}
