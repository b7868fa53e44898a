package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
)

// checkJSONStream writes elli check's JSON report while the scan runs: each finding as soon as
// the scan hands it on (check.ScanTo), the notes and the summary at the end. The bytes are
// those writeJSON writes for the whole report, but elli holds one finding at a time, so its
// memory stays the same on a tree where every file has a finding. --jq needs the whole
// document and does not stream.
type checkJSONStream struct {
	w    *bufio.Writer
	ds   *data.Dataset
	lang data.Lang
	n    int // findings written
	enc  *json.Encoder
	buf  bytes.Buffer
}

// findingsKey is how writeJSON prints the report's empty findings list; the stream writes the
// findings between its brackets.
const findingsKey = `"findings": []`

func newCheckJSONStream(w io.Writer, ds *data.Dataset, lang data.Lang) *checkJSONStream {
	s := &checkJSONStream{w: bufio.NewWriterSize(w, 64<<10), ds: ds, lang: lang}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	s.enc.SetIndent("    ", "  ") // an element of the findings array, two levels in
	return s
}

// finding writes one finding; the first one writes the report's head before it.
func (s *checkJSONStream) finding(f check.Finding) error {
	if s.n == 0 {
		head, _, err := reportParts(CheckReport{Findings: []Finding{}})
		if err != nil {
			return err
		}
		if _, err := s.w.Write(head); err != nil {
			return err
		}
	} else if err := s.w.WriteByte(','); err != nil {
		return err
	}
	s.n++
	s.buf.Reset()
	if err := s.enc.Encode(findingOf(s.ds, f, s.lang)); err != nil {
		return err
	}
	if _, err := s.w.WriteString("\n    "); err != nil {
		return err
	}
	_, err := s.w.Write(escapeControls(bytes.TrimSuffix(s.buf.Bytes(), []byte("\n"))))
	return err
}

// finish writes the rest of rep (whose Findings the stream has written) and flushes.
func (s *checkJSONStream) finish(rep CheckReport) error {
	rep.Findings = []Finding{}
	head, tail, err := reportParts(rep)
	if err != nil {
		return err
	}
	if s.n == 0 {
		_, _ = s.w.Write(head)
	} else {
		_, _ = s.w.WriteString("\n  ")
	}
	_, _ = s.w.Write(tail)
	return s.w.Flush()
}

// reportParts prints rep (with no findings) as writeJSON does and cuts it inside the findings
// brackets: head ends with "[", tail starts with "]".
func reportParts(rep CheckReport) (head, tail []byte, err error) {
	var b bytes.Buffer
	if err := writeJSON(&b, rep); err != nil {
		return nil, nil, err
	}
	i := bytes.Index(b.Bytes(), []byte(findingsKey))
	if i < 0 {
		panic("check JSON: the report has no " + findingsKey) // CheckReport changed: TestCheckGolden fails
	}
	cut := i + len(findingsKey) - 1
	return b.Bytes()[:cut], b.Bytes()[cut:], nil
}
