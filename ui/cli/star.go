package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
)

// elli star and unstar mark the items that matter to the user's clusters; elli list --starred
// lists them, and the explorer shows them with ★.

func (a *app) newStarCmd(on bool) *cobra.Command {
	name, short, verb := "star", "Star items that matter to your clusters", "Starred"
	if !on {
		name, short, verb = "unstar", "Remove the star from items", "Unstarred"
	}
	return &cobra.Command{
		Use:   name + " KEP|ID...",
		Short: short,
		Long: "Star or unstar items of the release by KEP number or id; stars are kept in the state " +
			"file with the checklist's progress. elli list --starred lists the starred items, and the " +
			"explorer marks them with ★ (s stars the selected item there).",
		Example:           "elli " + name + " 3866 removal-cephfs-volume-plugin\nelli list --starred",
		Args:              argCount(1, -1, name+" needs a KEP number or item id, like: elli "+name+" 3866", ""),
		ValidArgsFunction: a.completeItems,
		RunE: func(_ *cobra.Command, args []string) error {
			ds, err := a.dataset()
			if err != nil {
				return err
			}
			items := make([]*data.Item, 0, len(args))
			for _, ref := range args {
				it, err := itemRef(ds, ref)
				if err != nil {
					return err
				}
				items = append(items, it)
			}
			now := a.now()
			if _, err := a.changeState(ds, func(s *state.State) error {
				for _, it := range items {
					if s.IsStarred(it.ID) != on {
						s.SetStar(it.ID, on, now)
					}
				}
				return nil
			}); err != nil {
				return err
			}
			names := make([]string, len(items))
			for i, it := range items {
				names[i] = itemLabel(it)
			}
			a.confirm(verb + ": " + strings.Join(names, ", "))
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
	if act, ok := ds.Action(strings.ToLower(strings.TrimSpace(ref))); ok && act.Kind == data.ActionStep {
		return nil, usagef("%s is a step of the checklist; stars go on items, like its page: %s", shown, act.Item.ID)
	}
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
