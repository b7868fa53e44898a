package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/elli-k8s/elli/ui/render"
)

// A 256-colour terminal gets no true-colour codes: code blocks are highlighted in true colour
// (deterministic output) and brought down to what the terminal shows.
func TestShowDownsamplesToTheTerminal(t *testing.T) {
	md := "# Title\n\n```yaml\nkind: Pod\nmetadata:\n  name: x\n```\n"
	var full, ansi256 bytes.Buffer
	if err := writeMarkdown(&full, md, style{width: 60, theme: render.Dark}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(full.String(), "38;2;") {
		t.Fatal("fixture: expected true-colour codes in the code block without a profile")
	}
	if err := writeMarkdown(&ansi256, md, style{width: 60, theme: render.Dark, profile: colorprofile.ANSI256}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(ansi256.String(), "38;2;") || !strings.Contains(ansi256.String(), "38;5;") {
		t.Fatalf("256-colour output should hold only 256-colour codes:\n%q", ansi256.String())
	}
}
