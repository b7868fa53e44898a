package cli

import (
	"bytes"
	"testing"
)

// hasDropRune's ASCII fast path must judge every input as decoding each rune does.
func TestHasDropRuneAgrees(t *testing.T) {
	for _, s := range []string{
		"", "plain text\n\twith tabs", "cr\r", "esc \x1b[31m", "del \x7f", "nul \x00",
		"中文消息", "é then \x1b", "bidi \u202e", "c1 \u0085", "bad utf-8 \xff", "replacement \ufffd",
		"ascii then 中文 then \u2066",
	} {
		want := bytes.ContainsFunc([]byte(s), dropRune)
		if got := hasDropRune([]byte(s)); got != want {
			t.Errorf("hasDropRune(%q) = %v, want %v", s, got, want)
		}
	}
}
