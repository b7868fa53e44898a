package render

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"

	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"

	"github.com/elli-k8s/elli/data/userfile"
)

// Auto is the style that follows the terminal's background: Dark or Light.
const Auto = "auto"

// StyleNames are the styles --style accepts by name: auto and glamour's built-in styles.
func StyleNames() []string {
	names := []string{Auto}
	for name := range styles.DefaultStyles {
		names = append(names, name)
	}
	slices.Sort(names[1:])
	return names
}

// builtin returns glamour's style called name, if there is one.
func builtin(name string) (ansi.StyleConfig, bool) {
	c, ok := styles.DefaultStyles[name]
	if !ok || c == nil {
		return ansi.StyleConfig{}, false
	}
	return *c, true
}

// maxStyleFile bounds a style file; glamour's own are about 5 KB.
const maxStyleFile = 1 << 20

// styleFiles holds the style files loaded so far, by the Theme that names them.
var styleFiles sync.Map // Theme → ansi.StyleConfig

// filePrefix marks a Theme that names a style file.
const filePrefix = "file:"

// LoadStyleFile reads a glamour JSON style file and returns the Theme that renders with it. A
// style's strings are written to the terminal as they are, so one that holds control characters
// (an escape sequence of its own) is refused.
func LoadStyleFile(path string) (Theme, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", userfile.Problemf("style file %s: %w", path, err)
	}
	t := Theme(filePrefix + abs)
	if _, ok := styleFiles.Load(t); ok {
		return t, nil
	}
	b, err := userfile.ReadFile(abs, maxStyleFile) // regular files only: a FIFO would block
	if errors.Is(err, userfile.ErrTooLarge) {
		err = userfile.Problemf("larger than %d KiB", maxStyleFile>>10)
	}
	if err != nil {
		return "", userfile.Problemf("style file %s: %w", path, err)
	}
	var raw any
	if err := json.Unmarshal(b, &raw); err != nil {
		return "", userfile.Problemf("style file %s is not valid JSON: %w", path, err)
	}
	if anyString(raw, func(s string) bool { return strings.IndexFunc(s, unicode.IsControl) >= 0 }) {
		return "", userfile.Problemf("style file %s holds control characters", path)
	}
	if anyString(raw, func(s string) bool { return len(s) > maxStyleString }) {
		return "", userfile.Problemf("style file %s holds a value longer than %d bytes", path, maxStyleString)
	}
	var c ansi.StyleConfig
	if err := json.Unmarshal(b, &c); err != nil {
		return "", userfile.Problemf("style file %s is not a glamour style: %w", path, err)
	}
	clampNumbers(reflect.ValueOf(&c).Elem())
	styleFiles.Store(t, c)
	return t, nil
}

// maxStyleNumber bounds every number of a style (indent, margin, level_indent): glamour's own
// styles use 0 to 2, and a page is 20 columns wide at the least. {"indent": 1000000} made one
// page a megabyte and five seconds of work; each level of a nested list or quote adds it again.
const maxStyleNumber = 8

// maxStyleString bounds a style's strings (prefixes, suffixes, the indent token, formats):
// glamour's are a few bytes, and each is repeated on every line or block it styles.
const maxStyleString = 64

// clampNumbers brings every unsigned number of a style, set directly or through a pointer, into
// 0..maxStyleNumber, walking the whole configuration so that a field glamour adds later is
// clamped too.
func clampNumbers(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			clampNumbers(v.Field(i))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			clampNumbers(v.Elem())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.Uint() > maxStyleNumber {
			v.SetUint(maxStyleNumber)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(min(max(v.Int(), 0), maxStyleNumber))
	}
}

// anyString reports whether any string in a decoded JSON value, a key or a value, is bad.
func anyString(v any, bad func(string) bool) bool {
	switch v := v.(type) {
	case string:
		return bad(v)
	case []any:
		return slices.ContainsFunc(v, func(e any) bool { return anyString(e, bad) })
	case map[string]any:
		for k, e := range v {
			if bad(k) || anyString(e, bad) {
				return true
			}
		}
	}
	return false
}

// CheckStyle says whether s is a style elli can render with: auto, a built-in name, or a style
// file that loads. The error lists the names.
func CheckStyle(s string) error {
	if userfile.IsStyleFile(s) {
		_, err := LoadStyleFile(s)
		return err
	}
	if s == Auto {
		return nil
	}
	if _, ok := builtin(s); ok {
		return nil
	}
	names := StyleNames()
	return userfile.Problemf("use %s, or a JSON style file", userfile.OrList(names))
}

// ThemeOf turns a style value other than auto into the Theme that renders it.
func ThemeOf(s string) (Theme, error) {
	if userfile.IsStyleFile(s) {
		return LoadStyleFile(s)
	}
	if err := CheckStyle(s); err != nil {
		return "", err
	}
	return Theme(s), nil
}
