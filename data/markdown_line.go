package data

import (
	"fmt"
	"strconv"
	"strings"
)

// The facts above a patch release's and a CVE's page, and the forward links of the release's own
// pages to the patch releases that changed them.

func (it *Item) patchFacts(b *strings.Builder, lang Lang) {
	w, p := words(lang), it.Patch
	facts := []string{w.fact(w.Released, p.Released), w.fact(w.Go, p.Go)}
	if len(p.CVEs) > 0 {
		facts = append(facts, w.fact(w.SecurityFixes, strings.Join(p.CVEs, w.NameSep)))
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	if len(p.Changes) == 0 {
		return
	}
	b.WriteString("**" + w.OperatorChanges + "**\n\n")
	for _, ch := range p.Changes {
		fmt.Fprintf(b, "- #%d %s%s%s\n", ch.PR, ch.Type.LabelIn(lang), w.ListSep, strings.Join(ch.Components, w.NameSep))
	}
	b.WriteString("\n")
}

func (it *Item) cveFacts(b *strings.Builder, lang Lang) {
	w, c := words(lang), it.CVE
	facts := []string{
		w.fact(w.Severity, fmt.Sprintf(w.Scored, c.Severity.LabelIn(lang), strconv.FormatFloat(c.CVSS.Score, 'f', 1, 64))),
		w.fact(w.Components, strings.Join(it.Components, w.NameSep)),
		w.fact(w.Published, c.Published),
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	fixed := c.Fixed
	if fixed == "" {
		lo, _ := c.AffectedRange().Lower()
		fixed = fmt.Sprintf(w.NoFix, MinorOf(lo))
		if len(c.FixedInLater) > 0 {
			fixed = fmt.Sprintf(w.NoFixLater, MinorOf(lo), strings.Join(c.FixedInLater, w.NameSep))
		}
	}
	exposed := w.No
	if c.ExposedByDefault {
		exposed = w.Yes
	}
	fmt.Fprintf(b, "- %s\n- %s\n- %s\n- %s\n\n", w.fact(w.Affected, "`"+c.Affected+"`"), w.fact(w.FixedIn, fixed),
		w.fact(w.ExposedByDefault, exposed), w.fact(w.Vector, "`"+c.CVSS.Vector+"`"))
}

// writeLater lists the patch releases that changed what a page says, each with its change.
func writeLater(b *strings.Builder, later []Later, lang Lang) {
	if len(later) == 0 {
		return
	}
	w := words(lang)
	b.WriteString("> **" + w.ChangedLater + "**\n>\n")
	for _, l := range later {
		fmt.Fprintf(b, "> - %s: #%d %s\n", l.Patch.Patch.Version, l.Change.PR, l.Change.Type.LabelIn(lang))
	}
	b.WriteString("\n")
}
