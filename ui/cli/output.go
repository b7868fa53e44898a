package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/render"
)

// The JSON output of elli is a stable interface; SCHEMA.md describes it for users.
//
//   - elli list --json prints an array of [Entry], in display order.
//   - elli search --json prints an array of [SearchEntry], best first.
//   - elli gates --json prints an array of [GateEntry].
//   - elli show ID --json prints the whole item, as data.Item marshals it; elli show release
//     --json prints the release facts (data.Release).
//
// Fields are added, never renamed or removed, within a major version of elli. Strings are the
// content's default (English) text. Output is indented with two spaces and ends with a newline.

// Entry is one item in the output of `elli list --json`.
type Entry struct {
	// ID is the item's stable identifier, usable with elli show: "3866-nftables-kube-proxy".
	ID string `json:"id"`
	// Kind is "enhancement", "removal", "deprecation" or "guide".
	Kind string `json:"kind"`
	// KEP is the Kubernetes Enhancement Proposal number; absent if the item has none. A
	// removal or deprecation may name the KEP it relates to.
	KEP int `json:"kep,omitempty"`
	// Title is the item's title.
	Title string `json:"title"`
	// Stage is "ga", "beta" or "alpha"; absent for items that are not enhancements.
	Stage string `json:"stage,omitempty"`
	// SIG is the owning special interest group without the "sig-" prefix ("network"); absent
	// if none.
	SIG string `json:"sig,omitempty"`
	// Summary is one or two sentences.
	Summary string `json:"summary"`
	// URL is the item's main link (the KEP issue for enhancements); "" if it has no link.
	URL string `json:"url"`
	// Gates are the names of the item's feature gates; [] if none.
	Gates []string `json:"gates"`
	// OffByDefault is true when a gate of the item is off by default in the release, so the
	// feature needs switching on.
	OffByDefault bool `json:"off_by_default"`
	// ActionRequired is true when upgrading to the release needs action from cluster operators.
	ActionRequired bool `json:"action_required"`
}

// SearchEntry is one result in the output of `elli search --json`: an [Entry] plus its score.
type SearchEntry struct {
	Entry
	// Score ranks the results: higher is better; only the order is meaningful. Rounded to
	// three decimals.
	Score float64 `json:"score"`
}

// GateEntry is one feature gate in the output of `elli gates --json`. A gate that several items
// describe (an enhancement and a removal, say) appears once per item.
type GateEntry struct {
	// Name is the gate's name: "NFTablesProxyMode".
	Name string `json:"name"`
	// Default is whether the gate is on by default in the release; null when unknown.
	Default *bool `json:"default"`
	// Stage is "alpha", "beta", "ga", "deprecated" or "removed".
	Stage string `json:"stage"`
	// Components are the Kubernetes components that read the gate; [] if unknown.
	Components []string `json:"components"`
	// Note is a remark on the gate; absent if none.
	Note string `json:"note,omitempty"`
	// Item is the item that describes the gate.
	Item GateItem `json:"item"`
}

// GateItem names the item a [GateEntry] belongs to.
type GateItem struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	KEP   int    `json:"kep,omitempty"`
	Title string `json:"title"`
}

func entryOf(it *data.Item) Entry {
	gates := make([]string, 0, len(it.Gates))
	for _, g := range it.Gates {
		gates = append(gates, g.Name)
	}
	return Entry{
		ID: it.ID, Kind: string(it.Kind), KEP: it.KEP, Title: it.Title.Default,
		Stage: string(it.Stage), SIG: it.SIG, Summary: strings.TrimSpace(it.Summary.Default),
		URL: it.URL, Gates: gates, OffByDefault: it.OffByDefault(), ActionRequired: it.ActionRequired,
	}
}

func entries(items []*data.Item) []Entry {
	out := make([]Entry, 0, len(items))
	for _, it := range items {
		out = append(out, entryOf(it))
	}
	return out
}

func searchEntries(results []data.Result) []SearchEntry {
	out := make([]SearchEntry, 0, len(results))
	for _, r := range results {
		out = append(out, SearchEntry{Entry: entryOf(r.Item), Score: math.Round(r.Score*1000) / 1000})
	}
	return out
}

func gateEntries(refs []data.GateRef) []GateEntry {
	out := make([]GateEntry, 0, len(refs))
	for _, g := range refs {
		comps := g.Components
		if comps == nil {
			comps = []string{}
		}
		out = append(out, GateEntry{
			Name: g.Name, Default: g.Default, Stage: g.Stage, Components: comps, Note: g.Note.Default,
			Item: GateItem{ID: g.Item.ID, Kind: string(g.Item.Kind), KEP: g.Item.KEP, Title: g.Item.Title.Default},
		})
	}
	return out
}

// writeJSON prints v indented. JSON escapes C0 controls itself; DEL, the C1 controls and the
// bidi controls, which it leaves raw, are escaped too, so untrusted strings cannot drive the
// terminal. The data is unchanged: a JSON reader gets the same strings back.
func writeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeControls(buf.Bytes()))
	return err
}

// escapeControls rewrites the runes sanitize drops (DEL, C1, bidi controls) as \u escapes. In
// encoded JSON they can only occur inside strings, where the escape means the same character.
func escapeControls(b []byte) []byte {
	if !bytes.ContainsFunc(b, dropRune) {
		return b
	}
	var out bytes.Buffer
	out.Grow(len(b) + 32)
	for _, r := range string(b) {
		if dropRune(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return out.Bytes()
}

// table writes aligned columns, two spaces apart. Every cell is sanitized and kept on one line.
// On a terminal narrower than the table, one chosen column is cut with "…" so that each row
// keeps to a line, as gh does; piped output is never cut.
type table struct {
	w      io.Writer
	rows   [][]string
	width  int // the terminal's columns; 0 for no limit
	shrink int // the column to cut; -1 for none
}

const (
	tableGap = 2
	// minCut is the narrowest a cut column gets; a terminal too narrow for that wraps instead.
	minCut = 16
)

func newTable(w io.Writer, width, shrink int, header ...string) *table {
	t := &table{w: w, width: width, shrink: shrink}
	t.row(header...)
	return t
}

func (t *table) row(cells ...string) {
	row := make([]string, len(cells))
	for i, c := range cells {
		if c = sanitizeLine(c); c == "" {
			c = "-"
		}
		row[i] = c
	}
	t.rows = append(t.rows, row)
}

func (t *table) flush() error {
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	total := tableGap * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	cut := -1
	if t.width > 0 && total > t.width && t.shrink >= 0 && t.shrink < len(widths) {
		if room := widths[t.shrink] - (total - t.width); room >= minCut {
			widths[t.shrink], cut = room, t.shrink
		}
	}
	var b strings.Builder
	for _, row := range t.rows {
		for i, c := range row {
			if i == cut {
				c = ansi.Truncate(c, widths[i], "…")
			}
			b.WriteString(c)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+tableGap))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// kepOrID is how tables name an item: the KEP number for enhancements, else the id. Both work
// with elli show.
func kepOrID(it *data.Item) string {
	if it.Kind == data.KindEnhancement && it.KEP > 0 {
		return strconv.Itoa(it.KEP)
	}
	return it.ID
}

// stageOrKind is the STAGE column: the stage of an enhancement, the kind of anything else.
func stageOrKind(it *data.Item) string {
	if it.Stage != "" {
		return it.Stage.Label()
	}
	return it.Kind.Label()
}

// writeItems prints the items as a table: KEP/ID, STAGE, SIG, TITLE; titles are cut to fit
// width (0: no limit).
func writeItems(w io.Writer, width int, items []*data.Item) error {
	t := newTable(w, width, 3, "KEP/ID", "STAGE", "SIG", "TITLE")
	for _, it := range items {
		t.row(kepOrID(it), stageOrKind(it), it.SIG, it.Title.Default)
	}
	return t.flush()
}

// renderer is shared by every command: it caches glamour renderers per width and theme and is
// safe for concurrent use.
var renderer = render.NewRenderer()

// style is how a Markdown page is printed.
type style struct {
	width int
	theme render.Theme
	// profile is what the terminal shows; glamour writes 256-colour and true-colour codes and
	// the colorprofile writer brings them down to it. Zero (tests, pipes) writes them as they are.
	profile colorprofile.Profile
}

// writeMarkdown renders untrusted Markdown: sanitized first, so the only escape sequences in the
// output are glamour's own. The plain theme keeps none: glamour writes links as OSC 8
// hyperlinks even with its no-TTY style, and those do not belong in a pipe or a file.
func writeMarkdown(w io.Writer, md string, st style) error {
	out, err := renderer.Render(sanitize(md), st.width, st.theme)
	if err != nil {
		return err
	}
	if st.theme == render.Plain {
		out = ansi.Strip(out)
	} else if st.profile != colorprofile.Unknown {
		w = &colorprofile.Writer{Forward: w, Profile: st.profile}
	}
	_, err = io.WriteString(w, out+"\n")
	return err
}
