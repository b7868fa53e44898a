package styles

import (
	"embed"
	"io/fs"
	"sort"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed *.xml
var embedded embed.FS

// Registry of Styles.
//
// The embedded XML styles are parsed on the first lookup through Get or Names, not at package
// initialisation, so a program that never highlights does not pay for them at start-up. A style
// registered before then takes precedence over an embedded one of the same name.
var Registry = map[string]*chroma.Style{}

// Fallback style. Reassign to change the default fallback style. It is set when the embedded
// styles are loaded, which Get does before it returns it.
var Fallback *chroma.Style

var loadEmbedded sync.Once

func load() {
	loadEmbedded.Do(func() {
		files, err := fs.ReadDir(embedded, ".")
		if err != nil {
			panic(err)
		}
		for _, file := range files {
			if file.IsDir() {
				continue
			}
			r, err := embedded.Open(file.Name())
			if err != nil {
				panic(err)
			}
			style, err := chroma.NewXMLStyle(r)
			if err != nil {
				panic(err)
			}
			if _, taken := Registry[style.Name]; !taken {
				Registry[style.Name] = style
			}
			_ = r.Close()
		}
		if Fallback == nil {
			Fallback = Registry["swapoff"]
		}
	})
}

// Register a chroma.Style.
func Register(style *chroma.Style) *chroma.Style {
	Registry[style.Name] = style
	return style
}

// Names of all available styles.
func Names() []string {
	load()
	out := []string{}
	for name := range Registry {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Get named style, or Fallback.
func Get(name string) *chroma.Style {
	if style, ok := Registry[name]; ok {
		return style
	}
	load()
	if style, ok := Registry[name]; ok {
		return style
	}
	return Fallback
}
