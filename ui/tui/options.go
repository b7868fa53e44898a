// Package tui is elli's interactive explorer: one bubbletea model over the loaded dataset.
package tui

import (
	"context"
	"fmt"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/data/state"
	"github.com/elli-k8s/elli/ui/render"
)

// Options are where and how the explorer opens (the CLI's deep links and flags).
type Options struct {
	Theme string // auto, dark or light: the explorer's colours, and the pages' unless PageTheme
	// PageTheme is a glamour style chosen for the pages (dracula, a style file); "" follows Theme
	PageTheme render.Theme
	Tab       string // the name of one of data.Sections; empty for the overview
	Search    string // an initial query
	Open      string // an item id to open in the detail pane
	NoColor   bool   // colour is off (NO_COLOR, --color never, CLICOLOR=0)
	Mouse     bool   // capture the mouse from the start (--mouse, the config's mouse)
	Measure   int    // the widest a page's text gets; 0 for the default
	// State is the file of the checklist's ticks, the stars and the notes; nil saves nothing,
	// and StateProblem then says why (the status line shows it).
	State        *state.Store
	StateProblem string
	// Lang is the language the explorer opens in; "" is English. L switches it.
	Lang data.Lang
	// Profile is the colours the terminal shows, as the CLI detected them; Unknown lets
	// bubbletea detect them itself.
	Profile colorprofile.Profile
	// Today is the day the Patches tab's timeline marks; the zero time means the system clock's
	// day. Tests give a fixed day so the screen stays the same. (A value, not a func, so that
	// Options stays comparable.)
	Today time.Time
	// Check, when set, opens the explorer on the findings of elli check (the Findings view).
	Check *CheckFindings
	// In and Out are the terminal's ends; nil means os.Stdin and os.Stdout. The CLI passes
	// the streams it was given (cli.Main).
	In  io.Reader
	Out io.Writer
}

// CheckFindings are what elli check --tui shows: the findings in the order to list them, and
// what was checked.
type CheckFindings struct {
	Findings []check.Finding
	From     string
	// Notes is how many notes the check wrote to the terminal before the view opened (what
	// it could not read: a file, or a kind RBAC hides); the view says so, since its screen
	// hides them until it closes.
	Notes int
	// Frame, Context and Server are a cluster scan's: what its findings mean for the API
	// server's version (i18n.Strings.ClusterFrame, the line elli check --cluster prints
	// first), shown under the header; "" for files
	Frame, Context, Server string
	// Lacking tallies the CVEs the server's patch release LackingIn is open to
	// (data.Dataset.Lacking), where it is of the release's line: elli cve --version lists them
	LackingIn string
	Lacking   data.CVETally
}

// Themes are the valid values of Options.Theme.
var Themes = []string{"auto", "dark", "light"}

// Run starts the explorer and blocks until the user quits.
func Run(ctx context.Context, ds *data.Dataset, opts Options) error {
	progOpts := []tea.ProgramOption{tea.WithContext(ctx)}
	if opts.In != nil {
		progOpts = append(progOpts, tea.WithInput(opts.In))
	}
	if opts.Out != nil {
		progOpts = append(progOpts, tea.WithOutput(opts.Out))
	}
	if opts.NoColor {
		// colorprofile only honours NO_COLOR values that parse as true; no-color.org says any
		// non-empty value counts, so the CLI decides and we force the profile here.
		progOpts = append(progOpts, tea.WithColorProfile(colorprofile.ASCII))
	} else if opts.Profile != colorprofile.Unknown {
		progOpts = append(progOpts, tea.WithColorProfile(opts.Profile))
	}
	// bubbletea restores the terminal after a panic in Update or View (its default), and
	// handles ctrl+z through tea.Suspend. Signals are elli's (signals.go).
	sigs := newSignals()
	progOpts = append(progOpts, tea.WithoutSignalHandler(), tea.WithFilter(sigs.filter))
	var model tea.Model = New(ds, opts)
	if opts.Check != nil {
		model = newFindingsModel(New(ds, opts), opts)
	}
	p := tea.NewProgram(model, progOpts...)
	sigs.watch(p)
	_, err := p.Run()
	if sig := sigs.stop(); sig != nil {
		return &SignalError{Signal: sig}
	}
	if err != nil {
		return fmt.Errorf("interactive explorer: %w", err)
	}
	return nil
}
