package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

// elli road: the way off the release, one minor release at a time, to a supported one; each
// hop with its dates, where its line stands today and the changes that break something or need
// an action on the way.

func (a *app) newRoadCmd() *cobra.Command {
	var (
		out *jsonOutput
		to  string
	)
	cmd := &cobra.Command{
		Use:   "road [VERSION]",
		Short: "The road off the release: every hop to a supported release and what it breaks",
		Long: "List the minor releases after this one, each a hop a cluster must take in turn, up to " +
			"--to (default: the oldest release whose support has not ended): the hop's dates, its " +
			"support today, its newest patch release and the changes that break something, need an " +
			"action or are deprecated on the way, most urgent first. With VERSION (v1.33 or 1.33), " +
			"list that hop alone. elli show ID reads a change.",
		Example: "elli road\nelli road --to latest\nelli road 1.34\nelli road --json --jq '.hops[].road_items[].id'",
		Args:    argCount(0, 1, "", "road takes at most one release"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return a.completeRoad(cmd, args, prefix)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			if len(ds.Road()) == 0 {
				return failf("elli knows no release after %s", ds.Release.Version)
			}
			hops, target, err := a.roadHops(ds, to, args)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if out.on() {
				return out.write(w, a.roadOf(ds, hops, target))
			}
			if len(args) == 1 { // one hop: its page, then its changes
				if err := a.writePage(w, hops[0].Markdown(a.lang, a.now())); err != nil {
					return err
				}
			}
			return a.writeRoad(w, ds, hops, target, len(args) == 0)
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "climb up to `RELEASE` (v1.35, 1.35 or latest)")
	_ = cmd.RegisterFlagCompletionFunc("to", a.completeRoad)
	out = addJSONFlags(cmd, "print JSON (SCHEMA.md, installed with elli, describes it)")
	return cmd
}

// RoadTarget reads --to: a release on the road (v1.35, 1.35, v1.35.2), latest, or "" for the
// oldest one whose support has not ended today. A release that is not on the road is a usage
// error naming the ones that are.
func (a *app) roadTarget(ds *data.Dataset, to string) (string, error) {
	switch t := strings.ToLower(strings.TrimSpace(to)); t {
	case "":
		return ds.DefaultTarget(a.now()), nil
	case "latest":
		return ds.Latest(), nil
	}
	if rr := ds.RoadRelease(to); rr != nil {
		return rr.Version, nil
	}
	var names []string
	for _, rr := range ds.Road() {
		names = append(names, rr.Version)
	}
	return "", usagef("%s is not on the road: give one of %s, or latest", strings.TrimSpace(to), listArg(names))
}

// roadHops is the hops to print: every one up to the target, or the one release named.
func (a *app) roadHops(ds *data.Dataset, to string, args []string) ([]data.RoadRelease, string, error) {
	if len(args) == 1 {
		if to != "" {
			return nil, "", usagef("give a release or --to, not both")
		}
		target, err := a.roadTarget(ds, args[0])
		if err != nil {
			return nil, "", err
		}
		return []data.RoadRelease{*ds.RoadRelease(target)}, target, nil
	}
	target, err := a.roadTarget(ds, to)
	if err != nil {
		return nil, "", err
	}
	return ds.RoadTo(target), target, nil
}

// statusPhrase says where a line stands today, with the date that matters next.
func (a *app) statusPhrase(rr data.RoadRelease) string {
	o := a.s.Out
	switch rr.Support.StatusOn(a.now()) {
	case data.StatusEnded:
		return fmt.Sprintf(o.HopEnded, rr.Support.EndOfLife)
	case data.StatusMaintenance:
		return fmt.Sprintf(o.HopMaintenance, rr.Support.EndOfLife)
	}
	return fmt.Sprintf(o.HopSupported, rr.Support.EndOfLife)
}

// writeRoad prints where the release stands and the way to the target (whole is false when one
// hop was asked for), then each hop: its head line and its changes as a table.
func (a *app) writeRoad(w io.Writer, ds *data.Dataset, hops []data.RoadRelease, target string, whole bool) error {
	o := a.s.Out
	var lines []string
	if whole {
		breaks, actions := 0, 0
		for _, rr := range hops {
			for _, it := range ds.RoadItems(rr.Version) {
				switch it.Road.Impact {
				case data.ImpactBreaks:
					breaks++
				case data.ImpactAction:
					actions++
				}
			}
		}
		rel := ds.Release
		lines = append(lines, fmt.Sprintf(o.RoadFrom, rel.Version, rel.Support.EndOfLife))
		status := ds.RoadRelease(target).Support.StatusOn(a.now()).LabelIn(a.lang)
		lines = append(lines, fmt.Sprintf(o.RoadTo, target, status, len(hops), breaks, actions))
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, sanitizeLine(l)); err != nil {
			return err
		}
	}
	for _, rr := range hops {
		head := fmt.Sprintf(o.RoadHop, rr.Version, rr.Codename, rr.Released, a.statusPhrase(rr), rr.Latest.Version, rr.Latest.Released)
		if _, err := fmt.Fprintf(w, "\n%s\n", sanitizeLine(head)); err != nil {
			return err
		}
		t := newTable(w, a.tableWidth(), 2, o.ColImpact, o.ColID, o.ColTitle)
		for _, it := range ds.RoadItems(rr.Version) {
			t.row(it.Road.Impact.LabelIn(a.lang), it.ID, it.Title.In(a.lang))
		}
		if err := t.flush(); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "\n%s\n%s\n", sanitizeLine(fmt.Sprintf(o.RoadAsOf, ds.Release.DataAsOf)),
		sanitizeLine(fmt.Sprintf(o.RoadNext, strings.TrimPrefix(target, "v"))))
	return err
}

// completeRoad offers the releases on the road, and latest.
func (a *app) completeRoad(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ds, err := a.dataset()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, rr := range ds.Road() {
		out = append(out, cobra.CompletionWithDesc(rr.Version, rr.Codename))
	}
	return append(out, "latest"), cobra.ShellCompDirectiveNoFileComp
}
