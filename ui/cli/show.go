package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

func (a *app) newShowCmd() *cobra.Command {
	var (
		raw, asJSON bool
		width       int
	)
	cmd := &cobra.Command{
		Use:   "show KEP|ID",
		Short: "Show one item, or the release overview",
		Long: "Show an item of the release by KEP number (3866, KEP-3866) or id, rendered for the " +
			"terminal. \"elli show release\" (or overview) shows the release overview. Piped or " +
			"with NO_COLOR set, the page is plain text.",
		Example:           "elli show 3866\nelli show removal-cephfs-volume-plugin\nelli show 3866 --raw\nelli show 3866 --json\nelli show release",
		Args:              argCount(1, 1, "show needs a KEP number or item id, like: elli show 3866", "show takes one KEP number or item id"),
		ValidArgsFunction: a.completeItems,
		RunE: func(cmd *cobra.Command, args []string) error {
			if raw && asJSON {
				return usagef("--raw and --json cannot be used together")
			}
			ds, err := a.dataset()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			var md string
			var v any
			if isOverview(args[0]) {
				md, v = ds.Release.Markdown(data.LangEN), releasePageOf(ds)
			} else {
				it, err := a.lookup(ds, args[0])
				if err != nil {
					return err
				}
				md, v = it.Markdown(data.LangEN), pageOf(it)
			}
			switch {
			case asJSON:
				return writeJSON(w, v)
			case raw:
				_, err := io.WriteString(w, sanitize(md))
				return err
			}
			return writeMarkdown(w, md, a.pageStyle(width))
		},
	}
	f := cmd.Flags()
	f.BoolVar(&raw, "raw", false, "print the Markdown source instead of rendering it")
	f.BoolVar(&asJSON, "json", false, "print the whole item as JSON (see SCHEMA.md)")
	f.Var(&intValue{name: "width", p: &width, min: 10, max: 1000, hint: "use a number of columns from 10 to 1000"},
		"width", "wrap at N columns (default: the terminal's width up to 120, else 80)")
	_ = cmd.RegisterFlagCompletionFunc("width", noFiles)
	return cmd
}
