package cli

import (
	"runtime/debug"

	"github.com/charmbracelet/x/ansi"
)

func stripForTest(s string) string { return ansi.Strip(s) }

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

// environOf turns a test's environment into KEY=VALUE lines.
func environOf(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	return out
}
