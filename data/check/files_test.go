package check

import "testing"

// sniff decides how a file named on the command line is read when its name says nothing; a
// stream is JSON by the same test (isJSONStart).
func TestSniff(t *testing.T) {
	for in, want := range map[string]fileKind{
		"\xef\xbb\xbf  {\"kind\": \"Pod\"}":    fkJSON,
		"\n[\n{}]":                             fkJSON,
		"-----BEGIN CERTIFICATE-----\n":        fkPEM,
		"#!/bin/sh\nkubectl get pods\n":        fkShell,
		"[Unit]\nDescription=kubelet\n":        fkUnit,
		"# a drop-in\n[Service]\nExecStart=\n": fkUnit,
		"apiVersion: v1\nkind: Pod\n":          fkYAML,
		"- [a, b]\n":                           fkYAML,
	} {
		if got := sniff([]byte(in)); got != want {
			t.Errorf("sniff(%q) = %d, want %d", in, got, want)
		}
	}
}
