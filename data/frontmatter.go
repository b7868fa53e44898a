package data

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// splitFrontMatter separates the YAML header between the leading "---" lines from the body.
func splitFrontMatter(src []byte) (head, body []byte, err error) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	if bytes.IndexByte(src, '\r') >= 0 { // most files have none: skip the copy
		src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	}
	if !bytes.HasPrefix(src, []byte("---\n")) {
		return nil, nil, errors.New("no front matter: the file must start with a line '---'")
	}
	rest := src[4:]
	end := bytes.Index(rest, []byte("\n---\n"))
	switch {
	case bytes.HasPrefix(rest, []byte("---\n")):
		return nil, rest[4:], nil
	case end < 0 && bytes.HasSuffix(rest, []byte("\n---")):
		return rest[:len(rest)-4], nil, nil
	case end < 0:
		return nil, nil, errors.New("front matter is not closed: add a line '---' after it")
	}
	return rest[:end+1], rest[end+5:], nil
}

// decodeStrict decodes YAML into v, failing on keys v does not declare so that a typo in a field
// name cannot silently drop a fact.
func decodeStrict(head []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(head))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		if err.Error() == "EOF" {
			return errors.New("front matter is empty")
		}
		return fmt.Errorf("front matter: %s", cleanYAMLError(err))
	}
	return nil
}

// cleanYAMLError turns yaml's multi-line "yaml: unmarshal errors:\n  line 3: ..." into one line.
func cleanYAMLError(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: unmarshal errors:\n")
	msg = strings.TrimPrefix(msg, "yaml: ")
	lines := strings.Split(msg, "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return strings.Join(lines, "; ")
}

// itemHead is the front matter of an item file. Translations may set only the Text fields.
type itemHead struct {
	Kind           string     `yaml:"kind"`
	KEP            int        `yaml:"kep"`
	Title          string     `yaml:"title"`
	SIG            string     `yaml:"sig"`
	Stage          string     `yaml:"stage"`
	Gates          []gateHead `yaml:"gates"`
	History        History    `yaml:"history"`
	Keywords       []string   `yaml:"keywords"`
	Summary        string     `yaml:"summary"`
	ActionRequired bool       `yaml:"action_required"`
	Components     []string   `yaml:"components"`
	Affects        string     `yaml:"affects"`
	Instead        string     `yaml:"instead"`
	PRs            []int      `yaml:"prs"`
	Order          int        `yaml:"order"`
	Checklist      bool       `yaml:"checklist"`
	Links          []linkHead `yaml:"links"`
	// a patch release's facts (kind patch)
	Version  string       `yaml:"version"`
	Released string       `yaml:"released"`
	Go       string       `yaml:"go"`
	Changes  []changeHead `yaml:"changes"`
	CVEs     []string     `yaml:"cves"`
	// a vulnerability's facts (kind cve)
	ID               string   `yaml:"id"`
	Severity         string   `yaml:"severity"`
	CVSS             CVSS     `yaml:"cvss"`
	Published        string   `yaml:"published"`
	Affected         string   `yaml:"affected"`
	Fixed            string   `yaml:"fixed"`
	FixedInLater     []string `yaml:"fixed_in_later"`
	ExposedByDefault *bool    `yaml:"exposed_by_default"`
	// a road item's facts (kind road)
	Category string   `yaml:"category"`
	Impact   string   `yaml:"impact"`
	APIs     []string `yaml:"apis"`
	Flags    []Flag   `yaml:"flags"`
}

// changeHead is one of a patch release's changes; items may be KEP numbers or item ids.
type changeHead struct {
	PR         int      `yaml:"pr"`
	Type       string   `yaml:"type"`
	Components []string `yaml:"components"`
	Items      []string `yaml:"items"`
}

type gateHead struct {
	Name       string   `yaml:"name"`
	Default    *bool    `yaml:"default"`
	Stage      string   `yaml:"stage"`
	Components []string `yaml:"components"`
	Note       string   `yaml:"note"`
}

// translationHead is the front matter of a translation file (<id>.<lang>.md).
type translationHead struct {
	Title    string   `yaml:"title"`
	Summary  string   `yaml:"summary"`
	Keywords []string `yaml:"keywords"`
	Affects  string   `yaml:"affects"`
	Instead  string   `yaml:"instead"`
	// GateNotes translates each gate's note, by gate name.
	GateNotes map[string]string `yaml:"gate_notes"`
	// Links are the titles of the page's links in the translation's language, one per link
	// and in the same order; the URLs are the original's.
	Links []string `yaml:"links"`
}

// linkHead is a link as the front matter writes it.
type linkHead struct {
	Title string `yaml:"title"`
	URL   string `yaml:"url"`
}

// linksOf turns the front matter's links into the item's.
func linksOf(heads []linkHead) []Link {
	if heads == nil {
		return nil
	}
	out := make([]Link, len(heads))
	for i, h := range heads {
		out[i] = Link{Title: Text{Default: h.Title}, URL: h.URL}
	}
	return out
}

type releaseHead struct {
	Kind         string       `yaml:"kind"`
	Version      string       `yaml:"version"`
	Codename     string       `yaml:"codename"`
	Title        string       `yaml:"title"`
	Released     string       `yaml:"released"`
	Cycle        Cycle        `yaml:"cycle"`
	Counts       Counts       `yaml:"counts"`
	Contributors Contributors `yaml:"contributors"`
	Summary      string       `yaml:"summary"`
	DataAsOf     string       `yaml:"data_as_of"`
	Support      Support      `yaml:"support"`
	Keywords     []string     `yaml:"keywords"`
	Links        []linkHead   `yaml:"links"`
}
