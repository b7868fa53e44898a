package data

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/elli-k8s/elli/data/search"
)

// QuerySynonyms reads the synonyms file (embed/synonyms.yaml) into the index's groups
// (search.IndexTable.Synonyms): each word lower-cased and read as search reads a query, a
// page's word as one token, a user's as one or two ("run out"). A word of any other shape, or
// a group without a page's word, is an error naming it.
func QuerySynonyms(src []byte) ([]search.Synonyms, error) {
	var f struct {
		Groups []struct {
			Pages []string `yaml:"pages"`
			Users []string `yaml:"users"`
		} `yaml:"groups"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("synonyms: %s", cleanYAMLError(err))
	}
	out := make([]search.Synonyms, 0, len(f.Groups))
	for n, g := range f.Groups {
		if len(g.Pages) == 0 {
			return nil, fmt.Errorf("synonyms: group %d has no word of the pages", n+1)
		}
		var group search.Synonyms
		for _, w := range g.Pages {
			word, err := synonymWord(w, 1)
			if err != nil {
				return nil, err
			}
			group.Pages = append(group.Pages, word)
		}
		for _, w := range g.Users {
			word, err := synonymWord(w, 2)
			if err != nil {
				return nil, err
			}
			group.Users = append(group.Users, word)
		}
		out = append(out, group)
	}
	return out, nil
}

// synonymWord is w as search reads it: its tokens, lower case, joined by a space; at most max.
func synonymWord(w string, max int) (string, error) {
	var tokens []string
	for _, field := range strings.Fields(w) {
		parts := search.WordsOf(field)
		if len(parts) != 1 {
			return "", fmt.Errorf("synonyms: %q is not read as one word per space (%q)", w, parts)
		}
		tokens = append(tokens, parts[0])
	}
	if len(tokens) == 0 || len(tokens) > max {
		return "", fmt.Errorf("synonyms: %q is %d words, at most %d here", w, len(tokens), max)
	}
	return strings.Join(tokens, " "), nil
}
