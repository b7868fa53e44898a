package cli

import (
	"strings"

	"github.com/charmbracelet/colorprofile"

	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/render"
)

// colorOn decides whether output carries colour, and whether that was forced rather than
// found: --color (or ELLI_COLOR) always or never wins; then NO_COLOR (any value) turns colour
// off, CLICOLOR_FORCE (not 0) forces it on and CLICOLOR=0 turns it off (no-color.org,
// bixense.com/clicolors); then the config file's color; else colour exactly when stdout is a
// terminal.
func (a *app) colorOn() (on, forced bool) {
	c := a.prefs()["color"]
	if c.Source >= userfile.FromEnv && c.Value != "auto" {
		return c.Value == "always", c.Value == "always"
	}
	if a.getenv("NO_COLOR") != "" {
		return false, false
	}
	if v := a.getenv("CLICOLOR_FORCE"); v != "" && v != "0" {
		return true, true
	}
	if a.getenv("CLICOLOR") == "0" {
		return false, false
	}
	if c.Source == userfile.FromConfig && c.Value != "auto" {
		return c.Value == "always", c.Value == "always"
	}
	return a.term.out, false
}

// outProfile is the colours output is written in. Found colour follows the terminal (TERM=dumb
// gets none); forced colour, into a pipe say, takes what TERM and COLORTERM promise, and at
// least the 16 ANSI colours, so that `elli show 3866 --color always | less -R` is coloured.
func (a *app) outProfile(forced bool) colorprofile.Profile {
	if !forced {
		return a.term.colorProfile()
	}
	var env []string
	for _, kv := range a.environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE":
			continue
		}
		env = append(env, kv)
	}
	return colorprofile.Env(append(env, "CLICOLOR_FORCE=1"))
}

// pageStyle decides how a Markdown page prints: plain without colour (see colorOn); else in the
// style asked for (--style, ELLI_STYLE, the config, GLAMOUR_STYLE), or for auto the one that
// suits the background. The width is --width if set, else the terminal's width up to the width
// setting (100), else 80.
func (a *app) pageStyle(width int) (style, error) {
	st := style{width: width, theme: render.Plain}
	if st.width <= 0 {
		st.width = min(80, a.measure())
		if a.term.out {
			if w := a.term.width(); w > 0 {
				st.width = min(w, a.measure())
			}
		}
	}
	on, forced := a.colorOn()
	if !on {
		return st, nil
	}
	st.profile = a.outProfile(forced)
	th, fixed, err := a.fixedTheme(a.styleName())
	if err != nil {
		return st, err
	}
	switch {
	case fixed:
		st.theme = th
	case st.profile == colorprofile.NoTTY || st.profile == colorprofile.ASCII:
		// A terminal that shows no colours (TERM=dumb, say) gets the same page in either
		// theme, so it is not asked: the question would only print as garbage there.
		st.theme = render.Dark
	case a.darkBackground():
		st.theme = render.Dark
	default:
		st.theme = render.Light
	}
	return st, nil
}

// darkBackground is the terminal's background: asked when elli is on a terminal, else taken
// from COLORFGBG if set (forced colour into a pipe), else dark.
func (a *app) darkBackground() bool {
	if !a.term.out {
		if dark, ok := backgroundFromEnv(a.getenv("COLORFGBG")); ok {
			return dark
		}
	}
	return a.term.dark()
}
