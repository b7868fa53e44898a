package cli

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

func (a *app) newListCmd() *cobra.Command {
	var (
		stage   = newEnum("stage", "", stageNames())
		sig     = newEnum("sig", "", data.SIGs)
		kind    = newEnum("kind", "", kindNames())
		out     *jsonOutput
		starred bool
	)
	sig.normalize = func(s string) string { return strings.TrimPrefix(s, "sig-") }
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the release's items",
		Long: "List the enhancements (GA, Beta, Alpha), removals, deprecations and upgrade guide " +
			"pages of the release, in that order. Changes show their kind in the STAGE column.",
		Example: "elli list\nelli list --stage beta\nelli list --sig network --json\nelli list --kind removal\nelli list --starred",
		Args:    argCount(0, 0, "", "list takes no arguments (filter with --stage, --sig or --kind)"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if stage.value != "" && kind.value != "" && kind.value != string(data.KindEnhancement) {
				return usagef("--stage applies only to enhancements, not to --kind %s", kind.value)
			}
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			items := ds.Select(data.Filter{Stage: data.Stage(stage.value), SIG: sig.value, Kind: data.Kind(kind.value)})
			if starred {
				s := a.readState(ds)
				items = slices.DeleteFunc(items, func(it *data.Item) bool { return !s.IsStarred(it.ID) })
			}
			if out.on() {
				return out.write(cmd.OutOrStdout(), itemsOf(items, a.lang))
			}
			return a.writeItems(cmd.OutOrStdout(), items)
		},
	}
	f := cmd.Flags()
	f.Var(stage, "stage", "only enhancements at `STAGE`: "+orList(stage.valid))
	f.Var(sig, "sig", "only items of special interest group `NAME`, like network")
	f.Var(kind, "kind", "only items of `KIND`: "+orList(kind.valid))
	f.BoolVar(&starred, "starred", false, "only the items you starred (elli star, or s in the explorer)")
	out = addJSONFlags(cmd, "print a JSON array (SCHEMA.md, installed with elli, describes it)")
	_ = cmd.RegisterFlagCompletionFunc("stage", stage.complete)
	_ = cmd.RegisterFlagCompletionFunc("sig", sig.complete)
	_ = cmd.RegisterFlagCompletionFunc("kind", kind.complete)
	return cmd
}

func stageNames() []string {
	out := make([]string, len(data.Stages))
	for i, s := range data.Stages {
		out[i] = string(s)
	}
	return out
}

func kindNames() []string {
	out := make([]string, len(data.Kinds))
	for i, k := range data.Kinds {
		out[i] = string(k)
	}
	return out
}
