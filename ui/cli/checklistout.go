package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The checklist for people: a text list grouped by kind, and Markdown to paste into a ticket or
// a pull request. Both come from the same groups, so they always agree on the progress.

// actionGroup is the actions of one kind, in checklist order.
type actionGroup struct {
	label data.Text
	acts  []data.Action
	done  int
}

// groupActions groups the checklist by kind, the road's actions by release too.
func groupActions(ds *data.Dataset, s *state.State) (groups []actionGroup, done int) {
	for _, k := range data.ActionKinds {
		var g *actionGroup
		for _, act := range ds.Checklist() {
			if act.Kind != k {
				continue
			}
			if g == nil || g.acts[0].Release != act.Release {
				groups = append(groups, actionGroup{label: act.GroupLabel()})
				g = &groups[len(groups)-1]
			}
			g.acts = append(g.acts, act)
		}
	}
	for i := range groups {
		groups[i].done = data.CountDone(groups[i].acts, s.IsDone)
		done += groups[i].done
	}
	return groups, done
}

// box is an action's tick in both outputs.
func box(done bool) string {
	if done {
		return "[x]"
	}
	return "[ ]"
}

// marks are what follows an action's title: a star when starred, a pencil for a note.
func marks(s *state.State, act data.Action) string {
	var m string
	if s.IsStarred(act.ID) {
		m += " ★"
	}
	if s.NoteOf(act.ID) != "" {
		m += " ✎"
	}
	return m
}

// checklistWords are the texts of the checklist's outputs in the run's language; the progress
// ("7 / 44 done") is the explorer's.
type checklistWords struct {
	lang data.Lang
	s    *i18n.Strings
}

func (cw checklistWords) title(ds *data.Dataset) string {
	return fmt.Sprintf(cw.s.Out.Checklist, ds.Release.Version)
}

func (cw checklistWords) progress(done, total int) string {
	return fmt.Sprintf(cw.s.TUI.ProgressDone, done, total)
}

// writeChecklist prints the checklist as text: a heading per kind with its progress, then one
// line per action, its id (what done and undo take) and title, cut to width on a terminal.
func writeChecklist(w io.Writer, ds *data.Dataset, s *state.State, width int, cw checklistWords) error {
	groups, done := groupActions(ds, s)
	idW := 0
	for _, g := range groups {
		for _, act := range g.acts {
			idW = max(idW, ansi.StringWidth(actionRefOf(act)))
		}
	}
	var b strings.Builder
	line := func(text string) {
		if width > 0 {
			text = ansi.Truncate(text, width, "…")
		}
		b.WriteString(text + "\n")
	}
	head := fmt.Sprintf(cw.s.Out.Label, cw.title(ds))
	if strings.HasSuffix(head, ":") { // a full-width colon has its space in it
		head += " "
	}
	line(sanitizeLine(head + cw.progress(done, len(ds.Checklist()))))
	for _, g := range groups {
		line("")
		line(fmt.Sprintf("%s  %d / %d", g.label.In(cw.lang), g.done, len(g.acts)))
		for _, act := range g.acts {
			id := actionRefOf(act)
			title := sanitizeLine(act.Title.In(cw.lang))
			if len(act.Gates) > 0 {
				title += " (" + sanitizeLine(strings.Join(act.Gates, ", ")) + ")"
			}
			line(fmt.Sprintf("  %s %s%s  %s%s", box(s.IsDone(act.ID)), id, strings.Repeat(" ", idW-ansi.StringWidth(id)), title, marks(s, act)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeChecklistMarkdown prints the checklist as GitHub-flavoured Markdown: a task list per kind,
// each action linked to its source, with the user's note quoted beneath it.
func writeChecklistMarkdown(w io.Writer, ds *data.Dataset, s *state.State, cw checklistWords) error {
	groups, done := groupActions(ds, s)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", mdText(cw.title(ds)))
	fmt.Fprintf(&b, "**%s**\n", cw.progress(done, len(ds.Checklist())))
	for _, g := range groups {
		fmt.Fprintf(&b, "\n## %s (%d / %d)\n\n", g.label.In(cw.lang), g.done, len(g.acts))
		for _, act := range g.acts {
			fmt.Fprintf(&b, "- %s %s%s\n", box(s.IsDone(act.ID)), mdAction(act, cw.lang), marks(s, act))
			if note := s.NoteOf(act.ID); note != "" {
				for _, l := range strings.Split(sanitize(note), "\n") {
					b.WriteString(strings.TrimRight("  > "+l, " ") + "\n")
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdAction is an action's line: its title, linked to the item's source when it has one, with
// what done and undo call it, and the gates to decide on. A step is not linked: its page's link
// is the page's source, not the step's.
func mdAction(act data.Action, lang data.Lang) string {
	title := mdText(act.Title.In(lang))
	if act.Kind != data.ActionStep && act.Item.KEP > 0 && act.Item.Kind == data.KindEnhancement {
		title = fmt.Sprintf("KEP-%d ", act.Item.KEP) + title
	}
	if u := act.Item.URL; u != "" && act.Kind != data.ActionStep && !strings.ContainsAny(u, " ()<>") {
		title = "[" + title + "](" + sanitizeLine(u) + ")"
	}
	out := title + " `" + actionRefOf(act) + "`"
	if len(act.Gates) > 0 {
		gates := make([]string, len(act.Gates))
		for i, g := range act.Gates {
			gates[i] = "`" + mdCode(g) + "`"
		}
		out += " — " + strings.Join(gates, ", ")
	}
	return out
}

// mdText makes content text safe in Markdown: one line, no controls, and the characters that
// would start a link, emphasis, code or HTML escaped.
func mdText(s string) string {
	var b strings.Builder
	for _, r := range sanitizeLine(s) {
		if strings.ContainsRune("\\`*_[]<>|#", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mdCode keeps a gate name inside its code span.
func mdCode(s string) string { return strings.ReplaceAll(sanitizeLine(s), "`", "'") }
