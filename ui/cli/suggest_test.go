package cli

import (
	"strings"
	"testing"
)

// TestDidYouMean: a flag value or an id that is almost right says what it most likely meant,
// beside the valid values, in both languages; one that is nowhere near keeps the old hint.
func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"list", "--sig", "nodes"}, 2, `invalid --sig "nodes": did you mean node? Use api-machinery,`},
		{[]string{"list", "--kind", "removals"}, 2, `invalid --kind "removals": did you mean removal? Use enhancement,`},
		{[]string{"list", "--stage", "bta"}, 2, `invalid --stage "bta": did you mean beta? Use ga, beta or alpha`},
		{[]string{"list", "--stage", "omega"}, 2, `invalid --stage "omega": use ga, beta or alpha`},
		{[]string{"show", "removal-cephfs"}, 1, `there is no item "removal-cephfs" in v1.31; did you mean removal-cephfs-volume-plugin?`},
		{[]string{"show", "removal-ceph"}, 1, `did you mean removal-cephfs-volume-plugin or removal-ceph-rbd-volume-plugin?`},
		{[]string{"show", "nosuch-id"}, 1, `there is no item "nosuch-id" in v1.31; try: elli search nosuch-id`},
		{[]string{"--lang", "zh", "list", "--sig", "nodes"}, 2, `--sig 的值 "nodes" 无效：你是不是想用 node？可用 api-machinery、`},
		{[]string{"--lang", "zh", "show", "removal-cephfs"}, 1, `v1.31 中没有条目 "removal-cephfs"；你是不是想查看 removal-cephfs-volume-plugin？`},
	} {
		r := run(t, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("elli %s: exit %d, stderr %q; want exit %d saying %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.code, tc.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	valid := []string{"node", "network", "apps", "api-machinery"}
	for word, want := range map[string]string{"nodes": "node", "netwrk": "network", "NODE ": "", "x": "", "storage": "", "api": "api-machinery"} {
		got := strings.Join(suggest(word, valid, 1), " ")
		if got != want {
			t.Errorf("suggest(%q) = %q, want %q", word, got, want)
		}
	}
}
