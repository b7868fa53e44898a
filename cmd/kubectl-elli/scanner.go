package main

import (
	"context"
	"errors"
	"os"
	"slices"

	"k8s.io/client-go/tools/clientcmd"
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
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = req.Kubeconfig
	overrides := &clientcmd.ConfigOverrides{CurrentContext: req.Context, Timeout: req.RequestTimeout}
	// interactive like kubectl: an exec credential plugin may ask on the terminal
	cc := clientcmd.NewInteractiveDeferredLoadingClientConfig(rules, overrides, os.Stdin)
	raw, err := cc.RawConfig()
	if err != nil {
		return nil, &cli.ClusterUnreachable{Err: err}
	}
	name := raw.CurrentContext
	if req.Context != "" {
		name = req.Context
	}
	cfg, err := cc.ClientConfig()
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
		return nil, &cli.ClusterUnreachable{Err: err}
	}
	if err != nil {
		return nil, err
	}
	res := &cli.ClusterResult{Report: &rep.Report, Context: name, Server: rep.Server, Frame: string(rep.Frame)}
	for _, k := range rep.Read {
		res.Read = append(res.Read, cli.ClusterKindCount{Kind: k.Kind, Objects: k.N})
		res.Report.Files += k.N
	}
	return res, nil
}
