package render

import (
	"fmt"
	"unicode/utf8"
)

// unsafeOutput checks rendered output the way a terminal reads it: every ESC must start an SGR
// sequence (ESC [ digits ; : m), and no character may be unsafe. It returns what it found
// wrong, or "".
func unsafeOutput(s string) string {
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := i + 1
			if j >= len(s) || s[j] != '[' {
				return fmt.Sprintf("an escape that is not CSI at byte %d", i)
			}
			for j++; j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':'); j++ {
			}
			if j >= len(s) || s[j] != 'm' {
				return fmt.Sprintf("a CSI sequence that is not SGR at byte %d: %q", i, s[i:min(len(s), j+1)])
			}
			i = j + 1
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if Unsafe(r) || r == '\t' {
			return fmt.Sprintf("the character %U at byte %d", r, i)
		}
		i += size
	}
	return ""
}
