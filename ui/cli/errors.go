package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
	"github.com/elli-k8s/elli/ui/tui"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // not found, invalid content, runtime error
	exitUsage = 2 // unknown command or flag, bad flag value, wrong number of arguments
)

// A message elli prints is an English format and its arguments, so that it can be said in the
// run's language: the catalog holds each format's translation, keyed by the English format
// (i18n.Message). Every error a command returns is made with usagef, failf or flagValuef; a test
// reads this package's source and fails for a format the catalog cannot say in every language.
type msg struct {
	format string
	args   []any // nil: format is the text itself, with no verbs
}

// in says the message in lang. An argument that is itself a message, or says itself in a
// language (a list, a problem with a user file from data/: i18n.Sayf), is said in lang too;
// an error from elsewhere keeps its own words.
func (m msg) in(lang data.Lang) string {
	if m.args == nil {
		return i18n.Message(lang, m.format)
	}
	args := make([]any, len(m.args))
	for i, a := range m.args {
		if s, ok := a.(sayer); ok {
			a = s.in(lang)
		}
		args[i] = a
	}
	return i18n.Sayf(lang, m.format, args)
}

func (m msg) Error() string { return m.in(data.LangEN) }

// Unwrap gives errors.Is and errors.As the errors among the arguments.
func (m msg) Unwrap() []error {
	var out []error
	for _, a := range m.args {
		if err, ok := a.(error); ok {
			out = append(out, err)
		}
	}
	return out
}

// sayer is text that can be said in a language.
type sayer interface{ in(data.Lang) string }

// listArg is a list of words for a message: "a, b or c", "a、b 或 c".
type listArg []string

func (l listArg) in(lang data.Lang) string { return i18n.For(lang).List(l) }

// usageError is a mistake in the command line: exit code 2.
type usageError struct{ msg }

func usagef(format string, args ...any) error { return &usageError{msg{format, orNone(args)}} }

// failure is any other error a command reports: exit code 1.
type failure struct{ msg }

func failf(format string, args ...any) error { return &failure{msg{format, orNone(args)}} }

// orNone keeps a format with no arguments apart from a literal text: formats are Sprintf'd.
func orNone(args []any) []any {
	if args == nil {
		return []any{}
	}
	return args
}

// exitStatus ends elli with a code and no message.
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// flagValueError is returned by elli's flag values. Its message is complete ("invalid --stage
// "gamma": use ga, beta or alpha") and replaces pflag's wrapper around it.
type flagValueError struct{ msg }

func flagValuef(format string, args ...any) error { return &flagValueError{msg{format, orNone(args)}} }

// flagError turns every flag parsing error into a usage error.
func flagError(_ *cobra.Command, err error) error {
	var fe *flagValueError
	if errors.As(err, &fe) {
		return &usageError{fe.msg}
	}
	return &usageError{msg{"%v", []any{err}}}
}

// cobraUsagePrefixes start the usage errors that cobra and pflag produce themselves, in commands
// elli does not define (completion, man, help) or paths that bypass the flag error function.
var cobraUsagePrefixes = []string{
	"unknown command ",
	"unknown flag:",
	"unknown shorthand flag:",
	"flag needs an argument:",
	"bad flag syntax:",
	"invalid argument ",
	"accepts ",
	"requires at least ",
	"requires at most ",
	"required flag(s) ",
	"if any flags in the group ",
	"at least one of the flags in the group ",
}

// exitCode maps an error from a command to the process exit code.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	var es *exitStatus
	if errors.As(err, &es) {
		return es.code
	}
	msg := err.Error()
	for _, p := range cobraUsagePrefixes {
		if strings.HasPrefix(msg, p) {
			return exitUsage
		}
	}
	return exitFail
}

// errorLine is the one line elli prints for an error, in lang: "elli: message", with cobra's
// multi-line suggestions folded in and anything untrusted (arguments, file names) made safe to
// print. cobra's and pflag's own messages are said in lang too (i18n.CobraMessage).
func errorLine(err error, lang data.Lang) string {
	var text string
	if s, ok := err.(sayer); ok {
		text = s.in(lang)
	} else {
		text = i18n.Say(lang, err) // a user file's problem from data/ is said in lang; others keep their words
	}
	suggest := ""
	if before, after, ok := strings.Cut(text, "\n\nDid you mean this?\n"); ok {
		text = before
		suggest = fmt.Sprintf(i18n.Message(lang, "; did you mean %s?"), i18n.For(lang).List(strings.Fields(after)))
	}
	return "elli: " + sanitizeLine(i18n.CobraMessage(lang, text)+suggest)
}

// printError prints an error as exactly one plain line on stderr, in lang, no styling and no
// "Try --help" box, whatever the terminal; nothing for no error or a bare exit status.
func printError(w io.Writer, err error, lang data.Lang) {
	var es *exitStatus
	if err == nil || errors.As(err, &es) {
		return
	}
	_, _ = fmt.Fprintln(w, errorLine(err, lang))
}

// signalStatus turns an explorer that a signal ended (SIGHUP, SIGTERM, SIGQUIT, SIGINT) into
// the status a shell gives a process killed by it, 128+signal, with nothing to say: the
// explorer has restored the terminal.
func signalStatus(err error) error {
	var se *tui.SignalError
	if !errors.As(err, &se) {
		return err
	}
	if s, ok := se.Signal.(syscall.Signal); ok {
		return &exitStatus{128 + int(s)}
	}
	return &exitStatus{exitFail}
}
