package data

import (
	"slices"
	"strings"
	"testing"
)

// The sections split the release: the overview holds everything, and every other item belongs to
// exactly one of the other sections, the one HomeSection names.
func TestSectionsPartition(t *testing.T) {
	d := realDataset(t)
	sizes := map[string]int{}
	for _, it := range d.Items {
		var in []string
		for _, s := range Sections {
			if s.Holds(it) {
				in = append(in, s.Name)
				sizes[s.Name]++
			}
		}
		if len(in) != 2 || in[0] != "overview" {
			t.Errorf("%s is in sections %v; want the overview and one other", it.ID, in)
			continue
		}
		if home := Sections[HomeSection(it)].Name; home != in[1] {
			t.Errorf("%s: HomeSection %s, but it is in %s", it.ID, home, in[1])
		}
	}
	want := map[string]int{"overview": len(d.Items), "ga": 11, "beta": 22, "alpha": 12, "removals": 21, "upgrade": 5}
	for name, n := range want {
		if sizes[name] != n {
			t.Errorf("section %s holds %d items, want %d", name, sizes[name], n)
		}
	}
	if HomeSection(d.ReleaseItem()) != 0 {
		t.Error("the release overview belongs to the overview alone")
	}
}

// One name per section: the name, the short label and the words --tab takes all come from the
// label, so "Removals & deprecations" is --tab removals (and deprecations, and its Chinese
// label), and the names used before (all, changes) still work.
func TestSectionNames(t *testing.T) {
	if got, want := SectionNames(), []string{"overview", "ga", "beta", "alpha", "removals", "upgrade", "patches", "road"}; !slices.Equal(got, want) {
		t.Errorf("SectionNames() = %v, want %v", got, want)
	}
	for _, tc := range []struct {
		name string
		want int
	}{{"overview", 0}, {"all", 0}, {"概览", 0}, {"GA", 1}, {" changes ", 4}, {"removals", 4}, {"Deprecations", 4},
		{"移除与弃用", 4}, {"upgrade", 5}, {"guide", 5}, {"升级指南", 5}, {"&", -1}, {"", -1}, {"nosuch", -1}} {
		if got := SectionIndex(tc.name); got != tc.want {
			t.Errorf("SectionIndex(%q) = %d, want %d", tc.name, got, tc.want)
		}
	}
	seen := map[string]string{}
	for _, s := range Sections {
		for _, lang := range Langs {
			label, short := s.Label.In(lang), s.Short.In(lang)
			if !strings.HasPrefix(label, short) || short == "" {
				t.Errorf("section %s in %s: the short label %q is not the label's first word (%q)", s.Name, lang, short, label)
			}
		}
		if !strings.EqualFold(s.Short.Default, s.Name) {
			t.Errorf("section %s: its short label %q is not its name", s.Name, s.Short.Default)
		}
		for _, w := range append([]string{s.Name}, s.Aliases...) {
			if other, dup := seen[w]; dup {
				t.Errorf("%q names both %s and %s", w, other, s.Name)
			}
			seen[w] = s.Name
		}
	}
}

// Filter.Section selects what the section holds; a name that is no section selects nothing.
func TestFilterSection(t *testing.T) {
	d := realDataset(t)
	changes := d.Select(Filter{Section: "Removals"})
	if len(changes) != 21 {
		t.Fatalf("Filter{Section: changes}: %d items", len(changes))
	}
	for _, it := range changes {
		if it.Kind != KindRemoval && it.Kind != KindDeprecation {
			t.Errorf("changes holds %s, a %s", it.ID, it.Kind)
		}
	}
	if got := d.Select(Filter{Section: "beta", SIG: "network"}); len(got) == 0 || slices.ContainsFunc(got, func(it *Item) bool {
		return it.Stage != StageBeta || it.SIG != "network"
	}) {
		t.Errorf("beta and network: %d items, some outside", len(got))
	}
	if got := d.Select(Filter{Section: "nosuch"}); len(got) != 0 {
		t.Errorf("an unknown section selects %d items", len(got))
	}
}
