package data

import (
	"fmt"
	"strings"
	"time"
)

// Markdown composes an item's page in lang: a heading, the facts from its front matter, the body
// and its links. The CLI prints it raw or through glamour; the TUI renders it in the detail pane.
// A translated enhancement keeps its official English title beside the translated one.
func (it *Item) Markdown(lang Lang) string { return it.markdown(lang, nil, nil) }

// Page is the item's page as Markdown composes it, with the patch releases of the line that
// later changed what it says listed under its summary.
func (d *Dataset) Page(it *Item, lang Lang) string {
	var rel *RoadRelease
	if it.Road != nil {
		rel = d.RoadRelease(it.Road.Release)
	}
	return it.markdown(lang, d.LaterChanges(it.ID), rel)
}

func (it *Item) markdown(lang Lang, later []Later, rel *RoadRelease) string {
	var b strings.Builder
	w := words(lang)
	title := mdText(it.Title.In(lang))
	if it.KEP > 0 && it.Kind == KindEnhancement {
		title = fmt.Sprintf(w.Pair, it.KEPLabel(), title)
	}
	fmt.Fprintf(&b, "# %s\n\n", title)
	if it.Kind == KindEnhancement && lang != LangEN && it.Title.Has(lang) {
		fmt.Fprintf(&b, w.Pair+"\n\n", w.OfficialTitle, mdText(it.Title.Default))
	}
	fmt.Fprintf(&b, "*%s*\n\n", mdText(strings.TrimSpace(it.Summary.In(lang))))
	writeLater(&b, later, lang)
	switch it.Kind {
	case KindEnhancement:
		it.enhancementFacts(&b, lang)
	case KindRemoval, KindDeprecation:
		it.changeFacts(&b, lang)
	case KindPatch:
		it.patchFacts(&b, lang)
	case KindCVE:
		it.cveFacts(&b, lang)
	case KindRoad:
		it.roadFacts(&b, lang, rel)
	}
	b.WriteString(it.Body.In(lang))
	writeLinks(&b, it.Links, w, lang)
	return b.String()
}

// mdEscaper escapes what Markdown would read as markup in a front matter field, which is plain
// text: "InTreePlugin*Unregister" in a summary ended the summary's italics at its *.
var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`)

// mdText is plain text made safe to put in Markdown.
func mdText(s string) string { return mdEscaper.Replace(s) }

// fact is "**Name:** value" as lang writes it.
func (w *pageWords) fact(name, value string) string { return fmt.Sprintf(w.Fact, name, value) }

func (it *Item) enhancementFacts(b *strings.Builder, lang Lang) {
	w := words(lang)
	facts := []string{w.fact(w.Stage, it.Stage.Label()), w.fact(w.SIG, it.SIG)}
	if h := it.History.String(); h != "" {
		facts = append(facts, w.fact(w.History, h))
	}
	if it.ActionRequired {
		facts = append(facts, "**"+w.ActionRequired+"**")
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	writeGates(b, it.Gates, lang)
}

func (it *Item) changeFacts(b *strings.Builder, lang Lang) {
	w := words(lang)
	facts := []string{w.fact(w.Kind, it.Kind.LabelIn(lang))}
	if len(it.Components) > 0 {
		facts = append(facts, w.fact(w.Components, strings.Join(it.Components, w.NameSep)))
	}
	if it.KEP > 0 {
		facts = append(facts, w.fact(w.Related, it.KEPLabel()))
	}
	if len(it.PRs) > 0 {
		prs := make([]string, len(it.PRs))
		for i, pr := range it.PRs {
			prs[i] = fmt.Sprintf("#%d", pr)
		}
		facts = append(facts, w.fact(w.PRs, strings.Join(prs, w.NameSep)))
	}
	if it.ActionRequired {
		facts = append(facts, "**"+w.ActionRequired+"**")
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	fmt.Fprintf(b, "- %s\n- %s\n\n", w.fact(w.WhoIsAffected, mdText(it.Affects.In(lang))), w.fact(w.WhatToDoInstead, mdText(it.Instead.In(lang))))
	writeGates(b, it.Gates, lang)
}

// writeGates lists the gates, one list item each. A table read better at 100 columns, but
// glamour squeezes it in a narrow pane until headers read "D…" and gate names break in two.
func writeGates(b *strings.Builder, gates []Gate, lang Lang) {
	if len(gates) == 0 {
		return
	}
	w := words(lang)
	if len(gates) == 1 {
		b.WriteString("**" + w.FeatureGate + "**\n\n")
	} else {
		b.WriteString("**" + w.FeatureGates + "**\n\n")
	}
	for _, g := range gates {
		facts := []string{g.StageIn(lang)}
		if g.Stage != "removed" || g.Default != nil { // a removed gate has no default to report
			facts = append(facts, g.defaultPhrase(lang))
		}
		if len(g.Components) > 0 {
			facts = append(facts, fmt.Sprintf(w.GateIn, strings.Join(g.Components, w.NameSep)))
		}
		b.WriteString("- " + fmt.Sprintf(w.Pair, "`"+g.Name+"`", strings.Join(facts, w.ListSep)))
		if g.Note.Default != "" {
			fmt.Fprintf(b, " — %s", g.Note.In(lang))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// String is "Alpha v1.29 → Beta v1.31": the stages as the stage fact beside it writes them.
func (h History) String() string {
	var parts []string
	for _, p := range []struct {
		stage Stage
		in    string
	}{{StageAlpha, h.Alpha}, {StageBeta, h.Beta}, {StageGA, h.GA}} {
		if p.in != "" {
			parts = append(parts, p.stage.Label()+" "+p.in)
		}
	}
	return strings.Join(parts, " → ")
}

// Markdown composes the release overview in lang: the facts as a list, then the body and links.
func (r *Release) Markdown(lang Lang) string {
	var b strings.Builder
	w := words(lang)
	fmt.Fprintf(&b, "# %s\n\n*%s*\n\n", mdText(r.Title.In(lang)), mdText(strings.TrimSpace(r.Summary.In(lang))))
	c := r.Contributors
	rows := [][2]string{
		{w.Released, r.Released},
		{w.Codename, r.Codename},
		{w.Cycle, fmt.Sprintf(w.CycleFacts, r.Cycle.Weeks, r.Cycle.Start, r.Cycle.End)},
		{w.Enhancements, fmt.Sprintf(w.EnhancementFacts, r.Counts.Total(), r.Counts.GA, r.Counts.Beta, r.Counts.Alpha)},
		{w.Contributors, fmt.Sprintf(w.ContributorFacts, c.Companies, c.Individuals)},
		{w.Ecosystem, fmt.Sprintf(w.EcosystemFacts, c.EcosystemCompanies, c.EcosystemContributors, c.IndividualsGrowth)},
	}
	if s := r.Support; !s.IsZero() {
		rows = append(rows, [2]string{w.MaintenanceMode, s.MaintenanceMode}, [2]string{w.EndOfLife, s.EndOfLife}, [2]string{w.UpgradeTo, s.UpgradeTo})
	}
	rows = append(rows, [2]string{w.DataAsOf, r.DataAsOf})
	for _, row := range rows {
		fmt.Fprintf(&b, "- %s\n", w.fact(row[0], row[1]))
	}
	b.WriteString("\n")
	b.WriteString(r.Body.In(lang))
	writeLinks(&b, r.Links, w, lang)
	return b.String()
}

// writeLinks puts each URL on its own line, under its title: glamour wraps a line at dots and
// dashes too, so a URL after its title was cut in two even when it fit a line by itself.
func writeLinks(b *strings.Builder, links []Link, w *pageWords, lang Lang) {
	if len(links) == 0 {
		return
	}
	b.WriteString("\n## " + w.Links + "\n\n")
	for _, l := range links {
		fmt.Fprintf(b, "- %s\n  <%s>\n", strings.TrimSpace(fmt.Sprintf(w.Pair, l.Title.In(lang), "")), l.URL)
	}
}

// roadFacts writes a road change's facts: its release (with its codename when the dataset gave
// the release), its impact, what it touches, then who is affected and what to do, and the API
// versions, flags and gates it takes away.
func (it *Item) roadFacts(b *strings.Builder, lang Lang, rel *RoadRelease) {
	w := words(lang)
	release := it.Road.Release
	if rel != nil && rel.Codename != "" {
		release = fmt.Sprintf(w.ReleaseName, release, mdText(rel.Codename))
	}
	facts := []string{w.fact(w.Release, release), w.fact(w.Impact, it.Road.Impact.LabelIn(lang))}
	if len(it.Components) > 0 {
		facts = append(facts, w.fact(w.Components, strings.Join(it.Components, w.NameSep)))
	}
	if it.KEP > 0 {
		facts = append(facts, w.fact(w.Related, it.KEPLabel()))
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
	fmt.Fprintf(b, "- %s\n- %s\n\n", w.fact(w.WhoIsAffected, mdText(it.Affects.In(lang))), w.fact(w.WhatToDoInstead, mdText(it.Instead.In(lang))))
	if len(it.Road.APIs) > 0 {
		b.WriteString("**" + w.APIsGone + "**\n\n")
		for _, a := range it.Road.APIs {
			b.WriteString("- `" + a + "`\n")
		}
		b.WriteString("\n")
	}
	if len(it.Road.Flags) > 0 {
		b.WriteString("**" + w.FlagsGone + "**\n\n")
		for _, f := range it.Road.Flags {
			b.WriteString("- " + fmt.Sprintf(w.Pair, "`"+f.Name+"`", fmt.Sprintf(w.GateIn, strings.Join(f.Components, w.NameSep))) + "\n")
		}
		b.WriteString("\n")
	}
	writeGates(b, it.Gates, lang)
}

// Markdown composes a road release's page in lang on day: its name, summary, facts (dates, Go,
// newest patch, support and where it stands), body and sources.
func (r *RoadRelease) Markdown(lang Lang, day time.Time) string {
	var b strings.Builder
	w := words(lang)
	fmt.Fprintf(&b, "# Kubernetes %s: %s\n\n*%s*\n\n", r.Version, mdText(r.Codename), mdText(strings.TrimSpace(r.Summary.In(lang))))
	for _, row := range [][2]string{
		{w.Released, r.Released},
		{w.Go, r.Go},
		{w.Enhancements, fmt.Sprint(r.Enhancements)},
		{w.LatestPatchHead, fmt.Sprintf(w.LatestPatch, r.Latest.Version, r.Latest.Released)},
		{w.MaintenanceMode, r.Support.MaintenanceMode},
		{w.EndOfLife, r.Support.EndOfLife},
		{w.Status, r.Support.StatusOn(day).LabelIn(lang)},
	} {
		fmt.Fprintf(&b, "- %s\n", w.fact(row[0], row[1]))
	}
	b.WriteString("\n")
	b.WriteString(r.Body.In(lang))
	writeLinks(&b, r.Links, w, lang)
	return b.String()
}
