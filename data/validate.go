package data

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Problem is one thing wrong with the content, named by file and field.
type Problem struct {
	File  string
	Field string
	Msg   string
}

func (p Problem) String() string {
	if p.Field == "" {
		return p.File + ": " + p.Msg
	}
	return p.File + ": " + p.Field + ": " + p.Msg
}

// LoadError carries every problem found while loading a release folder.
type LoadError struct{ Problems []Problem }

func (e *LoadError) Error() string {
	msg := "invalid content: " + e.Problems[0].String()
	if n := len(e.Problems) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more problem%s)", n, plural(n))
	}
	return msg
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// SIGs are the Kubernetes special interest groups an enhancement may belong to.
var SIGs = []string{
	"api-machinery", "apps", "architecture", "auth", "autoscaling", "cli", "cloud-provider",
	"cluster-lifecycle", "contributor-experience", "docs", "etcd", "instrumentation", "k8s-infra",
	"multicluster", "network", "node", "release", "scalability", "scheduling", "security", "storage",
	"testing", "windows",
}

// GateStages are the values a gate's stage may take.
var GateStages = []string{"alpha", "beta", "ga", "deprecated", "removed"}

// The patterns are compiled when content is first validated, which only --data does: the
// embedded release is validated ahead of time, so its processes never need them.
var (
	versionRE = lazyRegexp(`^v[0-9]+\.[0-9]+$`)
	kepURLRE  = lazyRegexp(`^https://github\.com/kubernetes/enhancements/issues/([0-9]+)$`)
	gateRE    = lazyRegexp(`^[A-Za-z][A-Za-z0-9_]*$`)
)

func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

type checker struct{ problems []Problem }

func (c *checker) fail(file, field, format string, args ...any) {
	c.problems = append(c.problems, Problem{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (c *checker) required(file, field, value string) {
	if strings.TrimSpace(value) == "" {
		c.fail(file, field, "missing: add %s to the front matter", field)
	}
}

func validate(r *Release, items []*Item) []Problem {
	c := &checker{}
	c.release(r)
	ids := map[string]string{}
	keps := map[int]string{}
	orders := map[int]string{}
	counts := map[Stage]int{}
	for _, it := range items {
		if prev, dup := ids[it.ID]; dup {
			c.fail(it.Path, "id", "duplicate id %q: %s has the same file name", it.ID, prev)
		}
		ids[it.ID] = it.Path
		c.item(it)
		switch it.Kind {
		case KindEnhancement:
			if prev, dup := keps[it.KEP]; dup && it.KEP > 0 {
				c.fail(it.Path, "kep", "duplicate KEP %d: %s describes it already", it.KEP, prev)
			}
			keps[it.KEP] = it.Path
			counts[it.Stage]++
		case KindGuide:
			if prev, dup := orders[it.Order]; dup && it.Order > 0 {
				c.fail(it.Path, "order", "duplicate order %d: %s has it already", it.Order, prev)
			}
			orders[it.Order] = it.Path
		}
	}
	c.line(r, items)
	c.road(r, items)
	if r.Version != "" {
		want := map[Stage]int{StageGA: r.Counts.GA, StageBeta: r.Counts.Beta, StageAlpha: r.Counts.Alpha}
		for _, st := range Stages {
			if counts[st] != want[st] {
				c.fail(ReleaseFile, "counts."+string(st), "says %d, but enhancements/ holds %d %s items", want[st], counts[st], st.Label())
			}
		}
	}
	return c.problems
}

func (c *checker) release(r *Release) {
	const f = ReleaseFile
	if !versionRE().MatchString(r.Version) {
		c.fail(f, "version", "%q is not a release version such as v1.31", r.Version)
	}
	if r.Codename == "" {
		c.fail(f, "codename", "missing")
	}
	c.required(f, "title", r.Title.Default)
	c.required(f, "summary", r.Summary.Default)
	for _, fv := range []fieldValue{{"title", r.Title.Default}, {"summary", r.Summary.Default}, {"codename", r.Codename}} {
		field, v := fv.field, fv.value
		if _, ch, bad := findControl([]byte(v)); bad {
			c.fail(f, field, "holds the control character %U, which could rewrite a terminal; remove it", ch)
		}
	}
	for _, fv := range []fieldValue{{"released", r.Released}, {"data_as_of", r.DataAsOf}, {"cycle.start", r.Cycle.Start}, {"cycle.end", r.Cycle.End}} {
		field, d := fv.field, fv.value
		if d == "" && field == "data_as_of" {
			continue // derived from the newest fact
		}
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			c.fail(f, field, "%q is not a date in the form 2024-08-13", d)
		}
	}
	if r.Cycle.Weeks <= 0 {
		c.fail(f, "cycle.weeks", "must be a positive number of weeks")
	}
	if r.Counts.Total() == 0 {
		c.fail(f, "counts", "missing: give the ga, beta and alpha totals")
	}
	c.links(f, r.Links)
}

// texts checks every decoded string of an item for terminal control characters: YAML escapes
// such as "\e[31m" only become ESC after decoding, so the raw-file scan cannot see them.
func (c *checker) texts(it *Item) {
	check := func(field, s string) {
		if _, r, bad := findControl([]byte(s)); bad {
			c.fail(it.Path, field, "holds the control character %U, which could rewrite a terminal; remove it", r)
		}
	}
	for _, ft := range []struct {
		field string
		text  Text
	}{{"title", it.Title}, {"summary", it.Summary}, {"affects", it.Affects}, {"instead", it.Instead}} {
		check(ft.field, ft.text.Default)
		for _, x := range ft.text.Tr { // in language order
			check(ft.field, x.Text)
		}
	}
	for i, k := range it.Keywords {
		check(fmt.Sprintf("keywords[%d]", i), k)
	}
	for i, g := range it.Gates {
		check(fmt.Sprintf("gates[%d].note", i), g.Note.Default)
		check(fmt.Sprintf("gates[%d].components", i), strings.Join(g.Components, " "))
	}
	for i, l := range it.Links {
		check(fmt.Sprintf("links[%d].title", i), l.Title.Default)
		for _, x := range l.Title.Tr {
			check(fmt.Sprintf("links[%d].title", i), x.Text)
		}
	}
	check("components", strings.Join(it.Components, " "))
}

func (c *checker) item(it *Item) {
	f := it.Path
	c.texts(it)
	c.required(f, "title", it.Title.Default)
	c.required(f, "summary", it.Summary.Default)
	if strings.TrimSpace(it.Body.Default) == "" {
		c.fail(f, "body", "missing: write the item's Markdown text after the front matter")
	}
	for i, k := range it.Keywords {
		if strings.TrimSpace(k) == "" {
			c.fail(f, fmt.Sprintf("keywords[%d]", i), "is empty")
		}
	}
	c.links(f, it.Links)
	c.gates(f, it.Gates, it.Kind == KindEnhancement)
	switch it.Kind {
	case KindEnhancement:
		c.enhancement(it)
	case KindRemoval, KindDeprecation:
		c.change(it)
	case KindPatch:
		c.patch(it)
	case KindCVE:
		c.cve(it)
	case KindRoad:
		c.roadItem(it)
	case KindGuide:
		if it.Order <= 0 {
			c.fail(f, "order", "missing: give the page's position in the upgrade guide (1, 2, ...)")
		}
		c.onlyFor(it, "enhancements", "stage", it.Stage != "", "sig", it.SIG != "")
		c.onlyFor(it, "enhancements and changes", "kep", it.KEP != 0, "gates", len(it.Gates) > 0)
		if it.Checklist && len(steps(it.Body.Default)) == 0 {
			c.fail(f, "checklist", "the page has no numbered sections (## 1. …) to make steps of")
		}
	}
	if it.Kind != KindGuide {
		c.onlyFor(it, "guide pages", "checklist", it.Checklist)
	}
}

func (c *checker) enhancement(it *Item) {
	f := it.Path
	if it.KEP <= 0 {
		c.fail(f, "kep", "missing: every enhancement needs its KEP number")
	}
	if !isStage(it.Stage) {
		c.fail(f, "stage", "unknown stage %q: use ga, beta or alpha", it.Stage)
	}
	if !contains(SIGs, it.SIG) {
		c.fail(f, "sig", "unknown SIG %q: use one of %s (without the sig- prefix)", it.SIG, strings.Join(SIGs, ", "))
	}
	for _, fv := range []fieldValue{{"history.alpha", it.History.Alpha}, {"history.beta", it.History.Beta}, {"history.ga", it.History.GA}} {
		field, v := fv.field, fv.value
		if v != "" && !versionRE().MatchString(v) {
			c.fail(f, field, "%q is not a release such as v1.29", v)
		}
	}
	if len(it.Links) == 0 || !kepURLRE().MatchString(it.Links[0].URL) {
		c.fail(f, "links[0]", "the first link must be the KEP issue https://github.com/kubernetes/enhancements/issues/%d", it.KEP)
	} else if m := kepURLRE().FindStringSubmatch(it.Links[0].URL); it.KEP > 0 && m[1] != strconv.Itoa(it.KEP) {
		c.fail(f, "links[0]", "points to KEP %s but the item is KEP %d", m[1], it.KEP)
	}
	c.onlyFor(it, "deprecations and removals", "affects", it.Affects.Default != "", "instead", it.Instead.Default != "", "prs", len(it.PRs) > 0)
	c.onlyFor(it, "guide pages", "order", it.Order != 0)
}

func (c *checker) change(it *Item) {
	f := it.Path
	c.required(f, "affects", it.Affects.Default)
	c.required(f, "instead", it.Instead.Default)
	if len(it.Components) == 0 {
		c.fail(f, "components", "missing: name what the change touches, e.g. [kubelet]")
	}
	if it.KEP < 0 {
		c.fail(f, "kep", "must be a positive KEP number")
	}
	for i, pr := range it.PRs {
		if pr <= 0 {
			c.fail(f, fmt.Sprintf("prs[%d]", i), "must be a pull request number")
		}
	}
	c.onlyFor(it, "enhancements", "stage", it.Stage != "", "sig", it.SIG != "", "history", it.History != History{})
	c.onlyFor(it, "guide pages", "order", it.Order != 0)
}

// onlyFor reports fields set on an item of a kind that does not use them.
func (c *checker) onlyFor(it *Item, owner string, pairs ...any) {
	for i := 0; i+1 < len(pairs); i += 2 {
		if set, _ := pairs[i+1].(bool); set {
			c.fail(it.Path, pairs[i].(string), "is only for %s; remove it from a %s", owner, it.Kind)
		}
	}
}

func (c *checker) gates(f string, gates []Gate, needDefault bool) {
	for i, g := range gates {
		field := fmt.Sprintf("gates[%d]", i)
		if !gateRE().MatchString(g.Name) {
			c.fail(f, field+".name", "%q is not a feature gate name", g.Name)
		}
		if g.Stage != "" && !contains(GateStages, g.Stage) {
			c.fail(f, field+".stage", "unknown stage %q: use %s", g.Stage, strings.Join(GateStages, ", "))
		}
		if len(g.Components) == 0 {
			c.fail(f, field+".components", "missing: name the components that read the gate, e.g. [kubelet]")
		}
		if needDefault && g.Default == nil && g.Note.Default == "" {
			c.fail(f, field+".default", "missing: give the default in this release, or a note saying why it is unknown")
		}
	}
}

func (c *checker) links(f string, links []Link) {
	for i, l := range links {
		field := fmt.Sprintf("links[%d]", i)
		if strings.TrimSpace(l.Title.Default) == "" {
			c.fail(f, field+".title", "missing")
		}
		// The URL is printed on the status line and copied to the clipboard as it is: only
		// printable ASCII, so no control, bidi or look-alike character can come with it.
		if i := strings.IndexFunc(l.URL, func(r rune) bool { return r <= ' ' || r >= 0x7f }); i >= 0 {
			r, _ := utf8.DecodeRuneInString(l.URL[i:])
			c.fail(f, field+".url", "%q is not an https:// URL: it holds %U, and a URL is printable ASCII (percent-encode other characters)", l.URL, r)
			continue
		}
		u, err := url.Parse(l.URL)
		if err != nil || u.Scheme != "https" || u.Host == "" {
			c.fail(f, field+".url", "%q is not an https:// URL", l.URL)
		}
	}
}

func isStage(s Stage) bool {
	for _, st := range Stages {
		if s == st {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fieldValue pairs a front matter field with its value; checks walk slices of them, not maps,
// so that problems come in the same order on every run.
type fieldValue struct{ field, value string }
