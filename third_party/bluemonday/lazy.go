package bluemonday

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use. Compiling the package's patterns at
// initialisation took milliseconds at the start of every program that imports bluemonday, most
// of it for the Unicode classes of Paragraph and SpaceSeparatedTokens, even in programs that
// only ever use StrictPolicy. Pass Compiled() where a *regexp.Regexp is wanted, as in
// p.AllowAttrs("title").Matching(Paragraph.Compiled()).
type Regexp struct {
	compile func() *regexp.Regexp
}

func lazyRegexp(pattern string) *Regexp {
	return &Regexp{compile: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })}
}

// Compiled returns the compiled expression, compiling it on the first call.
func (r *Regexp) Compiled() *regexp.Regexp { return r.compile() }

// MatchString reports whether s contains a match of the pattern.
func (r *Regexp) MatchString(s string) bool { return r.compile().MatchString(s) }

// FindString returns the leftmost match in s.
func (r *Regexp) FindString(s string) string { return r.compile().FindString(s) }

// FindStringIndex returns the location of the leftmost match in s.
func (r *Regexp) FindStringIndex(s string) []int { return r.compile().FindStringIndex(s) }
