package cli

import "github.com/elli-k8s/elli/ui/render"

// sanitize makes untrusted text (titles, summaries, Markdown from --data, arguments echoed in
// errors) safe to print on a terminal: render.Sanitize, the one filter the explorer uses too.
func sanitize(s string) string { return render.Sanitize(s) }

// sanitizeLine is sanitize for one table cell or message, kept on one line.
func sanitizeLine(s string) string { return render.SanitizeLine(s) }

// dropRune reports the characters sanitize drops.
func dropRune(r rune) bool { return render.Unsafe(r) }
