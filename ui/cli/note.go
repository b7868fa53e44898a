package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
	"github.com/elli-k8s/elli/ui/editor"
)

// elli note writes the user's note on an item or a step of the checklist; elli notes lists them.
// The explorer shows a note at the top of its item's page.

func (a *app) newNoteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "note KEP|ID [TEXT...]",
		Short: "Write your note on an item or a step of the checklist",
		Long: "Keep a note on an item (by KEP number or id) or on a step of the checklist " +
			"(breaking-changes#2): why it matters, what you found, who does it. Without TEXT, " +
			"the note opens in $VISUAL or $EDITOR; - reads it from standard input; an empty text " +
			"removes the note. A note holds up to 16 KiB of UTF-8 text.",
		Example: "elli note 3866 \"pilot on staging first; owner: net team\"\nelli note breaking-changes#4\n" +
			"kubectl get nodes -o wide | elli note 4569 -\nelli note 3866 \"\"",
		Args:              argCount(1, -1, "note needs a KEP number, item id or step, like: elli note 3866 \"text\"", ""),
		ValidArgsFunction: a.completeItems,
		RunE: func(_ *cobra.Command, args []string) error {
			ds, err := a.dataset()
			if err != nil {
				return err
			}
			id, label, err := markRef(ds, args[0])
			if err != nil {
				return err
			}
			var text string
			switch rest := args[1:]; {
			case len(rest) == 1 && rest[0] == "-":
				if text, err = readNote(a.stdin); err != nil {
					return err
				}
			case len(rest) > 0:
				text = strings.Join(rest, " ")
			default:
				old := a.readState(ds).NoteOf(id)
				if text, err = a.editNote(old); err != nil {
					return err
				}
				if strings.TrimSpace(text) == old {
					a.confirm(a.s.TUI.NoteUnchanged)
					return nil
				}
			}
			now := a.now()
			if _, err := a.changeState(ds, func(s *state.State) error { return s.SetNote(id, text, now) }); err != nil {
				return err
			}
			if strings.TrimSpace(text) == "" {
				a.confirm(fmt.Sprintf(a.s.TUI.NoteRemoved, label))
			} else {
				a.confirm(fmt.Sprintf(a.s.TUI.NoteSaved, label))
			}
			return nil
		},
	}
}

// markRef finds what a star or a note is kept under: a step's id, or an item's.
func markRef(ds *data.Dataset, ref string) (id, label string, err error) {
	if act, ok := ds.ActionFor(ref); ok && act.Kind == data.ActionStep {
		return act.ID, act.ID, nil
	}
	it, err := itemRef(ds, ref)
	if err != nil {
		return "", "", err
	}
	return it.ID, itemLabel(it), nil
}

// readNote reads a note from r, up to the bound.
func readNote(r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, state.MaxNoteInput+1))
	if err != nil {
		return "", failf("cannot read the note from standard input: %v", err)
	}
	if len(b) > state.MaxNoteInput {
		return "", failf("the note on standard input is longer than %d KiB, which a note holds at most", state.MaxNote>>10)
	}
	return string(b), nil
}

// editNote opens the note in the user's editor and returns what they saved.
func (a *app) editNote(old string) (string, error) {
	sess, err := editor.Start(a.getenv, old, state.MaxNoteInput)
	if errors.Is(err, editor.ErrNone) {
		return "", failf("no editor to write the note in: set VISUAL or EDITOR, give the text as an argument, or - to read it from standard input")
	}
	if err != nil {
		return "", err
	}
	sess.Cmd.Stdin, sess.Cmd.Stdout, sess.Cmd.Stderr = a.stdin, a.stdout, a.stderr
	sess.Cmd.Env = a.environ()
	return sess.Result(sess.Cmd.Run())
}

func (a *app) newNotesCmd() *cobra.Command {
	var out *jsonOutput
	cmd := &cobra.Command{
		Use:   "notes",
		Short: "List your notes",
		Long: "List your notes on items and steps of the checklist, by id, with what each is about. " +
			"A note on an id that this release does not have is listed too: notes are never dropped.",
		Example: "elli notes\nelli notes --json\nelli notes --jq '.[].id'",
		Args:    argCount(0, 0, "", "notes takes no arguments; to write one: elli note KEP|ID TEXT"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			notes := notesOf(ds, a.readState(ds), a.lang)
			if out.on() {
				return out.write(cmd.OutOrStdout(), notes)
			}
			return writeNotes(cmd.OutOrStdout(), notes, a.tableWidth(), a.s.Out.NoteGone)
		},
	}
	out = addJSONFlags(cmd, "print the notes as a JSON array (see SCHEMA.md)")
	return cmd
}

// writeNotes prints each note under a heading that names what it is about. Nothing at all when
// there are no notes, as ls prints nothing for an empty folder.
func writeNotes(w io.Writer, notes []Note, width int, gone string) error {
	var b strings.Builder
	for i, n := range notes {
		if i > 0 {
			b.WriteByte('\n')
		}
		head := n.ID
		switch {
		case n.Step != "":
			head += " · " + n.Item.Title + " · " + n.Step
		case n.Item != nil:
			head += " · " + n.Item.Title
		default:
			head += " · " + gone
		}
		if n.Updated != "" {
			head += " · " + n.Updated
		}
		head = sanitizeLine(head)
		if width > 0 {
			head = ansi.Truncate(head, width, "…")
		}
		b.WriteString(head + "\n")
		for _, l := range strings.Split(sanitize(n.Text), "\n") {
			b.WriteString(strings.TrimRight("  "+l, " ") + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
