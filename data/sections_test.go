package data

import (
	"slices"
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
	want := map[string]int{"overview": len(d.Items), "ga": 11, "beta": 22, "alpha": 12, "changes": 21, "upgrade": 5}
	for name, n := range want {
		if sizes[name] != n {
			t.Errorf("section %s holds %d items, want %d", name, sizes[name], n)
		}
	}
	if HomeSection(d.ReleaseItem()) != 0 {
		t.Error("the release overview belongs to the overview alone")
	}
}

func TestSectionNames(t *testing.T) {
	if got, want := SectionNames(), []string{"overview", "ga", "beta", "alpha", "changes", "upgrade"}; !slices.Equal(got, want) {
		t.Errorf("SectionNames() = %v, want %v", got, want)
	}
	for _, tc := range []struct {
		name string
		want int
	}{{"overview", 0}, {"GA", 1}, {" changes ", 4}, {"upgrade", 5}, {"removals", -1}, {"", -1}} {
		if got := SectionIndex(tc.name); got != tc.want {
			t.Errorf("SectionIndex(%q) = %d, want %d", tc.name, got, tc.want)
		}
	}
	for _, s := range Sections {
		if s.Label.Default == "" || s.Short.Default == "" || len(s.Short.Default) > len(s.Label.Default) {
			t.Errorf("section %s: label %q, short %q", s.Name, s.Label, s.Short)
		}
	}
}

// Filter.Section selects what the section holds; a name that is no section selects nothing.
func TestFilterSection(t *testing.T) {
	d := realDataset(t)
	changes := d.Select(Filter{Section: "Changes"})
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
