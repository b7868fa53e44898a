package data

import (
	"strings"
	"testing"
)

// Content under --data is untrusted: a file carrying terminal escapes or bidi overrides is
// refused with the file and line, before any of its text can reach a terminal.
func TestLoadRefusesControlCharacters(t *testing.T) {
	for _, tc := range []struct {
		name, insert, want string
	}{
		{"escape in title", "\x1b]0;pwned\x07", "U+001B"},
		{"C1 CSI in body", "\u009b2J", "U+009B"},
		{"bidi override", "\u202e", "U+202E"},
		{"DEL", "\x7f", "U+007F"},
		{"lone carriage return", "\rforged", "U+000D"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := baseFS()
			edit(t, fsys, fxRemoval, "title: The --old-flag flag is removed", "title: The --old-flag flag is removed"+tc.insert)
			problems := loadProblems(t, fsys)
			if len(problems) != 1 || problems[0].File != fxRemoval || !strings.Contains(problems[0].Msg, tc.want) ||
				!strings.Contains(problems[0].Msg, "line 3") {
				t.Fatalf("problems = %v, want one for %s naming %s on line 3", problems, fxRemoval, tc.want)
			}
			if strings.ContainsAny(problems[0].String(), "\x1b\u009b\u202e\x7f") {
				t.Fatal("the error message itself must not carry the character")
			}
		})
	}
	fsys := baseFS()
	edit(t, fsys, fxRemoval, "The flag is gone.", "The flag\tis gone.\r\n")
	if p := loadProblems(t, fsys); p != nil {
		t.Fatalf("tabs and CRLF are fine, got %v", p)
	}
}

// A YAML escape ("\e", "\u009b") turns into a control character only when decoded; the decoded
// fields are checked too.
func TestLoadRefusesEscapedControlCharacters(t *testing.T) {
	fsys := baseFS()
	edit(t, fsys, fxRemoval, "title: The --old-flag flag is removed", `title: "The \e[31m--old-flag\e[0m flag is removed"`)
	problems := loadProblems(t, fsys)
	if len(problems) != 1 || problems[0].Field != "title" || !strings.Contains(problems[0].Msg, "U+001B") {
		t.Fatalf("problems = %v, want one for title naming U+001B", problems)
	}
}

// A missing KEP number is one problem, not also a mismatch with the KEP link.
func TestMissingKEPIsOneProblem(t *testing.T) {
	fsys := baseFS()
	edit(t, fsys, fxGA, "kep: 300\n", "")
	problems := loadProblems(t, fsys)
	if len(problems) != 1 || problems[0].Field != "kep" || !strings.Contains(problems[0].Msg, "missing") {
		t.Fatalf("problems = %v, want one missing kep", problems)
	}
}

// Problems come in the same order on every run, so the one-line error names the same first one.
func TestProblemsInStableOrder(t *testing.T) {
	for range 20 {
		fsys := baseFS()
		edit(t, fsys, fxRelease, "released: 2030-01-08", "released: someday")
		edit(t, fsys, fxRelease, "data_as_of: 2030-01-08", "data_as_of: later")
		problems := loadProblems(t, fsys)
		if len(problems) != 2 || problems[0].Field != "released" || problems[1].Field != "data_as_of" {
			t.Fatalf("problems = %v, want released then data_as_of", problems)
		}
	}
}
