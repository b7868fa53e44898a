package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
)

// elli star and unstar mark the items (and steps of the checklist) that matter to the user's
// clusters; elli list --starred lists the items, and the explorer and the checklist show ★.

func (a *app) newStarCmd(on bool) *cobra.Command {
	name, short := "star", "Star items that matter to your clusters"
	if !on {
		name, short = "unstar", "Remove the star from items"
	}
	return &cobra.Command{
		Use:   name + " KEP|ID|STEP...",
		Short: short,
		Long: "Star or unstar items of the release by KEP number or id, or steps of the checklist " +
			"(breaking-changes#2); stars are kept in the state file with the checklist's progress. " +
			"elli list --starred lists the starred items; elli checklist and the explorer mark " +
			"starred things with ★ (s stars the selected row there).",
		Example:           "elli " + name + " 3866 removal-cephfs-volume-plugin\nelli list --starred",
		Args:              argCount(1, -1, name+" needs a KEP number or item id, like: elli "+name+" 3866", ""),
		ValidArgsFunction: a.completeItems,
		RunE: func(_ *cobra.Command, args []string) error {
			ds, err := a.dataset()
			if err != nil {
				return err
			}
			ids, names := make([]string, len(args)), make([]string, len(args))
			for i, ref := range args {
				var err error
				if ids[i], names[i], err = markRef(ds, ref); err != nil {
					return err
				}
			}
			now := a.now()
			if _, err := a.changeState(ds, func(s *state.State) error {
				for _, id := range ids {
					if s.IsStarred(id) != on {
						s.SetStar(id, on, now)
					}
				}
				return nil
			}); err != nil {
				return err
			}
			said := a.s.TUI.Starred
			if !on {
				said = a.s.TUI.Unstarred
			}
			a.confirm(fmt.Sprintf(said, strings.Join(names, a.s.Sep)))
			return nil
		},
	}
}

// itemRef finds the item ref names, or says, as a usage error, why it names none.
func itemRef(ds *data.Dataset, ref string) (*data.Item, error) {
	it, isKEP := ds.Lookup(ref)
	if it != nil {
		return it, nil
	}
	shown := sanitizeLine(ref)
	switch {
	case strings.TrimSpace(ref) == "":
		return nil, usagef("an item is empty; give a KEP number or item id, like 3866")
	case isKEP:
		n, _ := data.ParseKEP(ref)
		return nil, usagef("there is no KEP-%d in %s; elli search %d finds what mentions it", n, ds.Release.Version, n)
	}
	return nil, usagef("there is no item %q in %s; elli search %s finds items", shown, ds.Release.Version, shellQuote(shown))
}

// itemLabel names an item for a confirmation: KEP-n for an enhancement, else its id.
func itemLabel(it *data.Item) string {
	if it.Kind == data.KindEnhancement && it.KEP > 0 {
		return fmt.Sprintf("KEP-%d", it.KEP)
	}
	return it.ID
}
