package snapshot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

func parsed(tb testing.TB) *data.Dataset {
	tb.Helper()
	fsys, err := content.Release(content.DefaultRelease)
	if err != nil {
		tb.Fatal(err)
	}
	ds, err := data.Load(fsys)
	if err != nil {
		tb.Fatal(err)
	}
	return ds
}

// TestPrebuiltIndexEqualsBuilt: the generated index is accepted and is exactly the index a
// fresh load builds, with the glossary's query aliases, so searching the snapshot answers as
// searching the Markdown does.
func TestPrebuiltIndexEqualsBuilt(t *testing.T) {
	r, items := v1_31Release, slices.Clone(v1_31Items)
	ds, err := data.NewDatasetIndexed(r, items, v1_31Index)
	if err != nil {
		t.Fatalf("the generated index is refused: %v", err)
	}
	want := parsed(t).IndexTable()
	if want.Aliases, err = data.QueryAliases(content.Glossary); err != nil {
		t.Fatal(err)
	}
	if want.Synonyms, err = data.QuerySynonyms(content.Synonyms); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds.IndexTable(), want) {
		t.Error("the generated index differs from one built from the Markdown: run go generate ./...")
	}
}

// A reader types the Chinese word they know; the pages use the glossary's. The snapshot reads
// an avoided word as the glossary's: each query finds the page in its top three.
func TestSearchGlossaryAliases(t *testing.T) {
	ds := Dataset()
	for _, tc := range []struct{ q, want string }{
		{"废弃", "4004-deprecate-kube-proxy-version"},                 // 弃用
		{"服务账户令牌", "4193-bound-service-account-token-improvements"}, // 服务账号令牌
		{"功能门控 移除", "removal-graduated-feature-gates"},              // 特性门控
		{"垃圾回收", "4191-split-image-filesystem"},                     // 垃圾收集
		{"选主", "4355-coordinated-leader-election"},                  // 领导者选举
		{"中断预算", "3017-pdb-unhealthy-pod-eviction-policy"},          // 干扰预算
		{"基于选择器的授权", "4601-authorize-with-selectors"},               // 基于选择算符的鉴权
		{"云厂商 移除", "removal-cloud-providers"},                       // 云提供商
	} {
		rs := ds.Search(tc.q)
		top := ids(rs)[:min(3, len(rs))]
		if !slices.Contains(top, tc.want) {
			t.Errorf("%q: top three %v, want %s among them", tc.q, top, tc.want)
		}
	}
	// a word the pages hold is searched as it is: 命名空间 is in 用户命名空间, an allowed phrase
	if q := ds.ParseQuery("命名空间"); len(q.Terms) != 1 || q.Terms[0].Text != "命名空间" {
		t.Errorf("命名空间 reads as %+v", q.Terms)
	}
}

// TestRefusedIndexPanics: a generated index that does not fit the generated release stops the
// process with a message saying how to fix it; nothing falls back to indexing at run time.
func TestRefusedIndexPanics(t *testing.T) {
	r, items := v1_31Release, slices.Clone(v1_31Items)
	bad := v1_31Index
	bad.Postings = bad.Postings[:len(bad.Postings)-1]
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "run go generate ./...") {
			t.Errorf("a refused index gave %q, want a panic naming go generate", msg)
		}
	}()
	indexed(r, items, bad)
}

// TestSnapshotEqualsMarkdown checks the generator itself: the snapshot holds exactly what
// loading the Markdown gives, field by field.
func TestSnapshotEqualsMarkdown(t *testing.T) {
	want, got := parsed(t), Dataset()
	if !reflect.DeepEqual(want.Release, got.Release) {
		t.Errorf("release differs:\nparsed   %+v\nsnapshot %+v", want.Release, got.Release)
	}
	if len(want.Items) != len(got.Items) {
		t.Fatalf("%d items parsed, %d in the snapshot", len(want.Items), len(got.Items))
	}
	for i := range want.Items {
		if !reflect.DeepEqual(want.Items[i], got.Items[i]) {
			t.Errorf("item %d differs:\nparsed   %+v\nsnapshot %+v", i, want.Items[i], got.Items[i])
		}
	}
	for _, q := range []string{"nft", "apparmor", "3866", "kube proxy version"} {
		if a, b := ids(want.Search(q)), ids(got.Search(q)); !reflect.DeepEqual(a, b) {
			t.Errorf("search %q: parsed %v, snapshot %v", q, a, b)
		}
	}
}

func ids(rs []data.Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Item.ID
	}
	return out
}

// BenchmarkDataset: what starting elli costs for its data now, the snapshot built into a
// dataset (the search index is built on the first search; data.BenchmarkBuildIndex has it).
func BenchmarkDataset(b *testing.B) {
	for b.Loop() {
		_ = New()
	}
}

// BenchmarkFirstSearch: what a search costs a fresh process for its data: the snapshot, the
// prebuilt index taken into use, and the query. B/op matters as much as time: a fresh process
// pays a page fault (about 15 µs on the 2-core development VM) for each new page of heap it touches.
func BenchmarkFirstSearch(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = New().Search("nft")
	}
}

// TestSnapshotIsData: the generated release is package variables whose values are composite
// literals of constants and addresses only, which the Go linker lays out as data. A function, a
// function literal, a map or a call other than a type conversion would be code run at every
// start, and a function of the dataset's size costs megabytes of binary in its tables.
func TestSnapshotIsData(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "release_"+strings.ReplaceAll(content.DefaultRelease, ".", "_")+".go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			t.Errorf("%s: a function in the snapshot is code, not data", fset.Position(n.Pos()))
		case *ast.MapType:
			t.Errorf("%s: a map in the snapshot is built by code at start", fset.Position(n.Pos()))
		case *ast.CallExpr:
			// data.Kind("enhancement") is a conversion of a constant; anything else is a call
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok || len(x.Args) != 1 {
				t.Errorf("%s: a call in the snapshot runs at start", fset.Position(n.Pos()))
				break
			}
			if _, lit := x.Args[0].(*ast.BasicLit); !lit || !ast.IsExported(sel.Sel.Name) || !isDataType(sel.Sel.Name) {
				t.Errorf("%s: %s(…) is not a conversion of a constant", fset.Position(n.Pos()), sel.Sel.Name)
			}
		}
		return true
	})
	if testing.Short() {
		return
	}
	// and the values are the ones the Markdown gives
	want := parsed(t)
	if !reflect.DeepEqual(v1_31Release, want.Release) {
		t.Error("the snapshot's release differs from the Markdown's: run go generate ./...")
	}
}

// isDataType reports whether name is a string type of package data that the snapshot converts
// constants to (Kind, Stage, Lang, …).
func isDataType(name string) bool {
	switch name {
	case "Kind", "Stage", "Lang", "ChangeType", "Severity", "Impact", "Category":
		return true
	}
	return false
}
