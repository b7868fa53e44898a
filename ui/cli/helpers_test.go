package cli

import "github.com/charmbracelet/x/ansi"

func stripForTest(s string) string { return ansi.Strip(s) }

// environOf turns a test's environment into KEY=VALUE lines.
func environOf(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	return out
}
