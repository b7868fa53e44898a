package data

import (
	"fmt"
	"strings"
)

// Markdown composes an item's page: a heading, the facts from its front matter, the body and its
// links. The CLI prints it raw or through glamour; the TUI renders it in the detail pane.
func (it *Item) Markdown(lang Lang) string {
	var b strings.Builder
	title := it.Title.In(lang)
	if it.KEP > 0 && it.Kind == KindEnhancement {
		title = it.KEPLabel() + ": " + title
	}
	fmt.Fprintf(&b, "# %s\n\n", title)
	fmt.Fprintf(&b, "*%s*\n\n", strings.TrimSpace(it.Summary.In(lang)))
	switch it.Kind {
	case KindEnhancement:
		it.enhancementFacts(&b, lang)
	case KindRemoval, KindDeprecation:
		it.changeFacts(&b, lang)
	}
	b.WriteString(it.Body.In(lang))
	writeLinks(&b, it.Links)
	return b.String()
}

func (it *Item) enhancementFacts(b *strings.Builder, lang Lang) {
	facts := []string{"**Stage:** " + it.Stage.Label(), "**SIG:** " + it.SIG}
	if h := it.History.String(); h != "" {
		facts = append(facts, "**History:** "+h)
	}
	if it.ActionRequired {
		facts = append(facts, "**Action required on upgrade**")
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	writeGates(b, it.Gates, lang)
}

func (it *Item) changeFacts(b *strings.Builder, lang Lang) {
	facts := []string{"**Kind:** " + it.Kind.Label()}
	if len(it.Components) > 0 {
		facts = append(facts, "**Components:** "+strings.Join(it.Components, ", "))
	}
	if it.KEP > 0 {
		facts = append(facts, "**Related:** "+it.KEPLabel())
	}
	if len(it.PRs) > 0 {
		prs := make([]string, len(it.PRs))
		for i, pr := range it.PRs {
			prs[i] = fmt.Sprintf("#%d", pr)
		}
		facts = append(facts, "**PRs:** "+strings.Join(prs, ", "))
	}
	if it.ActionRequired {
		facts = append(facts, "**Action required on upgrade**")
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	fmt.Fprintf(b, "- **Who is affected:** %s\n- **What to do instead:** %s\n\n", it.Affects.In(lang), it.Instead.In(lang))
	writeGates(b, it.Gates, lang)
}

// writeGates lists the gates, one list item each. A table read better at 100 columns, but
// glamour squeezes it in a narrow pane until headers read "D…" and gate names break in two.
func writeGates(b *strings.Builder, gates []Gate, lang Lang) {
	if len(gates) == 0 {
		return
	}
	if len(gates) == 1 {
		b.WriteString("**Feature gate**\n\n")
	} else {
		b.WriteString("**Feature gates**\n\n")
	}
	for _, g := range gates {
		fmt.Fprintf(b, "- `%s`: %s", g.Name, g.Stage)
		if g.Stage != "removed" || g.Default != nil { // a removed gate has no default to report
			fmt.Fprintf(b, ", %s", g.defaultPhrase())
		}
		if len(g.Components) > 0 {
			fmt.Fprintf(b, ", in %s", strings.Join(g.Components, ", "))
		}
		if g.Note.Default != "" {
			fmt.Fprintf(b, " — %s", g.Note.In(lang))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// defaultPhrase is "on by default", "off by default" or "default unknown".
func (g Gate) defaultPhrase() string {
	if g.Default == nil {
		return "default unknown"
	}
	return g.DefaultLabel() + " by default"
}

// DefaultLabel is "on", "off" or "unknown".
func (g Gate) DefaultLabel() string {
	switch {
	case g.Default == nil:
		return "unknown"
	case *g.Default:
		return "on"
	}
	return "off"
}

// String is "alpha v1.29 → beta v1.31".
func (h History) String() string {
	var parts []string
	for _, p := range [][2]string{{"alpha", h.Alpha}, {"beta", h.Beta}, {"GA", h.GA}} {
		if p[1] != "" {
			parts = append(parts, p[0]+" "+p[1])
		}
	}
	return strings.Join(parts, " → ")
}

// Label is the kind as people write it.
func (k Kind) Label() string {
	switch k {
	case KindRemoval:
		return "Removal"
	case KindDeprecation:
		return "Deprecation"
	case KindGuide:
		return "Guide"
	case KindRelease:
		return "Release"
	}
	return "Enhancement"
}

// Markdown composes the release overview: the facts as a table, then the body and links.
func (r *Release) Markdown(lang Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n*%s*\n\n", r.Title.In(lang), strings.TrimSpace(r.Summary.In(lang)))
	rows := [][2]string{
		{"Released", r.Released},
		{"Codename", r.Codename},
		{"Cycle", fmt.Sprintf("%d weeks (%s to %s)", r.Cycle.Weeks, r.Cycle.Start, r.Cycle.End)},
		{"Enhancements", fmt.Sprintf("%d: %d GA, %d Beta, %d Alpha", r.Counts.Total(), r.Counts.GA, r.Counts.Beta, r.Counts.Alpha)},
		{"Contributors", fmt.Sprintf("%d companies and %d individuals", r.Contributors.Companies, r.Contributors.Individuals)},
		{"Ecosystem", fmt.Sprintf("%d companies and %d contributors (%s individuals)", r.Contributors.EcosystemCompanies, r.Contributors.EcosystemContributors, r.Contributors.IndividualsGrowth)},
		{"Data as of", r.DataAsOf},
	}
	for _, row := range rows {
		fmt.Fprintf(&b, "- **%s:** %s\n", row[0], row[1])
	}
	b.WriteString("\n")
	b.WriteString(r.Body.In(lang))
	writeLinks(&b, r.Links)
	return b.String()
}

// writeLinks puts each URL on its own line, under its title: glamour wraps a line at dots and
// dashes too, so a URL after its title was cut in two even when it fit a line by itself.
func writeLinks(b *strings.Builder, links []Link) {
	if len(links) == 0 {
		return
	}
	b.WriteString("\n## Links\n\n")
	for _, l := range links {
		fmt.Fprintf(b, "- %s:\n  <%s>\n", l.Title, l.URL)
	}
}
