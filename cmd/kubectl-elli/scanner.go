package main

import (
	"context"
	"errors"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	// OIDC tokens in a kubeconfig's auth-provider, as kubectl reads them; exec credential
	// plugins and client certificates are client-go's own
	_ "k8s.io/client-go/plugin/pkg/client/auth/oidc"

	"github.com/elli-k8s/elli/data/cluster"
	"github.com/elli-k8s/elli/ui/cli"
)

// scanner connects elli check --cluster to data/cluster, loading the kubeconfig as kubectl
// does: --kubeconfig, else $KUBECONFIG's files merged, else ~/.kube/config; --context, else the
// current context.
type scanner struct{}

// Contexts lists the kubeconfig's contexts, sorted, for the completion of --context.
func (scanner) Contexts(kubeconfig string) []string {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	cfg, err := rules.Load()
	if err != nil {
		return nil
	}
	out := make([]string, 0, len(cfg.Contexts))
	for name := range cfg.Contexts {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func (scanner) ScanCluster(ctx context.Context, req cli.ClusterRequest) (*cli.ClusterResult, error) {
	cfg, name, anonymous, err := loadConfig(ctx, req)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, &cli.ClusterUnreachable{Err: err}
	}
	ns := req.Namespace
	if req.AllNamespaces {
		ns = ""
	}
	rep, err := cluster.Scan(ctx, cfg, req.Scanner, cluster.Options{
		Context: name, Namespace: ns, PageSize: req.PageSize, Lang: req.Lang, Progress: req.Progress,
	})
	if errors.Is(err, cluster.ErrUnreachable) {
		ue := &cli.ClusterUnreachable{Err: err}
		if apierrors.IsUnauthorized(err) {
			ue.NoCredentials = anonymous
		}
		return nil, ue
	}
	if err != nil {
		return nil, err
	}
	res := &cli.ClusterResult{Report: &rep.Report, Context: name, Server: rep.Server, Frame: string(rep.Frame),
		Answered: rep.Answered, NoCredentials: anonymous}
	for _, k := range rep.Read {
		res.Read = append(res.Read, cli.ClusterKindCount{Kind: k.Kind, Objects: k.N})
		res.Report.Files += k.N
	}
	return res, nil
}

// loadConfig reads the kubeconfig and makes the client configuration of the context, with
// ctx: the files are read in a goroutine that ctx's end leaves behind (a kubeconfig that is a
// FIFO without a writer would hold ctrl+c otherwise). It never prompts: client-go's
// interactive loader asks for a user name and password on standard output when a user has no
// credentials, in the middle of the report. anonymous names the context's user when the
// kubeconfig gives it no credentials.
func loadConfig(ctx context.Context, req cli.ClusterRequest) (cfg *rest.Config, contextName, anonymous string, err error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = req.Kubeconfig
	overrides := &clientcmd.ConfigOverrides{CurrentContext: req.Context, Timeout: req.RequestTimeout}
	type loaded struct {
		cfg                *rest.Config
		context, anonymous string
		err                error
	}
	done := make(chan loaded, 1)
	go func() {
		var l loaded
		defer func() { done <- l }()
		cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, overrides)
		raw, err := cc.RawConfig()
		if err != nil {
			l.err = err
			return
		}
		l.context = raw.CurrentContext
		if req.Context != "" {
			l.context = req.Context
		}
		if c := raw.Contexts[l.context]; c != nil && !hasCredentials(raw.AuthInfos[c.AuthInfo]) {
			l.anonymous = c.AuthInfo
			if l.anonymous == "" {
				l.anonymous = `""`
			}
		}
		l.cfg, l.err = cc.ClientConfig()
	}()
	select {
	case l := <-done:
		return l.cfg, l.context, l.anonymous, l.err
	case <-ctx.Done():
		return nil, "", "", ctx.Err()
	}
}

// hasCredentials reports whether a kubeconfig user authenticates somehow, as client-go decides
// whether to prompt for credentials.
func hasCredentials(u *clientcmdapi.AuthInfo) bool {
	return u != nil && (u.Token != "" || u.TokenFile != "" || u.Username != "" || u.ClientCertificate != "" ||
		len(u.ClientCertificateData) > 0 || u.AuthProvider != nil || u.Exec != nil)
}
