package data

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// folderKinds maps a release's sub-folder to the kinds its files may declare.
var folderKinds = map[string][]Kind{
	"enhancements": {KindEnhancement},
	"changes":      {KindRemoval, KindDeprecation},
	"guide":        {KindGuide},
	"patches":      {KindPatch},
	"cves":         {KindCVE},
}

// ReleaseFile is the name of the release facts file at the top of a release folder.
const ReleaseFile = "release.md"

// Load reads a release folder (release.md, enhancements/, changes/, guide/) from fsys, validates
// it and builds the search index. Every problem found is returned, each naming its file and field.
func Load(fsys fs.FS) (*Dataset, error) {
	l := loader{fsys: fsys, translations: map[string]map[Lang]file{}}
	l.readRelease()
	l.readReleaseTranslation()
	l.readItems()
	l.applyTranslations()
	if len(l.problems) == 0 {
		l.problems = append(l.problems, validate(&l.release, l.items)...)
	}
	if len(l.problems) == 0 {
		derive(&l.release, l.items)
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
	broken       map[string]bool // ids whose own file had problems: their translations say nothing more
}

func (l *loader) fail(file, field, format string, args ...any) {
	l.problems = append(l.problems, Problem{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// readFile reads a content file (within the bounds of source.go) and splits its front matter
// from its body. Nothing in it may reach a terminal as a control character, however it is
// written (raw, as a YAML escape, as a character reference), and nothing in it may make
// decoding or rendering run away (YAML aliases, deep or numerous lists and quotes).
func readFile(fsys fs.FS, p string) (file, *Problem) {
	src, prob := readSource(fsys, p)
	if prob != nil {
		return file{}, prob
	}
	if line, r, ok := findControl(src); ok {
		return file{}, &Problem{File: p, Msg: fmt.Sprintf("line %d holds the control character %U, which could rewrite a terminal; remove it", line, r)}
	}
	head, body, err := splitFrontMatter(src)
	if err != nil {
		return file{}, &Problem{File: p, Msg: err.Error()}
	}
	const headLine = 2 // after the opening ---
	if err := checkYAML(head, headLine); err != nil {
		fe := err.(*fieldError)
		return file{}, &Problem{File: p, Field: fe.field, Msg: fe.msg}
	}
	if msg := checkBody(body, headLine+bytes.Count(head, []byte("\n"))+1); msg != "" {
		return file{}, &Problem{File: p, Msg: msg}
	}
	return file{path: p, head: head, body: body}, nil
}

func (l *loader) readRelease() {
	f, prob := readFile(l.fsys, ReleaseFile)
	if prob != nil {
		l.problems = append(l.problems, *prob)
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
	r.Cycle, r.Counts, r.Contributors, r.Support = h.Cycle, h.Counts, h.Contributors, h.Support
	r.Keywords, r.Links = h.Keywords, linksOf(h.Links)
	r.Title.set(LangEN, h.Title)
	r.Summary.set(LangEN, h.Summary)
	r.Body.set(LangEN, normaliseBody(f.body))
}

// releaseFileZH is the release overview's Chinese text, beside release.md.
const releaseFileZH = "release.zh.md"

// readReleaseTranslation applies release.zh.md, when there is one: title, summary, keywords, body.
func (l *loader) readReleaseTranslation() {
	if _, err := fs.Stat(l.fsys, releaseFileZH); err != nil {
		return // a release without a Chinese overview shows the English one
	}
	f, prob := readFile(l.fsys, releaseFileZH)
	if prob != nil {
		l.problems = append(l.problems, *prob)
		return
	}
	var h translationHead
	if err := decodeStrict(f.head, &h); err != nil {
		l.fail(f.path, "", "%v (the release translation may set only title, summary, keywords, links)", err)
		return
	}
	if h.Affects != "" || h.Instead != "" || len(h.GateNotes) > 0 {
		l.fail(f.path, "", "the release translation may set only title, summary, keywords, links")
		return
	}
	r := &l.release
	r.Title.set(LangZH, h.Title)
	r.Summary.set(LangZH, h.Summary)
	if len(bytes.TrimSpace(f.body)) > 0 {
		r.Body.set(LangZH, normaliseBody(f.body))
	}
	l.translateLinks(f.path, r.Links, h.Links, LangZH)
	if len(h.Keywords) > 0 {
		r.KeywordsTr.set(LangZH, h.Keywords)
	}
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
		if _, known := folderKinds[e.Name()]; !known && e.Name() != ReleaseFile && e.Name() != releaseFileZH && e.Name() != roadDir {
			l.fail(e.Name(), "", "unexpected entry: a release folder holds only %s and the folders %s and %s", ReleaseFile, strings.Join(folders, ", "), roadDir)
		}
	}
	var todo []itemFile
	paths := []string{ReleaseFile, releaseFileZH}
	for _, dir := range folders {
		for _, e := range l.readFolder(dir) {
			p := path.Join(dir, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				l.fail(p, "", "unexpected entry: only .md files belong here")
				continue
			}
			todo = append(todo, itemFile{dir: dir, path: p})
			paths = append(paths, p)
		}
	}
	roads := l.roadFolders()
	for _, dir := range roads {
		paths = append(paths, path.Join(dir, ReleaseFile), path.Join(dir, releaseFileZH))
		for _, f := range l.roadFiles(dir) {
			todo = append(todo, f)
			paths = append(paths, f.path)
		}
	}
	if !l.checkTotal(paths) {
		return
	}
	for _, dir := range roads {
		l.readRoadRelease(dir)
	}
	// Decoding YAML is most of a load, and files do not depend on each other: parse them on
	// every core, then take the results in file order so that items and problems come out the
	// same on every run.
	parseAll(l.fsys, todo)
	for _, f := range todo {
		l.problems = append(l.problems, f.problems...)
		if id, lang := splitName(path.Base(f.path)); len(f.problems) > 0 && lang == LangEN {
			if l.broken == nil {
				l.broken = map[string]bool{}
			}
			l.broken[id] = true
		}
		switch {
		case f.item != nil:
			l.items = append(l.items, f.item)
		case f.translation.path != "":
			if l.translations[f.id] == nil {
				l.translations[f.id] = map[Lang]file{}
			}
			l.translations[f.id][f.lang] = f.translation
		}
	}
}

// splitName turns "3866-nftables.zh.md" into ("3866-nftables", "zh"). A language is letters
// only, so the dot of a road item's release ("1.32-removed-gates.md") is part of its id.
func splitName(name string) (id string, lang Lang) {
	stem := strings.TrimSuffix(name, ".md")
	if i := strings.LastIndexByte(stem, '.'); i > 0 && isLetters(stem[i+1:]) {
		return stem[:i], Lang(stem[i+1:])
	}
	return stem, LangEN
}

func isLetters(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return s != ""
}

// itemFile is one file of the item folders and what parsing it gave: an item, a translation
// kept for applyTranslations, or problems.
type itemFile struct {
	dir, path   string
	item        *Item
	id          string
	lang        Lang
	translation file
	problems    []Problem
}

func (f *itemFile) fail(field, format string, args ...any) {
	f.problems = append(f.problems, Problem{File: f.path, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// parseAll parses the files on up to GOMAXPROCS goroutines; each writes only its own files.
func parseAll(fsys fs.FS, files []itemFile) {
	workers := min(runtime.GOMAXPROCS(0), len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for n := int(next.Add(1)) - 1; n < len(files); n = int(next.Add(1)) - 1 {
				files[n].parse(fsys)
			}
		})
	}
	wg.Wait()
}

func (f *itemFile) parse(fsys fs.FS) {
	p, dir := f.path, f.dir
	id, lang := splitName(path.Base(p))
	if msg := checkID(id); msg != "" {
		f.fail("", "%s", msg)
		return
	}
	src, prob := readFile(fsys, p)
	if prob != nil {
		f.problems = append(f.problems, *prob)
		return
	}
	if lang != LangEN {
		if lang != LangZH {
			f.fail("", "unknown language %q in the file name: use <id>.md or <id>.zh.md", lang)
			return
		}
		f.id, f.lang, f.translation = id, lang, src
		return
	}
	var h itemHead
	if err := decodeStrict(src.head, &h); err != nil {
		f.fail("", "%v", err)
		return
	}
	kind := Kind(h.Kind)
	allowed := kindsIn(dir)
	if !containsKind(allowed, kind) {
		f.fail("kind", "is %q; files in %s/ must say kind: %s", h.Kind, dir, joinKinds(allowed))
	}
	it := &Item{
		ID: id, Kind: kind, KEP: h.KEP, SIG: h.SIG, Stage: Stage(h.Stage),
		History: h.History, Keywords: h.Keywords, ActionRequired: h.ActionRequired,
		Components: h.Components, PRs: h.PRs, Order: h.Order, Checklist: h.Checklist, Links: linksOf(h.Links), Path: p,
	}
	for _, g := range h.Gates {
		if g.Stage == "" && kind == KindEnhancement {
			g.Stage = h.Stage // a gate shares its enhancement's stage unless it says otherwise
		}
		it.Gates = append(it.Gates, Gate{Name: g.Name, Default: g.Default, Stage: g.Stage, Components: g.Components, Note: NewText(g.Note, nil)})
	}
	it.Title.set(LangEN, h.Title)
	it.Summary.set(LangEN, h.Summary)
	it.Affects.set(LangEN, h.Affects)
	it.Instead.set(LangEN, h.Instead)
	it.Body.set(LangEN, normaliseBody(src.body))
	if len(it.Links) > 0 {
		it.URL = it.Links[0].URL
	}
	f.lineFacts(it, &h)
	f.roadFacts(it, &h)
	f.item = it
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
			if it == nil && l.broken[id] {
				continue
			}
			if it == nil {
				l.fail(f.path, "", "translation of %q, but there is no %s.md beside it", id, id)
				continue
			}
			var h translationHead
			if err := decodeStrict(f.head, &h); err != nil {
				l.fail(f.path, "", "%v (a translation may set only title, summary, keywords, affects, instead, gate_notes, links)", err)
				continue
			}
			it.Title.set(lang, h.Title)
			it.Summary.set(lang, h.Summary)
			it.Affects.set(lang, h.Affects)
			it.Instead.set(lang, h.Instead)
			for name, note := range h.GateNotes {
				if g := it.gate(name); g != nil {
					g.Note.set(lang, note)
				} else {
					l.fail(f.path, "gate_notes", "%q is not a gate of %s", name, id)
				}
			}
			if len(bytes.TrimSpace(f.body)) > 0 {
				it.Body.set(lang, normaliseBody(f.body)) // no body: the English one stands in
			}
			l.translateLinks(f.path, it.Links, h.Links, lang)
			if len(h.Keywords) > 0 {
				it.KeywordsTr.set(lang, h.Keywords)
			}
		}
	}
}

// translateLinks gives links their titles in lang from a translation's links: one title per
// link, in order (the URLs are the original's, so they are not repeated).
func (l *loader) translateLinks(path string, links []Link, titles []string, lang Lang) {
	if titles == nil {
		return
	}
	if len(titles) != len(links) {
		l.fail(path, "links", "%d titles for the page's %d links: give one title per link, in the order of the original's", len(titles), len(links))
		return
	}
	for i, t := range titles {
		if strings.TrimSpace(t) == "" {
			l.fail(path, fmt.Sprintf("links[%d]", i), "is empty: give the link's title")
			continue
		}
		links[i].Title.set(lang, t)
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
