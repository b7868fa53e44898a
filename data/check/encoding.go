package check

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// fromUTF16 turns a file that starts with a UTF-16 byte order mark into UTF-8 (YAML allows
// UTF-16; Windows editors write it). Lines stay where they were. ok is false for any other
// file.
func fromUTF16(b []byte) (out []byte, ok bool) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	default:
		return nil, false
	}
	b = b[2:]
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = order.Uint16(b[2*i:])
	}
	out = make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out, true
}

// yamlSafeJSON rewrites the few things valid JSON may hold that YAML refuses, so that a JSON
// document parses as YAML with every line where it was: tabs between tokens become spaces; in
// strings, \/ becomes /, raw characters outside YAML's printable set (DEL, C1 controls,
// U+FEFF, U+FFFE, U+FFFF) and those YAML reads as line breaks (U+0085, U+2028, U+2029) become
// \u escapes, and a surrogate pair escape (\ud83d\ude00) becomes the \U escape of its
// character, the only form YAML accepts (a lone surrogate becomes U+FFFD).
func yamlSafeJSON(b []byte) []byte {
	if !needsRewrite(b) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	inString := false
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case !inString && c == '\t':
			out = append(out, ' ')
			i++
		case !inString:
			if c == '"' {
				inString = true
			}
			out = append(out, c)
			i++
		case c == '"':
			inString = false
			out = append(out, c)
			i++
		case c == '\\' && i+1 < len(b) && b[i+1] == 'u':
			r1, ok1 := hex4(b[i+2:])
			switch {
			case !ok1:
				out = append(out, b[i:i+2]...)
				i += 2
			case utf16.IsSurrogate(r1):
				r2, ok2 := rune(0), false
				if i+12 <= len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
					r2, ok2 = hex4(b[i+8:])
				}
				if r := utf16.DecodeRune(r1, r2); ok2 && r != utf8.RuneError {
					out = fmt.Appendf(out, `\U%08x`, r)
					i += 12
				} else {
					out = append(out, `\ufffd`...)
					i += 6
				}
			default:
				out = append(out, b[i:i+6]...)
				i += 6
			}
		case c == '\\' && i+1 < len(b) && b[i+1] == '/':
			out = append(out, '/') // YAML 1.1, which yaml.v3 reads, has no \/ escape
			i += 2
		case c == '\\' && i+1 < len(b):
			out = append(out, c, b[i+1])
			i += 2
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0xfeff || r == 0x2028 || r == 0x2029 || r == 0xfffe || r == 0xffff {
				out = fmt.Appendf(out, `\u%04x`, r)
			} else {
				out = append(out, b[i:i+size]...)
			}
			i += size
		}
	}
	return out
}

// needsRewrite reports whether yamlSafeJSON has anything to do: a tab, a \u escape of a
// surrogate, \/, or a raw character YAML refuses.
func needsRewrite(b []byte) bool {
	if bytes.IndexByte(b, '\t') >= 0 || bytes.Contains(b, []byte(`\ud`)) || bytes.Contains(b, []byte(`\uD`)) ||
		bytes.Contains(b, []byte(`\/`)) ||
		bytes.IndexByte(b, 0x7f) >= 0 {
		return true
	}
	for i := 0; i < len(b); i++ {
		if b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f || b[i] == 0xef && bytes.HasPrefix(b[i:], []byte("\xef\xbb\xbf")) ||
			b[i] == 0xe2 && (bytes.HasPrefix(b[i:], []byte("\u2028")) || bytes.HasPrefix(b[i:], []byte("\u2029"))) ||
			b[i] == 0xef && (bytes.HasPrefix(b[i:], []byte("\xef\xbf\xbe")) || bytes.HasPrefix(b[i:], []byte("\xef\xbf\xbf"))) {
			return true
		}
	}
	return false
}

// hex4 reads four hex digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
