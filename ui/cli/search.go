package cli

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
)

func (a *app) newSearchCmd() *cobra.Command {
	var (
		limit int
		out   *jsonOutput
	)
	cmd := &cobra.Command{
		Use:   "search QUERY...",
		Short: "Search titles, summaries, gates and text",
		Long: "Search the release for items matching every word of the query, best first. Words " +
			"match exactly, by prefix, with one typo or as part of a longer word; a KEP number " +
			"matches its item. English and Chinese words find items whatever the language shown, " +
			"and a Chinese word matches anywhere inside Chinese text.",
		Example: "elli search nftables\nelli search pod failure policy\nelli search 3866\nelli search cgroup --json --limit 3",
		Args:    argCount(1, math.MaxInt, "search needs a query, like: elli search nftables", ""),
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			results, note, err := a.searchDataset(ds, strings.Join(args, " "))
			a.printNote(note)
			if limit > 0 && len(results) > limit {
				results = results[:limit]
			}
			if out.on() {
				// An array even when nothing matches, so programs can always parse stdout.
				if werr := out.write(cmd.OutOrStdout(), searchResultsOf(results, a.lang)); werr != nil {
					return werr
				}
				return err
			}
			if err != nil {
				return err
			}
			return a.writeResults(cmd.OutOrStdout(), results)
		},
	}
	f := cmd.Flags()
	f.Var(&intValue{name: "limit", p: &limit, min: 0, max: math.MaxInt, hint: msg{format: "use a whole number, 0 for no limit"}},
		"limit", "print at most `N` results (0: all)")
	out = addJSONFlags(cmd, "print a JSON array with scores (SCHEMA.md, installed with elli, describes it)")
	_ = cmd.RegisterFlagCompletionFunc("limit", noFiles)
	cmd.ValidArgsFunction = noFiles
	return cmd
}

// searchDataset runs a query; no match is an error that suggests a broader one. A query over
// search.BoundQuery's bounds is cut, and note says so in one line (else it is "").
func (a *app) searchDataset(ds *data.Dataset, query string) (results []data.Result, note string, err error) {
	query, cut := search.BoundQuery(query)
	note = a.s.CutNote(cut)
	if query == "" {
		return nil, "", usagef("the search query is empty; try: elli search nftables")
	}
	results = ds.Search(query)
	if len(results) == 0 {
		if note != "" {
			return nil, "", failf("no match for %q (%s); try fewer or shorter words", query, note)
		}
		return nil, "", failf("no match for %q; try fewer or shorter words", query)
	}
	return results, note, nil
}

// writeResults prints search results as the items table, best first.
func (a *app) writeResults(w io.Writer, results []data.Result) error {
	items := make([]*data.Item, len(results))
	for i, r := range results {
		items[i] = r.Item
	}
	return a.writeItems(w, items)
}

// printNote writes a notice, such as a query that was cut, as elli's one line on stderr, made
// safe to print (it may name a file or a gate the user typed). warnf is the same for a warning.
func (a *app) printNote(note string) {
	if note != "" {
		_, _ = fmt.Fprintln(a.stderr, "elli: "+sanitizeLine(note))
	}
}
