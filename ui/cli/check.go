package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/ui/tui"
)

// checkOptions are the flags of elli check.
type checkOptions struct {
	format   *enumValue
	out      *jsonOutput // --json and --jq
	failOn   *enumValue
	maxSize  sizeValue
	parseAll bool
	// allowEmpty accepts an empty standard input (-) as nothing to check
	allowEmpty bool
	rules      bool
	tui        bool
	cluster    clusterFlags
	// to is --to as given: a release on the road (1.34, v1.34) or latest; "" checks 1.31 alone
	to string
}

// roadTarget reads --to: the road release it names ("" for none, or for the release itself).
func roadTarget(ds *data.Dataset, to string) (string, error) {
	v := strings.TrimSpace(to)
	switch {
	case v == "":
		return "", nil
	case strings.EqualFold(v, "latest"):
		v = ds.Latest()
	}
	if rr := ds.RoadRelease(v); rr != nil {
		return rr.Version, nil
	}
	if self := data.MinorOf(ds.Release.Version); "v"+strings.TrimPrefix(v, "v") == self || data.MinorOf("v"+strings.TrimPrefix(v, "v")) == self {
		return "", nil // the release itself: no road to walk
	}
	road := ds.Road()
	if len(road) == 0 {
		return "", usagef("--to needs a dataset with a road after %s", ds.Release.Version)
	}
	return "", usagef("--to %s is not on the road: name a release from %s to %s, or latest", sanitizeLine(to),
		strings.TrimPrefix(road[0].Version, "v"), strings.TrimPrefix(road[len(road)-1].Version, "v"))
}

func (a *app) newCheckCmd() *cobra.Command {
	o := &checkOptions{
		format:  newEnum("format", "table", []string{"table", "json", "sarif"}),
		failOn:  newEnum("fail-on", "error", []string{"error", "warning", "info", "none"}),
		maxSize: sizeValue{n: check.DefaultMaxFileSize},
	}
	cmd := &cobra.Command{
		Use:   "check [PATH...]",
		Short: "Find what v1.31 breaks or deprecates in your manifests and configs",
		Long: "Check files and folders for what Kubernetes v1.31 removes, breaks or deprecates: " +
			"in-tree Ceph and cloud volumes, --cloud-provider, removed flags and feature gates, " +
			"AppArmor annotations, scheduler plugins, kubeadm v1beta3, DRA v1alpha2, SHA-1 " +
			"certificates and kubectl usages in scripts. It reads YAML and JSON manifests (also " +
			"Lists and multi-document streams), static pods, kubeadm and component configs, " +
			"systemd units and drop-ins, environment files, shell scripts, Makefiles and CI " +
			"files. Folders are searched recursively; - reads standard input. Each finding names " +
			"the elli item that explains it.\n\n" +
			"Exit status: 0 when nothing is at or above --fail-on, 1 when something is, 2 for a " +
			"usage or read error.",
		Example: "elli check ./manifests\nhelm template ./chart | elli check -\n" +
			"kubectl get deploy,ds,sts,pv,sc -A -o yaml | elli check -\n" +
			"elli check /etc/kubernetes /etc/systemd/system/kubelet.service.d\n" +
			"elli check ./manifests --to latest\nelli check --cluster --to 1.33\n" +
			"elli check . --format sarif > elli.sarif\nelli check . --json --fail-on warning\nelli check --rules",
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveDefault // paths
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runCheck(cmd, args, o)
		},
	}
	f := cmd.Flags()
	f.Var(o.format, "format", "output `FORMAT`: table, json or sarif (SARIF 2.1.0, for code scanning)")
	o.out = addJSONFlags(cmd, "print JSON (the same as --format json; see SCHEMA.md)")
	f.Lookup("jq").Usage = "filter the JSON (or SARIF) output with the jq `EXPRESSION` (implies --format json)"
	f.Var(o.failOn, "fail-on", "exit 1 when a finding is at or above `SEVERITY`: error, warning, info or none")
	f.Var(&o.maxSize, "max-file-size", "skip files (and stream documents) larger than `SIZE`, such as 512KiB or 16MiB")
	f.BoolVar(&o.parseAll, "parse-all", false, "parse every YAML document, also those that mention nothing 1.31 changed, to report every syntax error (slower)")
	f.BoolVar(&o.rules, "rules", false, "list the rules elli check applies, and exit")
	f.BoolVar(&o.allowEmpty, "allow-empty", false, "accept an empty standard input (-) as nothing to check, instead of exit 2")
	f.BoolVar(&o.tui, "tui", false, "open the explorer on the findings")
	f.StringVar(&o.to, "to", "", "also check the road to `RELEASE` (1.32 … the newest, or latest): the rules of every release on the way, each finding naming its release")
	o.cluster.add(cmd, a.cluster)
	_ = cmd.RegisterFlagCompletionFunc("format", o.format.complete)
	_ = cmd.RegisterFlagCompletionFunc("fail-on", o.failOn.complete)
	_ = cmd.RegisterFlagCompletionFunc("max-file-size", noFiles)
	return cmd
}

func (a *app) runCheck(cmd *cobra.Command, args []string, o *checkOptions) (err error) {
	format := o.format.value
	out := o.out
	if out.jq.code != nil && format == "table" {
		format = "json" // --jq filters JSON; with --format sarif, the SARIF
	}
	if out.json {
		if cmd.Flags().Changed("format") && format != "json" {
			return usagef("--json and --format %s cannot be used together", format)
		}
		format = "json"
	}
	if o.cluster.on || a.cluster != nil && len(args) == 0 && !o.rules {
		// kubectl-elli's check reads the cluster when it is given no path: kubectl elli check
		return a.runClusterCheck(cmd, args, o, format)
	}
	if n := o.cluster.strayFlag(cmd); n != "" {
		return usagef("--%s needs --cluster", n)
	}
	ds, err := a.dataset()
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if o.rules {
		if len(args) > 0 {
			return usagef("--rules takes no paths")
		}
		if format == "json" {
			return out.write(w, rulesOf(ds, a.lang))
		}
		return a.writeRules(w, a.tableWidth())
	}
	piped := false
	if len(args) == 0 {
		if a.term.in {
			return usagef("check needs a file, a folder, or - for standard input, like: elli check ./manifests")
		}
		args, piped = []string{check.StdinName}, true // helm template . | elli check
	}
	if n := countStdin(args); n > 1 {
		return usagef("- (standard input) can be named only once")
	}
	if o.tui && !(a.term.in && a.term.out) {
		return usagef("--tui needs a terminal on standard input and output")
	}
	if o.tui && countStdin(args) > 0 {
		return usagef("--tui cannot read standard input, which the explorer needs for keys; save the stream to a file first")
	}
	to, err := roadTarget(ds, o.to)
	if err != nil {
		return err
	}
	sc := check.New(ds, check.Options{MaxFileSize: o.maxSize.n, AllSyntax: o.parseAll, Lang: a.lang, To: to})
	var stream *checkJSONStream
	var emit func(check.Finding) error
	if format == "json" && out.jq.code == nil && !o.tui {
		stream = newCheckJSONStream(w, ds, a.lang)
		emit = stream.finding
	}
	rep, err := sc.ScanTo(cmd.Context(), args, a.stdin, emit)
	var pe *check.PathError
	switch {
	case errors.As(err, &pe):
		return usagef("%s: %s", pe.Path, walkErrText(pe.Err)) // exit 2: the path cannot be read
	case err != nil:
		return err
	case piped && rep.Bytes == 0 && !o.allowEmpty:
		// no path and nothing piped in (a CI job without stdin, say): checking nothing must
		// not pass for checking the project
		return usagef("nothing came on standard input; name what to check, like: elli check ./manifests")
	case countStdin(args) > 0 && rep.StdinBytes == 0 && !o.allowEmpty:
		// `kubectl get … | elli check -` where kubectl failed: an empty stream is no pass
		return usagef("nothing came on standard input (-): did the command before the pipe fail? --allow-empty accepts an empty input")
	}
	defer func() { unreadErr(rep, &err) }()
	if o.tui {
		if err := a.checkTUI(cmd, ds, rep, args); err != nil {
			return err
		}
		if failed(rep, o.failOn.value) {
			return &exitStatus{exitFail}
		}
		return nil
	}
	switch format {
	case "json":
		if stream != nil {
			err = stream.finish(checkReportOf(ds, rep, o.failOn.value, a.lang, to))
		} else {
			err = out.write(w, checkReportOf(ds, rep, o.failOn.value, a.lang, to))
		}
	case "sarif":
		err = out.write(w, sarifOf(ds, rep, a.build, a.lang))
	default:
		err = a.writeCheckTable(w, ds, rep, checkedFrom(a.s, args))
		a.writeCheckNotes(rep)
		a.writeToHint(ds, o.to)
	}
	if err != nil {
		return err
	}
	if failed(rep, o.failOn.value) {
		return &exitStatus{exitFail}
	}
	return nil
}

// writeToHint says once, to a person at a terminal, that --to looks past 1.31: a script reads
// --help, and its output stays as it was.
func (a *app) writeToHint(ds *data.Dataset, to string) {
	if to != "" || !a.term.out || len(ds.Road()) == 0 {
		return
	}
	a.printNote(fmt.Sprintf(a.s.Out.CheckToHint, strings.TrimPrefix(ds.DefaultTarget(time.Now()), "v")))
}

// unreadErr makes a scan that could not read a file it was given or met end with exit 2
// after its output (help exit-codes): what the file holds went unchecked, so the result is no
// pass, whatever it found. An error already set (a failed write) is kept.
func unreadErr(rep *check.Report, err *error) {
	if rep.Unread == 0 || rep.FirstUnread == nil {
		return
	}
	var es *exitStatus
	if *err != nil && !errors.As(*err, &es) {
		return
	}
	n := rep.FirstUnread
	if rep.Unread == 1 {
		*err = usagef("could not read %s (%s): the check is incomplete", n.File, n.Message)
		return
	}
	*err = usagef("could not read %s (%s) and %d more: the check is incomplete", n.File, n.Message, rep.Unread-1)
}

func countStdin(args []string) int {
	n := 0
	for _, p := range args {
		if p == check.StdinName {
			n++
		}
	}
	return n
}

// checkTUI opens the explorer on the findings (tui's Findings view); enter on one reads the
// item that explains it. The notes go to stderr first, where they stay after the explorer
// closes.
func (a *app) checkTUI(cmd *cobra.Command, ds *data.Dataset, rep *check.Report, args []string) error {
	a.writeCheckNotes(rep)
	return a.checkTUIFindings(cmd, ds, rep, &tui.CheckFindings{From: checkedFrom(a.s, args)})
}

// checkTUIFindings opens the Findings view on rep; view says what was checked (and, for a
// cluster, its frame and lacking fixes), and gets rep's findings and how many notes it has.
func (a *app) checkTUIFindings(cmd *cobra.Command, ds *data.Dataset, rep *check.Report, view *tui.CheckFindings) error {
	on, _ := a.colorOn()
	view.Notes = len(rep.Notes) + rep.NotesDropped
	view.Findings = nil
	for _, hop := range byHop(ds, rep.Findings) {
		view.Findings = append(view.Findings, hop...) // by hop, as the table lists them
	}
	opts := tui.Options{NoColor: !on, Lang: a.lang, Check: view}
	if err := a.explorerPrefs(&opts); err != nil {
		return err
	}
	opts.Profile = a.term.colorProfile()
	opts.In, opts.Out = a.stdin, a.stdout
	err := a.runTUI(cmd.Context(), ds, opts)
	if errors.Is(err, tea.ErrInterrupted) {
		return &exitStatus{130}
	}
	return signalStatus(err)
}

// failed reports whether a finding reaches the --fail-on severity.
func failed(rep *check.Report, failOn string) bool {
	min, ok := check.ParseSeverity(failOn)
	return ok && rep.Count(min) > 0
}

// writeCheckNotes prints what the scan could not look at on stderr, one line each, so that the
// findings on stdout stay the findings.
func (a *app) writeCheckNotes(rep *check.Report) {
	kinds := map[check.NoteKind]string{
		check.NoteSkipped: a.s.Out.CheckSkipped, check.NoteUnparsable: a.s.Out.CheckUnparsable,
		check.NoteTruncated: a.s.Out.CheckTruncated,
	}
	for _, n := range rep.Notes {
		loc := n.File
		if n.Line > 0 {
			loc += ":" + strconv.Itoa(n.Line)
		}
		a.printNote(fmt.Sprintf(a.s.Out.CheckNote, loc, kinds[n.Kind], n.Message))
	}
	if rep.NotesDropped > 0 {
		a.printNote(fmt.Sprintf(a.s.Out.CheckMoreNotes, rep.NotesDropped))
	}
}

// itemRefOf names the item a finding links, from the dataset; an item the dataset lacks (a
// --data folder without it) keeps its id.
func itemRefOf(ds *data.Dataset, id string, lang data.Lang) ItemRef {
	if it := ds.ByID(id); it != nil {
		return refIn(it, lang)
	}
	return ItemRef{ID: id, Kind: "unknown", Title: id}
}

func walkErrText(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return msg
}

// sizeValue is a byte size flag: 1048576, 512KiB, 16MiB, 1G.
type sizeValue struct{ n int64 }

func (v *sizeValue) Set(s string) error {
	t := strings.TrimSpace(s)
	num := strings.TrimRightFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	unit := strings.ToLower(strings.TrimSpace(t[len(num):]))
	mult := map[string]int64{"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
		"m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30}[unit]
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || mult == 0 || n <= 0 || n > (1<<40)/mult {
		return flagValuef("invalid --max-file-size %q: use a size such as 512KiB, 16MiB or 1GiB", s)
	}
	v.n = n * mult
	return nil
}

func (v *sizeValue) String() string {
	for _, u := range []struct {
		name string
		n    int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if v.n >= u.n && v.n%u.n == 0 {
			return strconv.FormatInt(v.n/u.n, 10) + u.name
		}
	}
	return strconv.FormatInt(v.n, 10)
}
func (v *sizeValue) Type() string { return "size" }

// writeOut is io.WriteString for the printers.
func writeOut(w io.Writer, s string) error {
	_, err := io.WriteString(w, s)
	return err
}
