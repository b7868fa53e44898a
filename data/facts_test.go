package data

import (
	"regexp"
	"strings"
	"testing"
)

// metricNames are metrics the pages quote, by the full name the component exports (each checked
// against its source: pkg/controller/replicaset/metrics, pkg/proxy/metrics, and
// sig-storage-lib-external-provisioner's controller metrics). A page that quotes one without
// its prefix names a series nobody can find in Prometheus.
var metricNames = []string{
	"replicaset_controller_sorting_deletion_age_ratio",
	"kubeproxy_iptables_localhost_nodeports_accepted_packets_total",
	"kubeproxy_iptables_ct_state_invalid_dropped_packets_total",
	"controller_persistentvolume_delete_duration_seconds",
}

// TestMetricNamesAreFull: outside code blocks (where a grep pattern may match part of a name),
// every page quotes these metrics by their full names, in both languages.
func TestMetricNamesAreFull(t *testing.T) {
	d := realDataset(t)
	for id, body := range pageBodies(d) {
		for _, lang := range []Lang{LangEN, LangZH} {
			text := body.In(lang)
			text = fenceRE.ReplaceAllString(text, "")
			for _, full := range metricNames {
				_, suffix, _ := strings.Cut(full, "_")
				for suffix != "" {
					re := regexp.MustCompile("`" + regexp.QuoteMeta(suffix) + "`")
					if re.MatchString(text) {
						t.Errorf("%s (%s) quotes `%s`; the metric is %s", id, lang, suffix, full)
					}
					_, suffix, _ = strings.Cut(suffix, "_")
					if !strings.Contains(suffix, "_") {
						break
					}
				}
			}
		}
	}
}

// TestCorrectedClaims pins facts a review against primary sources corrected (issue 21), in both
// languages, so that a later edit does not bring the old claim back.
func TestCorrectedClaims(t *testing.T) {
	d := realDataset(t)
	pages := pageBodies(d)
	summary := func(id string) Text {
		for _, it := range d.Items {
			if it.ID == id {
				return it.Summary
			}
		}
		t.Fatalf("no item %s", id)
		return Text{}
	}
	for _, c := range []struct {
		what       string
		text       Text
		lang       Lang
		has, lacks string
	}{
		// kube-proxy drops the hints when any ready endpoint of the Service lacks one
		// (pkg/proxy/topology.go), whichever slice it is in
		{"4444 hints", pages["4444-service-traffic-distribution"], LangEN, "every ready endpoint of the Service", "every endpoint in the slice"},
		{"4444 hints", pages["4444-service-traffic-distribution"], LangZH, "所有就绪端点", "切片里每个端点"},
		// only the Ceph step is needed for the upgrade; the nftables pilot is opt-in
		{"ops-practices", pages["ops-practices"], LangEN, "Step 3 pilots nftables, which stays opt-in", "Steps 1 to 3 block"},
		{"ops-practices", pages["ops-practices"], LangZH, "升级并不依赖它", "阻碍升级"},
		// the gates' alpha releases (pkg/features/versioned_kube_features.go), not the KEP's v1.21
		{"release gates", pages[ReleaseID], LangEN, "`DisableCloudProviders` in v1.22 and `DisableKubeletCloudCredentialProviders` in v1.23", "gates arrived as alpha in v1.21"},
		{"release gates", pages[ReleaseID], LangZH, "`DisableCloudProviders` 在 v1.22，`DisableKubeletCloudCredentialProviders` 在 v1.23", "v1.21 进入 Alpha"},
		// --emulated-version accepts kube=1.31..1.31 in 1.31
		{"4330 summary", summary("4330-compatibility-versions"), LangEN, "1.31 accepts only 1.31", "emulate an older minor"},
		{"4330 summary", summary("4330-compatibility-versions"), LangZH, "1.31 只接受 1.31", "模拟较旧的次版本"},
	} {
		text := c.text.In(c.lang)
		if !strings.Contains(text, c.has) || strings.Contains(text, c.lacks) {
			t.Errorf("%s (%s): want %q and not %q", c.what, c.lang, c.has, c.lacks)
		}
	}
}
