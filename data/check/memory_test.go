package check

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// repeatReader yields head, then body n times, then tail, without holding more than one body.
type repeatReader struct {
	head, body, tail []byte
	n                int
	cur              []byte
	stage            int
	onRead           func(read int64)
	read             int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for len(r.cur) == 0 {
		switch {
		case r.stage == 0:
			r.cur, r.stage = r.head, 1
		case r.stage == 1 && r.n > 0:
			r.cur, r.n = r.body, r.n-1
		case r.stage == 1:
			r.cur, r.stage = r.tail, 2
		default:
			return 0, io.EOF
		}
	}
	k := copy(p, r.cur)
	r.cur = r.cur[k:]
	before := r.read
	r.read += int64(k)
	if r.onRead != nil && r.read>>20 != before>>20 { // every MiB
		r.onRead(r.read)
	}
	return k, nil
}

// liveHeap is the heap still in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// allocated returns the bytes the heap gave out while fn ran. Tests and fuzz inputs run one
// at a time, and a scan's goroutines have ended when it returns, so what is counted is fn's.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Memory stays bounded on huge input from a stream: however long the stream, what the scan
// holds at any time is one document (at most --max-file-size) and the findings it keeps. The
// streams here are documents that must be parsed, one document far over the cap, and a line
// with no end; the live heap, measured after a collection at every MiB read, must stay a
// fraction of what was read.
func TestStreamMemoryBounded(t *testing.T) {
	doc := "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cephfs-notes}\ndata: {a: b}\n" // parsed: it names cephfs
	for name, r := range map[string]*repeatReader{
		"many documents": {body: []byte(doc), n: 2 << 20 / len(doc), tail: []byte("---\n" + cephPod)},
		"one huge document": {head: []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cephfs}\ndata:\n"),
			body: []byte("  key: " + strings.Repeat("v", 57) + "\n"), n: 16 << 20 / 64, tail: []byte("---\n" + cephPod)},
		"one endless line": {head: []byte("data: "), body: bytes.Repeat([]byte("cephfs "), 1<<10), n: 16 << 20 / (7 << 10),
			tail: []byte("\n---\n" + cephPod)},
	} {
		start := time.Now()
		base := liveHeap()
		var peak uint64
		r.onRead = func(int64) { peak = max(peak, liveHeap()) }
		rep, err := New(nil, Options{MaxFileSize: 1 << 20}).Scan(context.Background(), []string{StdinName}, r)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Bytes < 2<<20 || len(rep.Findings) != 1 || rep.Findings[0].Rule != RuleCephFSVolume {
			t.Errorf("%s: read %d bytes, findings %+v, notes %+v", name, rep.Bytes, rep.Findings, rep.Notes)
		}
		if name != "many documents" && (len(rep.Notes) != 1 || rep.Notes[0].Line != 1) {
			t.Errorf("%s: notes %+v, want the document over the cap at line 1", name, rep.Notes)
		}
		// holding what was read would grow the heap by all of it; parsed, by several times more
		if grew := int64(peak) - int64(base); peak == 0 || grew > rep.Bytes/2 {
			t.Errorf("%s: the live heap grew by %d KiB while reading %d MiB", name, grew>>10, rep.Bytes>>20)
		}
		t.Logf("%s: %d MiB read, live heap grew by at most %d KiB (%v)", name, rep.Bytes>>20, (int64(peak)-int64(base))>>10, time.Since(start))
	}
}

// ScanTo hands findings on in the order Scan keeps them, counts them, and holds none: on a
// stream where every document has a finding, the live heap stays flat however many came.
func TestScanToHoldsNoFindings(t *testing.T) {
	s := newTestScanner(Options{})
	want, err := s.Scan(context.Background(), []string{corpus}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []Finding
	rep, err := s.ScanTo(context.Background(), []string{corpus}, nil, func(f Finding) error { got = append(got, f); return nil })
	if err != nil || len(rep.Findings) != 0 {
		t.Fatalf("%v, %d findings kept", err, len(rep.Findings))
	}
	if len(got) != len(want.Findings) || rep.Count(Info) != len(got) || rep.CountBy()[Error] != want.CountBy()[Error] {
		t.Errorf("emitted %d, counted %d, Scan found %d", len(got), rep.Count(Info), len(want.Findings))
	}
	for i := range got {
		if i < len(want.Findings) && got[i] != want.Findings[i] {
			t.Fatalf("finding %d: emitted %+v, Scan %+v", i, got[i], want.Findings[i])
		}
	}

	// a tree where every file has findings (one file's findings are sorted, then handed on)
	dir := t.TempDir()
	doc := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n" +
		"    container.apparmor.security.beta.kubernetes.io/a: runtime/default\n    container.apparmor.security.beta.kubernetes.io/b: runtime/default\n" +
		"    container.apparmor.security.beta.kubernetes.io/c: runtime/default\n    container.apparmor.security.beta.kubernetes.io/d: runtime/default\n" +
		"spec:\n  containers:\n  - name: a\n    image: app:1\n"
	const files = 3000
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("pod-%04d.yaml", i)), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base := liveHeap()
	var peak uint64
	count := 0
	rep, err = New(nil, Options{}).ScanTo(context.Background(), []string{dir}, nil, func(f Finding) error {
		if count++; count%2000 == 0 {
			peak = max(peak, liveHeap())
		}
		return nil
	})
	if err != nil || count != 4*files || rep.Count(Warning) != 4*files {
		t.Fatalf("%v: %d emitted, %d counted", err, count, rep.Count(Warning))
	}
	// kept, 12,000 findings would hold about 5 MB
	if grew := int64(peak) - int64(base); grew > 1<<20 {
		t.Errorf("the live heap grew by %d KiB over %d findings", grew>>10, count)
	}
	t.Logf("live heap grew by at most %d KiB over %d findings", (int64(peak)-int64(base))>>10, count)

	// an emit that fails (the output is gone) stops the scan with its error
	stop := io.ErrClosedPipe
	_, err = New(nil, Options{}).ScanTo(context.Background(), []string{dir}, nil, func(Finding) error { return stop })
	if err != stop {
		t.Errorf("err = %v, want the emit's", err)
	}
}
