package cli

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elli-k8s/elli/ui/tui"
)

// newManCmd is `elli man`, which writes the elli(1) man page: goreleaser ships it, and where
// elli was installed without a package, `elli man | man -l -` reads it.
// Every section comes from a definition elli has anyway: SYNOPSIS, OPTIONS and COMMANDS from
// the command tree, KEYS from the explorer's key map (what `?` shows), SEARCH SYNTAX from
// searchSyntax (whose examples a test runs), JSON from SCHEMA.md (which a test holds to
// schema.go), and EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES from the tables of the help
// topics.
func (a *app) newManCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "man",
		Short:   "Write the man page, in roff: elli man | man -l -",
		Example: "elli man | man -l -\nelli man > ~/.local/share/man/man1/elli.1",
		Args:    argCount(0, 0, "", "man takes no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			// English whatever the run's language: a fresh tree, on a copy of the app, since
			// building one resets the flags' variables
			en := *a
			_, err := fmt.Fprint(c.OutOrStdout(), manPage(en.newRoot(), time.Now()))
			return err
		},
	}
}

// manPage renders the man page of the command tree under root, dated date (goreleaser replaces
// the date with the commit's).
func manPage(root *cobra.Command, date time.Time) string {
	d := &manDoc{}
	// kubectl-elli's page is its own (kubectl-elli(1), as Debian wants one for each binary):
	// the same commands, typed as "kubectl elli"
	name := root.Name()
	if dn := root.Annotations[cobra.CommandDisplayNameAnnotation]; dn != "" {
		name = strings.ReplaceAll(dn, " ", "-")
	}
	d.line(fmt.Sprintf(`.TH %s 1 "%s" "elli" "%s"`, strings.ToUpper(name), date.Format("2006-01-02"), root.Short))
	d.section("NAME")
	d.text(name + " - " + root.Short)

	cmds := manCommands(root)
	d.section("SYNOPSIS")
	for i, c := range cmds {
		if i > 0 && c.HasAvailableSubCommands() && !hasOptions(c) {
			continue // its commands' forms say it ("elli config get KEY")
		}
		if i > 0 {
			d.line(".br")
		}
		d.raw(synopsis(c))
	}
	d.section("DESCRIPTION")
	d.prose(firstOf(root.Long, root.Short))
	d.section("OPTIONS")
	manFlags(d, root.LocalFlags())

	d.section("COMMANDS")
	for _, c := range cmds[1:] {
		d.line(".SS " + synopsis(c))
		d.prose(firstOf(c.Long, c.Short))
		manFlags(d, c.LocalNonPersistentFlags())
		if c.Example != "" {
			d.line(".PP")
			d.text("Examples:")
			d.example(c.Example)
		}
	}

	d.section("KEYS")
	d.text("In the explorer, ? shows the keys of the pane in focus; these are all of them.")
	keys := tui.DefaultKeyMap()
	for _, g := range keys.AllBindings() {
		d.line(".SS " + esc(g.Context))
		for _, b := range g.Bindings {
			d.tagged(strings.Join(b.Keys(), ", "), "", keys.Desc(b))
		}
	}

	d.section("SEARCH SYNTAX")
	d.text("elli search, elli --search and / in the explorer read a query the same way.")
	for _, s := range searchSyntax() {
		d.tagged(s.form, "", s.text)
	}

	d.section("JSON")
	manJSON(d)

	for _, s := range []struct {
		title   string
		entries []entry
	}{{"EXIT STATUS", exitCodes()}, {"ENVIRONMENT", environment()}, {"FILES", files()}, {"EXAMPLES", examples()}} {
		d.section(s.title)
		for _, e := range s.entries {
			d.tagged(e.name, "", e.text)
		}
	}
	d.section("SEE ALSO")
	d.text("glow(1), gh(1), less(1), kubectl(1); SCHEMA.md, installed with elli; CHANGELOG-1.31.md " +
		"in the kubernetes/kubernetes repository; https://github.com/elli-k8s/elli")
	return d.b.String()
}

// manCommands are root and every command below it that a user can run or name, in the order
// of the help: not hidden, and available (help included).
func manCommands(root *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{root}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sc := range c.Commands() {
			if sc.Hidden || !sc.IsAvailableCommand() && sc.Name() != "help" {
				continue
			}
			out = append(out, sc)
			walk(sc)
		}
	}
	walk(root)
	return out
}

var argWord = regexp.MustCompile(`[A-Z][A-Z|]*[A-Z]|[A-Z]`)

// synopsis is one form of the command line in roff: "elli check [options] [PATH...]", the
// program and commands in bold, the arguments' names in italics.
func synopsis(c *cobra.Command) string {
	var b strings.Builder
	for i, w := range strings.Fields(c.CommandPath()) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(bold(w))
	}
	if hasOptions(c) {
		b.WriteString(` [\fIoptions\fR]`)
	}
	if c.HasAvailableSubCommands() && !c.Runnable() {
		b.WriteString(` \fIcommand\fR`)
	}
	if args := strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name())); args != "" {
		b.WriteString(" " + argWord.ReplaceAllStringFunc(esc(args), func(w string) string { return `\fI` + w + `\fR` }))
	}
	return b.String()
}

// hasOptions says whether a command has options of its own (the root's are everywhere).
func hasOptions(c *cobra.Command) bool {
	fs := c.LocalNonPersistentFlags()
	if !c.HasParent() {
		fs = c.LocalFlags()
	}
	n := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && f.Name != "help" {
			n++
		}
	})
	return n > 0
}

// manFlags writes a tagged paragraph for each flag that is not hidden: "-s, --style NAME|FILE"
// and its text, with the backquotes gone.
func manFlags(d *manDoc, fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		name, usage := flagValueName(f)
		tag := "--" + f.Name
		if f.Shorthand != "" {
			tag = "-" + f.Shorthand + ", " + tag
		}
		d.tagged(tag, name, capitalize(usage))
	})
}

// manJSON writes the JSON section from SCHEMA.md: what each command prints, the presence rules,
// and each type's fields with their type, presence and meaning. The examples stay in SCHEMA.md.
func manJSON(d *manDoc) {
	d.text("--json (and --jq, which implies it) makes the commands listed under Commands below print JSON. " +
		"SCHEMA.md, installed with elli, is the reference, with an example of each type; this is its summary.")
	for _, s := range schemaSections() {
		d.line(".SS " + esc(s.title))
		for _, b := range s.blocks {
			if b.row == nil {
				d.line(".PP")
				d.text(b.para)
				continue
			}
			d.tagged(b.row.name, b.row.kind, b.row.text)
		}
	}
}

// schemaSection is a section of SCHEMA.md as the man page shows it: its paragraphs and the rows
// of its table (a command and what it prints, or a field), in order.
type schemaSection struct {
	title  string
	blocks []schemaBlock
}

type schemaBlock struct {
	para string
	row  *schemaRow
}

type schemaRow struct{ name, kind, text string }

var (
	mdLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdMark = strings.NewReplacer("`", "", "**", "", `\|`, "|")
)

// schemaSections reads SCHEMA.md: the Commands and Presence sections and every type's, without
// the code blocks and the Changes section.
func schemaSections() []schemaSection {
	var out []schemaSection
	var cur *schemaSection
	var para []string
	flush := func() {
		if cur != nil && len(para) > 0 {
			cur.blocks = append(cur.blocks, schemaBlock{para: mdPlain(strings.Join(para, " "))})
		}
		para = nil
	}
	inCode := false
	for _, l := range strings.Split(schemaDoc, "\n") {
		switch {
		case strings.HasPrefix(l, "```"):
			inCode = !inCode
		case inCode:
		case strings.HasPrefix(l, "## ") || strings.HasPrefix(l, "### "):
			flush()
			title := strings.TrimLeft(l, "# ")
			cur = nil
			if title != "Types" && title != "Changes" {
				out = append(out, schemaSection{title: title})
				cur = &out[len(out)-1]
			}
		case cur == nil:
		case strings.HasPrefix(l, "|"):
			flush()
			if strings.HasPrefix(l, "|---") || isTableHead(l) {
				continue
			}
			switch cells := splitRow(l); len(cells) {
			case 2: // a command and what it prints
				cur.blocks = append(cur.blocks, schemaBlock{row: &schemaRow{cells[0], "", capitalize(cells[1]) + "."}})
			case 4: // a field: name, type, presence, meaning
				cur.blocks = append(cur.blocks, schemaBlock{row: &schemaRow{cells[0], cells[1] + ", " + cells[2], cells[3]}})
			}
		case strings.HasPrefix(l, "- "): // a list item: a paragraph of its own
			flush()
			para = append(para, l[2:])
		case strings.TrimSpace(l) == "":
			flush()
		default:
			para = append(para, strings.TrimSpace(l))
		}
	}
	flush()
	return out
}

func isTableHead(l string) bool {
	return strings.HasPrefix(l, "| Field |") || strings.HasPrefix(l, "| Command |")
}

// splitRow splits a Markdown table row into its cells' text; "\|" stays inside a cell.
func splitRow(l string) []string {
	l = strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "|"))
	var cells []string
	start := 0
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			i++
		case l[i] == '|':
			cells = append(cells, mdPlain(l[start:i]))
			start = i + 1
		}
	}
	return append(cells, mdPlain(l[start:]))
}

// mdPlain is Markdown inline text as plain text: links keep their words, marks go.
func mdPlain(s string) string {
	return strings.TrimSpace(mdMark.Replace(mdLink.ReplaceAllString(s, "$1")))
}

// manDoc writes man(7) roff.
type manDoc struct{ b strings.Builder }

func (d *manDoc) line(s string) { d.b.WriteString(s + "\n") }

// raw writes a line of text that is already roff, guarding a leading control character.
func (d *manDoc) raw(s string) {
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	d.line(s)
}

func (d *manDoc) section(title string) { d.line(".SH " + title) }

// text writes plain text, escaped; each line of it a line of its own (an empty one none:
// roff prints an empty line as a blank one).
func (d *manDoc) text(s string) {
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			d.raw(esc(l))
		}
	}
}

// prose writes a command's description: paragraphs apart, Markdown headings as plain lines, and
// indented lines (cobra's completion help has some) as unfilled examples.
func (d *manDoc) prose(s string) {
	for i, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if i > 0 {
			d.line(".PP")
		}
		lines := strings.Split(p, "\n")
		if strings.HasPrefix(lines[0], " ") || strings.HasPrefix(lines[0], "\t") {
			for j := range lines {
				lines[j] = strings.TrimSpace(lines[j])
			}
			d.example(strings.Join(lines, "\n"))
			continue
		}
		d.text(strings.TrimSpace(strings.TrimLeft(strings.Join(lines, " "), "# ")))
	}
}

// tagged writes a tagged paragraph: name in bold, an optional value in italics, then text.
func (d *manDoc) tagged(name, value, text string) {
	d.line(".TP")
	tag := bold(name)
	if value != "" {
		tag += " " + `\fI` + esc(value) + `\fR`
	}
	d.raw(tag)
	d.text(text)
}

// example writes command lines as they are typed, indented and unfilled.
func (d *manDoc) example(lines string) {
	d.line(".RS 4")
	d.line(".nf")
	d.text(lines)
	d.line(".fi")
	d.line(".RE")
}

func bold(s string) string { return `\fB` + esc(s) + `\fR` }

// esc escapes text for roff: a backslash prints as itself, a hyphen as the minus sign that
// command lines need (so that a copied "--json" stays ASCII), and a character beyond ASCII (⇧,
// →, Chinese) as its code point, which every roff reads whatever the page's encoding.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r > 0x7e:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// searchEntry is a form of query that the search engine reads in its own way: the form as
// typed, what it does, and an example whose results a test checks (they must hold item want).
type searchEntry struct {
	form, text, example, want string
}

// searchSyntax is what a query can say, for the man page's SEARCH SYNTAX; TestSearchSyntax runs
// each example through elli search.
func searchSyntax() []searchEntry {
	return []searchEntry{
		{"WORD...", "Items that match every word, best first. Titles and gate names weigh most, then " +
			"keywords, SIGs, summaries and the text.", "nftables proxy", "3866-nftables-kube-proxy"},
		{"prefix, typo", "A word matches whole words, words it begins (nft finds nftables), words one typo " +
			"away when it has five letters or more (aparmor finds AppArmor), and longer words it is part of.", "aparmor", "24-apparmor"},
		{"3866, KEP-3866", "A KEP number of the release finds its enhancement first, then the changes that " +
			"refer to it; any other number is a word.", "KEP-3866", "3866-nftables-kube-proxy"},
		{"sig NAME, sig-NAME", "Keeps the items of one SIG, and marks nothing; combine it with words: " +
			"sig network nftables.", "sig network nftables", "3866-nftables-kube-proxy"},
		{"kube-proxy, cgroup驱动", "Punctuation inside a word, or a change between Latin and Chinese script, " +
			"splits it into words that are searched together.", "kube-proxy nftables", "3866-nftables-kube-proxy"},
		{"中文", "Chinese words are found inside Chinese text, which has no spaces. English and Chinese words " +
			"find an item whatever language --lang shows, and may be mixed in one query.", "nftables 后端", "3866-nftables-kube-proxy"},
		{"废弃, 服务账户", "A Chinese word the pages do not use is read as the glossary's word for it (废弃 as 弃用), " +
			"or else as the pieces of it the release holds.", "废弃 CephFS", "removal-cephfs-volume-plugin"},
		{"卷", "A single Chinese character finds the items that have it in a title, keyword or summary, " +
			"not every page whose text uses it.", "卷", "3751-volume-attributes-class"},
	}
}

// schemaDoc is SCHEMA.md, the JSON reference that TestSchemaDoc holds to schema.go's types; the
// man page's JSON section is read from it (about 18 KB in the binary).
//
//go:embed SCHEMA.md
var schemaDoc string
