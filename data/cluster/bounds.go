package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"
)

// What a server that misbehaves can cost the scan, bounded: the bytes of each answer (counted
// as they are decoded, after the transport has undone gzip), the pages and objects of each
// kind, a continue token that comes back, and the length of any text of the server's that the
// scan repeats.

// maxPage bounds one list answer. A page of 500 objects of a real cluster is a few MB, and
// one of CRDs (crdPage of them, each at most the 1.5 MB etcd keeps) about 15; more is a
// server gone wrong, or a hostile one, and a note. The scan holds at most two pages (pages),
// so that one runaway answer keeps the scan's peak under 300 MB.
var maxPage int64 = 32 << 20

// maxErrorBody bounds the body of an answer that is an error (a status of 300 or more), which
// client-go reads whole to build its error: a real Status is a few hundred bytes.
const maxErrorBody = 1 << 20

// maxKindObjects bounds the objects read of one kind: twice the 150,000 pods of Kubernetes's
// largest tested cluster. A kind with more is a server that pages without end.
const maxKindObjects = 300_000

// errTooLarge is an answer longer than the scan reads of it.
var errTooLarge = errors.New("the answer is too large")

// boundedTransport bounds the body of every answer the scan gets, whatever reads it (client-go
// reads an error's body whole): the largest answer the scan reads (maxMetrics; each read has
// its own bound too), maxErrorBody for an error. It wraps the HTTP transport itself, so that it counts decoded bytes: Go's
// transport undoes the gzip it asked for before the body reaches it.
type boundedTransport struct{ rt http.RoundTripper }

func (b boundedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := b.rt.RoundTrip(req)
	if err != nil || resp == nil || resp.Body == nil {
		return resp, err
	}
	max := max(maxMetrics, maxPage)
	if resp.StatusCode >= 300 {
		max = maxErrorBody
	}
	resp.Body = boundedBody{&countingReader{r: resp.Body, left: max}, resp.Body}
	return resp, nil
}

// CancelRequest passes a cancel on, as client-go's own round trippers do: without it client-go
// logs "Unable to cancel request" when a request's timeout strikes.
func (b boundedTransport) CancelRequest(req *http.Request) {
	type canceler interface{ CancelRequest(*http.Request) }
	if c, ok := b.rt.(canceler); ok {
		c.CancelRequest(req)
	}
}

// WrappedRoundTripper lets client-go's debugging wrappers see through this one.
func (b boundedTransport) WrappedRoundTripper() http.RoundTripper { return b.rt }

// boundedBody is a response body that fails with errTooLarge once more than its bound has
// been read: a countingReader that also closes the body.
type boundedBody struct {
	*countingReader
	io.Closer
}

// countingReader fails with errTooLarge once more than max bytes have been read.
type countingReader struct {
	r    io.Reader
	left int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, errTooLarge
	}
	return n, err
}

// decodeList reads a list answer an item at a time, so that the scan holds the items and not
// also the whole answer they came in: its items, as their JSON, and its continue token.
func decodeList(r io.Reader) (items []json.RawMessage, cont string, err error) {
	dec := json.NewDecoder(r)
	if tok, err := dec.Token(); err != nil {
		return nil, "", err
	} else if tok != json.Delim('{') {
		return nil, "", errNotList
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, "", err
		}
		switch tok {
		case "items":
			if tok, err := dec.Token(); err != nil {
				return nil, "", err
			} else if tok == nil {
				continue // "items": null, an empty list as some servers write it
			} else if tok != json.Delim('[') {
				return nil, "", errNotList
			}
			for dec.More() {
				var it json.RawMessage
				if err := dec.Decode(&it); err != nil {
					return nil, "", err
				}
				items = append(items, it)
			}
			if _, err := dec.Token(); err != nil { // ]
				return nil, "", err
			}
		case "metadata":
			var m struct {
				Continue string `json:"continue"`
			}
			if err := dec.Decode(&m); err != nil {
				return nil, "", err
			}
			cont = m.Continue
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, "", err
			}
		}
	}
	return items, cont, nil
}

// errNotList is an answer to a list request that is JSON but no list.
var errNotList = errors.New("the answer is not a list")

// pageBound is where one kind's paging stops: after maxKindObjects objects, after the pages
// those would take (and a few short ones more), or at a continue token the server already
// sent, which would read the same pages again.
type pageBound struct {
	pages, maxPages, objects int
	seen                     map[uint64]bool
}

func newPageBound(limit int64) *pageBound {
	return &pageBound{maxPages: maxKindObjects/int(max(limit, 1)) + 16, seen: map[uint64]bool{}}
}

// next counts a page of n objects with the continue token cont, and says why the paging must
// stop there (errPagesEnd), or nil.
func (b *pageBound) next(n int, cont string) error {
	b.pages++
	b.objects += n
	if cont == "" {
		return nil
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(cont))
	sum := h.Sum64()
	switch {
	case b.seen[sum]:
		return errSameToken
	case b.objects >= maxKindObjects || b.pages >= b.maxPages:
		return &pagesEnd{pages: b.pages, objects: b.objects}
	}
	b.seen[sum] = true
	return nil
}

// errSameToken is a continue token that the server sent before.
var errSameToken = errors.New("the server sent a continue token again")

// pagesEnd is a kind whose pages did not end within the bounds.
type pagesEnd struct{ pages, objects int }

func (e *pagesEnd) Error() string {
	return fmt.Sprintf("the pages did not end after %d objects in %d pages", e.objects, e.pages)
}

// maxServerText bounds the text of the server's that the scan repeats (an error's message, its
// version): a line on a terminal, however much the server sent.
const maxServerText = 200

// oneLine is s on one line, its runs of white space one space, cut to maxServerText
// characters with an ellipsis.
func oneLine(s string) string {
	if len(s) > 4*maxServerText {
		s = s[:4*maxServerText] // the rest would be cut anyway: not worth splitting
	}
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "\uFFFD")), " ")
	if utf8.RuneCountInString(s) <= maxServerText {
		return s
	}
	r := []rune(s)
	return string(r[:maxServerText-1]) + "…"
}
