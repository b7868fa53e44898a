package cluster

import (
	"errors"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/elli-k8s/elli/data"
)

// A timed-out read's note says the bound that ended it, as --request-timeout spells one, and
// a kubelet's read is bounded by the shorter of configzTimeout and the request timeout.
func TestTimedOutNote(t *testing.T) {
	for _, tc := range []struct {
		timeout   time.Duration
		lang      data.Lang
		req, node string
	}{
		{0, data.LangEN, "timed out: the server did not answer in time", "timed out: no answer within 10s"},
		{3 * time.Second, data.LangEN, "timed out: no answer within 3s", "timed out: no answer within 3s"},
		{90 * time.Second, data.LangEN, "timed out: no answer within 1m30s", "timed out: no answer within 10s"},
		{time.Minute, data.LangEN, "timed out: no answer within 1m", "timed out: no answer within 10s"},
		{2 * time.Hour, data.LangZH, "超时：2h 内没有应答", "超时：10s 内没有应答"},
		{1500 * time.Millisecond, data.LangZH, "超时：1.5s 内没有应答", "超时：1.5s 内没有应答"},
	} {
		s := &scan{t: textsFor(tc.lang), timeout: tc.timeout}
		if got := s.timedOut(s.timeout); got != tc.req {
			t.Errorf("request timeout %s: %q, want %q", tc.timeout, got, tc.req)
		}
		if got := s.timedOut(s.nodeTimeout()); got != tc.node {
			t.Errorf("request timeout %s, a kubelet's read: %q, want %q", tc.timeout, got, tc.node)
		}
	}
}

// A request that fails once its bound has passed is a timeout, whatever way the server ended
// it (an HTTP/2 stream reset when the API server's copy of the bound struck first); before
// the bound, with no bound, or with an answer of the server's own, the error stays as it came.
func TestEndedByBound(t *testing.T) {
	reset := errors.New("stream ID 231; INTERNAL_ERROR; received from peer") // http2.StreamError's text
	forbidden := apierrors.NewForbidden(schema.GroupResource{Resource: "pods"}, "", errors.New("no"))
	long := time.Now().Add(-11 * time.Second)
	for _, tc := range []struct {
		name    string
		err     error
		start   time.Time
		bound   time.Duration
		timeout bool
	}{
		{"a reset after the bound", reset, long, 10 * time.Second, true},
		{"a reset before it", reset, time.Now(), 10 * time.Second, false},
		{"a reset with no bound", reset, long, 0, false},
		{"the server's 403 after the bound", forbidden, long, 10 * time.Second, false},
		{"no error", nil, long, 10 * time.Second, false},
	} {
		err := endedByBound(tc.err, tc.start, tc.bound)
		if isTimeout(err) != tc.timeout || !errors.Is(err, tc.err) {
			t.Errorf("%s: %v (a timeout: %v), want a timeout: %v", tc.name, err, isTimeout(err), tc.timeout)
		}
	}
}
