package cli

import (
	"strings"
	"time"

	"github.com/elli-k8s/elli/data"
)

// The JSON of the road (elli road --json, and a road change's page in elli show ID --json):
// schema.go's rules hold here too, and SCHEMA.md documents each type.

// Road is elli road --json: where the release stands and the hops up to the target.
type Road struct {
	// From is the release elli holds; EndOfLife its line's end.
	From      string `json:"from"`
	EndOfLife string `json:"end_of_life"`
	// To is the last hop listed; Today the day the statuses are reckoned on.
	To       string    `json:"to"`
	Today    string    `json:"today"`
	DataAsOf string    `json:"data_as_of"`
	Hops     []RoadHop `json:"hops"`
}

// RoadHop is one minor release on the road with its changes, most urgent first.
type RoadHop struct {
	Version      string     `json:"version"`
	Codename     string     `json:"codename"`
	Released     string     `json:"released"`
	Go           string     `json:"go"`
	Latest       RoadLatest `json:"latest"`
	Support      Support    `json:"support"`
	Status       string     `json:"status"`
	Enhancements int        `json:"enhancements"`
	Summary      string     `json:"summary"`
	Body         string     `json:"body"`
	Items        []RoadItem `json:"road_items"`
	Links        []Link     `json:"links"`
	Lang         string     `json:"lang"`
}

// RoadLatest is the newest patch release of a line elli knows of.
type RoadLatest struct {
	Version  string `json:"version"`
	Released string `json:"released"`
}

// RoadItem is a change on the road: the item, what it touches and its road facts.
type RoadItem struct {
	Item
	Components []string `json:"components"`
	RoadFacts
}

// RoadFacts are a road change's own facts.
type RoadFacts struct {
	Release  string     `json:"release"`
	Category string     `json:"category"`
	Impact   string     `json:"impact"`
	APIs     []string   `json:"apis"`
	Flags    []RoadFlag `json:"flags"`
}

// RoadFlag is a command-line flag the release removes.
type RoadFlag struct {
	Name       string   `json:"name"`
	Components []string `json:"components"`
}

// RoadPage is a road change's page: elli show ID --json.
type RoadPage struct {
	Page
	RoadFacts
}

func (a *app) roadOf(ds *data.Dataset, hops []data.RoadRelease, target string) Road {
	out := Road{From: ds.Release.Version, EndOfLife: ds.Release.Support.EndOfLife, To: target,
		Today: a.now().Format(time.DateOnly), DataAsOf: ds.Release.DataAsOf, Hops: []RoadHop{}}
	for _, rr := range hops {
		h := RoadHop{Version: rr.Version, Codename: rr.Codename, Released: rr.Released, Go: rr.Go,
			Latest:  RoadLatest{rr.Latest.Version, rr.Latest.Released},
			Support: Support{MaintenanceMode: rr.Support.MaintenanceMode, EndOfLife: rr.Support.EndOfLife},
			Status:  string(rr.Support.StatusOn(a.now())), Enhancements: rr.Enhancements,
			Summary: strings.TrimSpace(rr.Summary.In(a.lang)), Body: rr.Body.In(a.lang), Items: []RoadItem{}, Links: linksOf(rr.Links, a.lang),
			Lang: string(textLang(rr.Summary, a.lang))}
		for _, it := range ds.RoadItems(rr.Version) {
			h.Items = append(h.Items, RoadItem{Item: itemOf(it, a.lang), Components: orEmpty(it.Components), RoadFacts: roadFactsOf(it)})
		}
		out.Hops = append(out.Hops, h)
	}
	return out
}

func roadFactsOf(it *data.Item) RoadFacts {
	r := it.Road
	f := RoadFacts{Release: r.Release, Category: string(r.Category), Impact: string(r.Impact),
		APIs: orEmpty(r.APIs), Flags: []RoadFlag{}}
	for _, fl := range r.Flags {
		f.Flags = append(f.Flags, RoadFlag{fl.Name, orEmpty(fl.Components)})
	}
	return f
}

// textLang is the language a text is given in: lang when it has a translation, else English.
func textLang(t data.Text, lang data.Lang) data.Lang {
	if t.Has(lang) {
		return lang
	}
	return data.LangEN
}
