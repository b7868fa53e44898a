package userfile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Key is one setting: a key of the config file, with the environment variable that overrides it.
// Keys holds every one; the config commands, the help topic and the man page list them from it.
type Key struct {
	Name    string
	Env     string   // the ELLI_* variable that overrides the file
	Default string   // the value when neither says anything; "" for none
	Values  []string // the valid values when they are a fixed set
	Help    string   // one line, for `elli config list` and the help
	// check validates a value and returns it in its canonical form ("yes" becomes "true").
	check func(string) (string, error)
	// pathValue reports whether a value names a file, which CheckInFile wants absolute; nil
	// for keys that never do.
	pathValue func(string) bool
}

// Width bounds: the measure of a page's text, in columns.
const (
	MinWidth     = 20
	MaxWidth     = 1000
	DefaultWidth = 100
)

// Keys are every setting elli knows, in the order `elli config list` prints them.
var Keys = []*Key{
	{Name: "style", Env: "ELLI_STYLE", Default: "auto",
		Help:  "page style: auto (follows the background), a glamour style name, or a JSON style file",
		check: checkText, pathValue: IsStyleFile},
	{Name: "color", Env: "ELLI_COLOR", Default: "auto", Values: []string{"auto", "always", "never"},
		Help: "colour in output: auto (on a terminal), always or never"},
	{Name: "pager", Env: "ELLI_PAGER", Default: "",
		Help:  "command that pages long output; empty for none (default: $PAGER, else less -FRX)",
		check: checkCommand},
	{Name: "width", Env: "ELLI_WIDTH", Default: strconv.Itoa(DefaultWidth),
		Help:  fmt.Sprintf("widest measure of a page's text, in columns (%d to %d)", MinWidth, MaxWidth),
		check: checkWidth},
	{Name: "mouse", Env: "ELLI_MOUSE", Default: "false", Values: []string{"true", "false"},
		Help:  "the explorer captures the mouse (wheel, clicks) instead of leaving selection to the terminal",
		check: checkBool},
	{Name: "lang", Env: "ELLI_LANG", Default: "en", Values: []string{"en", "zh"},
		Help: "language of the text: en or zh (Simplified Chinese); where nothing sets it, the locale decides (LANG=zh_CN.UTF-8 gives Chinese)"},
	{Name: "state", Env: "ELLI_STATE", Default: "",
		Help:  "file that keeps the checklist's progress, stars and notes (default: state.json in the state folder)",
		check: checkText, pathValue: isStatePath},
}

// Lookup returns the key called name, or nil.
func Lookup(name string) *Key {
	for _, k := range Keys {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// KeyNames are the names of Keys, in order.
func KeyNames() []string {
	out := make([]string, len(Keys))
	for i, k := range Keys {
		out[i] = k.Name
	}
	return out
}

// Checks are extra checks for keys whose valid values this package cannot know (the style
// names belong to the renderer). Each returns nil or says what is wrong in words.
type Checks map[string]func(string) error

// Check validates value for k and returns it in canonical form. The error is a sentence that
// names the key and what to use instead.
func (k *Key) Check(value string, extra Checks) (string, error) {
	v := strings.TrimSpace(value)
	var err error
	switch {
	case k.check != nil:
		v, err = k.check(v)
	case len(k.Values) > 0:
		v = strings.ToLower(v)
		if !slices.Contains(k.Values, v) {
			err = Problemf("use %s", OrList(k.Values))
		}
	}
	if err == nil && len(k.Values) > 0 && !slices.Contains(k.Values, v) {
		err = Problemf("use %s", OrList(k.Values))
	}
	if err == nil && extra[k.Name] != nil {
		err = extra[k.Name](v)
	}
	if err != nil {
		return "", &InvalidError{k.Name, value, err}
	}
	return v, nil
}

// CheckInFile is Check for a value kept in the config file: a file path there must be absolute
// or start with ~/. A relative one would name a different file in every folder elli runs in
// (state: state.json would read, and on a write replace, the state.json of any project folder).
func (k *Key) CheckInFile(value string, extra Checks) (string, error) {
	v, err := k.Check(value, extra)
	if err != nil {
		return "", err
	}
	if k.pathValue != nil && k.pathValue(v) && !absOrHome(v) {
		return "", &InvalidError{k.Name, value, Problemf("a path in the config file must be absolute or start with ~/")}
	}
	return v, nil
}

// absOrHome reports whether p is absolute or starts at the home folder.
func absOrHome(p string) bool {
	return filepath.IsAbs(p) || p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "~"+string(filepath.Separator))
}

// IsStyleFile reports whether a style value (the key, --style, ELLI_STYLE) names a file rather
// than a built-in style: it holds a path separator or ends in .json, as glow tells them apart.
// The renderer reads such a value as a file, and CheckInFile wants it absolute.
func IsStyleFile(s string) bool {
	return strings.ContainsAny(s, "/"+string(filepath.Separator)) || strings.HasSuffix(strings.ToLower(s), ".json")
}

func isStatePath(s string) bool { return s != "" }

func checkText(s string) (string, error) {
	if strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return "", Problemf("it holds control characters")
	}
	return s, nil
}

func checkCommand(s string) (string, error) {
	if strings.ContainsAny(s, "\n\r") {
		return "", Problemf("use a command on one line")
	}
	return checkText(s)
}

func checkWidth(s string) (string, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < MinWidth || n > MaxWidth {
		return "", Problemf("use a number of columns from %d to %d", MinWidth, MaxWidth)
	}
	return strconv.Itoa(n), nil
}

func checkBool(s string) (string, error) {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return "true", nil
	case "false", "no", "off", "0":
		return "false", nil
	}
	return "", Problemf("use true or false")
}

// orList joins words as "a, b or c".
func orList(words []string) string { return OrList(words).String() }
