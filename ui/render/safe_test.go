package render

import (
	"strings"
	"testing"
)

func TestSanitize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want, wantLine string }{
		{"plain", "Add an nftables backend", "Add an nftables backend", "Add an nftables backend"},
		{"keeps newline and tab", "a\nb\tc", "a\nb\tc", "a b c"},
		{"keeps unicode", "alpha v1.29 → beta · 中文", "alpha v1.29 → beta · 中文", "alpha v1.29 → beta · 中文"},
		{"SGR colour", "\x1b[31mred\x1b[0m title", "red title", "red title"},
		{"clear screen and cursor moves", "\x1b[2J\x1b[Hx\x1b[10;10Hy", "xy", "xy"},
		{"OSC title and hyperlink", "\x1b]0;pwned\x07a\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "alink", "alink"},
		{"C0 controls", "a\x00b\x07c\x08d\re\x7ff", "abcdef", "abcdef"},
		{"C1 controls as runes", "a\u009b31mb\u0085c", "a31mbc", "a31mbc"},
		{"raw C1 CSI byte", "a\x9b2Jb", "ab", "ab"},
		{"bidi override", "user\u202Egnp.exe", "usergnp.exe", "usergnp.exe"},
		{"bidi marks and isolates", "a\u200eb\u200fc\u061cd\u2066e\u2069", "abcde", "abcde"},
		{"invalid utf-8", "a\xffb\xc3", "ab", "ab"},
		{"forged row", "title\n3866\tGA\tnetwork\tfake", "title\n3866\tGA\tnetwork\tfake", "title 3866 GA network fake"},
		{"spaces collapse in lines", "  two  spaces ", "  two  spaces ", "two spaces"},
	} {
		if got := Sanitize(tc.in); got != tc.want {
			t.Errorf("%s: Sanitize(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if got := SanitizeLine(tc.in); got != tc.wantLine {
			t.Errorf("%s: SanitizeLine(%q) = %q, want %q", tc.name, tc.in, got, tc.wantLine)
		}
	}
}

func TestSanitizePlainNoCopy(t *testing.T) {
	s := "plain text\nwith\ttabs"
	if n := testing.AllocsPerRun(10, func() { _ = Sanitize(s) }); n != 0 {
		t.Errorf("Sanitize of plain text allocated %v times", n)
	}
}

// References that decode to an unsafe character are written so that glamour shows them as
// text; every other reference, and every other &, is left alone.
func TestNeutralize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"no references", "no references"},
		{"a &amp; b &lt;c&gt; &copy; &#169; &#xA9; &rarr;", "a &amp; b &lt;c&gt; &copy; &#169; &#xA9; &rarr;"},
		{"AT&T & co", "AT&T & co"},
		{"&#27;]52;c;cm0gLXJm&#7;", "&amp;#27;]52;c;cm0gLXJm&amp;#7;"},
		{"&#x1b;[31m &#X1B; &#x1B &#0000000000027;", "&amp;#x1b;[31m &amp;#X1B; &amp;#x1B &amp;#0000000000027;"},
		{"&#x202e;evil &#8238; &#x2066;", "&amp;#x202e;evil &amp;#8238; &amp;#x2066;"},
		{"&lrm;a&rlm; &#x61c;", "&amp;lrm;a&amp;rlm; &amp;#x61c;"},
		{"&#13;&#127;&#x85;", "&amp;#13;&amp;#127;&#x85;"}, // &#x85; decodes to … (HTML's Windows-1252 rule)
		{"&#9; tab &Tab;", "&#9; tab &Tab;"},
		{"raw \x1b[2J and \u202e dropped", "raw  and  dropped"},
		{"&", "&"},
		{"&#", "&#"},
		{"&#x", "&#x"},
	} {
		if got := neutralize(tc.in); got != tc.want {
			t.Errorf("neutralize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestKeepSGR(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"text", "plain text\nline two", "plain text\nline two"},
		{"SGR stays", "\x1b[38;5;252mtext\x1b[m \x1b[1;4mbold\x1b[0m \x1b[38:2::1:2:3mx", "\x1b[38;5;252mtext\x1b[m \x1b[1;4mbold\x1b[0m \x1b[38:2::1:2:3mx"},
		{"hyperlink dropped, text kept", "\x1b]8;id=1;https://evil.com\x07link\x1b]8;;\x07 after", "link after"},
		{"hyperlink with ST", "\x1b]8;;https://a\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"clipboard write", "a\x1b]52;c;cm0gLXJm\x07b", "ab"},
		{"OSC cut short by another escape", "a\x1b]52;c;xx\x1b[31mred", "a\x1b[31mred"},
		{"unterminated OSC", "a\x1b]0;title", "a"},
		{"other CSI", "\x1b[2J\x1b[H\x1b[?1049h\x1b[6n\x1b[>c x", " x"},
		{"private SGR-like", "\x1b[?31m\x1b[>4;2m\x1b[31 m ok", " ok"},
		{"broken CSI", "\x1b[31\nnext", "\nnext"},
		{"DCS, APC, PM, SOS", "\x1bPq#0\x1b\\\x1b_Gdata\x1b\\\x1b^pm\x07\x1bXsos\x1b\\ok", "ok"},
		{"two-byte escapes", "\x1bc\x1b7\x1b8\x1bM ok", " ok"},
		{"lone escape at the end", "ok\x1b", "ok"},
		{"C0, DEL, C1, CR", "a\x07b\x08c\rd\x7fe\u009bf\u0085g", "abcdefg"},
		{"raw 8-bit CSI", "a\x9b2Jb", "a2Jb"},
		{"bidi", "\u202eevil\u2066x\u2069\u200e", "evilx"},
		{"tab", "a\tb", "a    b"},
		{"unicode stays", "中文 → · 🙂", "中文 → · 🙂"},
	} {
		if got := keepSGR(tc.in); got != tc.want {
			t.Errorf("%s: keepSGR(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// The attack, end to end: glamour decodes the references, and nothing of them but
// harmless text reaches the output, under every theme.
func TestRenderDecodedReferencesAreSafe(t *testing.T) {
	t.Parallel()
	md := "# Title\n\nText &#27;]52;c;cm0gLXJm&#7; &#x202e;evil &#x9b;2J `code &#27;[2J` " +
		"[link](https://k8s.io/&#x202e;x) ![alt &#27;]0;t&#7;](https://k8s.io/i.png)\n\n" +
		"> quote &#x1b;[8mhidden\n\n- item &lrm;x\n"
	r := NewRenderer()
	for _, theme := range []Theme{Dark, Light, Plain} {
		out, err := r.Render(md, 60, theme)
		if err != nil {
			t.Fatal(err)
		}
		if bad := unsafeOutput(out); bad != "" {
			t.Errorf("%s: %s in %q", theme, bad, out)
		}
		if !strings.Contains(out, "#27;]52;c;cm0gLXJm") || !strings.Contains(out, "evil") {
			t.Errorf("%s: the references' text is lost: %q", theme, out)
		}
	}
}
