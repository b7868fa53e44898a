package cli

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/elli-k8s/elli/data"
)

// sanitize makes untrusted text (titles, summaries, Markdown from --data, arguments echoed in
// errors) safe to print on a terminal: it removes ANSI escape sequences, then drops C0 and C1
// control characters except newline and tab, DEL, and the Unicode bidi embedding, override and
// isolate controls that can make text display in an order other than the one it is read in.
// Bytes that are not UTF-8 are dropped too.
func sanitize(s string) string {
	if isPlain(s) {
		return s
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if !dropRune(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// sanitizeLine is sanitize for one table cell or message: newlines and tabs become spaces and
// runs of white space collapse, so the text cannot break a row or forge another one.
func sanitizeLine(s string) string {
	s = sanitize(s)
	if !strings.ContainsAny(s, "\n\t\r") && !strings.Contains(s, "  ") {
		return strings.TrimSpace(s)
	}
	return strings.Join(strings.Fields(s), " ")
}

// isPlain reports whether s holds only printable ASCII, newlines and tabs: the common case,
// which needs no copy.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

func dropRune(r rune) bool {
	// ansi.Strip leaves no U+FFFD of its own; drop any rather than print it
	return r == utf8.RuneError || data.UnsafeRune(r)
}
