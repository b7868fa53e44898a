package cli

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/search"
)

func (a *app) newSearchCmd() *cobra.Command {
	var (
		limit int
		all   bool
		out   *jsonOutput
	)
	cmd := &cobra.Command{
		Use:   "search QUERY...",
		Short: "Search titles, summaries, gates and text",
		Long: "Search the release for the words of a query or a question, best first: items that " +
			"match every meaningful word (a flag, gate, version or id outweighs the rest; words " +
			"most pages hold count little), then, when they are few, items that match some, as " +
			"long as they come close to the best (on a terminal, stderr says which words those " +
			"matched, and how many weaker ones --all would add; --json has them all). Words match exactly, by prefix, in " +
			"another form (indexes: indexed), with one typo, as part of a longer word or by a word " +
			"the pages use for them (full: exhausted); words such as how or the are ignored. " +
			"A KEP number matches its item. English and Chinese words find items whatever the " +
			"language shown, and a Chinese phrase matches inside Chinese text, or in parts.",
		Example: "elli search nftables\nelli search pod failure policy\nelli search 3866\nelli search cgroup --json --limit 3",
		Args:    argCount(1, math.MaxInt, "search needs a query, like: elli search nftables", ""),
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := a.textDataset()
			if err != nil {
				return err
			}
			results, note, err := a.searchDataset(ds, strings.Join(args, " "))
			a.printNote(note)
			folded := data.Folded(results)
			if all || out.on() {
				folded = 0 // programs get every result, with its score and the words it matched
			}
			// the weaker matches far below the best, last in the list (data.Result.Folded),
			// are left out of the list a person reads; on a terminal a line under it says how
			// many
			results = results[:len(results)-folded]
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
			if werr := a.writeResults(cmd.OutOrStdout(), results); werr != nil {
				return werr
			}
			if folded > 0 && a.term.err {
				a.printNote(fmt.Sprintf(a.s.Out.SearchFolded, folded))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.Var(&intValue{name: "limit", p: &limit, min: 0, max: math.MaxInt, hint: msg{format: "use a whole number, 0 for no limit"}},
		"limit", "print at most `N` results (0: all)")
	f.BoolVar(&all, "all", false, "also print the weaker matches far below the best, left out otherwise (--json always has them)")
	out = addJSONFlags(cmd, "print a JSON array with scores (SCHEMA.md, installed with elli, describes it)")
	_ = cmd.RegisterFlagCompletionFunc("limit", noFiles)
	cmd.ValidArgsFunction = noFiles
	return cmd
}

// searchDataset runs a query; no match is an error that names the words found nowhere, or
// suggests a broader query. A query over
// search.BoundQuery's bounds is cut, and note says so in one line (else it is "").
func (a *app) searchDataset(ds *data.Dataset, query string) (results []data.Result, note string, err error) {
	query, cut := search.BoundQuery(query)
	note = a.s.CutNote(cut)
	if query == "" {
		return nil, "", usagef("the search query is empty; try: elli search nftables")
	}
	q := ds.ParseQuery(query)
	results = ds.SearchQuery(q)
	if len(results) == 0 {
		if unfound := strings.Join(quoteAll(ds.Index().Unfound(q)), ", "); unfound != "" {
			if note != "" {
				return nil, "", failf("no match for %q (%s): no page has %s; check the spelling or try other words", query, note, unfound)
			}
			return nil, "", failf("no match for %q: no page has %s; check the spelling or try other words", query, unfound)
		}
		if note != "" {
			return nil, "", failf("no match for %q (%s); try fewer or shorter words", query, note)
		}
		return nil, "", failf("no match for %q; try fewer or shorter words", query)
	}
	return results, note, nil
}

// writeResults prints search results as the items table, best first; on a terminal, stderr
// then says which words the results that miss some matched (printMatched).
func (a *app) writeResults(w io.Writer, results []data.Result) error {
	items := make([]*data.Item, len(results))
	for i, r := range results {
		items[i] = r.Item
	}
	if err := a.writeItems(w, items); err != nil {
		return err
	}
	if a.term.err {
		a.printMatched(results)
	}
	return nil
}

// printNote writes a notice, such as a query that was cut, as elli's one line on stderr, made
// safe to print (it may name a file or a gate the user typed). warnf is the same for a warning.
func (a *app) printNote(note string) {
	if note != "" {
		_, _ = fmt.Fprintln(a.stderr, "elli: "+sanitizeLine(note))
	}
}

// printMatched says, on stderr, which words the results that did not match every word of the
// search matched: one line per set of words, naming its results, in the list's order, at most
// matchedLines lines. It is for a person at a terminal: scripts read the matched field of --json.
func (a *app) printMatched(results []data.Result) {
	const matchedLines = 5
	type group struct {
		words, not []string
		names      []string
	}
	var groups []*group
	for _, r := range results {
		words, not := r.Words()
		if len(not) == 0 {
			continue
		}
		key := strings.Join(not, "\x00")
		var g *group
		for _, x := range groups {
			if strings.Join(x.not, "\x00") == key && len(x.words) == len(words) {
				g = x
			}
		}
		if g == nil {
			if len(groups) == matchedLines {
				continue // the list shows them; five lines say enough
			}
			g = &group{words: words, not: not}
			groups = append(groups, g)
		}
		g.names = append(g.names, kepOrID(r.Item))
	}
	for _, g := range groups {
		a.printNote(strings.Join(g.names, a.s.Sep) + ": " + a.s.MatchedNote(g.words, g.not))
	}
}

// quoteAll quotes each word, for a message.
func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strconv.Quote(w)
	}
	return out
}
