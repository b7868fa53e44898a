package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/render"
)

// checkStyles colour the findings table. They keep to the terminal's 16 colours, which read on
// a dark and a light background alike, so the terminal is never asked for its background.
type checkStyles struct {
	dim        lipgloss.Style
	severities map[check.Severity]lipgloss.Style
	color      bool
}

// fileHeading is a file's heading, bold and underlined in one SGR sequence: lipgloss underlines
// rune by rune, which wrote a sequence per character and doubled the table's size.
func (s checkStyles) fileHeading(path string) string {
	if !s.color {
		return path
	}
	return "\x1b[1;4m" + path + "\x1b[m"
}

func newCheckStyles(color bool) checkStyles {
	s := checkStyles{severities: map[check.Severity]lipgloss.Style{}}
	for _, sv := range check.Severities {
		s.severities[sv] = lipgloss.NewStyle()
	}
	if !color {
		return s
	}
	s.color = true
	s.dim = lipgloss.NewStyle().Faint(true)
	s.severities[check.Error] = lipgloss.NewStyle().Foreground(lipgloss.Red).Bold(true)
	s.severities[check.Warning] = lipgloss.NewStyle().Foreground(lipgloss.Yellow)
	s.severities[check.Info] = lipgloss.NewStyle().Foreground(lipgloss.Blue)
	return s
}

// writeCheckTable prints the findings grouped by file, each with its message, fix and item, and
// a summary. With colour (see colorOn) it is coloured; on a terminal it wraps to the width; piped, it
// is plain and each text stays on one line. Every text from the user's files is sanitized. from
// names what was checked (checkedFrom), for the summary of a check that found nothing.
func (a *app) writeCheckTable(w io.Writer, ds *data.Dataset, rep *check.Report, from string) error {
	return a.writeFindingsTable(w, ds, rep, from, false)
}

// writeFindingsTable is writeCheckTable; objects says the report counts cluster objects read,
// not files.
func (a *app) writeFindingsTable(w io.Writer, ds *data.Dataset, rep *check.Report, from string, objects bool) error {
	color, forced := a.colorOn()
	if color {
		if p := a.outProfile(forced); p != colorprofile.Unknown {
			w = &colorprofile.Writer{Forward: w, Profile: p}
		}
	}
	return writeFindings(w, ds, rep, findingsLook{st: newCheckStyles(color), s: a.s, lang: a.lang, width: a.tableWidth(),
		from: from, objects: objects})
}

// findingsLook is how the findings table is drawn: its styles, its words and its width.
type findingsLook struct {
	st    checkStyles
	s     *i18n.Strings
	lang  data.Lang
	width int // the terminal's columns; 0 for no wrapping
	// from names what was checked: the paths, or the cluster's context
	from string
	// objects: the report's Files counts the objects a cluster scan read
	objects bool
}

func writeFindings(w io.Writer, ds *data.Dataset, rep *check.Report, look findingsLook) error {
	var b strings.Builder
	files := 0
	seen := map[string]bool{}
	hops := byHop(ds, rep.Findings)
	for h, fs := range hops {
		if len(hops) > 1 || fs[0].Release != "" {
			// a check along the road: each hop under its heading, in road order
			if h > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(look.st.fileHeading(fmt.Sprintf(look.s.Out.CheckHop, hopName(ds, fs[0].Release))))
			b.WriteString("\n\n")
		}
		for i, n := 0, 0; i < len(fs); n++ {
			j := i
			for j < len(fs) && fs[j].File == fs[i].File {
				j++
			}
			if !seen[fs[i].File] {
				seen[fs[i].File] = true
				files++
			}
			if n > 0 {
				b.WriteByte('\n')
			}
			writeFileGroup(&b, ds, fs[i:j], look)
			i = j
		}
	}
	if len(rep.Findings) > 0 {
		b.WriteByte('\n')
	}
	writeWrapped(&b, "", "", summaryLine(rep, files, look), look.width, look.st)
	return writeOut(w, b.String())
}

// byHop splits findings by the release that brings them, 1.31's first, then the road's in
// order; each keeps the scan's order.
func byHop(ds *data.Dataset, fs []check.Finding) [][]check.Finding {
	order := []string{""}
	for _, r := range ds.Road() {
		order = append(order, r.Version)
	}
	groups := map[string][]check.Finding{}
	for _, f := range fs {
		groups[f.Release] = append(groups[f.Release], f)
	}
	var out [][]check.Finding
	for _, rel := range order {
		if len(groups[rel]) > 0 {
			out = append(out, groups[rel])
		}
	}
	return out
}

// hopName is a release as a hop's heading names it: "v1.32 Penelope", "v1.31" for the
// release's own findings.
func hopName(ds *data.Dataset, release string) string {
	if release == "" {
		return data.MinorOf(ds.Release.Version)
	}
	if rr := ds.RoadRelease(release); rr != nil && rr.Codename != "" {
		return rr.Version + " " + rr.Codename
	}
	return release
}

func writeFileGroup(b *strings.Builder, ds *data.Dataset, fs []check.Finding, look findingsLook) {
	st, width := look.st, look.width
	file := []string{sanitizeLine(fs[0].File)}
	if width > 0 {
		file = render.Cut(file[0], width, "/") // a path wider than the window: cut after a slash, with a mark
	}
	for _, l := range file {
		b.WriteString(st.fileHeading(l))
		b.WriteByte('\n')
	}
	locs := make([]string, len(fs))
	locWidth := 0
	for i, f := range fs {
		locs[i] = location(f)
		locWidth = max(locWidth, len(locs[i]))
	}
	indent := strings.Repeat(" ", 2+locWidth+2)
	for i, f := range fs {
		sev := f.Severity.String()
		head := "  " + locs[i] + strings.Repeat(" ", locWidth-len(locs[i])+2) +
			st.severities[f.Severity].Render(sev) + strings.Repeat(" ", 9-len(sev)) + f.Rule
		if obj := sanitizeLine(objectLabel(f)); obj != "" {
			if width > 0 && ansi.StringWidth(head)+2+ansi.StringWidth(obj) > width {
				head += "\n" + indent + st.dim.Render(obj) // on a line of its own rather than cut by the window
			} else {
				head += "  " + st.dim.Render(obj)
			}
		}
		if f.Path != "" {
			// a cluster object: the group's heading names it, and its field paths are too long
			// for a column, so each follows its rule
			indent = "    "
			head = "  " + st.severities[f.Severity].Render(sev) + strings.Repeat(" ", 9-len(sev)) + f.Rule +
				"  " + st.dim.Render(sanitizeLine(f.Path))
		}
		b.WriteString(head)
		b.WriteByte('\n')
		writeWrapped(b, indent, "", sanitizeLine(f.Message), width, st)
		writeWrapped(b, indent, look.s.Out.CheckFix, sanitizeLine(f.Fix), width, st)
		more := "elli show " + f.Item
		if it := ds.ByID(f.Item); it != nil {
			more = fmt.Sprintf(look.s.Out.CheckSeeItem, f.Item, it.Title.In(look.lang))
		}
		writeWrapped(b, indent, look.s.Out.CheckSee, sanitizeLine(more), width, st)
	}
}

// writeWrapped writes one indented paragraph; on a terminal it wraps at width, with the lines
// after the first aligned under the text.
func writeWrapped(b *strings.Builder, indent, label, text string, width int, st checkStyles) {
	hang := indent + strings.Repeat(" ", ansi.StringWidth(label))
	if width > len(hang)+20 {
		text = strings.Join(render.Wrap(text, width-len(hang)), "\n"+hang) // never inside ceph/ceph-csi
	}
	b.WriteString(indent)
	if label != "" {
		b.WriteString(st.dim.Render(label))
	}
	b.WriteString(text)
	b.WriteByte('\n')
}

func location(f check.Finding) string {
	switch {
	case f.Path != "":
		return sanitizeLine(f.Path) // a cluster object's field
	case f.Line > 0 && f.Column > 0:
		return strconv.Itoa(f.Line) + ":" + strconv.Itoa(f.Column)
	case f.Line > 0:
		return strconv.Itoa(f.Line)
	}
	return "-"
}

// objectLabel names a finding's object: "Deployment shop/web".
func objectLabel(f check.Finding) string {
	if f.Kind == "" {
		return ""
	}
	name := f.Name
	if f.Namespace != "" && name != "" {
		name = f.Namespace + "/" + name
	}
	return strings.TrimSpace(f.Kind + " " + name)
}

func summaryLine(rep *check.Report, files int, look findingsLook) string {
	out := look.s.Out
	by := rep.CountBy()
	checked := checkedCount(out, rep.Files, look.objects)
	if len(rep.Findings) == 0 {
		return noFindingsLine(look.s, rep, look.from, checked)
	}
	parts := make([]string, 0, 3)
	for _, sv := range check.Severities {
		n := by[sv]
		word := map[check.Severity][2]string{
			check.Error: {out.CheckError, out.CheckErrors}, check.Warning: {out.CheckWarning, out.CheckWarnings},
			check.Info: {out.CheckInfo, out.CheckInfo},
		}[sv]
		s := fmt.Sprintf(plural(n, word[0], word[1]), n)
		if n > 0 {
			s = look.st.severities[sv].Render(s)
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf(out.CheckSummary, strings.Join(parts, look.s.Sep), files, checked)
}

// checkedCount is how much a check read: "3 files checked", "no file checked", "120 objects
// read".
func checkedCount(out i18n.Output, n int, objects bool) string {
	switch {
	case n == 0 && objects:
		return out.CheckNoObject
	case n == 0:
		return out.CheckNoFile
	case objects:
		return fmt.Sprintf(plural(n, out.CheckObject, out.CheckObjects), n)
	}
	return fmt.Sprintf(plural(n, out.CheckFile, out.CheckFiles), n)
}

// noFindingsLine is the summary of a check that found nothing. A check that wrote notes (a file
// skipped or unparsable, a kind RBAC hides) says it found nothing in what it could read, as the
// Findings view does (CheckCleanPartial): it must not claim that nothing is affected. One that
// read nothing and noted nothing (an empty folder) says so instead of "nothing in 0 files".
func noFindingsLine(s *i18n.Strings, rep *check.Report, from, checked string) string {
	out := s.Out
	switch {
	case len(rep.Notes)+rep.NotesDropped > 0:
		return i18n.Fill(out.CheckCleanPartial, sanitizeLine(from), fmt.Sprintf(out.CheckReadCount, checked))
	case rep.Files == 0:
		return i18n.Fill(out.CheckNothing, sanitizeLine(from))
	}
	return fmt.Sprintf(out.CheckClean, checked)
}

// checkedFrom names what elli check was given, for the summary and the Findings view: the
// paths, standard input by name, the first few and a count when there are many (a shell's
// glob).
func checkedFrom(s *i18n.Strings, args []string) string {
	const shown = 3
	names := make([]string, 0, shown)
	for _, p := range args[:min(len(args), shown)] {
		if p == check.StdinName {
			p = s.Out.CheckStdin
		}
		names = append(names, p)
	}
	from := strings.Join(names, " ")
	if len(args) > shown {
		from = fmt.Sprintf(s.Out.CheckMorePaths, from, len(args)-shown)
	}
	return from
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeRules prints the rule table of elli check --rules.
func (a *app) writeRules(w io.Writer, width int) error {
	out := a.s.Out
	t := newTable(w, width, 3, out.ColRule, out.ColSeverity, out.ColItem, out.ColFinds)
	for _, r := range check.Rules {
		t.row(r.ID, r.Severity.String(), r.Item, r.TitleIn(a.lang))
	}
	return t.flush()
}
