package check

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func scanDir(t *testing.T, s *Scanner, paths ...string) *Report {
	t.Helper()
	rep, err := s.Scan(context.Background(), paths, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func noteFor(rep *Report, file string) *Note {
	for i := range rep.Notes {
		if filepath.Base(rep.Notes[i].File) == file {
			return &rep.Notes[i]
		}
	}
	return nil
}

const cephPod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes:\n  - name: c\n    cephfs: {monitors: [m]}\n"

// Binary, special, over-cap and unreadable files are skipped with a note; the scan goes on
// and still reports the good file beside them.
func TestSkippedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("binary.yaml", "apiVersion: v1\x00\x01\x02 cephfs")
	write("big.yaml", cephPod+strings.Repeat("# padding\n", 200))
	write("good.yaml", cephPod)
	fifo := mkfifo(filepath.Join(dir, "fifo.yaml"))
	if fifo != nil && !errors.Is(fifo, errors.ErrUnsupported) {
		t.Fatal(fifo)
	}
	if err := os.Symlink(filepath.Join(dir, "missing.yaml"), filepath.Join(dir, "dangling.yaml")); err != nil {
		t.Fatal(err)
	}
	done := make(chan *Report)
	go func() { done <- scanDir(t, New(nil, Options{MaxFileSize: 1000}), dir) }()
	var rep *Report
	select {
	case rep = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the scan hangs (a FIFO opened for reading?)")
	}
	for file, words := range map[string]string{
		"binary.yaml": "binary", "big.yaml": "limit", "fifo.yaml": "not a regular file",
		"dangling.yaml": "cannot read",
	} {
		if file == "fifo.yaml" && fifo != nil {
			continue
		}
		n := noteFor(rep, file)
		if n == nil || n.Kind != NoteSkipped || !strings.Contains(n.Message, words) {
			t.Errorf("%s: note %+v, want a skip saying %q", file, n, words)
		}
	}
	if len(rep.Findings) != 1 || filepath.Base(rep.Findings[0].File) != "good.yaml" {
		t.Errorf("findings = %+v, want the one in good.yaml", rep.Findings)
	}
}

// A symbolic link that loops back to its folder is not followed: the walk ends.
func TestSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, filepath.Join(sub, "back")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("self.yaml", filepath.Join(dir, "self.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "pod.yaml"), []byte(cephPod), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan *Report)
	go func() { done <- scanDir(t, New(nil, Options{}), dir) }()
	select {
	case rep := <-done:
		if len(rep.Findings) != 1 {
			t.Errorf("findings = %+v, want one", rep.Findings)
		}
		if n := noteFor(rep, "back"); n == nil || !strings.Contains(n.Message, "not followed") {
			t.Errorf("the link to a folder has note %+v", n)
		}
		if n := noteFor(rep, "self.yaml"); n == nil || !strings.Contains(n.Message, "cannot read") {
			t.Errorf("the self-link has note %+v", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the scan hangs on a symlink loop")
	}
}

// A path named on the command line that does not exist is an error, not a note.
func TestMissingPath(t *testing.T) {
	_, err := New(nil, Options{}).Scan(context.Background(), []string{"testdata/no-such-dir"}, nil)
	var pe *PathError
	if !errors.As(err, &pe) || pe.Path != "testdata/no-such-dir" || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("err = %v", err)
	}
}

// CRLF line ends and a missing final newline change no finding and no line, in every file of
// the corpus: YAML, JSON, scripts, Makefiles, units, environment files and certificates.
func TestLineEndings(t *testing.T) {
	s := newTestScanner(Options{})
	var files []string
	_ = filepath.WalkDir(corpus, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) != ".want" {
			files = append(files, p)
		}
		return err
	})
	total := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := s.ScanDocument(f, b)
		total += len(want)
		for name, variant := range map[string][]byte{
			"crlf":       bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")),
			"no-newline": bytes.TrimRight(b, "\n"),
			"crlf-no-nl": bytes.TrimRight(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")), "\r\n"),
		} {
			have, _ := s.ScanDocument(f, variant)
			if !slices.Equal(got("", want), got("", have)) {
				t.Errorf("%s %s:\n got %v\nwant %v", f, name, got("", have), got("", want))
			}
		}
	}
	if len(files) < 30 || total < 60 {
		t.Errorf("%d files with %d findings: the corpus was not read", len(files), total)
	}
}

// Standard input is read document by document and gives the same findings, lines included,
// as the same text in a file, with CRLF line ends or without a final newline too; a List
// printed by kubectl is split into its items.
func TestStreamMatchesFile(t *testing.T) {
	s := newTestScanner(Options{})
	for _, f := range []string{"manifests/ceph.yaml", "manifests/workloads.yaml", "kubeadm/cluster-v1beta3.yaml",
		"manifests/workloads.json", "manifests/kube-system-configmaps.yaml"} {
		b, err := os.ReadFile(filepath.Join(corpus, f))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := s.ScanDocument(StdinName, b)
		for name, in := range map[string][]byte{
			"as is":      b,
			"crlf-no-nl": bytes.TrimRight(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")), "\r\n"),
		} {
			rep, err := s.Scan(context.Background(), []string{StdinName}, bytes.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got("", want), got("", rep.Findings)) || len(want) == 0 || len(rep.Notes) > 0 {
				t.Errorf("%s from stdin, %s:\n got %v\nwant %v\nnotes %+v", f, name, got("", rep.Findings), got("", want), rep.Notes)
			}
		}
	}
}

func TestKubectlListIsSplitIntoItems(t *testing.T) {
	list := "apiVersion: v1\nitems:\n" +
		"- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n  spec:\n    volumes:\n    - name: c\n      cephfs: {monitors: [m]}\n" +
		"- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: b\n  spec:\n    volumes:\n    - name: r\n      rbd: {image: x}\n" +
		"kind: List\nmetadata:\n  resourceVersion: \"\"\n"
	var chunks []int
	splitAll([]byte(list), 0, func(_ []byte, line int) { chunks = append(chunks, line) }, nil)
	if !slices.Equal(chunks, []int{1, 3, 11, 19}) {
		t.Errorf("chunks start at %v, want the head, two items and the tail", chunks)
	}
	fs, _ := newTestScanner(Options{}).ScanDocument("list.yaml", []byte(list))
	if g := got("", fs); !slices.Equal(g, []string{"list.yaml:10 cephfs-volume", "list.yaml:18 rbd-volume"}) {
		t.Errorf("findings %v", g)
	}
	if fs[0].Name != "a" || fs[1].Name != "b" {
		t.Errorf("items keep their names: %+v", fs)
	}
}

// An alias bomb is refused quickly instead of being expanded.
func TestAliasBombIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cephfs}\ndata:\n  l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 20; i++ {
		b.WriteString("  l" + itoa(i) + ": &l" + itoa(i) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*l" + itoa(i-1))
		}
		b.WriteString("]\n")
	}
	// 10^20 nodes expanded; refusing them costs what parsing the 1.5 kB text costs
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, notes := New(nil, Options{}).ScanDocument("bomb.yaml", []byte(b.String()))
	runtime.ReadMemStats(&after)
	if len(notes) != 1 || notes[0].Kind != NoteUnparsable || !strings.Contains(notes[0].Message, "alias") {
		t.Errorf("notes = %+v", notes)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("refusing the bomb allocated %d KiB", n>>10)
	}
}

// Without AllSyntax, a broken file that mentions nothing 1.31 changed is not even parsed;
// with it, its syntax error is reported too.
func TestAllSyntax(t *testing.T) {
	broken := []byte("apiVersion: v1\nkind: ConfigMap\ndata: {a: [1, 2}\n")
	if _, notes := New(nil, Options{}).ScanDocument("cm.yaml", broken); len(notes) != 0 {
		t.Errorf("notes without AllSyntax: %+v", notes)
	}
	_, notes := New(nil, Options{AllSyntax: true}).ScanDocument("cm.yaml", broken)
	if len(notes) != 1 || notes[0].Line != 3 || notes[0].Kind != NoteUnparsable {
		t.Errorf("notes with AllSyntax: %+v", notes)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// Version control data and dependency caches are not walked; hidden folders such as .github
// are.
func TestSkippedDirs(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{".git", "node_modules", ".github/workflows", "deploy"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, sub, "pod.yaml"), []byte(cephPod), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep := scanDir(t, New(nil, Options{}), dir)
	var files []string
	for _, f := range rep.Findings {
		rel, _ := filepath.Rel(dir, f.File)
		files = append(files, filepath.ToSlash(rel))
	}
	if !slices.Equal(files, []string{".github/workflows/pod.yaml", "deploy/pod.yaml"}) || rep.Files != 2 {
		t.Errorf("findings in %v (%d files read)", files, rep.Files)
	}
	// named on the command line, a skipped folder is read
	if rep := scanDir(t, New(nil, Options{}), filepath.Join(dir, ".git")); len(rep.Findings) != 1 {
		t.Errorf(".git named explicitly: %d findings", len(rep.Findings))
	}
}

// A JSON List larger than --max-file-size from a stream (kubectl get -o json) is checked item
// by item, with the same findings and lines as the whole document.
func TestJSONStreamItems(t *testing.T) {
	var items []string
	for i := range 40 {
		src := "cephfs"
		if i%3 != 0 {
			src = "emptyDir"
		}
		items = append(items, `        {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": "p`+strconv.Itoa(i)+`", "namespace": "ns"},
            "spec": {"volumes": [{"name": "v", "`+src+`": {}}]}
        }`)
	}
	list := "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n" + strings.Join(items, ",\n") +
		"\n    ],\n    \"kind\": \"List\",\n    \"metadata\": {\"resourceVersion\": \"\"}\n}\n"
	whole, _ := New(nil, Options{}).ScanDocument(StdinName, []byte(list))
	if len(whole) != 14 {
		t.Fatalf("the whole document gives %d findings", len(whole))
	}
	rep, err := New(nil, Options{MaxFileSize: 1024}).Scan(context.Background(), []string{StdinName}, strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got("", rep.Findings), got("", whole)) || len(rep.Notes) != 0 {
		t.Errorf("item by item:\n got %v\nwant %v\nnotes %+v", got("", rep.Findings), got("", whole), rep.Notes)
	}
	// a large JSON document that is not a List, and a broken List, are noted
	for doc, want := range map[string]string{
		`{"kind": "ConfigMap", "data": {"a": "` + strings.Repeat("x", 2000) + `"}}`:      "without items",
		"{\n\"items\": [\n{\"a\": 1},\n{\"b\": " + strings.Repeat(" ", 2000) + "oops}]}": "not valid JSON",
	} {
		rep, err := New(nil, Options{MaxFileSize: 1024}).Scan(context.Background(), []string{StdinName}, strings.NewReader(doc))
		if err != nil || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0].Message, want) {
			t.Errorf("%.30q: %v, notes %+v", doc, err, rep.Notes)
		}
	}
}

// A link to a folder named on the command line is followed; inside a walk it is not.
func TestSymlinkRoot(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "pod.yaml"), []byte(cephPod), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	rep := scanDir(t, New(nil, Options{}), link)
	if len(rep.Findings) != 1 || rep.Findings[0].File != filepath.Join(link, "pod.yaml") {
		t.Errorf("findings %+v, notes %+v", rep.Findings, rep.Notes)
	}
}
