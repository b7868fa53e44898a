package check

import (
	"bytes"
	"sync"
)

// splitter cuts a YAML stream into the pieces elli parses one at a time: documents (at "---"
// and "..." lines), and the items of a top-level "items:" sequence, which is how kubectl prints
// a List. Parsing piece by piece keeps memory bounded by the largest object rather than the
// whole stream, lets one broken document be reported while the others are still checked, and
// gives each piece the line it starts on. It is fed line by line, so a stream never has to be
// held whole.
type splitter struct {
	emit func(chunk []byte, line int) // line: the 1-based line of the chunk's first byte
	buf  []byte
	line int // the line buf starts on
	next int // the line of the next line fed
	// inItems is set after a top-level "items:" line; the item being gathered starts with "- "
	// at column 0.
	inItems, inItem bool
	// directives holds "%" lines waiting for the document they belong to.
	directives bool
	max        int  // the largest chunk kept; a longer one is dropped and reported
	tooBig     bool // the current chunk outgrew max
	onTooBig   func(line int)
}

func newSplitter(max int, emit func([]byte, int), onTooBig func(int)) *splitter {
	return &splitter{emit: emit, max: max, line: 1, next: 1, onTooBig: onTooBig}
}

// feed takes one line, with its line break.
func (s *splitter) feed(l []byte) {
	lineNo := s.next
	s.next++
	body := bytes.TrimRight(l, "\r\n")
	switch {
	case isDocMarker(body, "---"):
		if s.directives {
			s.directives = false // the directives and this marker open one document
		} else {
			s.flush()
			s.start(lineNo)
		}
		s.inItems, s.inItem = false, false
	case isDocMarker(body, "..."):
		s.flush()
		s.inItems, s.inItem = false, false
		s.start(lineNo + 1)
		return
	case len(body) > 0 && body[0] == '%' && !s.inItems:
		// a directive belongs to the document after the next "---"
		if !s.directives && len(bytes.TrimSpace(s.buf)) > 0 {
			s.flush()
			s.start(lineNo)
		}
		s.directives = true
	case s.inItems && len(body) >= 1 && body[0] == '-' && (len(body) == 1 || body[1] == ' ' || body[1] == '\t'):
		// a new item: what came before (the List's head, or the previous item) is done
		s.flush()
		s.start(lineNo)
		s.inItem = true
		// "- key: v" parses as a one-element sequence; indenting instead keeps it the object
		// itself, at the same columns.
		l = append([]byte{' '}, l[1:]...)
	case s.inItems && len(body) > 0 && body[0] != ' ' && body[0] != '\t' && body[0] != '#':
		// a top-level key after the items: the List's tail
		s.flush()
		s.start(lineNo)
		s.inItems, s.inItem = false, false
	case !s.inItems && isItemsKey(body):
		s.inItems = true
	}
	s.add(l)
}

func (s *splitter) start(line int) {
	s.buf = s.buf[:0]
	s.line = line
	s.tooBig = false
}

func (s *splitter) add(l []byte) {
	if s.tooBig {
		return
	}
	if s.max > 0 && len(s.buf)+len(l) > s.max {
		s.tooBig = true
		if s.onTooBig != nil {
			s.onTooBig(s.line)
		}
		s.buf = s.buf[:0]
		return
	}
	s.buf = append(s.buf, l...)
}

// flush emits the chunk gathered so far.
func (s *splitter) flush() {
	if !s.tooBig && len(s.buf) > 0 {
		s.emit(s.buf, s.line)
	}
	s.buf = s.buf[:0]
	s.tooBig = false
}

// isDocMarker reports whether the line is a document marker: "---" or "..." at column 0,
// alone or followed by white space (and then content or a comment).
func isDocMarker(l []byte, marker string) bool {
	if !bytes.HasPrefix(l, []byte(marker)) {
		return false
	}
	return len(l) == 3 || l[3] == ' ' || l[3] == '\t'
}

// isItemsKey reports whether the line is the top-level key "items:" with nothing after it but
// a comment: the head of a List whose items follow as a block sequence.
func isItemsKey(l []byte) bool {
	rest, ok := bytes.CutPrefix(l, []byte("items:"))
	if !ok {
		return false
	}
	rest = bytes.TrimSpace(rest)
	return len(rest) == 0 || rest[0] == '#'
}

// splitBufs keeps the splitters' chunk buffers from one file to the next: a file's splitter
// would otherwise grow a new one, doubling from nothing, for every file of a tree.
var splitBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledSplitBuf is the largest chunk buffer kept for the next file.
const maxPooledSplitBuf = 1 << 20

// splitAll feeds a whole buffer through a splitter. emit must not keep the chunk: its buffer
// is the next chunk's, and then the next file's.
func splitAll(b []byte, max int, emit func([]byte, int), onTooBig func(int)) {
	s := newSplitter(max, emit, onTooBig)
	bp := splitBufs.Get().(*[]byte)
	s.buf = (*bp)[:0]
	defer func() {
		if cap(s.buf) <= maxPooledSplitBuf {
			*bp = s.buf[:0]
			splitBufs.Put(bp)
		}
	}()
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.feed(b)
			break
		}
		s.feed(b[:i+1])
		b = b[i+1:]
	}
	s.flush()
}
