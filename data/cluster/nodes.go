package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/elli-k8s/elli/data/check"
)

// configzTimeout bounds one kubelet's answer through the node proxy: a node that is down must
// not hold the scan.
const configzTimeout = 10 * time.Second

// maxConfigz bounds the configz body read from one kubelet: a real one is a few kB.
const maxConfigz = 4 << 20

// nodes reads each Node and, where RBAC allows nodes/proxy, its kubelet's running
// configuration from /configz through the API server's node proxy, checked as the
// KubeletConfiguration file it would be (feature gates, removed settings), and its cgroup
// version from /metrics; the nodes' CgroupV1 events are read first (cgroup.go).
func (s *scan) nodes(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	v1 := s.cgroupEvents(ctx)
	read := 0
	proxy := true
	for pg := range s.pages(ctx, listPath(gvrNodes, ""), s.opts.PageSize, nil) {
		if pg.first {
			s.rep.Answered++
		}
		for _, raw := range pg.items {
			var obj map[string]any
			if json.Unmarshal(raw, &obj) != nil {
				continue
			}
			read++
			meta, _ := obj["metadata"].(map[string]any)
			name := strOf(meta["name"])
			s.nodeInfo(name, obj)
			metric := cgroupUnread
			switch {
			case !proxy:
			case !hasAddress(obj):
				// the API server's node proxy has nowhere to send the request
				s.note("Node/"+name+" configz", s.t.NoAddress)
			default:
				var reached bool
				proxy, reached = s.configz(ctx, name)
				if proxy && reached {
					var forbidden bool
					if metric, forbidden = s.kubeletCgroup(ctx, name); forbidden {
						s.note("Node configz", strings.TrimSpace(s.t.ConfigzForbidden))
						proxy = false
					}
				}
			}
			s.cgroup(name, obj, metric, v1[name])
			// after each node, not each page: a node's kubelet reads can take up to
			// configzTimeout each, and a page is 500 of them
			if s.opts.Progress != nil {
				s.opts.Progress("Node", read)
			}
		}
		if len(pg.items) == 0 && pg.err == nil && s.opts.Progress != nil {
			s.opts.Progress("Node", read) // none: said as every kind's empty list is
		}
		if pg.err != nil {
			s.noteErr("Node", gvrNodes, pg.err)
			break
		}
	}
	s.rep.Read = append(s.rep.Read, KindCount{Kind: "Node", N: read})
	s.cgroupNote()
}

// configz checks one node's kubelet configuration. ask false stops asking the other nodes
// (RBAC forbids nodes/proxy, which a note says once); reached false says the kubelet did not
// answer at all (down, or too slow), so that its /metrics is not waited for as well.
func (s *scan) configz(ctx context.Context, node string) (ask, reached bool) {
	cctx, cancel := context.WithTimeout(ctx, configzTimeout)
	defer cancel()
	b, err := s.read(cctx, s.rest.Get().AbsPath("/api/v1/nodes", node, "proxy", "configz"), maxConfigz, s.nodeTimeout())
	switch {
	case apierrors.IsForbidden(err):
		s.note("Node configz", strings.TrimSpace(s.t.ConfigzForbidden))
		return false, false
	case errors.Is(err, errTooLarge):
		s.note("Node/"+node+" configz", s.t.TooLarge)
		return true, true
	case err != nil:
		s.note("Node/"+node+" configz", s.errText(err, s.nodeTimeout()))
		return true, kubeletAnswered(err)
	}
	var doc struct {
		KubeletConfig map[string]any `json:"kubeletconfig"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || doc.KubeletConfig == nil {
		s.note("Node/"+node+" configz", s.t.ConfigzUnreadable)
		return true, true
	}
	cfg := doc.KubeletConfig
	cfg["apiVersion"], cfg["kind"] = "kubelet.config.k8s.io/v1beta1", "KubeletConfiguration"
	enc, lines := s.enc.writeObject(cfg)
	fs, _ := s.sc.ScanDocument(node+"-configz.json", enc)
	id := objectID{kind: "Node", name: node}
	for _, f := range fs {
		f.Path = "configz.kubeletconfig." + lines.at(f.Line)
		s.groups.add(id, ownerRef{}, f)
	}
	return true, true
}

// kubeletAnswered reports whether a failed node proxy request got an answer from the kubelet
// (an HTTP error of its own), rather than none: a transport error, a timeout, or the proxy's
// 503 for a kubelet it cannot reach.
func kubeletAnswered(err error) bool {
	var st apierrors.APIStatus
	return errors.As(err, &st) && !isTimeout(err) && !apierrors.IsServiceUnavailable(err)
}

// nftablesKernel is the oldest kernel kube-proxy's nftables mode supports (5.13).
var nftablesKernel = [2]int{5, 13}

// nodeInfo judges a node's status.nodeInfo against what the cluster runs: kube-proxy in
// nftables mode (from the kube-proxy ConfigMap, read before the nodes) needs kernel 5.13 on
// every node, which data/check's nftables rule explains.
func (s *scan) nodeInfo(node string, obj map[string]any) {
	kernel := strOf(dig(obj, "status", "nodeInfo", "kernelVersion"))
	if kernel == "" || !s.groups.has(check.RuleNFTables) {
		return
	}
	major, minor, ok := majorMinor(kernel)
	if !ok || !less([2]int{major, minor}, nftablesKernel) {
		return
	}
	r, _ := check.RuleByID(check.RuleNFTables)
	f := check.Finding{Rule: r.ID, Severity: r.Severity, Item: r.Item, Path: "status.nodeInfo.kernelVersion",
		Message: fmt.Sprintf(s.t.NFTablesKernel, kernel), Fix: s.t.NFTablesKernelFix}
	s.groups.add(objectID{kind: "Node", name: node}, ownerRef{}, f)
}

// majorMinor reads the major and minor of a version such as the kernel release 5.10.0-28-amd64
// or the runtime version 1.7.22-k3s1.
func majorMinor(k string) (major, minor int, ok bool) {
	a, rest, _ := strings.Cut(k, ".")
	b, _, _ := strings.Cut(rest, ".")
	b = strings.TrimRightFunc(b, func(r rune) bool { return r < '0' || r > '9' })
	if i := strings.IndexFunc(b, func(r rune) bool { return r < '0' || r > '9' }); i >= 0 {
		b = b[:i]
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return x, y, err1 == nil && err2 == nil
}

// hasAddress reports whether a node has an address in its status, where the API server's node
// proxy would reach its kubelet.
func hasAddress(node map[string]any) bool {
	addrs, _ := dig(node, "status", "addresses").([]any)
	for _, a := range addrs {
		if m, _ := a.(map[string]any); strOf(m["address"]) != "" {
			return true
		}
	}
	return false
}
