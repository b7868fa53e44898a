// Package cluster finds what Kubernetes v1.31 breaks or deprecates in a running cluster. It
// reads the cluster through client-go with get and list only (paged, a page at a time, so memory
// follows the page size and not the cluster's size) and checks what it read with data/check's
// rules: each object is written as JSON with one field per line and handed to the same
// Scanner.ScanDocument that checks a user's files, so files and clusters cannot disagree. What
// it adds is the cluster's own view: the field path of each finding, pods reported once on
// the controller that owns them, kube-system's configs, the kubelets' configz, the API server's
// metrics, and a note per kind for what RBAC or the network did not let it read.
//
// Only kubectl-elli links this package (cmd/kubectl-elli): client-go would cost every elli
// command start-up time and binary size (docs/check.md, "kubectl-elli, a second binary").
package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
)

// Options tune a cluster scan.
type Options struct {
	// Context names the kubeconfig context; it starts every finding's location.
	Context string
	// Namespace limits the namespaced kinds to one namespace; "" reads all of them.
	// Cluster-scoped kinds, kube-system's configs and the nodes are read either way.
	Namespace string
	// PageSize is the limit of each list request (500 when 0).
	PageSize int64
	// Lang is the language of the notes and the frame.
	Lang data.Lang
	// Progress, when set, is called after each page with the kind and the objects read so far.
	Progress func(kind string, read int)
}

// Frame says what the report means for the server's version.
type Frame string

const (
	// FrameUpgrade: a 1.30 server; the findings are what the upgrade to 1.31 breaks.
	FrameUpgrade Frame = "upgrade"
	// FrameCurrent: a 1.31 server; the findings run on borrowed time.
	FrameCurrent Frame = "current"
	// FrameOther: any other version; the scan assumes the server goes to (or is on) 1.31.
	FrameOther Frame = "other"
)

// Report is a cluster scan's outcome: data/check's report (findings with File
// context/namespace/Kind/name and Path, notes per kind), the server and what was read.
type Report struct {
	check.Report
	// Server is the API server's version (v1.30.4); Frame what the findings mean for it.
	Server string
	Frame  Frame
	// Read counts the objects read per kind, in the order they were read.
	Read []KindCount
	// Answered counts the kinds whose list the server answered (their first page): 0 when
	// the scan could read nothing of the cluster (no rights at all, a proxy that answers
	// something else), whatever Read says
	Answered int
}

// KindCount is how many objects of a kind the scan read.
type KindCount struct {
	Kind string
	N    int
}

// ErrUnreachable is the error of a cluster that could not be reached at all (errors.Is): the
// report is empty and elli exits 2. The error's text is the reason alone, which the caller
// puts after its own words for ErrUnreachable's.
var ErrUnreachable = errors.New("the cluster cannot be reached")

// unreachable is a reason that the cluster cannot be reached.
type unreachable struct{ err error }

func (u *unreachable) Error() string        { return oneLine(u.err.Error()) }
func (u *unreachable) Unwrap() error        { return u.err }
func (u *unreachable) Is(target error) bool { return target == ErrUnreachable }

// resource is one kind the scan lists.
type resource struct {
	gvr        schema.GroupVersionResource
	kind       string
	namespaced bool
	// namespace, when set, is the only namespace read (kube-system's configs)
	namespace string
	// names, when set, keeps only objects whose name is one of them or starts with one
	// ending in "*"
	names []string
	// page overrides the page size (CRDs can be a megabyte each)
	page int64
	// filter: an object without any of data/check's trigger words is passed over undecoded
	// (the workloads; the other kinds are few, and some rules need no trigger word)
	filter bool
}

var (
	gvrPods  = schema.GroupVersionResource{Version: "v1", Resource: "pods"}
	gvrNodes = schema.GroupVersionResource{Version: "v1", Resource: "nodes"}
	// gvrServices are read by a check along the road only
	gvrServices = schema.GroupVersionResource{Version: "v1", Resource: "services"}
)

// owners are the pod-template carriers, listed before the pods so that each pod can be
// reported on the controller that owns it; ReplicaSets and Jobs come after the kinds that own
// them for the same reason.
var owners = []resource{
	{gvr: schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "deployments"}, kind: "Deployment", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "statefulsets"}, kind: "StatefulSet", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "daemonsets"}, kind: "DaemonSet", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Group: "batch", Version: "v1", Resource: "cronjobs"}, kind: "CronJob", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Version: "v1", Resource: "replicationcontrollers"}, kind: "ReplicationController", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "replicasets"}, kind: "ReplicaSet", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Group: "batch", Version: "v1", Resource: "jobs"}, kind: "Job", namespaced: true, filter: true},
	{gvr: schema.GroupVersionResource{Version: "v1", Resource: "podtemplates"}, kind: "PodTemplate", namespaced: true, filter: true},
}

// others are read after the pods: storage, kube-system's configs, certificates.
var others = []resource{
	{gvr: schema.GroupVersionResource{Version: "v1", Resource: "persistentvolumes"}, kind: "PersistentVolume"},
	{gvr: schema.GroupVersionResource{Group: "storage.k8s.io", Version: "v1", Resource: "storageclasses"}, kind: "StorageClass"},
	{gvr: schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}, kind: "ConfigMap", namespaced: true,
		namespace: "kube-system", names: []string{"kube-proxy", "kubeadm-config", "kubelet-config*"}},
	{gvr: schema.GroupVersionResource{Group: "admissionregistration.k8s.io", Version: "v1", Resource: "validatingwebhookconfigurations"}, kind: "ValidatingWebhookConfiguration"},
	{gvr: schema.GroupVersionResource{Group: "admissionregistration.k8s.io", Version: "v1", Resource: "mutatingwebhookconfigurations"}, kind: "MutatingWebhookConfiguration"},
	{gvr: schema.GroupVersionResource{Group: "apiregistration.k8s.io", Version: "v1", Resource: "apiservices"}, kind: "APIService"},
	{gvr: schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}, kind: "CustomResourceDefinition", page: crdPage},
}

// crdPage is the page size of CRDs, which can be a megabyte each (maxPage).
const crdPage = 10

// draV1alpha2 is the group version of Dynamic Resource Allocation that v1.31 no longer serves.
var draV1alpha2 = schema.GroupVersion{Group: "resource.k8s.io", Version: "v1alpha2"}

// draResources are the resources resource.k8s.io/v1alpha2 ever had (Kubernetes 1.27 to 1.30,
// k8s.io/api's resource/v1alpha2): the only ones the scan lists of it, whatever more the
// server's discovery names.
var draResources = []string{
	"resourceclasses", "resourceclaims", "resourceclaimtemplates", "podschedulingcontexts", // 1.27
	"resourceslices", "resourceclaimparameters", "resourceclassparameters", // 1.30
}

// scan is one run's state.
type scan struct {
	opts   Options
	sc     *check.Scanner
	rest   rest.Interface
	t      *texts
	rep    *Report
	enc    *encoder
	groups *grouper
	// podFindings are the findings of the pod specs met, by controller and encoding
	podFindings map[string][]check.Finding
	// cgroupUnknown are the nodes whose kubelet (before 1.31) reports no cgroup version
	cgroupUnknown []string
	// timeout bounds each request (the kubeconfig's or --request-timeout); 0: none
	timeout time.Duration
}

// Scan reads the cluster that cfg reaches and checks it with sc. The error is non-nil only when
// the cluster cannot be reached at all (ErrUnreachable) or ctx ends; anything one kind cannot
// read is a note in the report and the scan goes on.
func Scan(ctx context.Context, cfg *rest.Config, sc *check.Scanner, opts Options) (*Report, error) {
	if opts.PageSize <= 0 {
		opts.PageSize = 500
	}
	cfg = rest.CopyConfig(cfg)
	cfg.UserAgent = "elli-cluster-scan"
	if cfg.QPS == 0 && cfg.RateLimiter == nil {
		cfg.QPS, cfg.Burst = 50, 100 // kubectl's; client-go's own 5 a second would throttle a big cluster's pages
	}
	// the API server's warnings (a deprecated field in an object read) are findings' business,
	// not lines on the terminal in the middle of the report
	cfg.WarningHandler = rest.NoWarnings{}
	// every answer's body is bounded, whoever reads it (bounds.go)
	cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper { return boundedTransport{rt} })
	// the scan's own HTTP client: the discovery client's would bound every request by 32 s
	// where the request timeout is 0, which --request-timeout 0 says is no bound
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, &unreachable{err}
	}
	disc, err := discovery.NewDiscoveryClientForConfigAndClient(cfg, hc)
	if err != nil {
		return nil, &unreachable{err}
	}
	s := &scan{opts: opts, sc: sc, rest: disc.RESTClient(), t: textsFor(opts.Lang),
		rep: &Report{}, enc: newEncoder(), groups: newGrouper(), podFindings: map[string][]check.Finding{},
		timeout: cfg.Timeout}
	s.groups.context = opts.Context
	v, err := s.version(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &unreachable{err}
	}
	s.rep.Server = oneLine(v.GitVersion)
	s.rep.Frame = frameOf(v.Major, v.Minor, v.GitVersion)

	for _, r := range owners {
		s.list(ctx, r)
	}
	s.list(ctx, resource{gvr: gvrPods, kind: "Pod", namespaced: true, filter: true})
	for _, r := range others {
		s.list(ctx, r)
	}
	if s.sc.RoadOn(check.RuleExternalIPs) {
		// Services matter only on the road (externalIPs, deprecated in 1.36): a check of 1.31
		// alone does not read them
		s.list(ctx, resource{gvr: gvrServices, kind: "Service", namespaced: true, filter: true})
	}
	s.dra(ctx)
	s.nodes(ctx)
	s.metrics(ctx)
	s.rep.Findings = s.groups.findings(s.t)
	return s.rep, ctx.Err()
}

// frameOf reads the version the server reports ("1", "30+" on some managed clusters); a
// server that leaves major and minor empty is read from its git version (v1.30.4-gke.1).
func frameOf(major, minor, git string) Frame {
	if major == "" || minor == "" {
		v := strings.TrimPrefix(git, "v")
		major, v, _ = strings.Cut(v, ".")
		minor, _, _ = strings.Cut(v, ".")
	}
	minor = strings.TrimRight(minor, "+")
	if major != "1" {
		return FrameOther
	}
	switch minor {
	case "30":
		return FrameUpgrade
	case "31":
		return FrameCurrent
	}
	return FrameOther
}

// list reads one kind page by page and checks each object. An object of a workload kind is
// decoded only if data/check's trigger words are in its JSON (most objects of a real cluster
// have none): the rest cost a scan of their bytes, not a decode into maps.
func (s *scan) list(ctx context.Context, r resource) {
	if ctx.Err() != nil {
		return
	}
	ns := r.namespace
	if r.namespaced && ns == "" {
		ns = s.opts.Namespace
	}
	limit := r.page
	if limit <= 0 || limit > s.opts.PageSize {
		limit = s.opts.PageSize
	}
	read := 0
	for pg := range s.pages(ctx, listPath(r.gvr, ns), limit, nil) {
		if pg.first {
			s.rep.Answered++
		}
		for _, raw := range pg.items {
			read++
			if r.filter && !s.sc.MayFind(raw) {
				if r.kind == "ReplicaSet" || r.kind == "Job" {
					s.metaOnly(r.kind, raw) // its owner leads its pods to their controller
				}
				continue
			}
			var obj map[string]any
			if err := json.Unmarshal(raw, &obj); err != nil {
				continue // the server sent it as JSON; nothing else to read it as
			}
			if _, ok := obj["apiVersion"]; !ok {
				obj["apiVersion"] = r.gvr.GroupVersion().String()
			}
			if _, ok := obj["kind"]; !ok {
				obj["kind"] = r.kind
			}
			meta, _ := obj["metadata"].(map[string]any)
			if !r.keep(strOf(meta["name"])) {
				continue
			}
			s.object(r.kind, obj)
		}
		if pg.err != nil {
			// after the page's items: a kind whose pages did not end keeps what was read
			s.noteErr(r.kind, r.gvr, pg.err)
			break
		}
		if s.opts.Progress != nil {
			s.opts.Progress(r.kind, read)
		}
	}
	s.rep.Read = append(s.rep.Read, KindCount{Kind: r.kind, N: read})
}

// metaOnly records an object's controller from its metadata alone.
func (s *scan) metaOnly(kind string, raw []byte) {
	var o struct {
		Metadata struct {
			Name, Namespace, UID string
			OwnerReferences      []struct {
				Kind, Name, UID string
				Controller      *bool
			}
		}
	}
	if json.Unmarshal(raw, &o) != nil {
		return
	}
	m := o.Metadata
	var owner ownerRef
	for _, r := range m.OwnerReferences {
		if r.Controller != nil && *r.Controller {
			owner = ownerRef{kind: r.Kind, name: r.Name, uid: r.UID}
		}
	}
	s.groups.met(objectID{kind: kind, namespace: m.Namespace, name: m.Name, uid: m.UID}, owner)
}

// listPath is the URL path that lists a resource, in one namespace or all.
func listPath(gvr schema.GroupVersionResource, ns string) string {
	p := "/apis/" + gvr.Group + "/" + gvr.Version
	if gvr.Group == "" {
		p = "/api/" + gvr.Version
	}
	if ns != "" {
		p += "/namespaces/" + ns
	}
	return p + "/" + gvr.Resource
}

// page is one list response's items, and the error that ended the list if one did: a read's
// (no items), or a bound's (pageBound: with the items of the page that reached it). first: the
// server answered the kind's first page, which makes it a kind the scan could read
// (Report.Answered).
type page struct {
	items []json.RawMessage
	err   error
	first bool
}

// pages lists path a page at a time (limit and continue, and the params) and sends each page's
// items as soon as they came, reading the next page while the scan checks this one: the
// server's time and the scan's overlap, and at most two pages are held (the channel has no
// room: the next page waits in the sender). The channel closes after the last page, an error,
// or where the pages would not end (pageBound), which is an error too.
func (s *scan) pages(ctx context.Context, path string, limit int64, params map[string]string) <-chan page {
	out := make(chan page)
	go func() {
		defer close(out)
		cont := ""
		bound := newPageBound(limit)
		for n := 0; ; n++ {
			req := s.rest.Get().AbsPath(path).Param("limit", strconv.FormatInt(limit, 10))
			for k, v := range params {
				req = req.Param(k, v)
			}
			if cont != "" {
				req = req.Param("continue", cont)
			}
			items, next, err := s.readList(ctx, req)
			answered := err == nil
			if err == nil {
				err = bound.next(len(items), next)
			}
			select {
			case out <- page{items: items, err: err, first: n == 0 && answered}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			if cont = next; cont == "" {
				return
			}
		}
	}()
	return out
}

// readList sends a list request and decodes its answer as it comes, up to maxPage bytes.
func (s *scan) readList(ctx context.Context, req *rest.Request) ([]json.RawMessage, string, error) {
	start := time.Now()
	rc, err := req.Stream(ctx)
	if err != nil {
		return nil, "", endedByBound(err, start, s.timeout)
	}
	defer rc.Close()
	items, cont, err := decodeList(&countingReader{r: rc, left: maxPage})
	return items, cont, endedByBound(err, start, s.timeout)
}

// version asks the server for its version, bounded as any read, with ctx (client-go's
// ServerVersion takes none: ctrl+c would wait for the request's timeout, or for ever).
func (s *scan) version(ctx context.Context) (*version.Info, error) {
	b, err := s.read(ctx, s.rest.Get().AbsPath("/version"), maxVersion, s.timeout)
	if err != nil {
		return nil, err
	}
	var v version.Info
	if err := json.Unmarshal(b, &v); err != nil || v.GitVersion == "" && v.Major == "" {
		return nil, errNotAPIServer
	}
	return &v, nil
}

// maxVersion bounds the /version answer: a real one is a few hundred bytes; a longer one is
// read (and its version cut to a line) up to this.
const maxVersion = 1 << 20

// errNotAPIServer is a /version answer that is not an API server's (a proxy's login page).
var errNotAPIServer = errors.New("the server's /version answer is not a Kubernetes API server's")

// read sends req and reads its answer up to max bytes, and no further (DoRaw would hold the
// whole body, however large, before its length could be checked); an error once bound has
// passed is a timeout (endedByBound).
func (s *scan) read(ctx context.Context, req *rest.Request, max int64, bound time.Duration) ([]byte, error) {
	start := time.Now()
	rc, err := req.Stream(ctx)
	if err != nil {
		return nil, endedByBound(err, start, bound)
	}
	defer rc.Close()
	b, err := io.ReadAll(&countingReader{r: rc, left: max})
	return b, endedByBound(err, start, bound)
}

// keep applies the resource's name filter.
func (r resource) keep(name string) bool {
	if len(r.names) == 0 {
		return true
	}
	for _, n := range r.names {
		if p, ok := strings.CutSuffix(n, "*"); ok && strings.HasPrefix(name, p) || n == name {
			return true
		}
	}
	return false
}

// object checks one object with data/check's rules and hands the findings to the grouper.
func (s *scan) object(kind string, obj map[string]any) {
	meta, _ := obj["metadata"].(map[string]any)
	id := objectID{kind: kind, namespace: strOf(meta["namespace"]), name: strOf(meta["name"]), uid: strOf(meta["uid"])}
	owner := controllerOf(meta)
	s.groups.met(id, owner)
	if kind == "Pod" && owner.kind == "Node" {
		owner = ownerRef{} // a mirror pod: the kubelet runs it from a file; report it as itself
	}
	b, lines := s.enc.writeObject(checked(kind, obj, meta))
	var fs []check.Finding
	// the pods of one controller are copies of one template: checked once per distinct spec
	key := ""
	if kind == "Pod" && owner.uid != "" {
		key = owner.uid + "\x00" + string(b)
		if cached, ok := s.podFindings[key]; ok {
			for _, f := range cached {
				s.groups.add(id, owner, f)
			}
			return
		}
	}
	fs, _ = s.sc.ScanDocument(id.name+".json", b)
	for i := range fs {
		fs[i].Path = lines.at(fs[i].Line)
		s.groups.add(id, owner, fs[i])
	}
	if key != "" {
		if len(s.podFindings) >= maxPodSpecs {
			clear(s.podFindings) // bounded: a cluster of all-different pods gains nothing
		}
		s.podFindings[key] = fs
	}
	s.caBundles(id, owner, obj)
}

// maxPodSpecs bounds the distinct pod specs whose findings are kept.
const maxPodSpecs = 2048

// checked is the part of an object the rules read: without its status and managedFields
// (often the most of an object, and nothing any rule looks at); of a pod, only its
// annotations and spec, so that the pods of one template encode alike.
func checked(kind string, obj, meta map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "status" && k != "metadata" {
			out[k] = v
		}
	}
	m := make(map[string]any, len(meta))
	for k, v := range meta {
		switch {
		case k == "managedFields":
		case kind == "Pod" && k != "annotations":
		default:
			m[k] = v
		}
	}
	out["metadata"] = m
	return out
}

func strOf(v any) string {
	s, _ := v.(string)
	return s
}

// dra lists the resource.k8s.io/v1alpha2 kinds where the server still serves them: each of
// draResources its discovery names (the kinds differ by release: 1.30 added ResourceSlice and
// the two parameter kinds), and nothing else it names, however many; a kind the server does
// not serve is not asked for, so it gives no note.
func (s *scan) dra(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	b, err := s.read(ctx, s.rest.Get().AbsPath("/apis", draV1alpha2.Group, draV1alpha2.Version), maxDiscovery, s.timeout)
	var lst metav1.APIResourceList
	if err == nil {
		err = json.Unmarshal(b, &lst)
	}
	if err != nil {
		if apierrors.IsNotFound(err) {
			return // not served: nothing of it can be left in the cluster
		}
		s.noteErr(draV1alpha2.String(), draV1alpha2.WithResource(""), err)
		return
	}
	listed := map[string]bool{}
	for _, ar := range lst.APIResources {
		if !slices.Contains(draResources, ar.Name) || !slices.Contains(ar.Verbs, verbList) || listed[ar.Name] {
			continue // a subresource (status), another resource, one that cannot be listed
		}
		listed[ar.Name] = true
		s.list(ctx, resource{gvr: draV1alpha2.WithResource(ar.Name), kind: oneLine(ar.Kind), namespaced: ar.Namespaced})
	}
}

// maxDiscovery bounds a group version's discovery answer: resource.k8s.io/v1alpha2's is 3 kB.
const maxDiscovery = 1 << 20
