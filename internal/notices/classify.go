package notices

import (
	"regexp"
	"slices"
	"strings"
)

// A licence elli knows: its SPDX identifier, its Debian copyright-format short name, and the
// phrases that identify its text. A text may hold several licences (sigs.k8s.io/yaml and
// go.yaml.in/yaml carry two each); Classify names every one it finds.
type licence struct {
	SPDX, Debian string
	// all of these, after normalize, must occur; none of unless may
	all, unless []string
}

// licences are tried in this order; the BSD clauses are told apart by the third clause.
var licences = []licence{
	{SPDX: "Apache-2.0", Debian: "Apache-2.0", all: []string{"apache license", "version 2.0"}},
	{SPDX: "MIT", Debian: "Expat", all: []string{"permission is hereby granted, free of charge, to any person obtaining a copy"}},
	{SPDX: "BSD-3-Clause", Debian: "BSD-3-clause", all: []string{"redistribution and use in source and binary forms", "endorse or promote products"}},
	{SPDX: "BSD-2-Clause", Debian: "BSD-2-clause", all: []string{"redistribution and use in source and binary forms"}, unless: []string{"endorse or promote products"}},
	{SPDX: "ISC", Debian: "ISC", all: []string{"permission to use, copy, modify, and", "distribute this software for any purpose with or without fee is hereby granted"}},
	{SPDX: "MPL-2.0", Debian: "MPL-2.0", all: []string{"mozilla public license", "version 2.0"}},
}

var (
	markup = regexp.MustCompile("[*#>`_]+")
	spaces = regexp.MustCompile(`\s+`)
)

// normalize lower-cases a licence text and folds its layout: Markdown marks, line breaks and
// runs of spaces do not change what a licence says.
func normalize(text string) string {
	s := strings.ToLower(text)
	s = markup.ReplaceAllString(s, " ")
	s = strings.ReplaceAll(s, "and/or", "and")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// Classify returns the SPDX identifiers of the licences a licence file's text holds, in the
// order of licences; none when it holds no licence elli knows.
func Classify(text string) []string {
	s := normalize(text)
	var out []string
	for _, l := range licences {
		ok := true
		for _, p := range l.all {
			ok = ok && strings.Contains(s, p)
		}
		for _, p := range l.unless {
			ok = ok && !strings.Contains(s, p)
		}
		if ok {
			out = append(out, l.SPDX)
		}
	}
	return out
}

// debianName is the copyright-format short name of an SPDX identifier Classify returned.
func debianName(spdx string) string {
	i := slices.IndexFunc(licences, func(l licence) bool { return l.SPDX == spdx })
	return licences[i].Debian
}

// isLicenceFile says whether a file at a module's root is one that Classify reads (a licence)
// or that ships as it is (a NOTICE, which Apache-2.0 §4(d) requires to travel with the work).
func isLicenceFile(name string) (licence, notice bool) {
	n := strings.ToUpper(name)
	base, _, _ := strings.Cut(n, ".")
	switch {
	case base == "LICENSE" || base == "LICENCE" || base == "COPYING" || base == "UNLICENSE",
		strings.HasPrefix(base, "LICENSE-"), strings.HasPrefix(base, "LICENCE-"):
		return true, false
	case base == "NOTICE":
		return false, true
	}
	return false, false
}
