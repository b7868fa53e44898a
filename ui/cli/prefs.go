package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/render"
	"github.com/elli-k8s/elli/ui/tui"
)

// The user's settings for this run: a flag over its ELLI_* variable over the config file over
// the default (data/userfile holds the keys and the file). They are resolved once, on first use,
// so a command that needs none (version, completion) does not resolve them. The config file
// itself is read at most once, and before the commands are built when it may set the run's
// language (lang.go).

// prefs returns this run's settings. Problems with the config file or the environment are
// printed once, one line each, and the settings concerned keep their defaults.
func (a *app) prefs() userfile.Settings {
	if a.settings != nil {
		return a.settings
	}
	cfg, _ := a.loadConfig() // which reports the file's problems
	s, envProblems := userfile.Resolve(cfg, a.lookupEnv, styleChecks)
	for name, v := range a.flagPrefs {
		s.Override(name, v)
	}
	for _, p := range envProblems {
		a.warnf("%v", p)
	}
	a.settings = s
	return s
}

// warnf prints one warning line on stderr, in the run's language. Like an error's, its format
// is English and the catalog says it in the run's language (errors.go).
func (a *app) warnf(format string, args ...any) {
	line := msg{"warning: %s", []any{msg{format, orNone(args)}}}.in(a.lang)
	_, _ = fmt.Fprintln(a.stderr, "elli: "+sanitizeLine(line))
}

// styleChecks hands the renderer's list of styles to the config file's checks.
var styleChecks = userfile.Checks{"style": render.CheckStyle}

// prefFlag is a command-line flag for a setting: the value is checked as the config file's would
// be, and a bad one is a usage error that says what to use.
type prefFlag struct {
	a   *app
	key *userfile.Key
	// flag is the flag's name, which an alias (--theme for --style) may make differ from the key
	flag  string
	value string
}

func (a *app) newPrefFlag(key, flag string) *prefFlag {
	k := userfile.Lookup(key)
	return &prefFlag{a: a, key: k, flag: flag, value: k.Default}
}

func (f *prefFlag) Set(s string) error {
	v, err := f.key.Check(s, styleChecks)
	if err != nil {
		reason := err
		if u := errors.Unwrap(err); u != nil {
			reason = u
		}
		return flagValuef("invalid --%s %q: %v", f.flag, s, reason)
	}
	f.value = v
	if f.a.flagPrefs == nil {
		f.a.flagPrefs = map[string]string{}
	}
	f.a.flagPrefs[f.key.Name] = v
	return nil
}

func (f *prefFlag) String() string { return f.value }
func (f *prefFlag) Type() string   { return "string" }

// complete offers the key's values, or the style names, to shell completion.
func (f *prefFlag) complete(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if f.key.Name == "style" {
		return render.StyleNames(), cobra.ShellCompDirectiveDefault // names, or a style file
	}
	return f.key.Values, cobra.ShellCompDirectiveNoFileComp
}

// styleName is the page style asked for: the style setting, else GLAMOUR_STYLE as glow reads
// it, else auto. A bad GLAMOUR_STYLE is reported and ignored.
func (a *app) styleName() string {
	s := a.prefs()["style"]
	if s.Source == userfile.FromConfig {
		return userfile.ExpandHome(s.Value, a.userEnv.Home) // a style file there is absolute or ~/
	}
	if s.Source != userfile.FromDefault {
		return s.Value
	}
	if g := strings.TrimSpace(a.getenv("GLAMOUR_STYLE")); g != "" {
		if err := render.CheckStyle(g); err != nil {
			a.warnf("GLAMOUR_STYLE %q: %v; ignored", g, err)
			return render.Auto
		}
		return g
	}
	return render.Auto
}

// fixedTheme is the Theme for a style other than auto. A style from a flag that cannot be used
// (a style file gone since the config named it) is an error; from anywhere else, a warning,
// and the background decides as for auto.
func (a *app) fixedTheme(name string) (render.Theme, bool, error) {
	if name == render.Auto {
		return "", false, nil
	}
	th, err := render.ThemeOf(name)
	if err != nil {
		if a.prefs()["style"].Source == userfile.FromFlag {
			return "", false, usagef("invalid --style %q: %v", name, err)
		}
		a.warnf("style %q: %v; using auto", name, err)
		return "", false, nil
	}
	return th, true, nil
}

// measure is the widest a page's text gets: the width setting (100 by default).
func (a *app) measure() int {
	if w := a.prefs().Int("width"); w > 0 {
		return w
	}
	return userfile.DefaultWidth
}

// styleUsage is the help of --style, with the names glamour has.
func styleUsage() string {
	names := render.StyleNames()
	return "render pages in the style `NAME|FILE`: auto (follows the background), " +
		orList(append(names[1:], "a glamour JSON style file"))
}

// explorerPrefs puts the settings the explorer uses into its options: the style (dark and
// light fix its own colours too; another style only the pages'), the mouse and the measure.
func (a *app) explorerPrefs(opts *tui.Options) error {
	switch name := a.styleName(); name {
	case render.Auto, string(render.Dark), string(render.Light):
		opts.Theme = name
	default:
		th, fixed, err := a.fixedTheme(name)
		if err != nil {
			return err
		}
		if fixed {
			opts.PageTheme = th
		}
	}
	opts.Mouse = a.prefs().Bool("mouse")
	opts.Measure = a.measure()
	return nil
}
