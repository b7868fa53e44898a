package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

// elli patches and elli cve: the line after release day, its patch releases and its CVEs.

func (a *app) newPatchesCmd() *cobra.Command {
	var out *jsonOutput
	cmd := &cobra.Command{
		Use:   "patches [VERSION]",
		Short: "List the line's patch releases, or show one",
		Long: "Without VERSION, list the patch releases of the line, newest first, with their date, " +
			"the Go version they were built with and the CVEs they fixed, then how the line's CVEs " +
			"stand and the line's end of support. With VERSION (v1.31.4 or 1.31.4), show that " +
			"release's page.",
		Example: "elli patches\nelli patches v1.31.1\nelli patches --json",
		Args:    argCount(0, 1, "", "patches takes at most one version"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return a.completePatchVersions(cmd, args, prefix)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if len(args) == 0 {
				if out.on() {
					return out.write(w, patchesOf(ds.Patches(), a.lang))
				}
				return a.writePatches(w, ds, ds.Patches())
			}
			v, err := a.lineVersion(ds, args[0])
			if err != nil {
				return err
			}
			it := ds.PatchByVersion(v)
			if it == nil { // a known version that is no patch release: the release itself
				return usagef("%s is the release itself, not a patch release: elli show release shows it", v)
			}
			if out.on() {
				return out.write(w, PatchPage{Page: pageOf(it, a.lang), PatchFacts: patchFactsOf(it.Patch)})
			}
			return a.writePage(w, ds.Page(it, a.lang))
		},
	}
	out = addJSONFlags(cmd, "print JSON (SCHEMA.md, installed with elli, describes it)")
	return cmd
}

// lineVersion reads a version given on the command line: exit 2 for one that is not a version,
// or not of the release's line.
func (a *app) lineVersion(ds *data.Dataset, s string) (string, error) {
	v, err := data.ParseVersion(s)
	if err != nil {
		return "", usagef("invalid version %q: give one such as %s.4", strings.TrimSpace(s), ds.Release.Version)
	}
	if !ds.InLine(v) {
		return "", usagef("%s is not a %s release: elli knows the %s line", v, ds.Release.Version, ds.Release.Version)
	}
	if !ds.KnownVersion(v) {
		return "", usagef("%s is not a release elli knows: the newest is %s (elli patches lists them)", v, ds.NewestVersion())
	}
	return v, nil
}

// writePage prints a composed page for the terminal, as show does without flags.
func (a *app) writePage(w io.Writer, md string) error {
	st, err := a.pageStyle(0)
	if err != nil {
		return err
	}
	return writeMarkdown(w, md, st)
}

// writePatches prints the patch releases as a table, then the line's end of support.
func (a *app) writePatches(w io.Writer, ds *data.Dataset, patches []*data.Item) error {
	o := a.s.Out
	t := newTable(w, a.tableWidth(), 4, o.ColVersion, o.ColReleased, o.ColGo, o.ColCVEs, o.ColSummary)
	for _, p := range patches {
		t.row(p.Patch.Version, p.Patch.Released, p.Patch.Go, strings.Join(p.Patch.CVEs, " "), p.Summary.In(a.lang))
	}
	if err := t.flush(); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w, "\n"+sanitizeLine(a.s.CVETally(data.TallyCVEs(ds.CVEs()), ds.Release.Version))+"."); err != nil {
		return err
	}
	if s := ds.Release.Support; !s.IsZero() {
		_, err := fmt.Fprintln(w, sanitizeLine(fmt.Sprintf(o.SupportLine, ds.Release.Version, s.MaintenanceMode, s.EndOfLife, s.UpgradeTo)))
		return err
	}
	return nil
}

// writeCVEs prints vulnerabilities as a table: CVE, SEVERITY, CVSS, FIXED IN, COMPONENTS, TITLE;
// then how they stand in the line (CVETally, unless the caller said it above the table) and where
// later lines fixed the ones it did not.
func (a *app) writeCVEs(w io.Writer, ds *data.Dataset, cves []*data.Item, tally bool) error {
	o := a.s.Out
	line := ds.Release.Version
	t := newTable(w, a.tableWidth(), 5, o.ColCVE, o.ColSeverity, o.ColCVSS, o.ColFixedIn, o.ColComponents, o.ColTitle)
	for _, it := range cves {
		c := it.CVE
		fixed := c.Fixed
		if fixed == "" {
			fixed = fmt.Sprintf(o.NoFix, strings.TrimPrefix(line, "v"))
		}
		t.row(c.ID, c.Severity.LabelIn(a.lang), strconv.FormatFloat(c.CVSS.Score, 'f', 1, 64), fixed,
			strings.Join(it.Components, a.s.Sep), it.Title.In(a.lang))
	}
	if err := t.flush(); err != nil {
		return err
	}
	lines := []string{""}
	if tally {
		lines = append(lines, a.s.CVETally(data.TallyCVEs(cves), line)+".")
	}
	for _, it := range cves {
		if later := it.CVE.FixedInLater; len(later) > 0 {
			lines = append(lines, fmt.Sprintf(o.FixedLater, it.CVE.ID, strings.Join(later, a.s.Sep)))
		}
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, sanitizeLine(l)); err != nil {
			return err
		}
	}
	return nil
}

func (a *app) newCVECmd() *cobra.Command {
	var (
		out     *jsonOutput
		version string
		failOn  = newEnum("fail-on", "high", append(severityNames(), "none"))
	)
	cmd := &cobra.Command{
		Use:   "cve [ID]",
		Short: "List the CVEs of the line, or the ones a version is open to",
		Long: "Without ID, list the CVEs that affect the line, newest first: the patch release of the " +
			"line that fixed each, or where later lines fixed the ones it did not. With ID " +
			"(CVE-2025-0426, any case), show its page: what an attacker can do, who is exposed, " +
			"the mitigation. With --version, list the CVEs that version is open to, those with no " +
			"fix in the line first, then the newest fix first, and the newer patch releases; for a " +
			"release on the road after the line (v1.33.2), its support on the day.\n\n" +
			"Exit status with --version: 0 when none of them is at or above --fail-on, 1 when one " +
			"is, 2 for a version that is not a known release of the line.",
		Example: "elli cve\nelli cve CVE-2025-0426\nelli cve --version v1.31.4\nelli cve --version 1.31.4 --fail-on critical --json",
		Args:    argCount(0, 1, "", "cve takes at most one CVE id"),
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			ds, err := a.dataset()
			if err != nil || len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, it := range ds.CVEs() {
				out = append(out, cobra.CompletionWithDesc(it.CVE.ID, it.Title.In(a.lang)))
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if version != "" && len(args) > 0 {
				return usagef("give a CVE id or --version, not both")
			}
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			switch {
			case version != "":
				return a.cveReport(w, ds, version, failOn.value, out)
			case len(args) == 0:
				if out.on() {
					return out.write(w, cvesOf(ds.CVEs(), a.lang))
				}
				return a.writeCVEs(w, ds, ds.CVEs(), true)
			}
			it := ds.ByID(strings.ToLower(strings.TrimSpace(args[0])))
			if it == nil || it.Kind != data.KindCVE {
				return failf("no vulnerability %q in the line; list them with: elli cve", strings.TrimSpace(args[0]))
			}
			if out.on() {
				return out.write(w, CVEPage{Page: pageOf(it, a.lang), CVEFacts: cveFactsOf(it.CVE)})
			}
			return a.writePage(w, ds.Page(it, a.lang))
		},
	}
	f := cmd.Flags()
	f.StringVar(&version, "version", "", "list the CVEs that `VERSION` (v1.31.4) is open to")
	f.Var(failOn, "fail-on", "with --version, exit 1 when one of them is at or above `SEVERITY`: low, medium, high, critical or none")
	_ = cmd.RegisterFlagCompletionFunc("fail-on", failOn.complete)
	_ = cmd.RegisterFlagCompletionFunc("version", a.completePatchVersions)
	out = addJSONFlags(cmd, "print JSON (SCHEMA.md, installed with elli, describes it)")
	return cmd
}

// completePatchVersions offers the line's patch releases, newest first.
func (a *app) completePatchVersions(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ds, err := a.dataset()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, p := range ds.Patches() {
		out = append(out, p.Patch.Version)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func severityNames() []string {
	out := make([]string, len(data.Severities))
	for i, s := range data.Severities {
		out[i] = string(s)
	}
	return out
}

// roadVersion answers cve --version for a release on the road after the line (v1.33.2 when
// elli knows v1.31): what elli knows of it, its support on today's date, true where a refusal
// said only that it is not of the line. ok is false for a version that is not on the road.
func (a *app) roadVersion(w io.Writer, ds *data.Dataset, s string, out *jsonOutput) (ok bool, err error) {
	v, perr := data.ParseVersion(s)
	if perr != nil || ds.InLine(v) {
		return false, nil
	}
	rr := ds.RoadRelease(v)
	if rr == nil {
		return false, nil
	}
	line := ds.Release.Version
	switch {
	case data.CompareVersions(v, rr.Latest.Version) > 0:
		return true, usagef("%s is not a release elli knows: the newest %s release is %s", v, rr.Version, rr.Latest.Version)
	case out.on():
		return true, usagef("%s is a %s release: elli knows the CVEs of the %s line only; without --json it says the release's support", v, rr.Version, line)
	}
	o := a.s.Out
	f := o.RoadSupported
	switch rr.Support.StatusOn(a.now()) {
	case data.StatusMaintenance:
		f = o.RoadMaintenance
	case data.StatusEnded:
		f = o.RoadEnded
	}
	_, err = fmt.Fprintln(w, sanitizeLine(fmt.Sprintf(f, v, rr.Version, line, rr.Support.MaintenanceMode, rr.Support.EndOfLife, rr.Latest.Version)))
	return true, err
}

// cveReport prints what a version lacks and exits 1 when a lacking fix reaches failOn.
func (a *app) cveReport(w io.Writer, ds *data.Dataset, version, failOn string, out *jsonOutput) error {
	if road, err := a.roadVersion(w, ds, version, out); road {
		return err
	}
	v, err := a.lineVersion(ds, version)
	if err != nil {
		return err
	}
	lacking, newer := ds.Lacking(v), ds.PatchesAfter(v)
	failed := false
	if min, ok := data.ParseSeverity(failOn); ok {
		for _, it := range lacking {
			failed = failed || it.CVE.Severity.Rank() >= min.Rank()
		}
	}
	if out.on() {
		tally := data.TallyCVEs(lacking)
		err = out.write(w, CVEReport{Version: v, FailOn: failOn, Failed: failed, FixedInLine: tally.FixedInLine,
			NoFixInLine: tally.NoFixInLine(), Lacking: cvesOf(lacking, a.lang), Patches: patchesOf(newer, a.lang)})
	} else {
		err = a.writeCVEReport(w, ds, v, lacking, newer)
	}
	if err != nil {
		return err
	}
	if failed {
		return &exitStatus{exitFail}
	}
	return nil
}

func (a *app) writeCVEReport(w io.Writer, ds *data.Dataset, v string, lacking, newer []*data.Item) error {
	o := a.s.Out
	if len(lacking) == 0 {
		if _, err := fmt.Fprintln(w, sanitizeLine(fmt.Sprintf(o.CVENone, v, ds.Release.DataAsOf))); err != nil {
			return err
		}
	} else {
		if _, err := fmt.Fprintln(w, sanitizeLine(fmt.Sprintf(o.CVELacking, v, a.s.CVETally(data.TallyCVEs(lacking), ds.Release.Version)))+"\n"); err != nil {
			return err
		}
		if err := a.writeCVEs(w, ds, lacking, false); err != nil {
			return err
		}
	}
	if len(newer) > 0 {
		vs := make([]string, len(newer))
		for i, p := range newer {
			vs[i] = p.Patch.Version
		}
		if _, err := fmt.Fprintln(w, "\n"+sanitizeLine(fmt.Sprintf(o.NewerPatches, len(newer), newer[0].Patch.Version, strings.Join(vs, " ")))); err != nil {
			return err
		}
	}
	return nil
}
