package search_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	. "github.com/elli-k8s/elli/data/search"
)

// A table that does not fit its items is refused with the reason, before any search runs.
func TestIndexTableRefused(t *testing.T) {
	d := realDataset(t)
	good := d.IndexTable()
	items := len(d.Items) + 1
	cases := []struct {
		name   string
		mutate func(*IndexTable)
		want   string
	}{
		{"offset missing", func(x *IndexTable) { x.Offsets = x.Offsets[:len(x.Offsets)-1] }, "do not fit together"},
		{"posting missing", func(x *IndexTable) { x.Postings = x.Postings[:len(x.Postings)-1] }, "do not fit together"},
		{"offsets backwards", func(x *IndexTable) { x.Offsets[1], x.Offsets[2] = x.Offsets[2]+1, x.Offsets[1] }, "run backwards"},
		{"item out of range", func(x *IndexTable) { x.Postings[0] = uint32(items) << PostingFieldBits }, "names item"},
		{"field out of range", func(x *IndexTable) { x.Postings[0] = uint32(FieldCount) }, "field 6"},
		// The order of the words is the generator's to get right (TestPrebuiltIndexEqualsBuilt in
		// embed/snapshot); a word too many or too few is caught by its count.
		{"word repeated", func(x *IndexTable) {
			x.Joined = "\x00" + x.Joined[1:strings.IndexByte(x.Joined[1:], 0)+2] + x.Joined[1:]
		}, "do not fit together"},
		{"empty word", func(x *IndexTable) { x.Joined = "\x00" + x.Joined }, "empty word"},
		{"empty word inside", func(x *IndexTable) {
			end := strings.IndexByte(x.Joined[1:], 0) + 2 // after the first word's zero byte
			x.Joined = x.Joined[:end] + "\x00" + x.Joined[end:]
		}, "empty word"},
		{"word missing", func(x *IndexTable) { x.Joined = x.Joined[strings.IndexByte(x.Joined[1:], 0)+1:] }, "do not fit together"},
		{"no leading zero", func(x *IndexTable) { x.Joined = x.Joined[1:] }, "start and end"},
		{"no trailing zero", func(x *IndexTable) { x.Joined += "z" }, "start and end"},
		{"CJK suffix out of range", func(x *IndexTable) { x.CJK[0] = uint32(len(x.Joined)) }, "CJK suffix 0"},
		{"CJK suffix at a word's end", func(x *IndexTable) { x.CJK[1] = uint32(len(x.Joined) - 1) }, "CJK suffix 1"},
		{"CJK suffix inside a character", func(x *IndexTable) { x.CJK[2]++ }, "CJK suffix 2"},
		{"alias without its word", func(x *IndexTable) { x.Aliases = []string{"废弃"} }, "not pairs"},
		{"empty alias", func(x *IndexTable) { x.Aliases = []string{"废弃", ""} }, "not pairs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := IndexTable{Joined: good.Joined, Offsets: slices.Clone(good.Offsets), Postings: slices.Clone(good.Postings), CJK: slices.Clone(good.CJK)}
			c.mutate(&x)
			_, err := data.NewDatasetIndexed(d.Release, slices.Clone(d.Items), x)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// A table that lacks a title's word is not refused (its shape is fine), and searching with it
// must not fail; the spans of a title come from the query, not from the table.
func TestIndexTableMissingTitleWord(t *testing.T) {
	d := realDataset(t)
	x := d.IndexTable()
	words := strings.Split(strings.Trim(x.Joined, "\x00"), "\x00")
	w, found := slices.BinarySearch(words, "nftables")
	if !found {
		t.Fatal("fixture: no word nftables")
	}
	lo, hi := x.Offsets[w], x.Offsets[w+1]
	words = slices.Delete(words, w, w+1)
	x.Postings = slices.Delete(slices.Clone(x.Postings), int(lo), int(hi))
	offsets := slices.Delete(slices.Clone(x.Offsets), w+1, w+2)
	for i := w + 1; i < len(offsets); i++ {
		offsets[i] -= hi - lo
	}
	x.Offsets = offsets
	x.Joined, _ = JoinWords(words)
	x.CJK = CJKSuffixes(x.Joined)
	pre, err := data.NewDatasetIndexed(d.Release, slices.Clone(d.Items), x)
	if err != nil {
		t.Fatal(err)
	}
	rs := pre.Search("kube-proxy backend")
	if len(rs) == 0 {
		t.Fatal("no results")
	}
	for _, r := range rs {
		for _, sp := range r.TitleSpans(data.LangEN) {
			if sp.Start < 0 || sp.End > len(r.Item.Title.Default) || sp.Start >= sp.End {
				t.Errorf("%s: span %v outside its title", r.Item.ID, sp)
			}
		}
	}
}
