package cluster

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/elli-k8s/elli/data/check"
)

// maxMetrics bounds the API server's /metrics text read (a large cluster's is tens of MB; the
// lines elli reads come in no particular order, so the whole text is read up to this, a line
// at a time as it comes, and the rest is not read).
var maxMetrics int64 = 64 << 20

// sha1Counters are the API server's counts of calls to a webhook or an aggregated API whose
// serving certificates hold a SHA-1 signature: both the calls it refused for that signature
// (Go refuses it, and since Go 1.24 GODEBUG=x509sha1=1 no longer overrides that) and the calls
// that went through anyway (a caBundle that holds the SHA-1-signed leaf itself, or the override
// on a server built with an older Go). TestScanRealSHA1AndDRA moves both kinds for real.
var sha1Counters = []string{
	"apiserver_webhooks_x509_insecure_sha1_total",
	"apiserver_kube_aggregator_x509_insecure_sha1_total",
}

// metrics reads the API server's /metrics where RBAC allows it: the SHA-1 counters and the
// feature gates the server runs with (kubernetes_feature_enabled), each gate whose value is
// not its 1.31 default judged by data/check's gate rules as if it were set in a config.
func (s *scan) metrics(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	start := time.Now()
	rc, err := s.rest.Get().AbsPath("/metrics").Stream(ctx)
	err = endedByBound(err, start, s.timeout)
	if err != nil {
		if apierrors.IsForbidden(err) {
			s.note("/metrics", fmt.Sprintf(s.t.Forbidden, "get", "/metrics"))
		} else {
			s.note("/metrics", s.errText(err, s.timeout))
		}
		return
	}
	defer rc.Close()
	id := objectID{kind: "APIServer", name: "metrics"}
	gates := map[string]any{}
	cr := &countingReader{r: rc, left: maxMetrics}
	sc := bufio.NewScanner(cr)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		name, labels, value, ok := sample(line)
		if !ok {
			continue
		}
		for _, c := range sha1Counters {
			if name == c && value > 0 {
				f := check.Finding{Rule: check.RuleSHA1Cert, Message: fmt.Sprintf(s.t.SHA1Counter, c, int64(value))}
				r, _ := check.RuleByID(check.RuleSHA1Cert)
				f.Severity, f.Fix, f.Item, f.Path = r.Severity, r.FixIn(s.opts.Lang), r.Item, c
				s.groups.add(id, ownerRef{}, f)
			}
		}
		if name == "apiserver_requested_deprecated_apis" && value > 0 {
			// which clients still call what: a group/version the road stops serving
			gv := label(labels, "version")
			if g := label(labels, "group"); g != "" {
				gv = g + "/" + gv
			}
			if item, rel, sev, ok := s.sc.RoadAPI(gv); ok {
				res := label(labels, "resource")
				r, _ := check.RuleByID(check.RuleRoadAPICalled)
				s.groups.add(id, ownerRef{}, check.Finding{Rule: r.ID, Severity: sev, Item: item, Release: rel,
					Path:    "apiserver_requested_deprecated_apis{" + labels + "}",
					Message: fmt.Sprintf(s.t.DeprecatedAPICall, gv, res, strings.TrimPrefix(rel, "v")), Fix: r.FixIn(s.opts.Lang)})
			}
		}
		if name == "kubernetes_feature_enabled" {
			gate := label(labels, "name")
			if def, known := s.sc.GateDefault(gate); known && (value == 1) != def {
				gates[gate] = value == 1
			}
		}
	}
	// a read that broke off (its bound, a line past the scanner's, the server gone) keeps
	// what came before it, and says so
	switch err := sc.Err(); {
	case errors.Is(err, errTooLarge) || errors.Is(err, bufio.ErrTooLong):
		s.note("/metrics", fmt.Sprintf(s.t.MetricsCut, (maxMetrics-max(cr.left, 0))>>20))
	case err != nil:
		s.note("/metrics", s.errText(endedByBound(err, start, s.timeout), s.timeout))
	}
	if len(gates) == 0 {
		return
	}
	doc := map[string]any{"apiVersion": "kubelet.config.k8s.io/v1beta1", "kind": "KubeletConfiguration", "featureGates": gates}
	enc, lines := s.enc.writeObject(doc)
	fs, _ := s.sc.ScanDocument("feature-gates.json", enc)
	for _, f := range fs {
		p := lines.at(f.Line)
		if g, ok := strings.CutPrefix(p, "featureGates."); ok {
			p = `kubernetes_feature_enabled{name="` + g + `"}`
		}
		f.Path = p
		s.groups.add(id, ownerRef{}, f)
	}
}

// sample splits a Prometheus text line: name{labels} value [timestamp].
func sample(line string) (name, labels string, value float64, ok bool) {
	rest := line
	if i := strings.IndexByte(line, '{'); i >= 0 {
		j := strings.LastIndexByte(line, '}')
		if j < i {
			return
		}
		name, labels, rest = line[:i], line[i+1:j], line[j+1:]
	} else {
		sp := strings.IndexByte(line, ' ')
		if sp < 0 {
			return
		}
		name, rest = line[:sp], line[sp:]
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return
	}
	return name, labels, v, true
}

// label returns one label's value from name="value",other="...".
func label(labels, key string) string {
	for _, kv := range strings.Split(labels, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if ok && strings.TrimSpace(k) == key {
			if u, err := strconv.Unquote(strings.TrimSpace(v)); err == nil {
				return u
			}
		}
	}
	return ""
}
