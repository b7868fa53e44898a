package check

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// StdinName is how standard input is named in findings.
const StdinName = "-"

// job is one file (or stream) to check, numbered in the order the walk met it.
type job struct {
	seq      int
	path     string
	kind     fileKind
	explicit bool // named on the command line: read whatever its name
	stream   io.Reader
	note     *Note // a file skipped during the walk: nothing to read, only this to say
}

type result struct {
	seq      int
	findings []Finding
	notes    []Note
	files    int
	bytes    int64
	stdin    bool // the job was standard input
}

// PathError is a path named on the command line that cannot be read at all.
type PathError struct {
	Path string
	Err  error
}

func (e *PathError) Error() string { return fmt.Sprintf("%s: %s", e.Path, walkErr(e.Err)) }
func (e *PathError) Unwrap() error { return e.Err }

// Scan checks the files and folders named by paths ("-" is stdin) and returns what it found,
// files in the order met (folders walked in lexical order), so that the report is the same on
// every run. A path that does not exist or cannot be opened is an error; anything wrong
// inside a folder is a note and the scan goes on.
func (s *Scanner) Scan(ctx context.Context, paths []string, stdin io.Reader) (*Report, error) {
	return s.ScanTo(ctx, paths, stdin, nil)
}

// ScanTo is Scan that hands each finding to emit, in the report's order, as soon as the
// findings before it are known, instead of keeping them in the report (which then counts
// them only): what a scan holds stays the same however many files have findings. An error
// from emit (the output is gone) stops the scan and is returned. A nil emit is Scan.
func (s *Scanner) ScanTo(ctx context.Context, paths []string, stdin io.Reader, emit func(Finding) error) (*Report, error) {
	for _, p := range paths {
		if p == StdinName {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return nil, &PathError{Path: p, Err: err}
		}
	}
	workers := s.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// window bounds the results waiting for an earlier one, and so the memory of a scan
	window := make(chan struct{}, 8*workers+16)
	jobs := make(chan job, workers)
	results := make(chan result, workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	go func() {
		defer close(jobs)
		seq := 0
		send := func(j job) bool {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			j.seq = seq
			seq++
			jobs <- j
			return true
		}
		for _, p := range paths {
			if !s.enqueue(ctx, p, stdin, send) {
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for j := range jobs {
				var r result
				r, buf = s.run(j, buf)
				results <- r
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	rep := &Report{}
	var emitErr error
	pending := map[int]result{}
	next := 0
	for r := range results {
		pending[r.seq] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-window
			if emit == nil {
				rep.Findings = append(rep.Findings, r.findings...)
			}
			for _, f := range r.findings {
				if emit == nil || emitErr != nil {
					break
				}
				rep.streamed[min(max(f.Severity, Info), Error)]++
				if emitErr = emit(f); emitErr != nil {
					cancel() // the rest would be read by nobody
				}
			}
			for _, n := range r.notes {
				if len(rep.Notes) < maxNotes {
					rep.Notes = append(rep.Notes, n)
				} else {
					rep.NotesDropped++
				}
			}
			rep.Files += r.files
			rep.Bytes += r.bytes
			if r.stdin {
				rep.StdinBytes += r.bytes
			}
			for i := range r.notes {
				if r.notes[i].Unread {
					if rep.Unread == 0 {
						n := r.notes[i]
						rep.FirstUnread = &n
					}
					rep.Unread++
				}
			}
		}
	}
	if emitErr != nil {
		return rep, emitErr
	}
	return rep, ctx.Err()
}

// unread reports whether err means a file that is there could not be read: not a file gone
// (a dangling link, a file removed during the walk), which holds nothing to check.
func unread(err error) bool { return err != nil && !errors.Is(err, fs.ErrNotExist) }

// noteUnread notes a file that could not be read, marked Unread when it is there.
func (c *fileCtx) noteUnread(msg string, err error) {
	c.notes = append(c.notes, Note{Kind: NoteSkipped, File: c.file, Message: msg, Unread: unread(err)})
}

// enqueue sends the jobs for one command-line path.
func (s *Scanner) enqueue(ctx context.Context, p string, stdin io.Reader, send func(job) bool) bool {
	if p == StdinName {
		return send(job{path: StdinName, kind: fkYAML, explicit: true, stream: stdin})
	}
	fi, err := os.Stat(p)
	if err != nil {
		return send(job{path: p, note: &Note{Kind: NoteSkipped, File: p, Message: fmt.Sprintf(s.t.CannotRead, walkErr(err)), Unread: unread(err)}})
	}
	if !fi.IsDir() {
		return send(job{path: p, kind: classify(p), explicit: true})
	}
	root := p
	if li, err := os.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		// a link to a folder named on the command line is followed (WalkDir would stop at
		// it): with a trailing separator the walk starts in the folder it points to
		root = p + string(filepath.Separator)
	}
	err = filepath.WalkDir(root, func(q string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			if !send(job{path: q, note: &Note{Kind: NoteSkipped, File: q, Message: fmt.Sprintf(s.t.CannotRead, walkErr(err)), Unread: unread(err)}}) {
				return ctx.Err()
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if q != root && skippedDirs[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		var j job
		switch t := d.Type(); {
		case t&fs.ModeSymlink != 0:
			j = s.symlinkJob(q)
		case t.IsRegular():
			k := classify(q)
			if k == fkNone {
				return nil
			}
			j = job{path: q, kind: k}
		default:
			j = job{path: q, note: &Note{Kind: NoteSkipped, File: q, Message: s.t.NotRegular}}
		}
		if j.path == "" {
			return nil
		}
		if !send(j) {
			return ctx.Err()
		}
		return nil
	})
	return err == nil
}

// symlinkJob decides what to do with a symbolic link met in a folder: a link to a file is
// read like the file; links to folders are not followed, so that a loop cannot trap the walk.
func (s *Scanner) symlinkJob(q string) job {
	k := classify(q)
	fi, err := os.Stat(q)
	switch {
	case err != nil && k != fkNone:
		return job{path: q, note: &Note{Kind: NoteSkipped, File: q, Message: fmt.Sprintf(s.t.CannotRead, walkErr(err)), Unread: unread(err)}}
	case err != nil:
		return job{}
	case fi.IsDir():
		return job{path: q, note: &Note{Kind: NoteSkipped, File: q, Message: s.t.LinkToFolder}}
	case k == fkNone:
		return job{}
	case !fi.Mode().IsRegular():
		// a link to a FIFO, a socket or a device (the entries of /proc/PID/fd): said as a
		// file of that type met in the folder is, and never opened
		return job{path: q, note: &Note{Kind: NoteSkipped, File: q, Message: s.t.NotRegular}}
	}
	return job{path: q, kind: k}
}

// run reads and checks one job. buf is the worker's read buffer, handed back for the next.
func (s *Scanner) run(j job, buf []byte) (r result, _ []byte) {
	r.seq = j.seq
	if j.note != nil {
		r.notes = []Note{*j.note}
		return r, buf
	}
	c := &fileCtx{s: s, file: j.path}
	defer func() {
		c.done()
		r.findings, r.notes = c.findings, c.notes
	}()
	if j.stream != nil || j.explicit && isPipe(j.path) {
		stream := j.stream
		if stream == nil {
			f, err := os.Open(j.path)
			if err != nil {
				c.noteUnread(fmt.Sprintf(s.t.CannotRead, walkErr(err)), err)
				return r, buf
			}
			defer f.Close()
			stream = f
		}
		n, err := c.scanStream(stream)
		r.files, r.bytes = 1, n
		if j.path == StdinName {
			r.stdin = true
		}
		if err != nil {
			c.noteUnread(fmt.Sprintf(s.t.ReadingStopped, walkErr(err)), err)
		}
		return r, buf
	}
	if j.kind == fkScript && !j.explicit && !isScript(j.path) {
		return r, buf // a file without an extension that is not a shell script: not read
	}
	b, size, err := readFile(j.path, s.opts.MaxFileSize, buf)
	switch {
	case err == errTooBig:
		c.note(NoteSkipped, 0, fmt.Sprintf(s.t.TooLargeFile, sizeLabel(size), sizeLabel(s.opts.MaxFileSize)))
		return r, buf
	case err == errNotRegular:
		c.note(NoteSkipped, 0, s.t.NotRegular)
		return r, buf
	case err == errBinary:
		r.files, r.bytes = 1, size
		c.note(NoteSkipped, 0, s.t.Binary)
		return r, buf
	case err != nil:
		c.noteUnread(fmt.Sprintf(s.t.CannotRead, walkErr(err)), err)
		return r, buf
	}
	if cap(b) <= 4<<20 {
		buf = b // keep the buffer for the next file, unless one big file made it huge
	}
	r.files, r.bytes = 1, size
	if u, ok := fromUTF16(b); ok {
		b = u
	}
	if isBinary(b) {
		c.note(NoteSkipped, 0, s.t.Binary)
		return r, buf
	}
	kind := j.kind
	if kind == fkNone || kind == fkScript && j.explicit {
		kind = sniff(b) // a file named on the command line is read whatever its name
	}
	s.scanBytes(c, kind, b)
	return r, buf
}

// scanBytes checks a file's contents by kind.
func (s *Scanner) scanBytes(c *fileCtx, kind fileKind, b []byte) {
	switch kind {
	case fkYAML:
		c.scanYAML(b, false)
	case fkJSON:
		c.scanYAML(b, true)
	case fkShell, fkScript:
		c.scanShell(b)
	case fkMake:
		c.scanMake(b)
	case fkUnit:
		c.scanUnit(b)
	case fkEnv:
		c.scanEnv(b)
	case fkPEM:
		c.scanPEM(b)
	case fkTemplate:
		if c.s.opts.AllSyntax || c.s.trig.matches(b) {
			c.templateLines(b, 1)
		}
	}
}

// isScript reads the first line of a file without an extension, to tell a shell script (a
// shell's #! line) from everything else such a folder holds (licences, binaries).
// It opens the file through readFile's guard: a FIFO put in place after the walk looked at it
// is passed over, not waited on.
func isScript(p string) bool {
	var head [256]byte
	n, err := readHead(p, head[:])
	if err != nil {
		return false // the walk passes over it, as over any file it does not read
	}
	return shellShebang(head[:n])
}

// isPipe reports whether p is a FIFO, such as the /dev/fd path of a shell's <(...).
func isPipe(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode()&fs.ModeNamedPipe != 0
}

// ScanDocument checks one file's contents as if read from a file named name (its name decides
// how it is read, as in a folder; an unknown name is read as YAML). It is the document scanner
// without the file system: the cluster scan hands it each live object as JSON (data/cluster),
// and the tests and fuzzing use it.
func (s *Scanner) ScanDocument(name string, b []byte) ([]Finding, []Note) {
	c := &fileCtx{s: s, file: name}
	kind := classify(name)
	if kind == fkNone || kind == fkScript {
		kind = sniff(b)
	}
	s.scanBytes(c, kind, b)
	c.done()
	return c.findings, c.notes
}
