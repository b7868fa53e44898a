package cli

import (
	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
)

// The JSON of elli check, documented in SCHEMA.md beside the other commands' types and checked
// by the same tests:
//
//   - elli check PATH... --json: one [CheckReport].
//   - elli check --rules --json: an array of [CheckRule].

// CheckReport is what elli check --json prints.
type CheckReport struct {
	Findings []Finding   `json:"findings"`
	Notes    []CheckNote `json:"notes"`
	Scan     CheckScan   `json:"scan"`
	// Cluster is set by elli check --cluster: what was read, and what the findings mean
	Cluster *CheckCluster `json:"cluster,omitempty"`
	// To is the release the check looked ahead to (--to): the release's own when it did not
	To   string `json:"to"`
	Lang string `json:"lang"`
}

// CheckCluster describes the cluster elli check --cluster read.
type CheckCluster struct {
	Context string `json:"context"`
	// Server is the API server's version; Frame what the findings mean for it: upgrade (a
	// 1.30 server: what the upgrade to 1.31 breaks), current (1.31: what runs on borrowed
	// time) or other (any other version)
	Server string             `json:"server"`
	Frame  string             `json:"frame"`
	Read   []ClusterKindCount `json:"read"`
	// Lacking are the security fixes the server's patch release lacks (as elli cve --version
	// lists them), when the server is of the line elli describes
	Lacking []CVE `json:"lacking,omitempty"`
}

// Finding is one thing in the user's files that v1.31 breaks or deprecates.
type Finding struct {
	Severity string `json:"severity"`
	Rule     string `json:"rule"`
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	// Path is the field of a cluster object (elli check --cluster), whose File is
	// context/namespace/Kind/name
	Path    string     `json:"path,omitempty"`
	Object  *ObjectRef `json:"object,omitempty"`
	Message string     `json:"message"`
	Fix     string     `json:"fix"`
	Item    ItemRef    `json:"item"`
	// Release is the release that brings the change: the release's own ("v1.31"), or one on
	// the road when the check looked ahead with --to
	Release string `json:"release"`
}

// ObjectRef names the Kubernetes object a finding is in.
type ObjectRef struct {
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name,omitempty"`
}

// CheckNote is a file, or part of one, that the scan could not look at.
type CheckNote struct {
	Kind    string `json:"kind"`
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// CheckScan counts what a scan read and found, and says whether the run fails. Its count of
// notes is notes_total, not notes: a field name has one shape in the whole schema, and notes
// is the report's array.
type CheckScan struct {
	Files      int    `json:"files"`
	Bytes      int    `json:"bytes"`
	Errors     int    `json:"errors"`
	Warnings   int    `json:"warnings"`
	Info       int    `json:"info"`
	NotesTotal int    `json:"notes_total"`
	FailOn     string `json:"fail_on"`
	Failed     bool   `json:"failed"`
}

// CheckRule is a rule of elli check, as --rules --json lists it.
type CheckRule struct {
	ID       string  `json:"id"`
	Severity string  `json:"severity"`
	Title    string  `json:"title"`
	Fix      string  `json:"fix"`
	Item     ItemRef `json:"item"`
	// Release is the release whose change the rule finds: the release's own, or a road item's
	Release string `json:"release"`
	Lang    string `json:"lang"`
}

// releaseOf is the release a finding or rule belongs to: a road item's, or the release's own.
func releaseOf(ds *data.Dataset, release string) string {
	if release != "" {
		return release
	}
	return data.MinorOf(ds.Release.Version)
}

func checkReportOf(ds *data.Dataset, rep *check.Report, failOn string, lang data.Lang, to string) CheckReport {
	out := CheckReport{Findings: make([]Finding, 0, len(rep.Findings)), Notes: make([]CheckNote, 0, len(rep.Notes)), Lang: string(lang),
		To: releaseOf(ds, to)}
	for _, f := range rep.Findings {
		out.Findings = append(out.Findings, findingOf(ds, f, lang))
	}
	for _, n := range rep.Notes {
		out.Notes = append(out.Notes, CheckNote{Kind: string(n.Kind), File: n.File, Line: n.Line, Message: n.Message})
	}
	by := rep.CountBy()
	out.Scan = CheckScan{
		Files: rep.Files, Bytes: int(rep.Bytes), Errors: by[check.Error], Warnings: by[check.Warning],
		Info: by[check.Info], NotesTotal: len(rep.Notes) + rep.NotesDropped, FailOn: failOn, Failed: failed(rep, failOn),
	}
	return out
}

func findingOf(ds *data.Dataset, f check.Finding, lang data.Lang) Finding {
	out := Finding{
		Severity: f.Severity.String(), Rule: f.Rule, File: f.File, Line: f.Line, Column: f.Column, Path: f.Path,
		Message: f.Message, Fix: f.Fix, Item: itemRefOf(ds, f.Item, lang), Release: releaseOf(ds, f.Release),
	}
	if f.Kind != "" {
		out.Object = &ObjectRef{Kind: f.Kind, Namespace: f.Namespace, Name: f.Name}
	}
	return out
}

func rulesOf(ds *data.Dataset, lang data.Lang) []CheckRule {
	out := make([]CheckRule, 0, len(check.Rules))
	for _, r := range check.Rules {
		rel := ""
		if it := ds.ByID(r.Item); it != nil && it.Road != nil {
			rel = it.Road.Release
		}
		out = append(out, CheckRule{ID: r.ID, Severity: r.Severity.String(), Title: r.TitleIn(lang), Fix: r.FixIn(lang),
			Item: itemRefOf(ds, r.Item, lang), Release: releaseOf(ds, rel), Lang: string(lang)})
	}
	return out
}
