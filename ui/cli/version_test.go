package cli

import (
	"runtime/debug"
	"testing"

	"github.com/elli-k8s/elli/embed/snapshot"
)

func TestVersion(t *testing.T) {
	t.Parallel()
	// the data's date is its newest fact's, which the dataset's own tests pin
	want := "elli v1.2.3 (commit abc1234, built 2024-08-20)\nKubernetes v1.31 Elli data, as of " + snapshot.Dataset().Release.DataAsOf + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}, {"-v"}} {
		if got := runOK(t, args...); got != want {
			t.Errorf("elli %v = %q, want %q", args, got, want)
		}
	}
}

func TestBuildResolve(t *testing.T) {
	t.Parallel()
	info := &debugBuildInfo{}
	for _, tc := range []struct {
		name string
		in   Build
		info *debugBuildInfo
		want Build
	}{
		{"ldflags win", testBuild, info.with("v9.9.9", "0123456789abcdef", "2020-01-01T00:00:00Z", false), testBuild},
		{"go install", Build{}, info.with("v1.0.0", "", "", false), Build{"v1.0.0", "unknown", "unknown"}},
		{"vcs", Build{}, info.with("(devel)", "0123456789abcdef", "2024-08-20T10:00:00Z", true), Build{"devel", "0123456-dirty", "2024-08-20T10:00:00Z"}},
		{"nothing", Build{}, nil, Build{"devel", "unknown", "unknown"}},
		// go install module@commit: no VCS settings, the pseudo-version holds the commit and time
		{"go install at a commit", Build{}, info.with("v0.0.0-20261206112706-25aec336b0aa", "", "", false),
			Build{"v0.0.0-20261206112706-25aec336b0aa", "25aec33", "2026-12-06T11:27:06Z"}},
		// go build in a clone (go stamps vcs.* and, since Go 1.24, a pseudo-version)
		{"go build in a clone", Build{}, info.with("v0.0.0-20261206112706-25aec336b0aa", "25aec336b0aa86bd5aa27dcf40b924c50a157382", "2026-12-06T11:27:06Z", false),
			Build{"v0.0.0-20261206112706-25aec336b0aa", "25aec33", "2026-12-06T11:27:06Z"}},
		{"goreleaser without git state", Build{"0.0.1-next", "none", "0001-01-01T00:00:00Z"},
			info.with("v0.0.1", "0123456789abcdef", "2024-08-20T10:00:00Z", false), Build{"0.0.1-next", "0123456", "2024-08-20T10:00:00Z"}},
	} {
		bi, ok := tc.info.get()
		if got := tc.in.resolve(bi, ok); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// debugBuildInfo builds a debug.BuildInfo for TestBuildResolve; nil means none was recorded.
type debugBuildInfo struct{ bi *debug.BuildInfo }

func (*debugBuildInfo) with(version, revision, time string, modified bool) *debugBuildInfo {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/elli-k8s/elli", Version: version}}
	if revision != "" {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.revision", Value: revision})
	}
	if time != "" {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.time", Value: time})
	}
	if modified {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	}
	return &debugBuildInfo{bi}
}

func (d *debugBuildInfo) get() (*debug.BuildInfo, bool) {
	if d == nil {
		return nil, false
	}
	return d.bi, true
}
