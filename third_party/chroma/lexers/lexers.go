package lexers

import (
	"embed"
	"io/fs"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed embedded
var embedded embed.FS

// GlobalLexerRegistry is the global LexerRegistry of Lexers.
//
// It holds the lexers written in Go from package initialisation; the embedded XML lexers are
// parsed on the first lookup, because parsing all of them costs milliseconds that a program
// which never highlights should not pay at start-up.
var GlobalLexerRegistry = chroma.NewLexerRegistry()

var (
	loadEmbedded sync.Once
	loadHooks    []func()
)

// afterEmbeddedLoad runs hook once the embedded lexers are registered; init functions that
// adjust an XML lexer use it, so that they do not force the load at start-up.
func afterEmbeddedLoad(hook func()) { loadHooks = append(loadHooks, hook) }

func registry() *chroma.LexerRegistry {
	loadEmbedded.Do(func() {
		endShortcut(func() {
			paths, err := fs.Glob(embedded, "embedded/*.xml")
			if err != nil {
				panic(err)
			}
			// Upstream registers the embedded lexers before the Go ones, so a Go lexer that
			// wraps an embedded file (Common Lisp, Emacs Lisp) wins over the bare file.
			// Registering the Go lexers again after the files keeps that outcome.
			goLexers := append(chroma.Lexers(nil), GlobalLexerRegistry.Lexers...)
			for _, path := range paths {
				GlobalLexerRegistry.Register(chroma.MustNewXMLLexer(embedded, path))
			}
			for _, l := range goLexers {
				GlobalLexerRegistry.Register(l)
			}
			for _, hook := range loadHooks {
				hook()
			}
		})
	})
	return GlobalLexerRegistry
}

// Names of all lexers, optionally including aliases.
func Names(withAliases bool) []string {
	return registry().Names(withAliases)
}

// Get a Lexer by name, alias or file extension.
//
// Note that this if there isn't an exact match on name or alias, this will
// call Match(), so it is not efficient.
func Get(name string) chroma.Lexer {
	if lexer := getByName(name); lexer != nil {
		return lexer
	}
	return registry().Get(name)
}

// MatchMimeType attempts to find a lexer for the given MIME type.
func MatchMimeType(mimeType string) chroma.Lexer {
	return registry().MatchMimeType(mimeType)
}

// Match returns the first lexer matching filename.
//
// Note that this iterates over all file patterns in all lexers, so it's not
// particularly efficient.
func Match(filename string) chroma.Lexer {
	return registry().Match(filename)
}

// Register a Lexer with the global registry.
func Register(lexer chroma.Lexer) chroma.Lexer {
	return GlobalLexerRegistry.Register(lexer)
}

// Analyse text content and return the "best" lexer..
func Analyse(text string) chroma.Lexer {
	return registry().Analyse(text)
}

// PlaintextRules is used for the fallback lexer as well as the explicit
// plaintext lexer.
func PlaintextRules() chroma.Rules {
	return chroma.Rules{
		"root": []chroma.Rule{
			{`.+`, chroma.Text, nil},
			{`\n`, chroma.Text, nil},
		},
	}
}

// Fallback lexer if no other is found.
var Fallback chroma.Lexer = chroma.MustNewLexer(&chroma.Config{
	Name:      "fallback",
	Filenames: []string{"*"},
	Priority:  -1,
}, PlaintextRules)
