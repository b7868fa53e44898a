package data

import (
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sahilm/fuzzy"
)

// The tests below guard the fast paths of the index and search against the plain definitions
// they replace: a fast path may skip work, never change a result.

// TestMayMatchTightNeverRejectsAFuzzyMatch: the filter before fuzzy.Find may only drop texts for
// which fuzzy.Find finds no match tight enough to keep.
func TestMayMatchTightNeverRejectsAFuzzyMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const letters = "abcdekprotxyz"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[r.IntN(len(letters))]
		}
		return string(b)
	}
	d := realDataset(t)
	var texts []string
	for _, refs := range d.searchIndex().short {
		texts = append(texts, refs...)
	}
	for range 400 {
		texts = append(texts, word(3+r.IntN(30)))
	}
	terms := []string{"nft", "kube", "proxy", "apparmor", "pdb", "dra", "volume", "kpv", "abc", "xyz"}
	for range 300 {
		terms = append(terms, word(3+r.IntN(5)))
	}
	kept, checked := 0, 0
	for _, text := range texts {
		low := lowerASCII(text)
		if low == "" {
			continue
		}
		for _, term := range terms {
			checked++
			tight := false
			if found := fuzzy.Find(term, []string{text}); len(found) > 0 {
				pos := found[0].MatchedIndexes
				tight = pos[len(pos)-1]-pos[0]+1 <= 2*len(term)
			}
			if tight {
				kept++
				if !mayMatchTight(term, low) {
					t.Errorf("mayMatchTight(%q, %q) = false, but fuzzy.Find keeps a match", term, text)
				}
			}
		}
	}
	if kept == 0 || checked < 10000 {
		t.Fatalf("only %d of %d pairs matched: the test proves nothing", kept, checked)
	}
	for _, tc := range []struct {
		term, text string
		want       bool
	}{
		{"nft", "add an nftables-based kube-proxy backend", true},
		{"nft", "n-f-t", true},      // span 5 ≤ 6
		{"nft", "n---f---t", false}, // span 9 > 6
		{"nft", "n--f-----t nft", true},
		{"abc", "cba", false},
	} {
		if got := mayMatchTight(tc.term, tc.text); got != tc.want {
			t.Errorf("mayMatchTight(%q, %q) = %v, want %v", tc.term, tc.text, got, tc.want)
		}
	}
}

// TestContainingMatchesContains: the one-scan substring pass finds exactly the words that hold
// the term after their first byte.
func TestContainingMatchesContains(t *testing.T) {
	ix := realDataset(t).searchIndex()
	terms := []string{"pro", "xy", "ables", "tion", "ver", "1", "31", "beta", "kube", "zzz", "s", "apparmor", "onfig"}
	for _, w := range ix.wordList()[:200] {
		if len(w) > 3 {
			terms = append(terms, w[1:len(w)-1], w[len(w)-3:])
		}
	}
	for _, term := range terms {
		var want []int32
		for w, word := range ix.wordList() {
			if len(word) > len(term) && strings.Contains(word[1:], term) {
				want = append(want, int32(w))
			}
		}
		var got []int32
		ix.containing(term, func(w int32) { got = append(got, w) })
		if !slices.Equal(got, want) {
			t.Errorf("containing(%q): %d words, want %d", term, len(got), len(want))
		}
	}
}

// TestIndexMatchesDefinition rebuilds the postings the plain way, with a map from (word, item) to
// the best field, and compares them with the index.
func TestIndexMatchesDefinition(t *testing.T) {
	for _, d := range []*Dataset{realDataset(t), mustLoad(t, genRelease(200, 600))} {
		ix := d.searchIndex()
		type key struct {
			word string
			item int32
		}
		best := map[key]field{}
		add := func(i int32, f field, text string) {
			for _, tk := range tokenize(text, nil) {
				k := key{tk.word, i}
				if prev, ok := best[k]; !ok || f < prev {
					best[k] = f
				}
			}
		}
		// Every language's text counts: a query finds an item by its English or its Chinese words.
		addText := func(i int32, f field, tx Text) {
			add(i, f, tx.Default)
			for _, s := range tx.Translations() {
				add(i, f, s)
			}
		}
		for n, it := range ix.items { // the items and the release overview
			i := int32(n)
			addText(i, fieldTitle, it.Title)
			for _, g := range it.Gates {
				add(i, fieldGate, g.Name)
				addText(i, fieldSummary, g.Note)
			}
			for _, k := range it.Keywords {
				add(i, fieldKeyword, k)
			}
			for _, ks := range it.KeywordsTr {
				for _, k := range ks {
					add(i, fieldKeyword, k)
				}
			}
			add(i, fieldMeta, strings.Join([]string{it.SIG, string(it.Stage), string(it.Kind), strings.Join(it.Components, " ")}, " "))
			for _, tx := range []Text{it.Summary, it.Affects, it.Instead} {
				addText(i, fieldSummary, tx)
			}
			addText(i, fieldBody, it.Body)
		}
		words := map[string]bool{}
		for k := range best {
			words[k.word] = true
		}
		if len(ix.wordList()) != len(words) || !slices.IsSorted(ix.wordList()) {
			t.Fatalf("vocabulary: %d words (sorted %v), want %d", len(ix.wordList()), slices.IsSorted(ix.wordList()), len(words))
		}
		n := 0
		for w, word := range ix.wordList() {
			ps := ix.postingsOf(int32(w))
			for j, p := range ps {
				item, field := postingItem(p), postingField(p)
				if j > 0 && postingItem(ps[j-1]) >= item {
					t.Fatalf("postings of %q not sorted by item", word)
				}
				if f, ok := best[key{word, item}]; !ok || f != field {
					t.Fatalf("posting %q in item %d: field %d, want %d (present %v)", word, item, field, f, ok)
				}
				n++
			}
		}
		if n != len(best) {
			t.Fatalf("%d postings, want %d", n, len(best))
		}
		if !slices.Equal(ix.items, append(slices.Clone(d.Items), d.ReleaseItem())) || !slices.IsSortedFunc(ix.items, func(a, b *Item) int {
			if itemLess(a, b) {
				return -1
			}
			return 1
		}) {
			t.Fatal("the index's items are not the dataset's items in display order, then the release overview, which search relies on for ties")
		}
	}
}

func TestScanWordsKeepsCase(t *testing.T) {
	var got []string
	for _, tk := range scanWords("NFTablesProxyMode kube-proxy Ünïcode", nil) {
		got = append(got, tk.word)
	}
	want := []string{"NFTablesProxyMode", "NFTables", "Proxy", "Mode", "NF", "Tables", "Proxy", "Mode", "kube", "proxy", "Ünïcode"}
	if !slices.Equal(got, want) {
		t.Errorf("scanWords = %q, want %q", got, want)
	}
	var low []string
	for _, tk := range tokenize("Ünïcode ÄBC", nil) {
		low = append(low, tk.word)
	}
	if !slices.Equal(low, []string{"ünïcode", "äbc"}) {
		t.Errorf("tokenize lower-cases beyond ASCII: %q", low)
	}
}

func mustLoad(tb testing.TB, fsys fs.FS) *Dataset {
	tb.Helper()
	d, err := Load(fsys)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// TestCJKSuffixesSorted: the radix-sorted suffix array is the plain sort of every CJK position
// by the rest of its word, ties by position.
func TestCJKSuffixesSorted(t *testing.T) {
	for _, joined := range []string{
		realDataset(t).searchIndex().joined,
		"\x00ab\x00卷\x00存储卷\x00存储卷\x00卷存储卷存储卷存储\x00节点内存交换的节点内存\x00", // repeats longer than the eight-byte key
		"\x00",
	} {
		var want []uint32
		for i, r := range joined {
			if isCJKRune(r) {
				want = append(want, uint32(i))
			}
		}
		slices.SortStableFunc(want, func(a, b uint32) int { return strings.Compare(restOfWord(joined, a), restOfWord(joined, b)) })
		if got := cjkSuffixes(joined); !slices.Equal(got, want) {
			t.Errorf("cjkSuffixes of %d bytes: %d positions, not the plain sort's %d", len(joined), len(got), len(want))
		}
	}
}

// TestSegmentCJK: a Chinese query word the release holds stays whole; one it holds only in parts
// is cut into the fewest parts it holds, two characters or more where it can.
func TestSegmentCJK(t *testing.T) {
	ix := realDataset(t).searchIndex()
	for _, tc := range []struct {
		run  string
		want []string
	}{
		{"服务账号令牌", []string{"服务账号令牌"}}, // a phrase of 4193's title
		{"流量分发", []string{"流量分发"}},
		{"卷", []string{"卷"}},
		{"配置迁移", []string{"配置", "迁移"}}, // the pages say 配置文件迁移, never 配置迁移
		{"镜像卷迁移", []string{"镜像卷", "迁移"}},
		{"卷龘", []string{"卷龘"}}, // a character found nowhere: nothing can match, the run stays whole
	} {
		got := ix.segmentCJK(tc.run)
		if !slices.Equal(got, tc.want) {
			t.Errorf("segmentCJK(%q) = %q, want %q", tc.run, got, tc.want)
		}
		for _, piece := range got {
			if !ix.holdsCJK(piece) && piece != "卷龘" {
				t.Errorf("segmentCJK(%q): the release holds no %q", tc.run, piece)
			}
		}
	}
	if ix.holdsCJK("配置迁移") || ix.holdsCJK("龘") {
		t.Fatal("fixture: the release now holds 配置迁移 or 龘; pick other words")
	}
}

// wordList is the vocabulary as a slice, for tests to range over.
func (ix *index) wordList() []string {
	out := make([]string, ix.wordCount())
	for w := range out {
		out[w] = ix.word(int32(w))
	}
	return out
}
