package render

import (
	"testing"

	"github.com/elli-k8s/elli/data"
)

// FuzzRender renders arbitrary Markdown under every theme and checks what a terminal would
// receive: no escape sequence but SGR, no C0 or C1 control but newline, no bidi control (no
// OSC, no hyperlink, no clipboard write), however the input encodes it. Seeds:
// testdata/fuzz/FuzzRender.
func FuzzRender(f *testing.F) {
	for _, md := range []string{
		"# Title\n\nText with `code` and **bold**.\n\n- a\n- b\n",
		"\n&#27;]52;c;cm0gLXJm&#7; &#x202e;evil\n",
		"[https://kubernetes.io/](https://evil.example/) <https://k8s.io/&#x202e;x>",
		"&#x9b;2J &#155;31m &#0000027;[2J &lrm; &rlm; &#x61c; &#8294;x&#8297;",
		"`&#27;[2J` ```\n&#27;]0;t&#7;\n```\n",
		"![a&#27;]0;t&#7;](https://k8s.io/i.png \"t&#27;]0;x&#7;\")",
		"| a | b&#27;[5m |\n|---|---|\n| &#x202e; | c |\n",
		"> > > quote &#x1b;[8mhidden\n",
		"raw \x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\ \x9b2J \u202e \t tab",
		"中文 &#27;[31m 红色",
	} {
		f.Add(md)
	}
	themes := []Theme{Dark, Light, Plain}
	for _, name := range StyleNames() {
		if name != Auto && name != string(Dark) && name != string(Light) {
			themes = append(themes, Theme(name))
		}
	}
	r := NewRenderer()
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 4<<10 || data.CheckMarkdownShape(md) != "" {
			// Pages of the shape the loader lets through: glamour's cost grows fast with
			// nesting. Control characters, raw or as references, which the loader refuses too,
			// are rendered all the same: the renderer must make them safe by itself.
			return
		}
		for _, theme := range themes {
			out, err := r.Render(md, 40, theme)
			if err != nil {
				continue
			}
			if bad := unsafeOutput(out); bad != "" {
				t.Fatalf("%s: %s in %q", theme, bad, out)
			}
		}
	})
}
