package search_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	. "github.com/elli-k8s/elli/data/search"
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
	texts := realDataset(t).Index().ShortTexts()
	for range 400 {
		texts = append(texts, word(3+r.IntN(30)))
	}
	terms := []string{"nft", "kube", "proxy", "apparmor", "pdb", "dra", "volume", "kpv", "abc", "xyz"}
	for range 300 {
		terms = append(terms, word(3+r.IntN(5)))
	}
	kept, checked := 0, 0
	for _, text := range texts {
		low := LowerASCII(text)
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
				if !MayMatchTight(term, low) {
					t.Errorf("MayMatchTight(%q, %q) = false, but fuzzy.Find keeps a match", term, text)
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
		if got := MayMatchTight(tc.term, tc.text); got != tc.want {
			t.Errorf("MayMatchTight(%q, %q) = %v, want %v", tc.term, tc.text, got, tc.want)
		}
	}
}

// TestContainingMatchesContains: the one-scan substring pass finds exactly the words that hold
// the term after their first byte.
func TestContainingMatchesContains(t *testing.T) {
	ix := realDataset(t).Index()
	terms := []string{"pro", "xy", "ables", "tion", "ver", "1", "31", "beta", "kube", "zzz", "s", "apparmor", "onfig"}
	for _, w := range ix.WordList()[:200] {
		if len(w) > 3 {
			terms = append(terms, w[1:len(w)-1], w[len(w)-3:])
		}
	}
	for _, term := range terms {
		var want []int32
		for w, word := range ix.WordList() {
			if len(word) > len(term) && strings.Contains(word[1:], term) {
				want = append(want, int32(w))
			}
		}
		var got []int32
		ix.Containing(term, func(w int32) { got = append(got, w) })
		if !slices.Equal(got, want) {
			t.Errorf("containing(%q): %d words, want %d", term, len(got), len(want))
		}
	}
}

// TestIndexMatchesDefinition rebuilds the postings the plain way, with a map from (word,
// document) to the best field, and compares them with the index.
func TestIndexMatchesDefinition(t *testing.T) {
	for _, ix := range []*Index{realDataset(t).Index(), randomIndex(200, 600)} {
		type key struct {
			word string
			item int32
		}
		best := map[key]Field{}
		for n, doc := range ix.Docs() {
			for _, tx := range doc.Texts {
				for _, w := range WordsOf(tx.Text) {
					k := key{w, int32(n)}
					if prev, ok := best[k]; !ok || tx.Field < prev {
						best[k] = tx.Field
					}
				}
			}
		}
		words := map[string]bool{}
		for k := range best {
			words[k.word] = true
		}
		if len(ix.WordList()) != len(words) || !slices.IsSorted(ix.WordList()) {
			t.Fatalf("vocabulary: %d words (sorted %v), want %d", len(ix.WordList()), slices.IsSorted(ix.WordList()), len(words))
		}
		n := 0
		for w, word := range ix.WordList() {
			ps := ix.PostingsOf(int32(w))
			for j, p := range ps {
				item, field := PostingItem(p), PostingField(p)
				if j > 0 && PostingItem(ps[j-1]) >= item {
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
	}
}

func TestScanWordsKeepsCase(t *testing.T) {
	got := ScanWords("NFTablesProxyMode kube-proxy Ünïcode")
	want := []string{"NFTablesProxyMode", "NFTables", "Proxy", "Mode", "NF", "Tables", "Proxy", "Mode", "kube", "proxy", "Ünïcode"}
	if !slices.Equal(got, want) {
		t.Errorf("scanWords = %q, want %q", got, want)
	}
	low := WordsOf("Ünïcode ÄBC")
	if !slices.Equal(low, []string{"ünïcode", "äbc"}) {
		t.Errorf("tokenize lower-cases beyond ASCII: %q", low)
	}
}

// TestCJKSuffixesSorted: the radix-sorted suffix array is the plain sort of every CJK position
// by the rest of its word, ties by position.
func TestCJKSuffixesSorted(t *testing.T) {
	for _, joined := range []string{
		realDataset(t).Index().Table().Joined,
		"\x00ab\x00卷\x00存储卷\x00存储卷\x00卷存储卷存储卷存储\x00节点内存交换的节点内存\x00", // repeats longer than the eight-byte key
		"\x00",
	} {
		var want []uint32
		for i, r := range joined {
			if IsCJKRune(r) {
				want = append(want, uint32(i))
			}
		}
		slices.SortStableFunc(want, func(a, b uint32) int { return strings.Compare(RestOfWord(joined, a), RestOfWord(joined, b)) })
		if got := CJKSuffixes(joined); !slices.Equal(got, want) {
			t.Errorf("cjkSuffixes of %d bytes: %d positions, not the plain sort's %d", len(joined), len(got), len(want))
		}
	}
}

// TestSegmentCJK: a Chinese query word the release holds stays whole; one it holds only in parts
// is cut into the fewest parts it holds, two characters or more where it can.
func TestSegmentCJK(t *testing.T) {
	ix := realDataset(t).Index()
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
		got := ix.SegmentCJK(tc.run)
		if !slices.Equal(got, tc.want) {
			t.Errorf("segmentCJK(%q) = %q, want %q", tc.run, got, tc.want)
		}
		for _, piece := range got {
			if !ix.HoldsCJK(piece) && piece != "卷龘" {
				t.Errorf("segmentCJK(%q): the release holds no %q", tc.run, piece)
			}
		}
	}
	if ix.HoldsCJK("配置迁移") || ix.HoldsCJK("龘") {
		t.Fatal("fixture: the release now holds 配置迁移 or 龘; pick other words")
	}
}

// randomIndex indexes n random documents over a vocabulary of vocab words, some camel-cased,
// some Chinese, each text in a random field.
func randomIndex(n, vocab int) *Index {
	r := rand.New(rand.NewPCG(3, 31))
	syl := []string{"ka", "lo", "Mi", "ne", "ru", "Sa", "to", "vi", "ber", "con", "节点", "内存", "卷", "交换"}
	words := make([]string, vocab)
	for i := range words {
		var b strings.Builder
		for k := 1 + r.IntN(3); k > 0; k-- {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		words[i] = b.String()
	}
	docs := make([]Doc, n)
	for i := range docs {
		for f := range 6 {
			ws := make([]string, 1+r.IntN(40))
			for k := range ws {
				ws[k] = words[r.IntN(len(words))]
			}
			docs[i].Texts = append(docs[i].Texts, Text{Field: Field(f), Text: strings.Join(ws, " ")})
		}
		docs[i].Short = []string{docs[i].Texts[0].Text}
	}
	return Build(docs, nil)
}
