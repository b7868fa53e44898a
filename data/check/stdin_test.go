package check

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// at is each finding as line:column, rule and object, sorted.
func at(fs []Finding) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%d %s %s", f.Line, f.Column, f.Rule, f.Name))
	}
	slices.Sort(out)
	return out
}

// A JSON List on one line (kubectl get -o json | jq -c) larger than --max-file-size is read
// item by item from standard input, and each finding is where the whole document puts it:
// line 1, at its column in the line, not at its column in the item (issue 29).
func TestOneLineJSONListColumns(t *testing.T) {
	var items []string
	for i := range 12 {
		items = append(items, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p`+strconv.Itoa(i)+
			`"},"spec":{"volumes":[{"name":"v","cephfs":{"monitors":["m"]}}]}}`)
	}
	list := `{"apiVersion":"v1","kind":"List","items":[` + strings.Join(items, ",") + "]}\n"
	whole, _ := New(nil, Options{}).ScanDocument(StdinName, []byte(list))
	if len(whole) != 12 {
		t.Fatalf("the whole document gives %d findings", len(whole))
	}
	rep, err := New(nil, Options{MaxFileSize: 512}).Scan(context.Background(), []string{StdinName}, strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(at(rep.Findings), at(whole)) || len(rep.Notes) != 0 {
		t.Errorf("item by item:\n got %v\nwant %v\nnotes %+v", at(rep.Findings), at(whole), rep.Notes)
	}
}

// Binary data on standard input is said to be binary, as a binary file is, and not read as
// YAML that holds nothing (issue 29).
func TestBinaryStdin(t *testing.T) {
	bin := "\x7fELF\x02\x01\x01\x00\x00\x00" + strings.Repeat("\x00\x01cephfs: {}\n", 100)
	rep, err := New(nil, Options{}).Scan(context.Background(), []string{StdinName}, strings.NewReader(bin))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Notes) != 1 || rep.Notes[0].File != StdinName || rep.Notes[0].Message != textEN.Binary {
		t.Errorf("notes %+v, want one saying standard input is binary", rep.Notes)
	}
	if len(rep.Findings) != 0 || rep.Files != 1 {
		t.Errorf("findings %+v, files %d", rep.Findings, rep.Files)
	}
	// UTF-16 has NULs and is text: not binary
	u := "\xff\xfek\x00i\x00n\x00d\x00:\x00 \x00P\x00o\x00d\x00\n\x00"
	rep, err = New(nil, Options{}).Scan(context.Background(), []string{StdinName}, strings.NewReader(u))
	if err != nil || slices.ContainsFunc(rep.Notes, func(n Note) bool { return n.Message == textEN.Binary }) {
		t.Errorf("UTF-16 on stdin: %v, notes %+v", err, rep.Notes)
	}
}
