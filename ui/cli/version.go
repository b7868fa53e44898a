package cli

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/mod/module"
)

// elli prints its own version, from both `elli version` and `elli --version`, rather than
// cobra's: the second line describes the data, which may come from --data and may fail to load,
// and cobra's version template cannot report that as an error.

func (a *app) newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of elli and of its data",
		Args:  argCount(0, 0, "", "version takes no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.printVersion(cmd.OutOrStdout())
		},
	}
}

// printVersion prints "elli VERSION (commit C, built D)" and the data line, "Kubernetes v1.31
// Elli data, as of 2024-08-13", in the run's language.
func (a *app) printVersion(w io.Writer) error {
	b := a.build
	o := a.s.Out
	if _, err := fmt.Fprintln(w, fmt.Sprintf(o.Version, b.Version, b.Commit, b.Date)); err != nil {
		return err
	}
	ds, err := a.dataset()
	if err != nil {
		return err
	}
	r := ds.Release
	_, err = fmt.Fprintln(w, sanitizeLine(fmt.Sprintf(o.VersionData, r.Version, r.Codename, r.DataAsOf)))
	return err
}

// Build identifies the binary. main sets it from -ldflags "-X main.version=... -X main.commit=...
// -X main.date=..."; empty fields fall back to what the Go toolchain recorded.
type Build struct {
	Version string
	Commit  string
	Date    string
}

// resolve fills empty fields from the build info: the module version (set by go install
// module@version), the VCS revision and time; failing those, "devel" and "unknown".
func (b Build) resolve(info *debug.BuildInfo, ok bool) Build {
	// goreleaser passes these when it cannot read the git state (a snapshot of a clone without
	// a remote): they mean "not known", so the toolchain's record is better.
	if b.Commit == "none" {
		b.Commit = ""
	}
	if strings.HasPrefix(b.Date, "0001-01-01") {
		b.Date = ""
	}
	if ok && info != nil {
		if b.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			b.Version = info.Main.Version
		}
		var modified bool
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = s.Value
					if len(b.Commit) > 7 {
						b.Commit = b.Commit[:7]
					}
				}
			case "vcs.time":
				if b.Date == "" {
					b.Date = s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if modified && b.Commit != "" && !strings.HasSuffix(b.Commit, "-dirty") {
			b.Commit += "-dirty"
		}
		// go install module@commit (or @latest before a tag) records no VCS settings, but its
		// pseudo-version, v0.0.0-20261206112706-25aec336b0aa, carries the commit and its time
		if v := info.Main.Version; module.IsPseudoVersion(v) {
			if rev, err := module.PseudoVersionRev(v); err == nil && b.Commit == "" {
				b.Commit = rev[:min(7, len(rev))]
			}
			if t, err := module.PseudoVersionTime(v); err == nil && b.Date == "" {
				b.Date = t.UTC().Format(time.RFC3339)
			}
		}
	}
	if b.Version == "" {
		b.Version = "devel"
	}
	if b.Commit == "" {
		b.Commit = "unknown"
	}
	if b.Date == "" {
		b.Date = "unknown"
	}
	return b
}
