package css

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use. The handlers' patterns are package
// variables, and compiling all of them took milliseconds at the start of every program that
// imports bluemonday, even those that never sanitise a style attribute.
type Regexp struct {
	compile func() *regexp.Regexp
}

func lazyRegexp(pattern string) *Regexp {
	return &Regexp{compile: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })}
}

// MatchString reports whether s contains a match of the pattern.
func (r *Regexp) MatchString(s string) bool { return r.compile().MatchString(s) }

// FindString returns the leftmost match in s.
func (r *Regexp) FindString(s string) string { return r.compile().FindString(s) }

// ReplaceAll replaces the matches in src with repl.
func (r *Regexp) ReplaceAll(src, repl []byte) []byte { return r.compile().ReplaceAll(src, repl) }
