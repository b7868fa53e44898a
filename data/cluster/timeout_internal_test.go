package cluster

import (
	"testing"
	"time"

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
