package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data/userfile"
)

func (a *app) newShowCmd() *cobra.Command {
	var (
		raw   bool
		out   *jsonOutput
		width int
		style = a.newPrefFlag("style", "style")
	)
	cmd := &cobra.Command{
		Use:   "show KEP|ID",
		Short: "Show one item, or the release overview",
		Long: "Show an item of the release by KEP number (3866, KEP-3866) or id, rendered for the " +
			"terminal. \"elli show release\" (or overview) shows the release overview. On a terminal, " +
			"a page taller than the window goes through the pager (elli help environment). Piped, or " +
			"with colour off (--color never, NO_COLOR), the page is plain text.",
		Example:           "elli show 3866\nelli show removal-cephfs-volume-plugin\nelli show 3866 --raw\nelli show 3866 --json\nelli show release",
		Args:              argCount(1, 1, "show needs a KEP number or item id, like: elli show 3866", "show takes one KEP number or item id"),
		ValidArgsFunction: a.completeItems,
		RunE: func(cmd *cobra.Command, args []string) error {
			if raw && out.on() {
				return usagef("--raw and --json cannot be used together")
			}
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			var md string
			var v any
			if isOverview(args[0]) {
				md, v = ds.Release.Markdown(a.lang), releasePageOf(ds, a.lang)
			} else {
				it, err := a.lookup(ds, args[0])
				if err != nil {
					return err
				}
				md, v = ds.Page(it, a.lang), pageOf(it, a.lang)
				if it.Road != nil {
					v = RoadPage{Page: pageOf(it, a.lang), RoadFacts: roadFactsOf(it)}
				}
			}
			switch {
			case out.on():
				return out.write(w, v)
			case raw:
				_, err := io.WriteString(w, sanitize(md))
				return err
			}
			st, err := a.pageStyle(width)
			if err != nil {
				return err
			}
			return writeMarkdown(w, md, st)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&raw, "raw", false, "print the Markdown source instead of rendering it")
	out = addJSONFlags(cmd, "print the whole item as JSON (SCHEMA.md, installed with elli, describes it)")
	// one range for --width, ELLI_WIDTH and the width setting: userfile's; -w as in glow
	f.VarP(&intValue{name: "width", p: &width, min: userfile.MinWidth, max: userfile.MaxWidth,
		hint: msg{"use a number of columns from %d to %d", []any{userfile.MinWidth, userfile.MaxWidth}}},
		"width", "w", "wrap at `N` columns (default: the terminal's width up to the width setting, 100; else 80)")
	f.VarP(style, "style", "s", styleUsage())
	_ = cmd.RegisterFlagCompletionFunc("width", noFiles)
	_ = cmd.RegisterFlagCompletionFunc("style", style.complete)
	return cmd
}
