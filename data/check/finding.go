package check

import (
	"cmp"
	"slices"
)

// Finding is one thing in the user's files that v1.31 breaks or deprecates.
type Finding struct {
	Severity Severity
	// File is the path as the scan met it ("-" for standard input).
	File string
	// Line and Column locate the offending key, flag or word (1-based; 0 when unknown).
	Line, Column int
	// Kind, Namespace and Name identify the Kubernetes object, when the finding is in one.
	Kind, Namespace, Name string
	// Path is the field of a live object that the finding is at, such as
	// spec.template.spec.volumes[2].cephfs, when the object was read from a cluster (File then
	// names it as context/namespace/Kind/name and Line is 0); empty for files.
	Path string
	// Rule is the rule's id.
	Rule string
	// Message says what was found; Fix what to do about it.
	Message, Fix string
	// Item is the elli item that explains the change.
	Item string
	// Release is the release on the road that brings the change ("v1.34"), when the check
	// looks past 1.31 (Options.To) and the finding is one of a later release's; "" for 1.31's.
	Release string
}

// NoteKind says why a note was written.
type NoteKind string

const (
	// NoteUnparsable: the file (or one document of it) is not valid YAML or JSON; the scan went
	// on with the rest.
	NoteUnparsable NoteKind = "unparsable"
	// NoteSkipped: the file was not read (binary, special, too large, unreadable, a template).
	NoteSkipped NoteKind = "skipped"
	// NoteTruncated: a file held more findings than are kept.
	NoteTruncated NoteKind = "truncated"
)

// Note is something the scan could not look at, with its reason.
type Note struct {
	Kind    NoteKind
	File    string
	Line    int
	Message string
	// Unread: the file (or stream) exists and could not be read (permissions, an I/O error):
	// what it holds went unchecked, so a scan with one is not a pass (check exits 2).
	Unread bool
}

// Report is the outcome of a scan.
type Report struct {
	// Findings, by file in the order the scan met them, then by line.
	Findings []Finding
	Notes    []Note
	// NotesDropped counts the notes beyond the kept ones (a tree of many binary files, say).
	NotesDropped int
	// Files and Bytes count what was read.
	Files int
	Bytes int64
	// streamed counts the findings ScanTo handed on instead of keeping, by severity
	streamed [Error + 1]int
	// Unread counts the notes with Unread set, including dropped ones; FirstUnread is the first.
	Unread      int
	FirstUnread *Note
	// StdinBytes counts what came on standard input, when - was read.
	StdinBytes int64
}

// Count returns the number of findings at or above min.
func (r *Report) Count(min Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity >= min {
			n++
		}
	}
	for sev, k := range r.streamed {
		if Severity(sev) >= min {
			n += k
		}
	}
	return n
}

// CountBy returns the number of findings of each severity.
func (r *Report) CountBy() map[Severity]int {
	m := map[Severity]int{Error: 0, Warning: 0, Info: 0}
	for _, f := range r.Findings {
		m[f.Severity]++
	}
	for sev, k := range r.streamed {
		m[Severity(sev)] += k
	}
	return m
}

// sortFindings orders one file's findings by line, column, then rule order, and drops exact
// duplicates (one key reached twice through a YAML alias, say).
func sortFindings(fs []Finding) []Finding {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			cmp.Compare(RuleIndex(a.Rule), RuleIndex(b.Rule)),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.Compact(fs)
}
