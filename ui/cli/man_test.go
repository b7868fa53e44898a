package cli

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elli-k8s/elli/ui/tui"
)

// manSections splits a man page into its sections' lines, by title.
func manSections(page string) (titles []string, body map[string][]string) {
	body = map[string][]string{}
	cur := ""
	for _, l := range strings.Split(page, "\n") {
		if t, ok := strings.CutPrefix(l, ".SH "); ok {
			cur = t
			titles = append(titles, t)
			continue
		}
		body[cur] = append(body[cur], l)
	}
	return titles, body
}

// manTags are the tags of a section's tagged paragraphs (the line after each .TP), as text.
func manTags(lines []string) []string {
	var out []string
	for i, l := range lines {
		if l == ".TP" && i+1 < len(lines) {
			out = append(out, manText(lines[i+1]))
		}
	}
	return out
}

// TestManPage: the generated page names every flag with its short form and value ("-v,
// --version", "--data DIR"), has every section a finished tool's man page has, and every
// entry of the help topics' tables.
func TestManPage(t *testing.T) {
	t.Parallel()
	page := runOK(t, "man")
	text := manText(page)
	for _, want := range []string{
		".TH ELLI 1", "Explore the Kubernetes v1.31 release",
		"-v, --version", "-s, --style NAME|FILE", "--data DIR", "--color WHEN", "--width N", "--limit N",
		"--stage STAGE", "-q, --jq EXPRESSION", "--no-pager",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
	for _, bad := range []string{"--v --version", "`", "--theme", "%!", "argument...", "options..."} {
		if strings.Contains(text, bad) {
			t.Errorf("man page holds %q", bad)
		}
	}
	titles, body := manSections(page)
	want := []string{"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "KEYS", "SEARCH SYNTAX", "JSON",
		"EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"}
	if !slices.Equal(titles, want) {
		t.Errorf("sections %v, want %v", titles, want)
	}
	for _, s := range []struct {
		title   string
		entries []entry
	}{{"EXIT STATUS", exitCodes()}, {"ENVIRONMENT", environment()}, {"FILES", files()}, {"EXAMPLES", examples()}} {
		tags := manTags(body[s.title])
		var names []string
		for _, e := range s.entries {
			names = append(names, e.name)
		}
		if !slices.Equal(tags, names) {
			t.Errorf("%s lists %q, want %q", s.title, tags, names)
		}
		seen := map[string]bool{}
		for _, tag := range tags {
			if seen[tag] {
				t.Errorf("%s lists %q twice", s.title, tag)
			}
			seen[tag] = true
		}
	}
	// a roff line may not start with a control character unless it is a request
	for i, l := range strings.Split(page, "\n") {
		if strings.HasPrefix(l, "'") || strings.HasPrefix(l, ".") && !regexp.MustCompile(`^\.(TH|SH|SS|TP|PP|RS|RE|nf|fi|br)\b`).MatchString(l) {
			t.Errorf("line %d starts with a control character: %q", i+1, l)
		}
	}
}

// TestManOptions: every option, the root's and each command's, is a tagged paragraph of its
// own (the first option of a command ran into its description when .TP was missing).
func TestManOptions(t *testing.T) {
	t.Parallel()
	page := runOK(t, "man")
	lines := strings.Split(page, "\n")
	flags := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, `\fB\-`) {
			continue
		}
		flags++
		if i == 0 || lines[i-1] != ".TP" {
			t.Errorf("line %d, the option %q, has no .TP before it (the line before is %q)", i+1, manText(l), lines[i-1])
		}
	}
	// each command's options: every flag that is not hidden
	a := newTestApp(t, nil)
	root := a.newRoot()
	want := 0
	for i, c := range manCommands(root) {
		fs := c.LocalNonPersistentFlags()
		if i == 0 {
			fs = c.LocalFlags()
		}
		fs.VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && f.Name != "help" {
				want++
			}
		})
	}
	if flags != want {
		t.Errorf("the page has %d option paragraphs, the commands %d options", flags, want)
	}
}

// TestManSynopsis: SYNOPSIS gives the real forms, one per command (a command whose only use is
// its subcommands is said by theirs), with its options and arguments.
func TestManSynopsis(t *testing.T) {
	t.Parallel()
	_, body := manSections(runOK(t, "man"))
	var forms []string
	for _, l := range body["SYNOPSIS"] {
		if l != ".br" {
			forms = append(forms, manText(l))
		}
	}
	for _, want := range []string{
		"elli [options] [KEP|ID]", "elli check [options] [PATH...]", "elli search [options] QUERY...",
		"elli show [options] KEP|ID", "elli checklist done ID...", "elli config set KEY VALUE",
		"elli note KEP|ID [TEXT...]", "elli gates [options] [NAME]", "elli version",
	} {
		if !slices.Contains(forms, want) {
			t.Errorf("SYNOPSIS lacks %q; it has %q", want, forms)
		}
	}
	if slices.Contains(forms, "elli config") {
		t.Error("SYNOPSIS gives elli config alone; its forms are its subcommands'")
	}
}

// TestManKeys: KEYS lists every binding of the explorer's key map, the one `?` shows, by its
// keys and with its description.
func TestManKeys(t *testing.T) {
	t.Parallel()
	page := runOK(t, "man")
	_, body := manSections(page)
	tags := manTags(body["KEYS"])
	text := manText(strings.Join(body["KEYS"], "\n"))
	km := tui.DefaultKeyMap()
	n := 0
	for _, g := range km.AllBindings() {
		if !strings.Contains(text, ".SS "+g.Context) {
			t.Errorf("KEYS has no subsection %q", g.Context)
		}
		for _, b := range g.Bindings {
			n++
			keys := strings.Join(b.Keys(), ", ")
			if !slices.Contains(tags, keys) {
				t.Errorf("KEYS lacks %q (%s)", keys, km.Desc(b))
			}
			if !strings.Contains(text, keys+"\n"+km.Desc(b)) {
				t.Errorf("KEYS does not describe %q as %q", keys, km.Desc(b))
			}
		}
	}
	if len(tags) != n {
		t.Errorf("KEYS has %d entries, the key map %d", len(tags), n)
	}
	for _, k := range []string{"q, ctrl+c", "?", "L", "ctrl+z", "/"} {
		if !slices.Contains(tags, k) {
			t.Errorf("KEYS lacks %q", k)
		}
	}
}

// TestManJSON: the JSON section has every command of SCHEMA.md's table and every field of every
// type schema.go defines, with the type and presence SCHEMA.md gives it.
func TestManJSON(t *testing.T) {
	t.Parallel()
	_, body := manSections(runOK(t, "man"))
	lines := body["JSON"]
	text := manText(strings.Join(lines, "\n"))
	for name, typ := range schemaTypes {
		i := slices.Index(lines, ".SS "+name)
		if i < 0 {
			t.Errorf("JSON has no subsection %s", name)
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], ".SS ") {
			end++
		}
		tags := manTags(lines[i:end])
		for _, f := range jsonFields(typ) {
			if f.embedded {
				continue
			}
			if !slices.ContainsFunc(tags, func(tag string) bool { return strings.HasPrefix(tag, f.name+" ") }) {
				t.Errorf("JSON %s lacks the field %q", name, f.name)
			}
		}
	}
	for _, want := range []string{"elli list --json", "elli search QUERY --json", "elli show KEP|ID --json",
		"id string, always", "default boolean or null, always", "Arrays are always present"} {
		if !strings.Contains(text, want) {
			t.Errorf("JSON lacks %q", want)
		}
	}
	if strings.Contains(text, "```") || strings.Contains(text, `"kind": "enhancement"`) {
		t.Error("JSON holds SCHEMA.md's code blocks")
	}
}

// TestSearchSyntax: each form the man page's SEARCH SYNTAX explains does what it says on its
// example: the search finds the item, first for a KEP number, and a SIG filter keeps that
// SIG's items only.
func TestSearchSyntax(t *testing.T) {
	t.Parallel()
	_, body := manSections(runOK(t, "man"))
	tags := manTags(body["SEARCH SYNTAX"])
	for _, s := range searchSyntax() {
		if !slices.Contains(tags, s.form) {
			t.Errorf("SEARCH SYNTAX lacks %q", s.form)
		}
		var got []struct {
			ID  string `json:"id"`
			SIG string `json:"sig"`
		}
		if err := json.Unmarshal([]byte(runOK(t, "search", s.example, "--json")), &got); err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(got, func(r struct {
			ID  string `json:"id"`
			SIG string `json:"sig"`
		}) bool {
			return r.ID == s.want
		})
		switch {
		case i < 0:
			t.Errorf("%s: elli search %q does not find %s", s.form, s.example, s.want)
		case strings.HasPrefix(s.example, "KEP-") && i != 0:
			t.Errorf("%s: elli search %q puts %s at %d, not first", s.form, s.example, s.want, i)
		}
		if strings.HasPrefix(s.example, "sig ") {
			for _, r := range got {
				if r.SIG != "network" {
					t.Errorf("%s: elli search %q finds %s of SIG %q", s.form, s.example, r.ID, r.SIG)
				}
			}
		}
	}
}

var codePoint = regexp.MustCompile(`\\\[u([0-9A-F]{4,6})\]`)

// manText is a man page line without roff's escapes, for tests.
func manText(s string) string {
	s = codePoint.ReplaceAllStringFunc(s, func(m string) string {
		var r rune
		fmt.Sscanf(m[3:len(m)-1], "%X", &r)
		return string(r)
	})
	return strings.NewReplacer(`\&`, "", `\fB`, "", `\fP`, "", `\fI`, "", `\fR`, "", `\-`, "-", `\e`, `\`).Replace(s)
}

// TestManPageOfKubectlElli: kubectl-elli's man page is named for it, and its synopsis reads as
// the plugin is typed.
func TestManPageOfKubectlElli(t *testing.T) {
	root := newTestApp(t, nil).newRoot()
	root.Annotations = map[string]string{cobra.CommandDisplayNameAnnotation: "kubectl elli"}
	page := manPage(root, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
	for _, want := range []string{".TH KUBECTL-ELLI 1 \"2026-01-02\"", "\n.SH NAME\nkubectl\\-elli \\- ", "\\fBkubectl\\fR \\fBelli\\fR \\fBcheck\\fR"} {
		if !strings.Contains(page, want) {
			t.Errorf("kubectl-elli's man page lacks %q:\n%s", want, page[:min(len(page), 600)])
		}
	}
}
