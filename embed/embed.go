// Package content embeds elli's release folders: Markdown pages with YAML front matter, in the
// format described by CONTENT.md. It only ships the files; package data reads them.
package content

import (
	"embed"
	"io/fs"
)

//go:embed v1.31
var files embed.FS

// DefaultRelease is the release elli opens.
const DefaultRelease = "v1.31"

// Release returns the folder of one embedded release.
func Release(version string) (fs.FS, error) {
	if _, err := fs.Stat(files, version); err != nil {
		return nil, err
	}
	return fs.Sub(files, version)
}

// Glossary is the Chinese term list (glossary.yaml) that every Chinese page follows; the content
// tests enforce it.
//
//go:embed glossary.yaml
var Glossary []byte

// Synonyms is the list of words users type for the words the pages use (synonyms.yaml), which
// search reads a query with; a test holds its page words to the pages.
//
//go:embed synonyms.yaml
var Synonyms []byte
