package userfile

import (
	"fmt"
	"strings"
)

// Problem is a sentence about a user file or a setting, kept as an English format and its
// arguments rather than as text: the UI says it in the run's language through its catalog,
// which is keyed by the format (ui/i18n.Say), and Error is the English. data/ holds no text in
// a second language.
type Problem struct {
	Format string
	Args   []any
}

// Problemf makes a Problem. An argument may be an error (%w or %v), a Problem itself, an OrList
// or a Sentences, which the UI says in its language too.
func Problemf(format string, args ...any) *Problem { return &Problem{format, args} }

func (p *Problem) Error() string {
	return fmt.Sprintf(strings.ReplaceAll(p.Format, "%w", "%v"), p.Args...)
}

// Message is the English format and its arguments.
func (p *Problem) Message() (string, []any) { return p.Format, p.Args }

// Unwrap gives errors.Is and errors.As the errors among the arguments.
func (p *Problem) Unwrap() []error {
	var out []error
	for _, a := range p.Args {
		if err, ok := a.(error); ok {
			out = append(out, err)
		}
	}
	return out
}

// OrList is a list of choices in a Problem: "a, b or c" in English.
type OrList []string

func (l OrList) String() string {
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return strings.Join(l[:len(l)-1], ", ") + " or " + l[len(l)-1]
}

// Sentences are problems said one after the other: "a; b" in English.
type Sentences []error

func (s Sentences) String() string {
	parts := make([]string, len(s))
	for i, e := range s {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// InvalidError is a value a key cannot take: the key, the value as given, and what to use.
type InvalidError struct {
	Key, Value string
	Reason     error
}

func (e *InvalidError) Error() string {
	f, args := e.Message()
	return fmt.Sprintf(f, args...)
}

// Message is the English format and its arguments.
func (e *InvalidError) Message() (string, []any) {
	return "invalid %s %q: %v", []any{e.Key, e.Value, e.Reason}
}

// Unwrap is the reason, which a flag's error says after its own "invalid --KEY".
func (e *InvalidError) Unwrap() error { return e.Reason }
