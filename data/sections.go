package data

import (
	"slices"
	"strings"
	"unicode"
)

// Section is one part of the release as elli presents it. The explorer's tabs and their number
// keys, the help, the --tab flag and the list elli prints for a tab all come from Sections, so a
// section is named once, by its Label, and everything else is derived from that: its Name (the
// value of --tab), its Short label and the words --tab also takes.
type Section struct {
	// Label is the section's one name, in each language.
	Label Text
	// Name is how commands refer to the section, the value of --tab: the first word of the
	// English label, lower-cased ("removals" for "Removals & deprecations").
	Name string
	// Short is the label where room is scarce: its first word in each language.
	Short Text
	// Aliases are the other words --tab takes for the section: each word of its label in
	// either language, and the names it had before (also).
	Aliases []string
	holds   func(*Item) bool
}

// Holds reports whether the section lists the item.
func (s Section) Holds(it *Item) bool { return s.holds(it) }

// newSection derives a section's name, short label and aliases from its label. also are older
// names that --tab keeps taking, so scripts written for them go on working.
func newSection(label Text, holds func(*Item) bool, also ...string) Section {
	s := Section{Label: label, holds: holds, Name: strings.ToLower(firstWord(label.Default))}
	tr := map[Lang]string{}
	for _, lang := range Langs {
		if lang != LangEN && label.Has(lang) {
			tr[lang] = firstWord(label.In(lang))
		}
	}
	s.Short = NewText(firstWord(label.Default), tr)
	for _, lang := range Langs {
		for _, w := range strings.Fields(strings.ToLower(label.In(lang))) {
			if strings.ContainsFunc(w, unicode.IsLetter) && w != s.Name && !slices.Contains(s.Aliases, w) {
				s.Aliases = append(s.Aliases, w)
			}
		}
	}
	s.Aliases = append(s.Aliases, also...)
	return s
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

// Sections are the release's sections in the order the explorer shows them. The first, the
// overview, holds every item.
var Sections = []Section{
	newSection(zh("Overview", "概览"), func(*Item) bool { return true }, "all"),
	// Stage names stay as the Kubernetes docs write them in Chinese too.
	newSection(zh("GA", "GA"), enhancementAt(StageGA)),
	newSection(zh("Beta", "Beta"), enhancementAt(StageBeta)),
	newSection(zh("Alpha", "Alpha"), enhancementAt(StageAlpha)),
	newSection(zh("Removals & deprecations", "移除与弃用"),
		func(it *Item) bool { return it.Kind == KindRemoval || it.Kind == KindDeprecation }, "changes"),
	newSection(zh("Upgrade guide", "升级指南"), func(it *Item) bool { return it.Kind == KindGuide }),
	// The line after release day: its patch releases and the vulnerabilities fixed in it.
	newSection(zh("Patches & CVEs", "补丁 · 漏洞"), func(it *Item) bool { return it.Kind == KindPatch || it.Kind == KindCVE }),
	// The road off the release: every later release's breaking and action-required changes.
	newSection(zh("Road to a supported release", "升级路线"), func(it *Item) bool { return it.Kind == KindRoad }, "hops"),
}

// RoadSection names the section of the road, which the explorer heads with the releases'
// support windows.
const RoadSection = "road"

// PatchesSection names the section of the line's patch releases and CVEs, which the explorer
// heads with the line's timeline.
const PatchesSection = "patches"

// zh is a text in English and Chinese.
func zh(en, zh string) Text { return NewText(en, map[Lang]string{LangZH: zh}) }

func enhancementAt(s Stage) func(*Item) bool {
	return func(it *Item) bool { return it.Kind == KindEnhancement && it.Stage == s }
}

// SectionNames are the sections' names, in order: the values of --tab that help offers.
func SectionNames() []string {
	out := make([]string, len(Sections))
	for i, s := range Sections {
		out[i] = s.Name
	}
	return out
}

// SectionIndex returns the position in Sections of the section with that name or alias (any
// case), or -1.
func SectionIndex(name string) int {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return -1
	}
	for i, s := range Sections {
		if s.Name == name || slices.Contains(s.Aliases, name) {
			return i
		}
	}
	return -1
}

// HomeSection returns the position of the first section after the overview that holds the item:
// the tab an item opens in. It is 0, the overview, for an item no other section holds.
func HomeSection(it *Item) int {
	for i, s := range Sections[1:] {
		if s.Holds(it) {
			return i + 1
		}
	}
	return 0
}
