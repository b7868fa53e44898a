package cli

import "testing"

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
		{"invalid utf-8", "a\xffb\xc3", "ab", "ab"},
		{"forged row", "title\n3866\tGA\tnetwork\tfake", "title\n3866\tGA\tnetwork\tfake", "title 3866 GA network fake"},
		{"spaces collapse in lines", "  two  spaces ", "  two  spaces ", "two spaces"},
	} {
		if got := sanitize(tc.in); got != tc.want {
			t.Errorf("%s: sanitize(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if got := sanitizeLine(tc.in); got != tc.wantLine {
			t.Errorf("%s: sanitizeLine(%q) = %q, want %q", tc.name, tc.in, got, tc.wantLine)
		}
	}
}

func TestSanitizePlainNoCopy(t *testing.T) {
	s := "plain text\nwith\ttabs"
	if n := testing.AllocsPerRun(10, func() { _ = sanitize(s) }); n != 0 {
		t.Errorf("sanitize of plain text allocated %v times", n)
	}
}
