package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

// Styles holds every colour and text style of the explorer, built once per theme.
type Styles struct {
	Dark    bool
	NoColor bool
	// PlainSelection: the selected row is drawn in reverse video (a 16-colour terminal), so the
	// signs on it (★, ✎, off) take no colour of their own: a foreground colour reversed becomes
	// a solid block with the sign cut out of it.
	PlainSelection bool

	Header     lipgloss.Style
	HeaderDim  lipgloss.Style
	TabActive  lipgloss.Style
	TabNormal  lipgloss.Style
	TabSep     lipgloss.Style
	SearchInfo lipgloss.Style

	Row         lipgloss.Style
	RowSelected lipgloss.Style
	RowCursor   lipgloss.Style
	RowKEP      lipgloss.Style
	RowSIG      lipgloss.Style
	RowMatch    lipgloss.Style
	FindMatch   lipgloss.Style // a search word in the page being read
	OffMarker   lipgloss.Style
	UserMark    lipgloss.Style // the user's ★ and ✎
	Heading     lipgloss.Style // a group's heading in the checklist
	Progress    lipgloss.Style // the words beside the checklist's progress bar
	Empty       lipgloss.Style

	PaneBorder        lipgloss.Style
	PaneBorderFocused lipgloss.Style
	Placeholder       lipgloss.Style

	Status      lipgloss.Style
	StatusError lipgloss.Style
	TooSmall    lipgloss.Style

	// The Patches tab's timeline: the axis while supported, in maintenance mode and after the
	// end of life, today's marker, the labels and the summary; a patch release that fixed a
	// high or critical CVE, or a lower one, in colours none of the axis's segments has; and a
	// CVE's colour by severity.
	LineSupported, LineMaintenance, LineEnded, LineToday, LineLabel, LineHead lipgloss.Style
	LineFixHigh, LineFixLow                                                   lipgloss.Style
	SevLow, SevMedium, SevHigh, SevCritical                                   lipgloss.Style

	// BarFull and BarEmpty colour the progress bar; nil draws it in the terminal's colours.
	BarFull, BarEmpty color.Color

	Help  help.Styles
	Input textinput.Styles
}

// severity is the style of a CVE's severity.
func (s Styles) severity(sev data.Severity) lipgloss.Style { return *s.severityRef(sev) }

func (s *Styles) severityRef(sev data.Severity) *lipgloss.Style {
	switch sev {
	case "critical":
		return &s.SevCritical
	case "high":
		return &s.SevHigh
	case "medium":
		return &s.SevMedium
	}
	return &s.SevLow
}

// Theme is the glamour theme that matches these styles.
func (s Styles) Theme() render.Theme {
	switch {
	case s.NoColor:
		return render.Plain
	case s.Dark:
		return render.Dark
	}
	return render.Light
}

// NewStyles builds the styles for a dark or light background. With noColor every style keeps
// only bold, faint, underline and reverse, which read the same on any terminal. With few colours
// (a 16-colour terminal) the selected row is drawn in reverse video: its 256-colour grey would
// fall onto the terminal's own background colour and vanish.
func NewStyles(dark, noColor, fewColors bool) Styles {
	ld := lipgloss.LightDark(dark)
	// Each colour is an xterm 256-colour index, one for a light and one for a dark background,
	// picked for contrast on both. None is one of the 16 ANSI colours that follow the user's
	// terminal theme; a 16-colour terminal gets the nearest of those instead.
	var (
		accent   = ld(lipgloss.Color("25"), lipgloss.Color("117"))
		accentBg = ld(lipgloss.Color("25"), lipgloss.Color("33"))
		onAccent = lipgloss.Color("231")
		text     = ld(lipgloss.Color("235"), lipgloss.Color("252"))
		dim      = ld(lipgloss.Color("243"), lipgloss.Color("246"))
		faint    = ld(lipgloss.Color("250"), lipgloss.Color("240"))
		selBg    = ld(lipgloss.Color("254"), lipgloss.Color("237"))
		match    = ld(lipgloss.Color("166"), lipgloss.Color("214"))
		warn     = ld(lipgloss.Color("124"), lipgloss.Color("210"))
	)
	if noColor {
		return plainStyles(dark)
	}
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := Styles{Dark: dark}
	s.Header = fg(accent).Bold(true)
	s.HeaderDim = fg(dim)
	s.TabActive = lipgloss.NewStyle().Bold(true).Foreground(onAccent).Background(accentBg).Padding(0, 1)
	s.TabNormal = fg(text).Padding(0, 1)
	s.TabSep = fg(faint)
	s.SearchInfo = fg(dim)
	s.Row = fg(text)
	s.RowSelected = fg(text).Background(selBg).Bold(true)
	s.RowCursor = fg(accent).Background(selBg).Bold(true)
	s.RowKEP = fg(dim)
	s.RowSIG = fg(dim)
	s.RowMatch = fg(match).Bold(true).Underline(true)
	s.FindMatch = fg(match).Bold(true).Reverse(true)
	s.OffMarker = fg(warn)
	s.UserMark = fg(match).Bold(true)
	s.Heading = fg(accent).Bold(true)
	s.Progress = fg(dim)
	s.BarFull, s.BarEmpty = accent, faint
	s.LineSupported, s.LineMaintenance, s.LineEnded = fg(accent).Bold(true), fg(match), fg(warn)
	s.LineToday, s.LineLabel, s.LineHead = fg(text).Bold(true), fg(dim), fg(text).Bold(true)
	s.LineFixHigh, s.LineFixLow = fg(warn).Bold(true), fg(text).Bold(true)
	s.SevLow, s.SevMedium, s.SevHigh, s.SevCritical = fg(dim), fg(match), fg(warn), fg(warn).Bold(true).Reverse(true)
	s.Empty = fg(dim).Italic(true)
	s.PaneBorder = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(faint)
	s.PaneBorderFocused = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent)
	s.Placeholder = fg(dim)
	s.Status = fg(dim)
	s.StatusError = fg(warn).Bold(true)
	s.TooSmall = fg(text).Bold(true)
	s.Help = help.DefaultStyles(dark)
	s.Input = textinput.DefaultStyles(dark)
	s.Input.Cursor.Blink = false
	if fewColors {
		s.RowSelected = lipgloss.NewStyle().Reverse(true).Bold(true)
		s.RowCursor = s.RowSelected
		s.PlainSelection = true
	}
	return s
}

func plainStyles(dark bool) Styles {
	n := lipgloss.NewStyle
	s := Styles{Dark: dark, NoColor: true}
	s.Header, s.HeaderDim = n().Bold(true), n()
	s.TabActive = n().Reverse(true).Bold(true).Padding(0, 1)
	s.TabNormal, s.TabSep = n().Padding(0, 1), n()
	s.SearchInfo = n()
	s.Row, s.RowSelected, s.RowCursor = n(), n().Reverse(true), n().Reverse(true).Bold(true)
	s.RowKEP, s.RowSIG, s.RowMatch = n(), n(), n().Underline(true).Bold(true)
	s.FindMatch = n().Reverse(true)
	s.OffMarker, s.Empty = n(), n().Italic(true)
	s.UserMark, s.Heading, s.Progress = n().Bold(true), n().Bold(true).Underline(true), n()
	s.LineSupported, s.LineMaintenance, s.LineEnded, s.LineLabel = n(), n(), n(), n()
	s.LineToday, s.LineHead = n().Bold(true), n().Bold(true)
	s.LineFixHigh, s.LineFixLow = n().Bold(true), n().Bold(true)
	s.SevLow, s.SevMedium, s.SevHigh, s.SevCritical = n(), n(), n().Bold(true), n().Bold(true).Reverse(true)
	s.PaneBorder = n().Border(lipgloss.NormalBorder())
	s.PaneBorderFocused = n().Border(lipgloss.ThickBorder())
	s.Placeholder, s.Status = n(), n()
	s.StatusError, s.TooSmall = n().Bold(true), n().Bold(true)
	s.Help = help.Styles{
		Ellipsis: n(), ShortKey: n().Bold(true), ShortDesc: n(), ShortSeparator: n(),
		FullKey: n().Bold(true), FullDesc: n(), FullSeparator: n(),
	}
	s.Input = textinput.DefaultStyles(dark)
	s.Input.Focused = textinput.StyleState{Text: n(), Placeholder: n(), Suggestion: n(), Prompt: n().Bold(true)}
	s.Input.Blurred = s.Input.Focused
	s.Input.Cursor.Blink = false
	return s
}
