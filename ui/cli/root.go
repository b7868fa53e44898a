// Package cli is elli's command line: cobra commands, styled by fang, over the loaded dataset.
// Each command lives in its own file; root.go wires them together and runs them.
//
// Output: tables for people, --json for programs (see the JSON types in schema.go and SCHEMA.md),
// Markdown rendered with ui/render for pages. Errors are one line on stderr, "elli: message",
// with exit code 1 for a failure (not found, invalid content) and 2 for a usage mistake.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/tui"
)

// Main runs elli with the given arguments (without the program name) and returns the exit code:
// 0 success, 1 failure (not found, invalid content, runtime error), 2 usage error, 130 when the
// interactive explorer is stopped by SIGINT. In the explorer ctrl+c is a key that quits, as q
// does, with 0: the terminal is in raw mode, so only a signal sent from outside interrupts it.
func Main(ctx context.Context, build Build, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return MainCluster(ctx, build, nil, args, stdin, stdout, stderr)
}

// MainCluster is Main with a cluster scanner for check --cluster: kubectl-elli's entry
// (cmd/kubectl-elli). With none, as in elli, --cluster runs kubectl-elli.
func MainCluster(ctx context.Context, build Build, cluster ClusterScanner, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if _, ok := os.LookupEnv(jqChildEnv); ok {
		return runJQChild(stdin, stdout, stderr) // elli started itself to run a --jq expression
	}
	a := &app{
		cluster:   cluster,
		build:     build.resolve(debug.ReadBuildInfo()),
		stdin:     stdin,
		stdout:    stdout,
		stderr:    stderr,
		term:      detectTerminal(stdin, stdout, stderr),
		getenv:    os.Getenv,
		lookupEnv: os.LookupEnv,
		environ:   os.Environ,
		userEnv:   userfile.System(),
		now:       time.Now,
		runTUI:    tui.Run,
		lookPath:  exec.LookPath,
	}
	return a.main(ctx, args)
}

// app is one run of elli: its streams, environment and global flags.
type app struct {
	build          Build
	cluster        ClusterScanner // check --cluster's scanner; nil in elli (checkcluster.go)
	args           []string       // the command line, which elli hands to kubectl-elli for check --cluster
	stdin          io.Reader
	stdout, stderr io.Writer
	term           terminal
	getenv         func(string) string
	lookupEnv      func(string) (string, bool)
	environ        func() []string
	userEnv        userfile.Env // where the config and state files are
	now            func() time.Time
	runTUI         func(context.Context, *data.Dataset, tui.Options) error
	lookPath       func(string) (string, error)

	// Persistent flags.
	dataDir string
	noPager bool
	// forcePager (-p): page even output that fits the window
	forcePager bool
	// flagPrefs are the settings given as flags (--color, --style, --mouse), by key
	flagPrefs map[string]string

	settings userfile.Settings // resolved on first use; see prefs.go
	config   *userfile.Config
	// configRead: the config file was read (once, by loadConfig); configProblems are its
	// problems, printed once the run's language is settled (configSaid)
	configRead     bool
	configProblems []error
	configSaid     bool

	// lang is the language of this run, s its texts (lang.go); settled before the commands
	// are built
	lang data.Lang
	s    *i18n.Strings
	// untranslatedSaid: the note that the dataset lacks lang was printed
	untranslatedSaid bool
	// localized: the command tree's help is in lang (localize.go)
	localized bool
	paged     *pagedOutput // the output of a command that pages, once it has started
	// pagerSignal is the SIGTERM or SIGHUP passed on to the pager; nil when none came
	pagerSignal os.Signal
	ds          *data.Dataset
}

// main runs the command line. A panic anywhere becomes one line and exit code 1.
//
// elli runs cobra itself rather than through fang.Execute: it draws its own help (help.go) and
// man page (man.go), and prints its own one-line errors, after any paged output.
func (a *app) main(ctx context.Context, args []string) (code int) {
	a.args = args
	defer func() {
		if r := recover(); r != nil {
			_, _ = fmt.Fprintln(a.stderr, errorLine(failf("internal error: %v", r), a.lang))
			code = exitFail
		}
	}()
	a.setLang(args)
	root := a.newRoot()
	if len(args) > 0 && strings.HasPrefix(args[0], "__complete") {
		a.localize(root) // completions describe commands and flags; help localizes when it shows
	}
	if args == nil {
		args = []string{} // cobra reads os.Args for nil, which in tests are go test's flags
	}
	root.SetArgs(args)
	enableVirtualTerminal(a.stdout)
	enableVirtualTerminal(a.stderr)
	err := root.ExecuteContext(ctx)
	if a.paged != nil {
		a.paged.flush()
		if s, ok := a.pagerSignal.(syscall.Signal); ok {
			return 128 + int(s) // the pager was told to end, and has: end as the signal says
		}
	}
	printError(a.stderr, err, a.lang)
	return exitCode(err)
}

func (a *app) newRoot() *cobra.Command {
	var (
		tab     = newTabFlag()
		search  string
		version bool
		style   = a.newPrefFlag("style", "style")
		theme   = a.newPrefFlag("style", "theme")
		color   = a.newPrefFlag("color", "color")
		mouse   = a.newPrefFlag("mouse", "mouse")
		stateF  = a.newPrefFlag("state", "state")
		lang    = a.newLangFlag()
	)
	root := &cobra.Command{
		Use:   "elli [KEP|ID]",
		Short: "Explore the Kubernetes v1.31 release, offline",
		Long: "elli explores the Kubernetes v1.31 (Elli) release: its enhancements, removals, " +
			"deprecations and the upgrade guide. In a terminal it opens the interactive explorer, " +
			"on the item given as KEP number or id if any; piped, it prints the list (or the item, " +
			"the search results or the tab asked for).",
		Example:           exampleLines(),
		Args:              rootArgs,
		ValidArgsFunction: a.completeItems,
		RunE: func(cmd *cobra.Command, args []string) error {
			if version {
				return a.printVersion(cmd.OutOrStdout())
			}
			return a.runRoot(cmd, args, tui.Options{Tab: tab.value, Search: search, Lang: a.lang})
		},
	}
	if a.cluster != nil {
		// kubectl-elli runs as a kubectl plugin: its help says "kubectl elli", as it is typed
		root.Annotations = map[string]string{cobra.CommandDisplayNameAnnotation: "kubectl elli"}
	}
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	// "elli serch nft --limit 3": the flag is unknown only because the command is mistyped
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if c == root {
			if e := mistypedCommand(c, c.Flags().Args()); e != nil {
				return e
			}
		}
		return flagError(c, err)
	})
	root.SuggestionsMinimumDistance = 2
	root.SilenceUsage, root.SilenceErrors = true, true
	root.SetHelpFunc(a.help)
	root.SetHelpCommand(a.newHelpCmd())
	// A command marked for the pager prints into it, on a terminal.
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if cmd.Annotations[pagerAnnotation] != "" {
			cmd.SetOut(a.pageOutput())
		}
		return nil
	}
	pf := root.PersistentFlags()
	pf.StringVar(&a.dataDir, "data", "", "load the release from folder `DIR` instead of the built-in one")
	pf.Var(color, "color", "colour the output `WHEN`: auto (on a terminal), always or never")
	pf.BoolVar(&a.noPager, "no-pager", false, "print straight to the terminal instead of through a pager")
	pf.BoolVarP(&a.forcePager, "pager", "p", false, "on a terminal, page the output even when it fits the window (as glow -p)")
	root.MarkFlagsMutuallyExclusive("pager", "no-pager")
	pf.Var(lang, "lang", "show the text in `LANG`: en or zh (default: ELLI_LANG, the config's lang, then LC_ALL, LC_MESSAGES or LANG)")
	pf.Var(stateF, "state", "keep the checklist's progress, stars and notes in `FILE` (default: state.json in the state folder)")
	// --theme was elli's first name for --style; it stays, hidden, for scripts that use it
	pf.Var(theme, "theme", "the same as --style")
	_ = pf.MarkHidden("theme")
	f := root.Flags()
	f.Var(tab, "tab", "open the explorer on tab `NAME`: "+orList(data.SectionNames())+", or a word of its label (removals, deprecations)")
	f.StringVar(&search, "search", "", "open the explorer searching for `QUERY`")
	f.VarP(style, "style", "s", styleUsage())
	f.Var(mouse, "mouse", "let the explorer take the mouse (wheel, clicks); native text selection then needs shift")
	f.Lookup("mouse").NoOptDefVal = "true"
	f.BoolVarP(&version, "version", "v", false, "print the version of elli and of its data")
	_ = root.MarkPersistentFlagDirname("data")
	_ = root.MarkPersistentFlagFilename("state", "json")
	_ = root.RegisterFlagCompletionFunc("theme", theme.complete)
	_ = root.RegisterFlagCompletionFunc("style", style.complete)
	_ = root.RegisterFlagCompletionFunc("color", color.complete)
	_ = root.RegisterFlagCompletionFunc("tab", tab.complete)
	_ = root.RegisterFlagCompletionFunc("lang", lang.complete)
	_ = root.RegisterFlagCompletionFunc("search", noFiles)

	root.AddCommand(pages(a.newListCmd()), pages(a.newShowCmd()), pages(a.newSearchCmd()), pages(a.newGatesCmd()), pages(a.newPatchesCmd()), pages(a.newCVECmd()), pages(a.newRoadCmd()), pages(a.newCheckCmd()),
		pages(a.newChecklistCmd()), a.newStarCmd(true), a.newStarCmd(false), a.newNoteCmd(), pages(a.newNotesCmd()), a.newConfigCmd(),
		a.newVersionCmd(), a.newManCmd())
	// cobra's completion command (goreleaser generates the scripts with it) is not runnable, so
	// "elli completion nosh" would print help and exit 0. Made runnable, its NoArgs check
	// reports the unknown shell as a usage error.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" && c.RunE == nil && c.Run == nil {
			c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
		}
	}
	return root
}

// runRoot opens the explorer in a terminal. Piped, it prints what the explorer would have opened
// on.
func (a *app) runRoot(cmd *cobra.Command, args []string, opts tui.Options) error {
	ds, err := a.dataset()
	if err != nil {
		return err
	}
	on, _ := a.colorOn()
	opts.NoColor = !on
	var item *data.Item
	if len(args) == 1 && isOverview(args[0]) {
		opts.Tab = "overview"
	} else if len(args) == 1 {
		if item, err = a.lookup(ds, args[0]); err != nil {
			if _, isKEP := data.ParseKEP(args[0]); !isKEP && strings.TrimSpace(args[0]) != "" {
				if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
					return usagef("unknown command or item %q; did you mean: elli %s?", args[0], s[0])
				}
			}
			return err
		}
		opts.Open = item.ID
	}
	if a.term.in && a.term.out {
		if err := a.explorerPrefs(&opts); err != nil {
			return err
		}
		a.explorerState(&opts)
		opts.Profile = a.term.colorProfile()
		opts.In, opts.Out = a.stdin, a.stdout
		err := a.runTUI(cmd.Context(), ds, opts)
		if errors.Is(err, tea.ErrInterrupted) {
			return &exitStatus{130} // SIGINT: the shell's convention, and nothing to say
		}
		return signalStatus(err)
	}
	if _, err := a.textDataset(); err != nil {
		return err
	}
	return a.printStatic(cmd.OutOrStdout(), ds, opts, item)
}

// printStatic prints, without the explorer, what it would have opened on: the item, the search
// results, the tab; by default the list.
func (a *app) printStatic(w io.Writer, ds *data.Dataset, opts tui.Options, item *data.Item) error {
	switch {
	case item != nil:
		st, err := a.pageStyle(0)
		if err != nil {
			return err
		}
		return writeMarkdown(w, ds.Page(item, a.lang), st)
	case strings.TrimSpace(opts.Search) != "":
		results, note, err := a.searchDataset(ds, opts.Search)
		if err != nil {
			return err
		}
		a.printNote(note)
		return a.writeResults(w, results)
	}
	if opts.Tab == data.ChecklistSection {
		return writeChecklist(w, ds, a.readState(ds), a.tableWidth(), a.words())
	}
	if opts.Tab == "overview" {
		st, err := a.pageStyle(0)
		if err != nil {
			return err
		}
		return writeMarkdown(w, ds.Release.Markdown(a.lang), st)
	}
	// the tab's items; without --tab, the overview's: every item
	return a.writeItems(w, ds.Select(data.Filter{Section: opts.Tab}))
}

// rootArgs takes at most one item. More words than that after a first word close to a command
// name are a mistyped command ("elli serch nft"), so elli suggests it whole, rather than saying
// it expected one argument; one such word is told apart from an item id in runRoot.
func rootArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 1 {
		if err := mistypedCommand(cmd, args); err != nil {
			return err
		}
	}
	return argCount(0, 1, "", "expected at most one KEP number or item id")(cmd, args)
}

// mistypedCommand is the usage error for words whose first is close to a command's name (within
// cobra's SuggestionsMinimumDistance, or a prefix of it), or nil.
func mistypedCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	s := cmd.SuggestionsFor(args[0])
	if len(s) == 0 {
		return nil
	}
	line := []string{s[0]}
	for _, arg := range args[1:] {
		line = append(line, shellQuote(sanitizeLine(arg)))
	}
	return usagef("unknown command %q; did you mean: elli %s?", args[0], strings.Join(line, " "))
}

// isOverview reports whether ref names the release overview rather than an item.
func isOverview(ref string) bool {
	ref = strings.ToLower(strings.TrimSpace(ref))
	return ref == "release" || ref == "overview"
}

// lookup finds an item by KEP number or id, or says how to look further.
func (a *app) lookup(ds *data.Dataset, ref string) (*data.Item, error) {
	it, isKEP := ds.Lookup(ref)
	if it != nil {
		return it, nil
	}
	if strings.TrimSpace(ref) == "" {
		return nil, usagef("the item is empty; give a KEP number or item id, like: elli show 3866")
	}
	if isKEP {
		n, _ := data.ParseKEP(ref)
		return nil, failf("there is no KEP-%d in %s; try: elli search %d", n, ds.Release.Version, n)
	}
	ids := make([]string, len(ds.Items))
	for i, it := range ds.Items {
		ids[i] = it.ID
	}
	if near := suggest(sanitizeLine(ref), ids, 3); len(near) > 0 {
		return nil, failf("there is no item %q in %s; did you mean %s?", ref, ds.Release.Version, listArg(near))
	}
	return nil, failf("there is no item %q in %s; try: elli search %s", ref, ds.Release.Version, shellQuote(sanitizeLine(ref)))
}

// shellQuote quotes s for a shell command line when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.,:/+@%=", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// argCount checks the number of arguments. Too few is the usage error few; too many is many,
// followed by what was given. A negative hi sets no upper bound.
func argCount(lo, hi int, few, many string) cobra.PositionalArgs {
	return argCountMsg(lo, hi, msg{format: few}, msg{format: many})
}

// argCountMsg is argCount with messages that take arguments.
func argCountMsg(lo, hi int, few, many msg) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		switch {
		case len(args) < lo:
			return &usageError{few}
		case hi < 0: // no upper bound
		case len(args) > hi && hi == 0:
			return usagef("%s; got %q", many, strings.Join(args, " "))
		case len(args) > hi:
			return usagef("%s; got %d arguments", many, len(args))
		}
		return nil
	}
}

// completeItems offers the release overview, KEP numbers and ids, with titles, to shell
// completion.
func (a *app) completeItems(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ds, err := a.dataset()
	if err != nil || len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	out := make([]cobra.Completion, 0, len(ds.Items)+1)
	out = append(out, cobra.CompletionWithDesc("release", sanitizeLine(fmt.Sprintf(a.s.TUI.OverviewRow, ds.Release.Title.In(a.lang)))))
	for _, it := range ds.Items {
		out = append(out, cobra.CompletionWithDesc(kepOrID(it), sanitizeLine(it.Title.In(a.lang))))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
