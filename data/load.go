package data

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// folderKinds maps a release's sub-folder to the kinds its files may declare.
var folderKinds = map[string][]Kind{
	"enhancements": {KindEnhancement},
	"changes":      {KindRemoval, KindDeprecation},
	"guide":        {KindGuide},
}

// ReleaseFile is the name of the release facts file at the top of a release folder.
const ReleaseFile = "release.md"

// Load reads a release folder (release.md, enhancements/, changes/, guide/) from fsys, validates
// it and builds the search index. Every problem found is returned, each naming its file and field.
func Load(fsys fs.FS) (*Dataset, error) {
	l := loader{fsys: fsys, translations: map[string]map[Lang]file{}}
	l.readRelease()
	l.readItems()
	l.applyTranslations()
	if len(l.problems) == 0 {
		l.problems = append(l.problems, validate(&l.release, l.items)...)
	}
	if len(l.problems) > 0 {
		return nil, &LoadError{Problems: l.problems}
	}
	return newDataset(l.release, l.items), nil
}

type file struct {
	path string
	head []byte
	body []byte
}

type loader struct {
	fsys         fs.FS
	release      Release
	items        []*Item
	translations map[string]map[Lang]file // id → lang → file
	problems     []Problem
}

func (l *loader) fail(file, field, format string, args ...any) {
	l.problems = append(l.problems, Problem{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) read(p string) (file, bool) {
	src, err := fs.ReadFile(l.fsys, p)
	if err != nil {
		l.fail(p, "", "cannot read: %v", err)
		return file{}, false
	}
	if line, r, ok := findControl(src); ok {
		l.fail(p, "", "line %d holds the control character %U, which could rewrite a terminal; remove it", line, r)
		return file{}, false
	}
	head, body, err := splitFrontMatter(src)
	if err != nil {
		l.fail(p, "", "%v", err)
		return file{}, false
	}
	return file{path: p, head: head, body: body}, true
}

func (l *loader) readRelease() {
	f, ok := l.read(ReleaseFile)
	if !ok {
		return
	}
	var h releaseHead
	if err := decodeStrict(f.head, &h); err != nil {
		l.fail(f.path, "", "%v", err)
		return
	}
	if h.Kind != "release" {
		l.fail(f.path, "kind", "is %q, want \"release\"", h.Kind)
	}
	r := &l.release
	r.Version, r.Codename, r.Released, r.DataAsOf = h.Version, h.Codename, h.Released, h.DataAsOf
	r.Cycle, r.Counts, r.Contributors = h.Cycle, h.Counts, h.Contributors
	r.Keywords, r.Links = h.Keywords, h.Links
	r.Title.set(LangEN, h.Title)
	r.Summary.set(LangEN, h.Summary)
	r.Body.set(LangEN, normaliseBody(f.body))
}

func (l *loader) readItems() {
	folders := make([]string, 0, len(folderKinds))
	for dir := range folderKinds {
		folders = append(folders, dir)
	}
	sort.Strings(folders)
	entries, err := fs.ReadDir(l.fsys, ".")
	if err != nil {
		l.fail(".", "", "cannot list the release folder: %v", err)
		return
	}
	for _, e := range entries {
		if _, known := folderKinds[e.Name()]; !known && e.Name() != ReleaseFile {
			l.fail(e.Name(), "", "unexpected entry: a release folder holds only %s and the folders %s", ReleaseFile, strings.Join(folders, ", "))
		}
	}
	for _, dir := range folders {
		files, err := fs.ReadDir(l.fsys, dir)
		if err != nil {
			continue // a release may lack a folder; validation checks the counts
		}
		for _, e := range files {
			p := path.Join(dir, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				l.fail(p, "", "unexpected entry: only .md files belong here")
				continue
			}
			l.readItem(dir, p)
		}
	}
}

// splitName turns "3866-nftables.zh.md" into ("3866-nftables", "zh").
func splitName(name string) (id string, lang Lang) {
	stem := strings.TrimSuffix(name, ".md")
	if i := strings.LastIndexByte(stem, '.'); i > 0 {
		return stem[:i], Lang(stem[i+1:])
	}
	return stem, LangEN
}

func (l *loader) readItem(dir, p string) {
	id, lang := splitName(path.Base(p))
	f, ok := l.read(p)
	if !ok {
		return
	}
	if lang != LangEN {
		if lang != LangZH {
			l.fail(p, "", "unknown language %q in the file name: use <id>.md or <id>.zh.md", lang)
			return
		}
		if l.translations[id] == nil {
			l.translations[id] = map[Lang]file{}
		}
		l.translations[id][lang] = f
		return
	}
	var h itemHead
	if err := decodeStrict(f.head, &h); err != nil {
		l.fail(p, "", "%v", err)
		return
	}
	kind := Kind(h.Kind)
	allowed := folderKinds[dir]
	if !containsKind(allowed, kind) {
		l.fail(p, "kind", "is %q; files in %s/ must say kind: %s", h.Kind, dir, joinKinds(allowed))
	}
	it := &Item{
		ID: id, Kind: kind, KEP: h.KEP, SIG: h.SIG, Stage: Stage(h.Stage),
		History: h.History, Keywords: h.Keywords, ActionRequired: h.ActionRequired,
		Components: h.Components, PRs: h.PRs, Order: h.Order, Links: h.Links, Path: p,
	}
	for _, g := range h.Gates {
		if g.Stage == "" && kind == KindEnhancement {
			g.Stage = h.Stage // a gate shares its enhancement's stage unless it says otherwise
		}
		it.Gates = append(it.Gates, Gate{Name: g.Name, Default: g.Default, Stage: g.Stage, Components: g.Components, Note: g.Note})
	}
	it.Title.set(LangEN, h.Title)
	it.Summary.set(LangEN, h.Summary)
	it.Affects.set(LangEN, h.Affects)
	it.Instead.set(LangEN, h.Instead)
	it.Body.set(LangEN, normaliseBody(f.body))
	if len(it.Links) > 0 {
		it.URL = it.Links[0].URL
	}
	l.items = append(l.items, it)
}

func (l *loader) applyTranslations() {
	byID := make(map[string]*Item, len(l.items))
	for _, it := range l.items {
		byID[it.ID] = it
	}
	ids := make([]string, 0, len(l.translations))
	for id := range l.translations {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		for lang, f := range l.translations[id] {
			it := byID[id]
			if it == nil {
				l.fail(f.path, "", "translation of %q, but there is no %s.md beside it", id, id)
				continue
			}
			var h translationHead
			if err := decodeStrict(f.head, &h); err != nil {
				l.fail(f.path, "", "%v (a translation may set only title, summary, keywords, affects, instead)", err)
				continue
			}
			it.Title.set(lang, h.Title)
			it.Summary.set(lang, h.Summary)
			it.Affects.set(lang, h.Affects)
			it.Instead.set(lang, h.Instead)
			if len(bytes.TrimSpace(f.body)) > 0 {
				it.Body.set(lang, normaliseBody(f.body)) // no body: the English one stands in
			}
			if len(h.Keywords) > 0 {
				if it.KeywordsTr == nil {
					it.KeywordsTr = map[Lang][]string{}
				}
				it.KeywordsTr[lang] = h.Keywords
			}
		}
	}
}

func normaliseBody(b []byte) string { return strings.TrimSpace(string(b)) + "\n" }

func containsKind(ks []Kind, k Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func joinKinds(ks []Kind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	return strings.Join(s, " or ")
}
