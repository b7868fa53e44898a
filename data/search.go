package data

import (
	"slices"
	"strings"

	"github.com/elli-k8s/elli/data/search"
)

// Search is the engine's (package search) over this dataset: the dataset turns its items and the
// release overview into search.Docs, in display order, and the engine indexes and ranks them.
// The engine knows nothing of items; what of an item is searchable, and in which field, is
// decided here (docOf), so an item of a new kind is found by its texts with no change to the
// engine.

// Result is one item found by a search.
type Result struct {
	Item  *Item
	Score float64
	// Query is the search that found the item, as this item sees it: its spans (TitleSpans,
	// Matches, Query.Spans) say where each term matched, and a word the item did not match
	// marks nothing (search.Query.Only).
	Query *search.Query
	// Matched are the words of the query the item matched; Words says them.
	Matched search.TermSet
	// Full: the item matched every meaningful word of the query (search.Index.Search); the
	// results that did come first.
	Full bool
	// Folded: a match well below the best result (search.Hit.Folded), which a list shows only
	// when asked, under a line that counts them (Folded counts them).
	Folded bool
	asked  *search.Query
}

// Folded counts the results a list folds away (Result.Folded); they come last.
func Folded(rs []Result) int {
	n := 0
	for _, r := range rs {
		if r.Folded {
			n++
		}
	}
	return n
}

// Words returns the words of the query that the result matched and those it did not, as the
// engine read them: "matched 3 of 4 words: job index succeeds (not: 0)".
func (r Result) Words() (matched, not []string) { return r.asked.Report(r.Matched) }

// Search runs a query over the dataset: items that match every meaningful word first, then
// the items that match some, those far below the best folded (search.Index.Search); results
// are best first, ties in display order. An empty query returns nil. The query is bounded first (search.BoundQuery).
func (d *Dataset) Search(query string) []Result { return d.SearchQuery(d.ParseQuery(query)) }

// ParseQuery reads a query as the engine does (search.Index.Parse): a number is a KEP reference
// only when the release has that KEP, and "sig network" names a SIG of SIGs.
func (d *Dataset) ParseQuery(query string) *search.Query { return d.searchIndex().Parse(query) }

// SearchQuery is Search for a query already read with ParseQuery.
func (d *Dataset) SearchQuery(q *search.Query) []Result {
	if q.Empty() {
		return nil
	}
	hits := d.searchIndex().Search(q)
	if len(hits) == 0 {
		return nil
	}
	out := make([]Result, len(hits))
	for k, h := range hits {
		out[k] = Result{Item: d.searchItems[h.Doc], Score: h.Score, Query: q.Only(h.Matched), Matched: h.Matched,
			Full: h.Full, Folded: h.Folded, asked: q}
	}
	return out
}

// searchIndex builds the index once, on first use; concurrent callers wait for the one build.
func (d *Dataset) searchIndex() *search.Index {
	d.indexOnce.Do(func() {
		d.searchItems = append(slices.Clone(d.Items), d.ReleaseItem())
		if d.table != nil {
			docs := make([]search.Doc, len(d.searchItems))
			for i, it := range d.searchItems {
				docs[i] = docOf(it, false)
			}
			textsOf := func(i int) []search.Text { return docOf(d.searchItems[i], true).Texts }
			// NewDatasetIndexed checked the table's shape against these items already
			if ix, err := search.FromTable(docs, d.table, SIGs, textsOf); err == nil {
				d.index = ix
				return
			}
		}
		d.index = buildIndex(d.searchItems)
	})
	return d.index
}

// buildIndex indexes items from their texts.
func buildIndex(items []*Item) *search.Index {
	docs := make([]search.Doc, len(items))
	for i, it := range items {
		docs[i] = docOf(it, true)
	}
	return search.Build(docs, SIGs)
}

// docOf is an item as the engine indexes it: every text in every language, each in its field.
// With texts false it carries only what a prebuilt index reads on opening (Short, KEP, SIG).
func docOf(it *Item, texts bool) search.Doc {
	doc := search.Doc{KEP: it.KEP, OwnsKEP: it.Kind == KindEnhancement, SIG: it.SIG}
	doc.Short = make([]string, 0, 1+len(it.Gates))
	doc.Short = append(doc.Short, it.Title.Default)
	for _, g := range it.Gates {
		doc.Short = append(doc.Short, g.Name)
	}
	if !texts {
		return doc
	}
	keywords := len(it.Keywords)
	for _, ks := range it.KeywordsTr {
		keywords += len(ks.Words)
	}
	// every text in every language: sized once, as building the index from scratch reads them all
	doc.Texts = make([]search.Text, 0, (6+2*len(it.Gates))*(1+len(it.Title.Tr))+keywords)
	add := func(f search.Field, s string) { doc.Texts = append(doc.Texts, search.Text{Field: f, Text: s}) }
	addText := func(f search.Field, tx Text) {
		add(f, tx.Default)
		for _, x := range tx.Tr {
			add(f, x.Text)
		}
	}
	addText(search.Title, it.Title)
	for _, g := range it.Gates {
		add(search.Gate, g.Name)
	}
	for _, g := range it.Gates { // a gate's note is a line of the page, as short as a summary
		addText(search.Summary, g.Note)
	}
	for _, k := range it.Keywords {
		add(search.Keyword, k)
	}
	for _, ks := range it.KeywordsTr {
		for _, k := range ks.Words {
			add(search.Keyword, k)
		}
	}
	add(search.Meta, strings.Join([]string{it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " ")}, " "))
	lineTexts(it, add)
	for _, tx := range []Text{it.Summary, it.Affects, it.Instead} {
		addText(search.Summary, tx)
	}
	addText(search.Body, it.Body)
	return doc
}

// PrepareSearch builds the search index now, for a caller that has idle time before the first
// query (the explorer does it in the background while the first frame is drawn).
func (d *Dataset) PrepareSearch() { d.searchIndex() }

// IndexTable returns the dataset's search index as a table, for a generator to write out.
func (d *Dataset) IndexTable() search.IndexTable { return d.searchIndex().Table() }

// NewDatasetIndexed is NewDataset with a search index built ahead of time from the same items
// (search.IndexTable, numbered as Items with the release overview last). The table is checked
// for shape here, and taken into use on the first search.
func NewDatasetIndexed(r Release, items []*Item, t search.IndexTable) (*Dataset, error) {
	d := newDataset(r, items)
	if err := t.Check(len(d.Items) + 1); err != nil {
		return nil, err
	}
	d.table = &t
	return d, nil
}

// Field is a text of an item that search reads.
type Field uint8

const (
	FieldTitle Field = iota
	FieldSummary
	FieldAffects
	FieldInstead
	FieldBody
	FieldGate    // a gate's name; Match.Index says which gate
	FieldKeyword // a keyword; Match.Index says which keyword
)

// Match is where a query matched one text of an item.
type Match struct {
	Field Field
	Index int    // which gate or keyword for FieldGate and FieldKeyword; 0 otherwise
	Text  string // the text, in the language asked for
	Spans []search.Span
}

// Matches returns, for each text of the result's item in lang that the query matched, the
// spans it matched: what each term of the search found, field by field. In the title and gate
// names, a term that matches no word there is shown by the letters of its fuzzy match, if any.
func (r Result) Matches(lang Lang) []Match {
	it := r.Item
	var out []Match
	add := func(f Field, i int, text string) {
		if spans := r.spans(f, text); len(spans) > 0 {
			out = append(out, Match{Field: f, Index: i, Text: text, Spans: spans})
		}
	}
	add(FieldTitle, 0, it.Title.In(lang))
	add(FieldSummary, 0, it.Summary.In(lang))
	add(FieldAffects, 0, it.Affects.In(lang))
	add(FieldInstead, 0, it.Instead.In(lang))
	add(FieldBody, 0, it.Body.In(lang))
	for i, g := range it.Gates {
		add(FieldGate, i, g.Name)
	}
	keywords := it.Keywords
	if tr := it.KeywordsTr.In(lang); len(tr) > 0 {
		keywords = tr
	}
	for i, k := range keywords {
		add(FieldKeyword, i, k)
	}
	return out
}

// TitleSpans returns the spans of the item's title in lang that the query matched: what a list
// of results highlights.
func (r Result) TitleSpans(lang Lang) []search.Span {
	if r.Query == nil {
		return nil
	}
	return r.spans(FieldTitle, r.Item.Title.In(lang))
}

func (r Result) spans(f Field, text string) []search.Span {
	q := r.Query
	if q == nil || text == "" {
		return nil
	}
	if f == FieldTitle || f == FieldGate {
		return q.ShortSpans(text)
	}
	return q.Spans(text)
}

// Index is the dataset's search index, built on first use (or taken from its table).
func (d *Dataset) Index() *search.Index { return d.searchIndex() }
