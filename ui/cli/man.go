package cli

import (
	"fmt"
	"strings"

	"github.com/muesli/mango"
	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCmd is the hidden `elli man`, which writes the elli(1) man page (goreleaser ships it).
// mango builds the NAME, SYNOPSIS, DESCRIPTION, OPTIONS and COMMANDS sections from the command
// tree; elli adds the value names of flags and the EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES and
// SEE ALSO sections from the same tables as its help topics.
func (a *app) newManCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "man",
		Short:  "Write the man page, in roff",
		Hidden: true,
		Args:   argCount(0, 0, "", "man takes no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			// English whatever the run's language: a fresh tree, on a copy of the app, since
			// building one resets the flags' variables
			en := *a
			page, err := manPage(en.newRoot())
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(c.OutOrStdout(), page)
			return err
		},
	}
}

// manPage renders the man page of the command tree under root.
func manPage(root *cobra.Command) (string, error) {
	m, err := mcobra.NewManPage(1, root)
	if err != nil {
		return "", err
	}
	m.Root.Example = "" // the examples come with their explanations, after FILES
	manFlags(&m.Root, root)
	doc := roff.NewDocument()
	m.Build(doc)
	manSection(doc, "Exit status", exitCodes())
	manSection(doc, "Environment", environment())
	manSection(doc, "Files", files())
	manSection(doc, "Examples", examples())
	doc.Section("See also")
	// roff.Document.Text takes its text as a format string: no percent signs here.
	doc.Text("glow(1), gh(1), less(1), kubectl(1); CHANGELOG-1.31.md in the kubernetes/kubernetes " +
		"repository; https://github.com/elli-k8s/elli")
	doc.EndSection()
	return doc.String(), nil
}

// manSection writes a section of tagged paragraphs: each name in bold, its text below. roff's
// Text treats its argument as a format string, so a percent sign is doubled.
func manSection(doc *roff.Document, title string, entries []entry) {
	doc.Section(title)
	for _, e := range entries {
		doc.TaggedParagraph(-1)
		doc.TextBold(strings.ReplaceAll(e.name, "%", "%%"))
		doc.EndSection()
		doc.Text(strings.ReplaceAll(e.text, "%", "%%"))
	}
	doc.EndSection()
}

// manFlags rewrites the flags mango took from pflag: hidden flags go, and each flag that takes
// a value shows its name ("--data DIR"), with the backquotes gone from its text.
func manFlags(mc *mango.Command, c *cobra.Command) {
	visit := func(f *pflag.Flag) {
		if _, ok := mc.Flags[f.Name]; !ok {
			return
		}
		delete(mc.Flags, f.Name)
		if f.Hidden {
			return
		}
		name, usage := flagValueName(f)
		key := f.Name
		if name != "" {
			key += " " + name
		}
		mc.Flags[key] = mango.Flag{Name: key, Short: f.Shorthand, Usage: capitalize(usage), PFlag: true}
	}
	c.Flags().VisitAll(visit)
	c.PersistentFlags().VisitAll(visit)
	for _, sc := range c.Commands() {
		if sub, ok := mc.Commands[sc.Name()]; ok {
			manFlags(sub, sc)
		}
	}
}

// manText is a man page line without roff's escapes, for tests.
func manText(s string) string {
	return strings.NewReplacer(`\&`, "", `\fB`, "", `\fP`, "", `\fI`, "", `\e`, `\`).Replace(s)
}
