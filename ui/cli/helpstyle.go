package cli

import (
	"io"
	"os"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
)

// fang (v2.0.1) asks the terminal for its background before every help page and every error,
// whenever os.Stdout is a terminal and whatever colour scheme it was given: it calls
// lipgloss.HasDarkBackground(os.Stdin, os.Stdout), which waits 2 s per stream for an answer.
// On a pty with nothing behind it (script, expect, some CI and editor terminals) `elli --help`,
// every usage error and `elli show 99999` thus stalled 4 s and wrote ESC]11;? twice, even with
// NO_COLOR or --theme set. Upstream: charmbracelet/fang#35, with the fix in the open PR #36.
//
// lipgloss asks only when os.Stdin is a terminal as well, so while elli runs, os.Stdin is the
// null device and fang never asks. elli itself does not read os.Stdin: cobra, the explorer
// and elli's own bounded question (background.go) are handed the real stdin. On Windows,
// lipgloss opens the console itself; Windows terminals answer at once, so nothing stalls there.

// hideStdinFromFang points os.Stdin at the null device when stdin is the process's real
// standard input, and returns the function that puts it back. Tests pass other readers and
// leave os.Stdin alone, so parallel tests never race on it.
func hideStdinFromFang(stdin io.Reader) (restore func()) {
	if f, ok := stdin.(*os.File); !ok || f != os.Stdin {
		return func() {}
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		return func() {}
	}
	real := os.Stdin
	os.Stdin = null
	return func() {
		os.Stdin = real
		_ = null.Close()
	}
}

// helpColors is the colour scheme of help pages (fang's help; errors are elli's own plain line).
// It never asks the terminal: help is what a script or a fresh terminal sees first, and the
// question costs a round trip or, where nothing answers, a timeout. --theme or COLORFGBG decide
// when given. Otherwise the scheme keeps to the terminal's 16 colours with the text in its
// default foreground, which read on a dark and a light background alike.
func (a *app) helpColors(lipgloss.LightDarkFunc) fang.ColorScheme {
	if dark, ok := a.knownBackground(); ok {
		return fang.DefaultColorScheme(lipgloss.LightDark(dark))
	}
	cs := fang.AnsiColorScheme(lipgloss.LightDark(true))
	fg := lipgloss.NoColor{}
	cs.Base, cs.Description, cs.Argument, cs.Help, cs.Dash = fg, fg, fg, fg, fg
	cs.Comment = lipgloss.BrightBlack // grey on either background
	return cs
}

// knownBackground is the background as elli can tell without asking the terminal: from
// --theme dark or light, else from COLORFGBG.
func (a *app) knownBackground() (dark, ok bool) {
	switch a.theme.value {
	case "dark":
		return true, true
	case "light":
		return false, true
	}
	return backgroundFromEnv(a.getenv("COLORFGBG"))
}
