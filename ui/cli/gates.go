package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

func (a *app) newGatesCmd() *cobra.Command {
	var out *jsonOutput
	cmd := &cobra.Command{
		Use:   "gates [NAME]",
		Short: "List feature gates, or look one up",
		Long: "Without NAME, list every feature gate the release's items name. With NAME, show " +
			"that gate (any case, or the first letters of exactly one gate's name); if no gate has " +
			"that name, list the gates whose names match it fuzzily.",
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
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if len(args) == 0 {
				gates := ds.Gates()
				if out.on() {
					return out.write(w, gateEntriesOf(gates, a.lang))
				}
				return a.writeGates(w, gates)
			}
			name := strings.TrimSpace(args[0])
			found := ds.FindGates(name)
			var notFound error
			if len(found) == 0 {
				notFound = failf("no feature gate matches %q; list them all with: elli gates", name)
			}
			if out.on() {
				// An array even when nothing matches, as search does, so programs can always parse stdout.
				if err := out.write(w, gateEntriesOf(found, a.lang)); err != nil {
					return err
				}
				return notFound
			}
			if notFound != nil {
				return notFound
			}
			if _, named := ds.GateNamed(name); named {
				return a.writeGateDetails(w, found)
			}
			a.printNote(fmt.Sprintf(a.s.Out.GateClose, sanitizeLine(name)))
			return a.writeGates(w, found)
		},
	}
	out = addJSONFlags(cmd, "print a JSON array (SCHEMA.md, installed with elli, describes it)")
	return cmd
}

// writeGates prints gates as a table: NAME, DEFAULT, STAGE, COMPONENTS, KEP/ID; the components
// are cut to fit the width, since the name and the item are what a reader acts on. Gate names
// are the same in every language; the stage is written as the run's language writes it on a
// page (已弃用, 已移除).
func (a *app) writeGates(w io.Writer, gates []data.GateRef) error {
	o := a.s.Out
	t := newTable(w, a.tableWidth(), 3, o.ColName, o.ColDefault, o.ColStage, o.ColComponents, o.ColID)
	for _, g := range gates {
		t.row(g.Name, g.DefaultLabelIn(a.lang), g.StageIn(a.lang), strings.Join(g.Components, a.s.Sep), kepOrID(g.Item))
	}
	return t.flush()
}

// writeGateDetails prints each gate found, with the item that describes it. The labels are
// padded by cells, so Chinese ones line up too.
func (a *app) writeGateDetails(w io.Writer, gates []data.GateRef) error {
	o := a.s.Out
	var b strings.Builder
	for i, g := range gates {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(sanitizeLine(g.Name) + "\n")
		it := g.Item
		rows := [][2]string{
			{o.GateDefault, g.DefaultLabelIn(a.lang)},
			{o.GateStage, g.StageIn(a.lang)},
			{o.GateComponents, strings.Join(g.Components, a.s.Sep)},
			{o.GateDescribedIn, fmt.Sprintf(o.GateItem, kepOrID(it), it.Title.In(a.lang), stageOrKind(it, a.lang))},
		}
		if g.Note.Default != "" {
			rows = append(rows, [2]string{o.GateNote, g.Note.In(a.lang)})
		}
		rows = append(rows, [2]string{o.GateMore, "elli show " + kepOrID(it)})
		labelW := 0
		for i := range rows {
			rows[i][0] = fmt.Sprintf(o.Label, rows[i][0])
			labelW = max(labelW, ansi.StringWidth(rows[i][0]))
		}
		for _, r := range rows {
			v := sanitizeLine(r[1])
			if v == "" {
				v = "-"
			}
			fmt.Fprintf(&b, "  %s%s%s\n", r[0], strings.Repeat(" ", labelW-ansi.StringWidth(r[0])+2), v)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
