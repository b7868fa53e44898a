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
	{Name: "overview", Label: zh("Overview", "概览"), Short: zh("All", "全部"),
		holds: func(*Item) bool { return true }},
	// Stage names stay as the Kubernetes docs write them in Chinese too.
	{Name: "ga", Label: zh("GA", "GA"), Short: zh("GA", "GA"), holds: enhancementAt(StageGA)},
	{Name: "beta", Label: zh("Beta", "Beta"), Short: zh("Beta", "Beta"), holds: enhancementAt(StageBeta)},
	{Name: "alpha", Label: zh("Alpha", "Alpha"), Short: zh("Alpha", "Alpha"), holds: enhancementAt(StageAlpha)},
	{Name: "changes", Label: zh("Removals & deprecations", "移除与弃用"), Short: zh("Removals", "移除"),
		holds: func(it *Item) bool { return it.Kind == KindRemoval || it.Kind == KindDeprecation }},
	{Name: "upgrade", Label: zh("Upgrade guide", "升级指南"), Short: zh("Upgrade", "升级"),
		holds: func(it *Item) bool { return it.Kind == KindGuide }},
}

// zh is a text in English and Chinese.
func zh(en, zh string) Text { return NewText(en, map[Lang]string{LangZH: zh}) }

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
