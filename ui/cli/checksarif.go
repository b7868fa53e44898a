package cli

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
)

// SARIF 2.1.0 (OASIS), the format code-scanning dashboards read. Only what elli fills in is
// declared; testdata/sarif-2.1.0.json validates the output in the tests.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	ShortDescription     sarifText          `json:"shortDescription"`
	FullDescription      sarifText          `json:"fullDescription"`
	Help                 sarifText          `json:"help"`
	HelpURI              string             `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           sarifProperties    `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifProperties struct {
	Tags     []string `json:"tags,omitempty"`
	ElliItem string   `json:"elliItem,omitempty"`
	Fix      string   `json:"fix,omitempty"`
	// Release is the release that brings the finding's change (v1.31, or one on the road)
	Release string `json:"release,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifText       `json:"message"`
	Locations  []sarifLocation `json:"locations"`
	Properties sarifProperties `json:"properties"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

// sarifLevel maps a severity to SARIF's levels.
func sarifLevel(s check.Severity) string {
	switch s {
	case check.Error:
		return "error"
	case check.Warning:
		return "warning"
	}
	return "note"
}

func sarifOf(ds *data.Dataset, rep *check.Report, build Build, lang data.Lang) sarifLog {
	driver := sarifDriver{Name: "elli", Version: build.Version, InformationURI: "https://github.com/elli-k8s/elli"}
	for _, r := range check.Rules {
		it := ds.ByID(r.Item)
		title, fix := r.TitleIn(lang), r.FixIn(lang)
		full, help := title, fix+"\n\nelli show "+r.Item
		rule := sarifRule{
			ID: r.ID, ShortDescription: sarifText{title}, DefaultConfiguration: sarifConfiguration{sarifLevel(r.Severity)},
			Properties: sarifProperties{Tags: []string{"kubernetes", "v1.31"}, ElliItem: r.Item},
		}
		if it != nil {
			full = title + ": " + strings.TrimSpace(it.Summary.In(lang))
			help = fix + "\n\nelli show " + r.Item + " (" + it.Title.In(lang) + ")"
			rule.HelpURI = itemURL(it)
		}
		rule.FullDescription, rule.Help = sarifText{full}, sarifText{help}
		driver.Rules = append(driver.Rules, rule)
	}
	run := sarifRun{Tool: sarifTool{driver}, Results: make([]sarifResult, 0, len(rep.Findings))}
	for _, f := range rep.Findings {
		var loc sarifLocation
		switch {
		case f.Path != "":
			// a cluster object has no file: its logical location is context/namespace/Kind/name,
			// and the field's is that and the path
			loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: f.File, Kind: "object"},
				{Name: f.Path, FullyQualifiedName: f.File + "/" + f.Path, Kind: "member"}}
		default:
			loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{sarifURI(f.File)}}
			if f.Line > 0 {
				loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line, StartColumn: f.Column}
			}
			if obj := objectLabel(f); obj != "" {
				loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: obj, Kind: "object"}}
			}
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: f.Rule, RuleIndex: check.RuleIndex(f.Rule), Level: sarifLevel(f.Severity),
			Message: sarifText{f.Message + " (" + f.Fix + ")"}, Locations: []sarifLocation{loc},
			Properties: sarifProperties{ElliItem: f.Item, Fix: f.Fix, Release: releaseOf(ds, f.Release)},
		})
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	for _, n := range rep.Notes {
		note := sarifNotification{Level: "warning", Message: sarifText{n.Message}}
		loc := sarifLocation{PhysicalLocation: &sarifPhysical{ArtifactLocation: sarifArtifact{sarifURI(n.File)}}}
		if n.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: n.Line}
		}
		note.Locations = []sarifLocation{loc}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, note)
	}
	run.Invocations = []sarifInvocation{inv}
	return sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
}

// itemURL is the item's main link, or its first link; SARIF wants an absolute URI.
func itemURL(it *data.Item) string {
	if it.URL != "" {
		return it.URL
	}
	if len(it.Links) > 0 {
		return it.Links[0].URL
	}
	return ""
}

// sarifURI writes a file path as a URI reference: relative paths stay relative (dashboards
// resolve them against the repository), absolute ones become file: URIs.
func sarifURI(p string) string {
	if p == check.StdinName {
		return "stdin"
	}
	slash := filepath.ToSlash(p)
	if filepath.IsAbs(p) {
		return (&url.URL{Scheme: "file", Path: slash}).String()
	}
	return (&url.URL{Path: strings.TrimPrefix(slash, "./")}).String()
}
