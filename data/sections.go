package data

import "strings"

// Section is one part of the release as elli presents it. The explorer's tabs and their number
// keys, the --tab flag and the list elli prints for a tab all come from Sections, so a section
// is named, labelled and filled in one place.
type Section struct {
	// Name is how commands refer to the section: the value of --tab.
	Name string
	// Label is the section's name for people; Short is the label where room is scarce.
	Label, Short Text
	holds        func(*Item) bool
}

// Holds reports whether the section lists the item.
func (s Section) Holds(it *Item) bool { return s.holds(it) }

// Sections are the release's sections in the order the explorer shows them. The first, the
// overview, holds every item.
var Sections = []Section{
	{Name: "overview", Label: Text{Default: "Overview"}, Short: Text{Default: "All"},
		holds: func(*Item) bool { return true }},
	{Name: "ga", Label: Text{Default: "GA"}, Short: Text{Default: "GA"}, holds: enhancementAt(StageGA)},
	{Name: "beta", Label: Text{Default: "Beta"}, Short: Text{Default: "Beta"}, holds: enhancementAt(StageBeta)},
	{Name: "alpha", Label: Text{Default: "Alpha"}, Short: Text{Default: "Alpha"}, holds: enhancementAt(StageAlpha)},
	{Name: "changes", Label: Text{Default: "Removals & deprecations"}, Short: Text{Default: "Removals"},
		holds: func(it *Item) bool { return it.Kind == KindRemoval || it.Kind == KindDeprecation }},
	{Name: "upgrade", Label: Text{Default: "Upgrade guide"}, Short: Text{Default: "Upgrade"},
		holds: func(it *Item) bool { return it.Kind == KindGuide }},
}

func enhancementAt(s Stage) func(*Item) bool {
	return func(it *Item) bool { return it.Kind == KindEnhancement && it.Stage == s }
}

// SectionNames are the sections' names, in order: the valid values of --tab.
func SectionNames() []string {
	out := make([]string, len(Sections))
	for i, s := range Sections {
		out[i] = s.Name
	}
	return out
}

// SectionIndex returns the position in Sections of the section with that name (any case), or
// -1.
func SectionIndex(name string) int {
	name = strings.ToLower(strings.TrimSpace(name))
	for i, s := range Sections {
		if s.Name == name {
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
