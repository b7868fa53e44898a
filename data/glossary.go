package data

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// GlossaryTerm is one concept of the Chinese glossary (embed's glossary.yaml): the word elli's
// Chinese uses for it, the words it avoids, and phrases in which an avoided word is right.
type GlossaryTerm struct {
	EN    string   `yaml:"en"`
	ZH    string   `yaml:"zh"`
	Avoid []string `yaml:"avoid"`
	Allow []string `yaml:"allow"`
}

// Glossary is the glossary's terms. The search reads its avoided words as its chosen ones
// (QueryAliases); the tests hold the pages and the interface's Chinese to it (Violations).
type Glossary []GlossaryTerm

// ParseGlossary reads glossary.yaml.
func ParseGlossary(b []byte) (Glossary, error) {
	var g struct {
		Terms Glossary `yaml:"terms"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&g); err != nil {
		return nil, fmt.Errorf("glossary: %s", cleanYAMLError(err))
	}
	return g.Terms, nil
}

// Violations returns the avoided words that text uses outside the allowed phrases, each with
// the word to use instead: "废弃 (use 弃用)".
func (g Glossary) Violations(text string) []string {
	var bad []string
	for _, term := range g {
		// The chosen term may contain an avoided word (特性门控 holds 特性门): it never counts.
		s := strings.ReplaceAll(text, term.ZH, "")
		for _, ok := range term.Allow {
			s = strings.ReplaceAll(s, ok, "")
		}
		for _, w := range term.Avoid {
			if strings.Contains(s, w) {
				bad = append(bad, w+" (use "+term.ZH+")")
			}
		}
	}
	return bad
}
