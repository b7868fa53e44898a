package i18n

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fill formats a sentence of the catalog with its arguments and drops each space that ends up
// between two Chinese characters. A Chinese format keeps a space on either side of a slot, as
// Chinese text does around a name in Latin letters ("nobody 中"), but the slot may hold Chinese
// itself (标准输入, "及另外 2 个路径"), and then the space reads as a stray gap: "标准输入 中".
func Fill(format string, args ...any) string {
	return tidySpaces(fmt.Sprintf(format, args...))
}

// tidySpaces drops the single spaces that stand between two wide characters.
func tidySpaces(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	var prev rune
	for i, r := range s {
		if r == ' ' && isWide(prev) {
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			if isWide(next) {
				continue
			}
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// isWide: a Han character or the full-width punctuation Chinese text is set with.
func isWide(r rune) bool {
	return unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}
