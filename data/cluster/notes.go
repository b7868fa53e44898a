package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/elli-k8s/elli/data/check"
)

// What the scan says of a read that failed: a note for the kind or the object, in a few
// words (forbidden, not served, timed out and the bound that ended it, the transport's error).

// noteErr writes the note for a kind that could not be read: forbidden, not served, timed
// out, or the server gone.
func (s *scan) noteErr(kind string, gvr schema.GroupVersionResource, err error) {
	var msg string
	switch {
	case apierrors.IsForbidden(err):
		msg = fmt.Sprintf(s.t.Forbidden, verbList, gvrLabel(gvr))
	case apierrors.IsNotFound(err):
		msg = fmt.Sprintf(s.t.NotServed, gvr.GroupVersion().String())
	default:
		msg = s.errText(err, s.timeout)
	}
	s.note(kind, msg)
}

const verbList = "list"

func (s *scan) note(kind, msg string) {
	s.rep.Notes = append(s.rep.Notes, check.Note{Kind: check.NoteSkipped, File: kind, Message: msg})
}

func gvrLabel(gvr schema.GroupVersionResource) string {
	if gvr.Resource == "" {
		return gvr.GroupVersion().String() // a group version's discovery
	}
	if gvr.Group == "" {
		return gvr.Resource
	}
	return gvr.Resource + "." + gvr.Group
}

// timedOut says that a request timed out, with the bound that ended it where the scan knows
// it (a server's own 504 may come first, with none set here).
func (s *scan) timedOut(bound time.Duration) string {
	if bound <= 0 {
		return s.t.TimedOut
	}
	d := bound.String() // 30s, 1m30s; 1m0s and 1h0m0s said as 1m and 1h
	if bound%time.Minute == 0 {
		d = strings.TrimSuffix(d, "0s")
	}
	if bound%time.Hour == 0 {
		d = strings.TrimSuffix(d, "0m")
	}
	return fmt.Sprintf(s.t.TimedOutAfter, d)
}

// nodeTimeout is the bound of a request to a kubelet through the node proxy: the scan's own
// (configzTimeout), or the request timeout where that is shorter.
func (s *scan) nodeTimeout() time.Duration {
	if s.timeout > 0 && s.timeout < configzTimeout {
		return s.timeout
	}
	return configzTimeout
}

// endedByBound marks err as a timeout when the request failed once its bound had passed
// without an answer of the server's own: client-go sends the bound with the request
// (?timeout=), the API server gives up at the same moment, and when it does so first the client
// sees its way of ending the request (a reset HTTP/2 stream: "stream ID 231; INTERNAL_ERROR;
// received from peer") instead of its own deadline.
func endedByBound(err error, start time.Time, bound time.Duration) error {
	var st apierrors.APIStatus
	if err == nil || bound <= 0 || isTimeout(err) || errors.As(err, &st) || time.Since(start) < bound {
		return err
	}
	return boundErr{err}
}

// boundErr is a request's error that its time bound caused: a net.Error whose Timeout is true.
type boundErr struct{ error }

func (boundErr) Timeout() bool   { return true }
func (boundErr) Temporary() bool { return false }
func (e boundErr) Unwrap() error { return e.error }

func isTimeout(err error) bool {
	if apierrors.IsTimeout(err) || apierrors.IsServerTimeout(err) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// shortErr keeps the last part of a transport error (connect: connection refused), not the
// URL client-go puts first; the server's own message (an API status) is kept whole, on one
// line and cut to a line's length: "known addresses: []" cut after its last colon said nothing.
func shortErr(err error) string {
	var st apierrors.APIStatus
	if errors.As(err, &st) {
		if m := st.Status().Message; m != "" {
			return oneLine(m)
		}
		return oneLine(err.Error())
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 && len(msg)-i < 80 {
		msg = msg[i+2:]
	}
	return oneLine(msg)
}

// errText says why a request failed, in a few words; bound is the request's timeout.
func (s *scan) errText(err error, bound time.Duration) string {
	switch {
	case apierrors.IsNotFound(err):
		return s.t.NotFound
	case isTimeout(err):
		return s.timedOut(bound)
	case errors.Is(err, errTooLarge):
		return s.t.TooLarge
	case errors.Is(err, errSameToken):
		return s.t.SameToken
	case errors.Is(err, errNotList) || errors.As(err, new(*json.SyntaxError)):
		return s.t.NotList // a proxy's login page, say
	}
	var pe *pagesEnd
	if errors.As(err, &pe) {
		return fmt.Sprintf(s.t.PagesNoEnd, pe.objects, pe.pages)
	}
	return shortErr(err)
}
