package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

func (a *app) newGatesCmd() *cobra.Command {
	var out *jsonOutput
	cmd := &cobra.Command{
		Use:   "gates [NAME]",
		Short: "List feature gates, or look one up",
		Long: "Without NAME, list every feature gate the release's items name. With NAME, show " +
			"that gate (any case); if no gate has that name, list the gates whose names match it " +
			"fuzzily.",
		Example: "elli gates\nelli gates NFTablesProxyMode\nelli gates nftables\nelli gates --json",
		Args:    argCount(0, 1, "", "gates takes at most one gate name"),
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			ds, err := a.dataset()
			if err != nil || len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, g := range ds.Gates() {
				out = append(out, g.Name)
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := a.dataset()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if len(args) == 0 {
				gates := ds.Gates()
				if out.on() {
					return out.write(w, gateEntriesOf(gates))
				}
				return writeGates(w, a.tableWidth(), gates)
			}
			name := strings.TrimSpace(args[0])
			found := ds.FindGates(name)
			var notFound error
			if len(found) == 0 {
				notFound = fmt.Errorf("no feature gate matches %q; list them all with: elli gates", name)
			}
			if out.on() {
				// An array even when nothing matches, as search does, so programs can always parse stdout.
				if err := out.write(w, gateEntriesOf(found)); err != nil {
					return err
				}
				return notFound
			}
			if notFound != nil {
				return notFound
			}
			if strings.EqualFold(found[0].Name, name) {
				return writeGateDetails(w, found)
			}
			_, _ = fmt.Fprintf(a.stderr, "elli: no feature gate is named %q; these come close:\n", sanitizeLine(name))
			return writeGates(w, a.tableWidth(), found)
		},
	}
	out = addJSONFlags(cmd, "print a JSON array (SCHEMA.md, installed with elli, describes it)")
	return cmd
}

// writeGates prints gates as a table: NAME, DEFAULT, STAGE, COMPONENTS, KEP/ID; the components
// are cut to fit width (0: no limit), since the name and the item are what a reader acts on.
func writeGates(w io.Writer, width int, gates []data.GateRef) error {
	t := newTable(w, width, 3, "NAME", "DEFAULT", "STAGE", "COMPONENTS", "KEP/ID")
	for _, g := range gates {
		t.row(g.Name, g.DefaultLabel(), g.Stage, strings.Join(g.Components, ", "), kepOrID(g.Item))
	}
	return t.flush()
}

// writeGateDetails prints each gate found, with the item that describes it.
func writeGateDetails(w io.Writer, gates []data.GateRef) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, g := range gates {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		fmt.Fprintln(tw, sanitizeLine(g.Name))
		rows := [][2]string{
			{"Default", g.DefaultLabel()},
			{"Stage", g.Stage},
			{"Components", strings.Join(g.Components, ", ")},
			{"Described in", kepOrID(g.Item) + ": " + g.Item.Title.Default + " (" + stageOrKind(g.Item) + ")"},
		}
		if g.Note.Default != "" {
			rows = append(rows, [2]string{"Note", g.Note.Default})
		}
		rows = append(rows, [2]string{"More", "elli show " + kepOrID(g.Item)})
		for _, r := range rows {
			v := sanitizeLine(r[1])
			if v == "" {
				v = "-"
			}
			fmt.Fprintf(tw, "  %s:\t%s\n", r[0], v)
		}
	}
	return tw.Flush()
}
