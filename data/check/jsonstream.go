package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// scanJSONStream checks JSON from a stream. A document that fits --max-file-size is checked
// whole. A larger one is most likely a List from kubectl get -o json: it is read item by item
// with encoding/json, so that memory stays bounded by the largest item, and each item is
// checked at the line it starts on.
func (c *fileCtx) scanJSONStream(r io.Reader) (int64, error) {
	max := c.s.opts.MaxFileSize
	head, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return int64(len(head)), err
	}
	c.json = true
	if int64(len(head)) <= max {
		c.chunk(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), 1)
		return int64(len(head)), nil
	}
	lt := &lineTracker{r: io.MultiReader(bytes.NewReader(head), r), lastNL: -1}
	head = nil
	err = c.jsonItems(lt)
	return lt.pos, err
}

// jsonItems walks a top-level JSON object to its "items" array and checks each element.
func (c *fileCtx) jsonItems(lt *lineTracker) error {
	dec := json.NewDecoder(lt)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		c.note(NoteSkipped, 1, fmt.Sprintf(c.s.t.JSONNotList, sizeLabel(c.s.opts.MaxFileSize)))
		return nil
	}
	found := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return c.jsonBroken(lt, dec, err)
		}
		if key, _ := tok.(string); key != "items" {
			var skip json.RawMessage // the List's own fields: nothing to check
			if err := dec.Decode(&skip); err != nil {
				return c.jsonBroken(lt, dec, err)
			}
			continue
		}
		found = true
		if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
			return c.jsonBroken(lt, dec, err)
		}
		for dec.More() {
			var item json.RawMessage
			if err := dec.Decode(&item); err != nil {
				return c.jsonBroken(lt, dec, err)
			}
			at := dec.InputOffset() - int64(len(item))
			if int64(len(item)) > c.s.opts.MaxFileSize {
				c.tooBig(lt.lineAt(at))
				continue
			}
			line := lt.lineAt(at)
			// the item's first line is the List's line from where the item starts: on a List
			// written on one line (kubectl get -o json | jq -c) that is every finding's line
			c.col0 = lt.columnAt(at) - 1
			c.chunk(item, line)
			c.col0 = 0
		}
		if _, err := dec.Token(); err != nil { // ]
			return c.jsonBroken(lt, dec, err)
		}
	}
	if !found {
		c.note(NoteSkipped, 1, fmt.Sprintf(c.s.t.JSONNoItems, sizeLabel(c.s.opts.MaxFileSize)))
	}
	return nil
}

// jsonBroken notes where a JSON stream stopped parsing; a read error is returned as such.
func (c *fileCtx) jsonBroken(lt *lineTracker, dec *json.Decoder, err error) error {
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		c.note(NoteUnparsable, lt.lineAt(syn.Offset), fmt.Sprintf(c.s.t.NotJSON, syn.Error()))
		return nil
	case err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		c.note(NoteUnparsable, lt.lineAt(dec.InputOffset()), c.s.t.JSONEndsEarly)
		return nil
	}
	return err
}

// lineTracker counts lines in a stream as it is read, keeping only the newlines not yet asked
// about: lineAt is asked for offsets that only grow, so what it keeps is bounded by what the
// JSON decoder has read ahead.
type lineTracker struct {
	r      io.Reader
	pos    int64   // bytes read
	nl     []int64 // offsets of the newlines at or after the last offset asked about
	before int     // newlines before those in nl
	lastNL int64   // the offset of the last newline before those in nl; -1 for none
}

func (t *lineTracker) Read(p []byte) (int, error) {
	if len(p) > 64<<10 {
		p = p[:64<<10] // small reads keep the decoder's look-ahead, and so nl, small
	}
	n, err := t.r.Read(p)
	for i, b := range p[:n] {
		if b == '\n' {
			t.nl = append(t.nl, t.pos+int64(i))
		}
	}
	t.pos += int64(n)
	return n, err
}

// lineAt returns the 1-based line of byte offset off (off must not go back).
func (t *lineTracker) lineAt(off int64) int {
	k := 0
	for k < len(t.nl) && t.nl[k] < off {
		k++
	}
	t.before += k
	if k > 0 {
		t.lastNL = t.nl[k-1]
	}
	t.nl = t.nl[k:]
	if cap(t.nl) > 4096 && len(t.nl) < cap(t.nl)/4 {
		t.nl = append([]int64(nil), t.nl...) // let the old backing array go
	}
	return t.before + 1
}

// columnAt returns the 1-based column of byte offset off, after lineAt(off). It counts bytes:
// a List's text before an item is its own JSON, ASCII but for the strings of earlier items on
// the same line, whose other characters it counts as their UTF-8 length.
func (t *lineTracker) columnAt(off int64) int {
	return int(off - t.lastNL)
}
