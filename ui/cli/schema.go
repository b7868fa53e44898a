package cli

import (
	"math"
	"strings"

	"github.com/elli-k8s/elli/data"
)

// The JSON that elli prints is a public interface, and these types are its only definition:
// every --json goes through them, so a field has one shape in every command, and renaming a
// field of data.Item changes nothing here. SCHEMA.md documents each type field by field, and
// schema_test.go checks both the documentation and every command's output against them.
//
// What each command prints:
//
//   - elli list --json: an array of [Item], in display order.
//   - elli search --json: an array of [SearchResult], best first.
//   - elli gates [NAME] --json: an array of [GateEntry].
//   - elli show KEP|ID --json: one [Page]; elli show release --json: one [ReleasePage].
//
// The presence rules, the same for every type: arrays are always present ([] when empty);
// booleans are always present; a gate's default is null when unknown; url is always present (""
// without a link); every other optional field is absent when the item has none.

// Item is one item of the release: an element of list, and the head of search results and pages.
type Item struct {
	ID             string `json:"id"`
	Kind           string `json:"kind"`
	KEP            int    `json:"kep,omitempty"`
	Title          string `json:"title"`
	Stage          string `json:"stage,omitempty"`
	SIG            string `json:"sig,omitempty"`
	Summary        string `json:"summary"`
	URL            string `json:"url"`
	Gates          []Gate `json:"gates"`
	OffByDefault   bool   `json:"off_by_default"`
	ActionRequired bool   `json:"action_required"`
}

// Gate is a feature gate as the release has it.
type Gate struct {
	Name       string   `json:"name"`
	Default    *bool    `json:"default"`
	Stage      string   `json:"stage"`
	Components []string `json:"components"`
	Note       string   `json:"note,omitempty"`
}

// SearchResult is an element of search: the item and its score.
type SearchResult struct {
	Item
	Score float64 `json:"score"`
}

// GateEntry is an element of gates: the gate and the item that describes it. A gate that several
// items describe appears once per item.
type GateEntry struct {
	Gate
	Item ItemRef `json:"item"`
}

// ItemRef names an item.
type ItemRef struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	KEP   int    `json:"kep,omitempty"`
	Title string `json:"title"`
}

// Page is what show prints for an item: the item and the rest of its page.
type Page struct {
	Item
	History    *History `json:"history,omitempty"`
	Keywords   []string `json:"keywords"`
	Components []string `json:"components"`
	Affects    string   `json:"affects,omitempty"`
	Instead    string   `json:"instead,omitempty"`
	PRs        []int    `json:"prs"`
	Order      int      `json:"order,omitempty"`
	Links      []Link   `json:"links"`
	Body       string   `json:"body"`
}

// History is the release in which an enhancement reached each stage.
type History struct {
	Alpha string `json:"alpha,omitempty"`
	Beta  string `json:"beta,omitempty"`
	GA    string `json:"ga,omitempty"`
}

// Link is a titled URL.
type Link struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// ReleasePage is what show prints for the release overview: the overview as a search finds it
// (id and kind "release") and the release's facts.
type ReleasePage struct {
	Page
	Version      string       `json:"version"`
	Codename     string       `json:"codename"`
	Released     string       `json:"released"`
	Cycle        Cycle        `json:"cycle"`
	Counts       Counts       `json:"counts"`
	Contributors Contributors `json:"contributors"`
	DataAsOf     string       `json:"data_as_of"`
}

// Cycle is the release's development cycle.
type Cycle struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Weeks int    `json:"weeks"`
}

// Counts are the release's enhancements by stage.
type Counts struct {
	GA    int `json:"ga"`
	Beta  int `json:"beta"`
	Alpha int `json:"alpha"`
}

// Contributors are the release's contribution figures.
type Contributors struct {
	Companies             int    `json:"companies"`
	Individuals           int    `json:"individuals"`
	EcosystemCompanies    int    `json:"ecosystem_companies"`
	EcosystemContributors int    `json:"ecosystem_contributors"`
	IndividualsGrowth     string `json:"individuals_growth"`
}

func itemOf(it *data.Item) Item {
	gates := make([]Gate, 0, len(it.Gates))
	for _, g := range it.Gates {
		gates = append(gates, gateOf(g))
	}
	return Item{
		ID: it.ID, Kind: string(it.Kind), KEP: it.KEP, Title: it.Title.Default,
		Stage: string(it.Stage), SIG: it.SIG, Summary: strings.TrimSpace(it.Summary.Default),
		URL: it.URL, Gates: gates, OffByDefault: it.OffByDefault(), ActionRequired: it.ActionRequired,
	}
}

// refOf names an item, as every type that refers to one does.
func refOf(it *data.Item) ItemRef {
	return ItemRef{ID: it.ID, Kind: string(it.Kind), KEP: it.KEP, Title: it.Title.Default}
}

func gateOf(g data.Gate) Gate {
	return Gate{Name: g.Name, Default: g.Default, Stage: g.Stage, Components: orEmpty(g.Components), Note: g.Note.Default}
}

func itemsOf(items []*data.Item) []Item {
	out := make([]Item, 0, len(items))
	for _, it := range items {
		out = append(out, itemOf(it))
	}
	return out
}

func searchResultsOf(results []data.Result) []SearchResult {
	out := make([]SearchResult, 0, len(results))
	for _, r := range results {
		out = append(out, SearchResult{Item: itemOf(r.Item), Score: math.Round(r.Score*1000) / 1000})
	}
	return out
}

func gateEntriesOf(refs []data.GateRef) []GateEntry {
	out := make([]GateEntry, 0, len(refs))
	for _, g := range refs {
		out = append(out, GateEntry{Gate: gateOf(g.Gate), Item: refOf(g.Item)})
	}
	return out
}

func pageOf(it *data.Item) Page {
	p := Page{
		Item: itemOf(it), Keywords: orEmpty(it.Keywords), Components: orEmpty(it.Components),
		Affects: strings.TrimSpace(it.Affects.Default), Instead: strings.TrimSpace(it.Instead.Default),
		PRs: orEmpty(it.PRs), Order: it.Order, Links: linksOf(it.Links), Body: it.Body.Default,
	}
	if h := it.History; h != (data.History{}) {
		p.History = &History{Alpha: h.Alpha, Beta: h.Beta, GA: h.GA}
	}
	return p
}

func releasePageOf(ds *data.Dataset) ReleasePage {
	r := &ds.Release
	p := pageOf(ds.ReleaseItem())
	p.Body = r.Body.Default // the overview's own text; the search item's body also holds the facts
	c := r.Contributors
	return ReleasePage{
		Page: p, Version: r.Version, Codename: r.Codename, Released: r.Released,
		Cycle:  Cycle{Start: r.Cycle.Start, End: r.Cycle.End, Weeks: r.Cycle.Weeks},
		Counts: Counts{GA: r.Counts.GA, Beta: r.Counts.Beta, Alpha: r.Counts.Alpha},
		Contributors: Contributors{
			Companies: c.Companies, Individuals: c.Individuals, EcosystemCompanies: c.EcosystemCompanies,
			EcosystemContributors: c.EcosystemContributors, IndividualsGrowth: c.IndividualsGrowth,
		},
		DataAsOf: r.DataAsOf,
	}
}

func linksOf(links []data.Link) []Link {
	out := make([]Link, 0, len(links))
	for _, l := range links {
		out = append(out, Link{Title: l.Title, URL: l.URL})
	}
	return out
}

// orEmpty turns nil into an empty slice, which JSON prints as [] rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
