// Package search is elli's search engine: it splits text into words (English words, camel parts
// of gate names, runs of CJK characters), indexes documents, reads a query, ranks the documents
// that match it and says where in a text each query word matched.
//
// Data flows one way: package data makes a Doc of each item (its texts in every language, each
// in its Field, its KEP number and SIG) and hands the documents to Build, or to FromTable with
// the index the snapshot's generator wrote ahead of time (IndexTable). This package imports
// nothing of elli, so it knows no item kind: a new kind is searchable as soon as data makes
// documents of it.
//
// A query flows through five steps:
//
//  1. parse: Index.Parse bounds the query (BoundQuery) and splits it at spaces, punctuation and
//     changes of script (tokenize.go, query.go);
//  2. terms: each word becomes a Term: a KEP number the documents have, a SIG filter ("sig
//     network"), or a word; a Chinese run the release holds nowhere is read with the glossary's
//     words (aliases.go) and cut into the pieces it does hold (cjk.go, terms.go);
//  3. index lookups: each word term finds the words of the vocabulary it matches, exactly, by
//     prefix, with one typo or inside a word, and a CJK term the runs holding it through a suffix
//     array; each matched word's postings give the documents and the field it is in (search.go,
//     index.go);
//  4. rank: each term weighs by how rare it is in the documents, more when it names one thing
//     (a flag, a version, an id, a gate); a document's score adds, per term, weight × match
//     quality × field weight, times the share of the query's weight it covers. Documents that
//     match every meaningful term come first; partial matches far below the best are folded
//     (Hit.Folded); ties keep the documents' order (search.go);
//  5. spans: Query.Spans marks in any text the words each term matches, by the same rule the
//     index used (Term.matchWord), so what a list highlights and a page marks is what the
//     engine matched (spans.go).
package search
