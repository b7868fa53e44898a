package cli

import (
	"fmt"
	"image/color"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/render"
)

// elli draws its own help pages, in fang's colours, because fang v2.0.1's cannot do what a
// help page must here: it shows no value names (--data DIR), lays the page out for 120 columns
// when piped and cuts examples to that, pads lines with trailing spaces, and asks the terminal
// for its background before every page.
//
// The page fits the terminal's width (up to 120 columns); piped, it is laid out for 80 columns
// and nothing is cut. No line ends in a space.

// helpStyle paints the parts of a help page; the zero value paints nothing (no colour).
type helpStyle struct {
	title, text, program, command, flag, arg, comment lipgloss.Style
}

// helpColors are fang's colours for this run, or none when colour is off. The background is
// never asked for: the style setting (dark, light) or COLORFGBG decide when they can; else the
// colours keep to the terminal's 16, with text in its own foreground, which read on either.
func (a *app) helpColors() (helpStyle, colorprofile.Profile) {
	on, forced := a.colorOn()
	if !on {
		return helpStyle{}, colorprofile.NoTTY
	}
	var cs fang.ColorScheme
	if dark, ok := a.knownBackground(); ok {
		cs = fang.DefaultColorScheme(lipgloss.LightDark(dark))
	} else {
		cs = fang.AnsiColorScheme(lipgloss.LightDark(true))
		fg := lipgloss.NoColor{}
		cs.Base, cs.Description, cs.Argument = fg, fg, fg
		cs.Comment = lipgloss.BrightBlack
	}
	fg := func(c color.Color) lipgloss.Style {
		if c == nil {
			return lipgloss.NewStyle()
		}
		return lipgloss.NewStyle().Foreground(c)
	}
	return helpStyle{
		title:   fg(cs.Title).Bold(true),
		text:    fg(cs.Base),
		program: fg(cs.Program),
		command: fg(cs.Command),
		flag:    fg(cs.Flag),
		arg:     fg(cs.Argument),
		comment: fg(cs.Comment),
	}, a.outProfile(forced)
}

// knownBackground is the background as elli can tell without asking: from the style setting
// (dark or light), else from COLORFGBG.
func (a *app) knownBackground() (dark, ok bool) {
	switch a.prefs().Get("style") {
	case string(render.Dark):
		return true, true
	case string(render.Light):
		return false, true
	}
	return backgroundFromEnv(a.getenv("COLORFGBG"))
}

// helpWidth is the width a help page is laid out for.
func (a *app) helpWidth() int {
	if a.term.out {
		if w := a.term.width(); w > 0 {
			return max(40, min(w, 120))
		}
	}
	return 80
}

// helpPage builds a page line by line.
type helpPage struct {
	st    helpStyle
	width int
	lines []string
}

func (p *helpPage) blank() {
	if len(p.lines) > 0 && p.lines[len(p.lines)-1] != "" {
		p.lines = append(p.lines, "")
	}
}

func (p *helpPage) section(title string) {
	p.blank()
	p.lines = append(p.lines, p.st.title.Render(strings.ToUpper(title)))
}

// para wraps text at the page width, indented by two.
func (p *helpPage) para(text string) {
	for _, par := range strings.Split(strings.TrimSpace(text), "\n") {
		for _, l := range wrap(par, p.width-2) {
			p.lines = append(p.lines, "  "+p.st.text.Render(l))
		}
	}
}

// seg is a piece of a key column: text and how it is painted.
type seg struct {
	text  string
	style lipgloss.Style
}

// row is a line of a two-column table: a key (a command, a flag) and what it does.
type row struct {
	key  []seg
	desc string
}

func (r row) keyWidth() int {
	w := 0
	for _, s := range r.key {
		w += ansi.StringWidth(s.text)
	}
	return w
}

// rows lays out a table: keys indented by two, descriptions in a column after the widest key
// (up to 32 columns; a longer key puts its description on the next line). Descriptions wrap
// within the page; when the column is too narrow they go below their key.
func (p *helpPage) rows(rs []row) {
	keyW := 0
	for _, r := range rs {
		if w := r.keyWidth(); w <= 32 {
			keyW = max(keyW, w)
		}
	}
	descX := 2 + keyW + 3
	below := p.width-descX < 30
	for _, r := range rs {
		var key strings.Builder
		key.WriteString("  ")
		for _, s := range r.key {
			key.WriteString(s.style.Render(s.text))
		}
		desc := capitalize(r.desc)
		x := descX
		if below {
			x = 6
		}
		lines := wrap(desc, p.width-x)
		if below || r.keyWidth() > keyW {
			p.lines = append(p.lines, key.String())
		} else if len(lines) > 0 {
			pad := strings.Repeat(" ", descX-2-r.keyWidth())
			p.lines = append(p.lines, key.String()+pad+p.st.text.Render(lines[0]))
			lines = lines[1:]
		}
		for _, l := range lines {
			p.lines = append(p.lines, strings.Repeat(" ", x)+p.st.text.Render(l))
		}
	}
}

func (p *helpPage) write(w io.Writer, profile colorprofile.Profile) error {
	for len(p.lines) > 0 && p.lines[len(p.lines)-1] == "" {
		p.lines = p.lines[:len(p.lines)-1]
	}
	text := strings.Join(p.lines, "\n") + "\n"
	if profile != colorprofile.NoTTY && profile != colorprofile.Unknown {
		w = &colorprofile.Writer{Forward: w, Profile: profile}
	}
	_, err := io.WriteString(w, "\n"+text)
	return err
}

// wrap breaks text into lines of at most width columns at spaces, and between Chinese
// characters, without trailing spaces. A word longer than the width (a flag, a word with a
// hyphen) keeps its own line whole: piped help is never cut.
func wrap(text string, width int) []string { return render.WrapText(text, width) }

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// help is the help function of every command: `elli --help`, `elli show --help`, `elli help
// list`.
func (a *app) help(c *cobra.Command, _ []string) {
	a.localize(c.Root())
	st, profile := a.helpColors()
	p := &helpPage{st: st, width: a.helpWidth()}
	p.para(firstOf(c.Long, c.Short))
	p.section(a.s.Help.Usage)
	p.lines = append(p.lines, "  "+a.usageLine(c, st))
	if c.Example != "" {
		p.section(a.s.Help.Examples)
		root := c.Root()
		for _, l := range strings.Split(c.Example, "\n") {
			if name := root.Name(); root.DisplayName() != name && strings.HasPrefix(l, name+" ") {
				l = root.DisplayName() + strings.TrimPrefix(l, name) // kubectl elli list …
			}
			p.lines = append(p.lines, "  "+paintExample(c, l, st))
		}
	}
	var cmds []row
	for _, sc := range c.Commands() {
		if !sc.IsAvailableCommand() && sc.Name() != "help" || sc.Hidden {
			continue
		}
		key := []seg{{sc.Name(), st.command}}
		if args := strings.TrimSpace(strings.TrimPrefix(sc.Use, sc.Name())); args != "" {
			key = append(key, seg{" " + args, st.arg})
		}
		cmds = append(cmds, row{key, sc.Short})
	}
	if len(cmds) > 0 {
		p.section(a.s.Help.Commands)
		p.rows(cmds)
	}
	if !c.HasParent() {
		p.section(a.s.Help.Topics)
		var topics []row
		for _, t := range helpTopics {
			topics = append(topics, row{[]seg{{t.name, st.command}}, i18n.Topic(a.lang, t.short)})
		}
		p.rows(topics)
	}
	if fl := flagRows(c.LocalFlags(), st); len(fl) > 0 {
		p.section(a.s.Help.Flags)
		p.rows(fl)
	}
	if fl := flagRows(c.InheritedFlags(), st); len(fl) > 0 {
		p.section(a.s.Help.GlobalFlags)
		p.rows(fl)
	}
	p.section(a.s.Help.LearnMore)
	p.para(fmt.Sprintf(a.s.Help.LearnMoreText, c.Root().DisplayName()))
	_ = p.write(c.OutOrStdout(), profile)
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// usageLine is "elli show KEP|ID [--flags]", painted.
func (a *app) usageLine(c *cobra.Command, st helpStyle) string {
	parts := strings.Fields(c.CommandPath())
	var b strings.Builder
	b.WriteString(st.program.Render(parts[0]))
	for _, p := range parts[1:] {
		b.WriteString(" " + st.command.Render(p))
	}
	if args := strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name())); args != "" {
		b.WriteString(" " + st.arg.Render(args))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString(" " + st.comment.Render("[command]"))
	}
	if c.HasAvailableFlags() {
		b.WriteString(" " + st.comment.Render("[--flags]"))
	}
	return b.String()
}

// paintExample colours an example command line: the program, its command, flags, arguments.
func paintExample(c *cobra.Command, line string, st helpStyle) string {
	words := strings.Split(line, " ")
	root := c.Root()
	prog := len(strings.Fields(root.DisplayName())) // the words of the program: "kubectl elli" is two
	for i, w := range words {
		switch {
		case i < prog && strings.Fields(root.DisplayName())[i] == w:
			words[i] = st.program.Render(w)
		case i == prog && isCommand(root, w):
			words[i] = st.command.Render(w)
		case strings.HasPrefix(w, "-") && len(w) > 1:
			words[i] = st.flag.Render(w)
		case w == "|":
			words[i] = st.comment.Render(w)
		default:
			words[i] = st.arg.Render(w)
		}
	}
	return strings.Join(words, " ")
}

func isCommand(root *cobra.Command, name string) bool {
	for _, c := range root.Commands() {
		if c.Name() == name {
			return true
		}
	}
	return false
}

// flagRows lists the visible flags: "-s, --style NAME|FILE", the value name taken from the
// backquoted word of the usage, as pflag does.
func flagRows(fs *pflag.FlagSet, st helpStyle) []row {
	var out []row
	short := false // a flag with a shorthand: the others are indented to line up, as in gh
	fs.VisitAll(func(f *pflag.Flag) { short = short || f.Shorthand != "" && !f.Hidden })
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name, usage := flagValueName(f)
		var key []seg
		switch {
		case f.Shorthand != "":
			key = append(key, seg{"-" + f.Shorthand + ", ", st.flag})
		case short:
			key = append(key, seg{"    ", helpStyle{}.text})
		}
		key = append(key, seg{"--" + f.Name, st.flag})
		if name != "" {
			key = append(key, seg{" " + name, st.arg})
		}
		out = append(out, row{key, usage})
	})
	return out
}

// flagValueName is pflag's UnquoteUsage without its type names: a flag whose usage names no
// value in backquotes, or that needs no value, shows none.
func flagValueName(f *pflag.Flag) (name, usage string) {
	name, usage = pflag.UnquoteUsage(f)
	if f.NoOptDefVal != "" || !strings.Contains(f.Usage, "`") {
		name = ""
	}
	return name, usage
}
