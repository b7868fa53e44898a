package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // not found, invalid content, runtime error
	exitUsage = 2 // unknown command or flag, bad flag value, wrong number of arguments
)

// usageError is a mistake in the command line: exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// exitStatus ends elli with a code and no message.
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// flagValueError is returned by elli's flag values. Its message is complete ("invalid --stage
// "gamma": use ga, beta or alpha") and replaces pflag's wrapper around it.
type flagValueError struct{ msg string }

func (e *flagValueError) Error() string { return e.msg }

// flagError turns every flag parsing error into a usage error.
func flagError(_ *cobra.Command, err error) error {
	var fe *flagValueError
	if errors.As(err, &fe) {
		return &usageError{fe.msg}
	}
	return &usageError{err.Error()}
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

// errorLine is the one line elli prints for an error: "elli: message", with cobra's multi-line
// suggestions folded in and anything untrusted (arguments, file names) made safe to print.
func errorLine(err error) string {
	msg := err.Error()
	if before, after, ok := strings.Cut(msg, "\n\nDid you mean this?\n"); ok {
		msg = before + "; did you mean " + strings.Join(strings.Fields(after), " or ") + "?"
	}
	return "elli: " + sanitizeLine(msg)
}

// printError prints an error as exactly one plain line on stderr, no styling and no "Try
// --help" box, whatever the terminal; nothing for no error or a bare exit status.
func printError(w io.Writer, err error) {
	var es *exitStatus
	if err == nil || errors.As(err, &es) {
		return
	}
	_, _ = fmt.Fprintln(w, errorLine(err))
}
