package data

import (
	"bytes"

	"io/fs"
	"path"
	"sort"
	"strings"
)

// roadDir is the release folder's sub-folder of later releases: road/v1.32/, road/v1.33/, …
const roadDir = "road"

// roadReleaseHead is the front matter of a road release's release.md.
type roadReleaseHead struct {
	Kind         string      `yaml:"kind"`
	Version      string      `yaml:"version"`
	Codename     string      `yaml:"codename"`
	Released     string      `yaml:"released"`
	Go           string      `yaml:"go"`
	Latest       LatestPatch `yaml:"latest"`
	Support      Support     `yaml:"support"`
	Enhancements int         `yaml:"enhancements"`
	Summary      string      `yaml:"summary"`
	Keywords     []string    `yaml:"keywords"`
	Links        []linkHead  `yaml:"links"`
}

// roadFolders lists road/'s release folders in version order; anything else in road/ is a
// problem. A release folder without road/ has no road.
func (l *loader) roadFolders() []string {
	var out []string
	for _, e := range l.readFolder(roadDir) {
		p := path.Join(roadDir, e.Name())
		if !e.IsDir() || !versionRE().MatchString(e.Name()) {
			l.fail(p, "", "unexpected entry: road/ holds one folder per later release, named like v1.32")
			continue
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return CompareVersions(path.Base(out[i])+".0", path.Base(out[j])+".0") < 0 })
	return out
}

// roadFiles lists a road release folder's item files (everything but release.md and its
// translation), each for parseAll.
func (l *loader) roadFiles(dir string) []itemFile {
	var todo []itemFile
	for _, e := range l.readFolder(dir) {
		p := path.Join(dir, e.Name())
		switch {
		case e.Name() == ReleaseFile || e.Name() == releaseFileZH:
		case e.IsDir() || !strings.HasSuffix(e.Name(), ".md"):
			l.fail(p, "", "unexpected entry: only .md files belong here")
		default:
			todo = append(todo, itemFile{dir: dir, path: p})
		}
	}
	return todo
}

// readRoadRelease reads a road folder's release.md and release.zh.md into the release's road.
func (l *loader) readRoadRelease(dir string) {
	p := path.Join(dir, ReleaseFile)
	if !exists(l.fsys, p) {
		l.fail(p, "", "missing: a road release folder starts with its facts, release.md (kind: road-release)")
		return
	}
	f, prob := readFile(l.fsys, p)
	if prob != nil {
		l.problems = append(l.problems, *prob)
		return
	}
	var h roadReleaseHead
	if err := decodeStrict(f.head, &h); err != nil {
		l.fail(p, "", "%v", err)
		return
	}
	if h.Kind != "road-release" {
		l.fail(p, "kind", "is %q, want \"road-release\"", h.Kind)
	}
	rr := RoadRelease{
		Version: h.Version, Codename: h.Codename, Released: h.Released, Go: h.Go, Latest: h.Latest,
		Support: h.Support, Enhancements: h.Enhancements, Keywords: h.Keywords, Links: linksOf(h.Links), Path: p,
	}
	rr.Summary.set(LangEN, h.Summary)
	rr.Body.set(LangEN, normaliseBody(f.body))
	if zp := path.Join(dir, releaseFileZH); exists(l.fsys, zp) {
		l.readRoadReleaseTranslation(zp, &rr)
	}
	l.release.Road = append(l.release.Road, rr)
}

func (l *loader) readRoadReleaseTranslation(p string, rr *RoadRelease) {
	f, prob := readFile(l.fsys, p)
	if prob != nil {
		l.problems = append(l.problems, *prob)
		return
	}
	var h translationHead
	const only = "a road release's translation may set only summary, keywords, links"
	if err := decodeStrict(f.head, &h); err != nil {
		l.fail(p, "", "%v (%s)", err, only)
		return
	}
	if h.Title != "" || h.Affects != "" || h.Instead != "" || len(h.GateNotes) > 0 {
		l.fail(p, "", "%s", only)
		return
	}
	rr.Summary.set(LangZH, h.Summary)
	if len(bytes.TrimSpace(f.body)) > 0 {
		rr.Body.set(LangZH, normaliseBody(f.body))
	}
	l.translateLinks(p, rr.Links, h.Links, LangZH)
	if len(h.Keywords) > 0 {
		rr.KeywordsTr.set(LangZH, h.Keywords)
	}
}

func exists(fsys fs.FS, p string) bool {
	_, err := fs.Stat(fsys, p)
	return err == nil
}

// kindsIn returns the kinds a folder's files may declare: a road release folder's are road items.
func kindsIn(dir string) []Kind {
	if strings.HasPrefix(dir, roadDir+"/") {
		return []Kind{KindRoad}
	}
	return folderKinds[dir]
}

// roadFacts takes a road item's own fields from the front matter into the item, and refuses
// them on any other kind.
func (f *itemFile) roadFacts(it *Item, h *itemHead) {
	set := h.Category != "" || h.Impact != "" || len(h.APIs) > 0 || len(h.Flags) > 0
	if it.Kind == KindRoad {
		it.Road = &Road{Release: path.Base(f.dir), Category: Category(h.Category), Impact: Impact(h.Impact), APIs: h.APIs, Flags: h.Flags}
		// what breaks or needs a step is an action on the way; a deprecation is a warning
		it.ActionRequired = it.Road.Impact == ImpactBreaks || it.Road.Impact == ImpactAction
		if want := strings.TrimPrefix(it.Road.Release, "v") + "-"; !strings.HasPrefix(it.ID, want) {
			f.fail("", "the id %q of a page in %s/ must start with %q: rename the file", it.ID, f.dir, want)
		}
		return
	}
	if set {
		f.fail("category", "category, impact, apis and flags are only for road items (kind: road)")
	}
}
