package i18n

import (
	"fmt"
	"strings"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/userfile"
)

// Problems about the user's files and settings come from data/ as an English format and its
// arguments (userfile.Problem, userfile.CorruptError, userfile.InvalidError): data/ holds no
// text in a second language, and the UI says them in the run's language here, through the
// same catalog as the command line's own messages (Message).

// formatted is a message kept as its English format and arguments.
type formatted interface{ Message() (string, []any) }

// Say says err in lang: a formatted message through the catalog, with its arguments said in
// lang too; any other error keeps its own words (a system call's, a parser's).
func Say(lang data.Lang, err error) string {
	if f, ok := err.(formatted); ok {
		format, args := f.Message()
		return Sayf(lang, format, args)
	}
	return err.Error()
}

// Sayf says an English format and its arguments in lang. An argument that is a formatted
// message, a userfile.OrList or userfile.Sentences is said in lang as well.
func Sayf(lang data.Lang, format string, args []any) string {
	f := Message(lang, format)
	if args == nil {
		return f
	}
	said := make([]any, len(args))
	for i, a := range args {
		said[i] = sayArg(lang, a)
	}
	return fmt.Sprintf(strings.ReplaceAll(f, "%w", "%v"), said...)
}

func sayArg(lang data.Lang, a any) any {
	switch a := a.(type) {
	case formatted:
		format, args := a.Message()
		return Sayf(lang, format, args)
	case userfile.OrList:
		return For(lang).List(a)
	case userfile.Sentences:
		parts := make([]string, len(a))
		for i, e := range a {
			parts[i] = Say(lang, e)
		}
		return strings.Join(parts, For(lang).Then)
	}
	return a
}
