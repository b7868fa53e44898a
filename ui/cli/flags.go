package cli

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
)

// enumValue is a flag that takes one of a fixed set of words. A bad value is a usage error that
// lists the valid ones: `invalid --stage "gamma": use ga, beta or alpha`.
type enumValue struct {
	name  string
	value string
	valid []string
	// normalize maps what people type to a valid word (say, "sig-network" to "network").
	normalize func(string) string
}

func newEnum(name, def string, valid []string) *enumValue {
	return &enumValue{name: name, value: def, valid: valid}
}

// newTabFlag is --tab: a section's name, or any word of its label or an older name of it
// (data.SectionIndex), which it stores as the name.
func newTabFlag() *enumValue {
	e := newEnum("tab", "", data.SectionNames())
	e.normalize = func(s string) string {
		if i := data.SectionIndex(s); i >= 0 {
			return data.Sections[i].Name
		}
		return s
	}
	return e
}

func (e *enumValue) Set(s string) error {
	v := strings.ToLower(strings.TrimSpace(s))
	if e.normalize != nil {
		v = e.normalize(v)
	}
	if !slices.Contains(e.valid, v) {
		if near := suggest(v, e.valid, 1); len(near) > 0 {
			return flagValuef("invalid --%s %q: did you mean %s? Use %s", e.name, s, near[0], listArg(e.valid))
		}
		return flagValuef("invalid --%s %q: use %s", e.name, s, listArg(e.valid))
	}
	e.value = v
	return nil
}

func (e *enumValue) String() string { return e.value }
func (e *enumValue) Type() string   { return "string" }

// complete offers the valid words to shell completion.
func (e *enumValue) complete(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return e.valid, cobra.ShellCompDirectiveNoFileComp
}

// intValue is an integer flag with a range. A bad value is a usage error with a hint.
type intValue struct {
	name     string
	p        *int
	min, max int
	hint     msg
}

func (v *intValue) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < v.min || n > v.max {
		return flagValuef("invalid --%s %q: %v", v.name, s, v.hint)
	}
	*v.p = n
	return nil
}

func (v *intValue) String() string { return strconv.Itoa(*v.p) }
func (v *intValue) Type() string   { return "int" }

// orList joins words as "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// noFiles is the completion for flags whose value is free text.
func noFiles(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}
