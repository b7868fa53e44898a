package lexers

import (
	"bytes"
	"encoding/xml"
	"io/fs"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// A lookup by name or alias used to load every embedded lexer (about 10 ms) to find one.
// Until the full registry is needed, getByName answers such a lookup from the <name> and
// <alias> elements at the top of each embedded file, which is several times cheaper, and
// parses only the lexer it finds. It answers only when it is sure the full registry would
// give the same lexer: exactly one lexer, written in Go or embedded, claims the name or an
// alias, compared without case as the registry's lookups do, and that lexer does not refer to
// other lexers by name (<using>), which a lexer outside the registry could not resolve.
// Anything else falls through to the full registry.

// byName's state is guarded by its mutex, which the full load also holds while it registers
// lexers, so that a lookup never reads the registry while another goroutine fills it.
var byName struct {
	mu       sync.Mutex
	loaded   bool                    // the full registry is loaded: the shortcut is over
	scanned  bool                    // claims holds the scan's result
	usable   bool                    // false when a file could not be scanned with certainty
	claims   map[string][]claim      // lower-cased name or alias → the lexers claiming it
	goLexers int                     // Go lexers registered at the scan; a later Register ends the shortcut
	parsed   map[string]chroma.Lexer // embedded path → its lexer
}

// claim is a lexer that answers to a name: a Go lexer, or an embedded file.
type claim struct {
	lexer chroma.Lexer // a Go lexer, already registered
	path  string       // an embedded lexer
}

func getByName(name string) chroma.Lexer {
	if name == "" {
		return nil
	}
	byName.mu.Lock()
	defer byName.mu.Unlock()
	if byName.loaded {
		return nil
	}
	if !byName.scanned {
		scanEmbeddedNames()
		byName.scanned = true
	}
	if !byName.usable || len(GlobalLexerRegistry.Lexers) != byName.goLexers {
		return nil
	}
	claims := byName.claims[strings.ToLower(name)]
	if len(claims) != 1 {
		return nil
	}
	c := claims[0]
	if c.lexer != nil {
		return c.lexer
	}
	if l, ok := byName.parsed[c.path]; ok {
		return l
	}
	if src, err := fs.ReadFile(embedded, c.path); err != nil || bytes.Contains(src, []byte("<using")) {
		return nil // it resolves other lexers by name, which only the full registry can do
	}
	l, err := chroma.NewXMLLexer(embedded, c.path)
	if err != nil {
		return nil
	}
	l.SetRegistry(GlobalLexerRegistry)
	byName.parsed[c.path] = l
	return l
}

// endShortcut runs while the full registry loads: lookups wait for the load, then use it.
func endShortcut(load func()) {
	byName.mu.Lock()
	defer byName.mu.Unlock()
	load()
	byName.loaded = true
}

func scanEmbeddedNames() {
	byName.claims = map[string][]claim{}
	byName.parsed = map[string]chroma.Lexer{}
	add := func(key string, c claim) {
		key = strings.ToLower(key)
		for _, prev := range byName.claims[key] {
			if prev.path == c.path && (prev.lexer == nil) == (c.lexer == nil) &&
				(c.lexer == nil || prev.lexer.Config() == c.lexer.Config()) {
				return // the same lexer, by another spelling of the same key
			}
		}
		byName.claims[key] = append(byName.claims[key], c)
	}
	byName.goLexers = len(GlobalLexerRegistry.Lexers)
	for _, l := range GlobalLexerRegistry.Lexers {
		config := l.Config()
		add(config.Name, claim{lexer: l})
		for _, alias := range config.Aliases {
			add(alias, claim{lexer: l})
		}
	}
	paths, err := fs.Glob(embedded, "embedded/*.xml")
	if err != nil {
		return
	}
	for _, path := range paths {
		config, ok := readConfig(path)
		if !ok {
			return
		}
		for _, tag := range []string{"name", "alias"} {
			values, ok := elementValues(config, tag)
			if !ok {
				return
			}
			for _, v := range values {
				add(v, claim{path: path})
			}
		}
	}
	byName.usable = true
}

// readConfig reads an embedded lexer up to the end of its <config> element, which comes first:
// reading only that much is what keeps the scan cheap.
func readConfig(path string) ([]byte, bool) {
	f, err := embedded.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	var src []byte
	buf := make([]byte, 1024)
	for {
		n, err := f.Read(buf)
		src = append(src, buf[:n]...)
		if end := bytes.Index(src, []byte("</config>")); end >= 0 {
			return src[:end], true
		}
		if err != nil {
			return nil, false
		}
	}
}

// elementValues returns the text of every <tag>…</tag> in src, unescaped.
func elementValues(src []byte, tag string) ([]string, bool) {
	open, close := []byte("<"+tag+">"), []byte("</"+tag+">")
	var out []string
	for {
		i := bytes.Index(src, open)
		if i < 0 {
			return out, true
		}
		src = src[i+len(open):]
		j := bytes.Index(src, close)
		if j < 0 {
			return nil, false
		}
		v := src[:j]
		if bytes.ContainsAny(v, "&<") {
			var s string
			if err := xml.Unmarshal(append(append([]byte("<v>"), v...), "</v>"...), &s); err != nil {
				return nil, false
			}
			out = append(out, s)
		} else {
			out = append(out, string(v))
		}
		src = src[j+len(close):]
	}
}
