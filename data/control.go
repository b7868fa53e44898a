package data

import "unicode/utf8"

// UnsafeRune reports whether r must not reach a terminal from text elli did not write: C0
// controls other than newline and tab (ESC starts escape sequences, CR rewrites a line), DEL, the
// C1 controls, and the bidirectional controls (embeddings, overrides, isolates and the
// left-to-right, right-to-left and Arabic letter marks) that make text display in an order other
// than the one it is read in. Content from --data is untrusted.
func UnsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

// findControl finds the first unsafe character of a content file and its line; a CR is allowed
// only as part of a CRLF line end.
func findControl(src []byte) (line int, r rune, found bool) {
	// Every unsafe character starts with a byte below 0x20, 0x7f, 0xc2 (the C1 controls), 0xd8
	// (U+061C) or 0xe2 (the other bidi controls), so most bytes cost a comparison and no decoding.
	line = 1
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			line++
		case c == '\r' && i+1 < len(src) && src[i+1] == '\n':
		case c < 0x20 || c == 0x7f:
			if UnsafeRune(rune(c)) {
				return line, rune(c), true
			}
		case c == 0xc2 || c == 0xd8 || c == 0xe2:
			ch, size := utf8.DecodeRune(src[i:])
			if UnsafeRune(ch) {
				return line, ch, true
			}
			i += size - 1
		}
	}
	return 0, 0, false
}
