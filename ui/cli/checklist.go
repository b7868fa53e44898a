package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
)

// elli checklist: the upgrade's actions (data.Checklist) with the user's progress, and done and
// undo to tick them off.

func (a *app) newChecklistCmd() *cobra.Command {
	var (
		out      *jsonOutput
		markdown bool
	)
	cmd := &cobra.Command{
		Use:   "checklist",
		Short: "Show the upgrade checklist and your progress",
		Long: "Show what upgrading to v1.31 asks of you, with what you have done: the steps of the " +
			"upgrade guide, the changes that need action, and the gates off by default to decide " +
			"on. Tick actions with elli checklist done (or space in the explorer's Upgrade tab). " +
			"--markdown prints a list of - [x] boxes to paste into a ticket or pull request. " +
			"Progress, stars and notes are kept in the state file (elli help environment).",
		Example: "elli checklist\nelli checklist done breaking-changes#1 4569\nelli checklist undo 4569\n" +
			"elli checklist --markdown > upgrade.md\nelli checklist --jq '.actions[] | select(.done | not) | .id'",
		Args: argCount(0, 0, "", "checklist takes no arguments; to tick actions: elli checklist done ID..."),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if markdown && out.on() {
				return usagef("--markdown and --json cannot be used together")
			}
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			s := a.readState(ds)
			w := cmd.OutOrStdout()
			switch {
			case out.on():
				return out.write(w, checklistOf(ds, s, a.lang))
			case markdown:
				return writeChecklistMarkdown(w, ds, s, a.words())
			}
			return writeChecklist(w, ds, s, a.tableWidth(), a.words())
		},
	}
	out = addJSONFlags(cmd, "print the checklist as JSON (see SCHEMA.md)")
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print Markdown with - [x] boxes, for a ticket or pull request")
	cmd.AddCommand(a.newTickCmd(true), a.newTickCmd(false))
	return cmd
}

// newTickCmd is elli checklist done (done true) or undo.
func (a *app) newTickCmd(done bool) *cobra.Command {
	name, short := "done", "Mark actions of the checklist as done"
	if !done {
		name, short = "undo", "Mark actions of the checklist as not done"
	}
	return &cobra.Command{
		Use:   name + " ID...",
		Short: short,
		Long: "An action is named by its id as elli checklist prints it: a step of the upgrade guide " +
			"(breaking-changes#2), or a change or gate decision by KEP number or item id.",
		Example:           "elli checklist " + name + " breaking-changes#1 ops-practices#2\nelli checklist " + name + " 4569 removal-cephfs-volume-plugin",
		Args:              argCount(1, -1, "checklist "+name+" needs the id of an action, like: elli checklist "+name+" breaking-changes#1", ""),
		ValidArgsFunction: a.completeActions,
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := a.dataset()
			if err != nil {
				return err
			}
			acts := make([]data.Action, 0, len(args))
			for _, ref := range args {
				act, err := actionRef(ds, ref)
				if err != nil {
					return err
				}
				acts = append(acts, act)
			}
			now := a.now()
			s, err := a.changeState(ds, func(s *state.State) error {
				for _, act := range acts {
					if s.IsDone(act.ID) != done { // a second tick keeps the time of the first
						s.SetDone(act.ID, done, now)
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			all, said := ds.Checklist(), a.s.TUI.TickedDone
			if !done {
				said = a.s.TUI.TickedNotDone
			}
			a.confirm(fmt.Sprintf(said, actionNames(acts), data.CountDone(all, s.IsDone), len(all)))
			return nil
		},
	}
}

// actionRef finds the action ref names, or says, as a usage error, why it names none.
func actionRef(ds *data.Dataset, ref string) (data.Action, error) {
	if act, ok := ds.ActionFor(ref); ok {
		return act, nil
	}
	shown := sanitizeLine(ref)
	it, _ := ds.Lookup(ref)
	switch {
	case strings.TrimSpace(ref) == "":
		return data.Action{}, usagef("an action id is empty; elli checklist lists them")
	case it != nil && it.Kind == data.KindGuide && len(ds.StepsOf(it)) > 0:
		steps := ds.StepsOf(it)
		return data.Action{}, usagef("%s is a page of the upgrade guide, not one action; name a step: %s to %s",
			shown, steps[0].ID, steps[len(steps)-1].ID)
	case it != nil:
		return data.Action{}, usagef("%s is not on the upgrade checklist: it needs no action on upgrade (to mark it, use elli star %s)",
			shown, shellQuote(shown))
	}
	return data.Action{}, usagef("there is no action %q on the checklist; elli checklist lists them", shown)
}

// actionNames names actions for a confirmation: their ids, or how many.
func actionNames(acts []data.Action) string {
	if len(acts) > 3 {
		return fmt.Sprintf("%d actions", len(acts))
	}
	ids := make([]string, len(acts))
	for i, act := range acts {
		ids[i] = actionLabel(act)
	}
	return strings.Join(ids, ", ")
}

// actionLabel is how the checklist names an action: KEP-n for an enhancement, else its id.
func actionLabel(act data.Action) string {
	if act.Kind == data.ActionStep {
		return act.ID
	}
	return itemLabel(act.Item)
}

// words are the checklist's texts in the run's language.
func (a *app) words() checklistWords { return checklistWords{lang: a.lang, s: a.s} }

// confirm tells a person at a terminal what a command changed, on stderr as gh does; piped, a
// command that succeeds says nothing. The words are the explorer's status lines.
func (a *app) confirm(msg string) {
	if a.term.out {
		_, _ = fmt.Fprintln(a.stderr, "✓ "+sanitizeLine(msg))
	}
}

// completeActions offers the checklist's actions, with titles, to shell completion.
func (a *app) completeActions(_ *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ds, err := a.dataset()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, act := range ds.Checklist() {
		out = append(out, cobra.CompletionWithDesc(actionRefOf(act), sanitizeLine(act.Title.Default)))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// actionRefOf is the shortest reference to an action that done and undo take: the KEP number for
// an enhancement's action, else the action's id.
func actionRefOf(act data.Action) string {
	if act.Kind != data.ActionStep {
		return kepOrID(act.Item)
	}
	return act.ID
}
