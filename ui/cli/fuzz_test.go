package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/elli-k8s/elli/ui/render"
)

// FuzzCLI runs elli in process with arbitrary arguments (separated by NUL in the input), piped:
// the exit status is 0, 1 or 2; stderr is at most one line; --json output is valid JSON; and
// nothing written is a control sequence, whatever the arguments held. Commands that read or
// write the user's files by path (check, man, --data, --state, --style FILE) are left out; the
// config and state folders are a temporary one. Seeds: testdata/fuzz/FuzzCLI.
func FuzzCLI(f *testing.F) {
	for _, args := range []string{
		"", "--help", "--bogus", "show\x0099999", "show\x003866\x00--json", "show\x00release\x00--raw",
		"search\x00nft\x00--json\x00--limit\x002", "search\x00\x1b]52;c;cm0gLXJm\a", "search\x00\u202eevil",
		"list\x00--stage\x00gamma", "list\x00--json", "gates\x00--json", "gates\x00NFTablesProxyMode",
		"completion\x00nosh", "completion\x00bash", "__complete\x00show\x0038", "help\x00nosuch",
		"help\x00exit-codes", "--search\x00" + strings.Repeat("nft ", 100), "show\x00\x1b[2J", "show",
		"version\x00--json", "--version", "config\x00list", "config\x00get\x00nosuch", "star\x003866\x00--json",
		"notes\x00--json", "checklist\x00--json", "show\x003866\x00--width\x000", "show\x003866\x00--lang\x00zh",
	} {
		f.Add(args)
	}
	dir := f.TempDir()
	env := map[string]string{"XDG_CONFIG_HOME": dir, "XDG_STATE_HOME": dir}
	f.Fuzz(func(t *testing.T, input string) {
		args := strings.Split(input, "\x00")
		if input == "" {
			args = nil
		}
		if slices.ContainsFunc(args, touchesFiles) {
			return
		}
		r := newTestApp(t, env).run(args...)
		if r.code != 0 && r.code != 1 && r.code != 2 {
			t.Fatalf("exit %d for %q", r.code, args)
		}
		if n := strings.Count(r.stderr, "\n"); n > 1 {
			t.Fatalf("%d lines on stderr for %q: %q", n, args, r.stderr)
		}
		if slices.Contains(args, "--json") && !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--jq") }) &&
			r.code != 2 && r.stdout != "" && !json.Valid([]byte(r.stdout)) {
			t.Fatalf("--json wrote invalid JSON for %q: %.300q", args, r.stdout)
		}
		if bad := controlIn(r.stdout + r.stderr); bad != "" {
			t.Fatalf("%q wrote %s", args, bad)
		}
	})
}

// touchesFiles reports the arguments that name the user's files or read arbitrary paths.
func touchesFiles(a string) bool {
	switch {
	case a == "check", a == "man", strings.ContainsAny(a, `/\`):
		return true
	}
	for _, flag := range []string{"--data", "--state", "--style", "--config"} {
		if strings.HasPrefix(a, flag) {
			return true
		}
	}
	return false
}

// controlIn describes the first escape or control character in piped output (a tab is fine:
// completion writes tabs), or "".
func controlIn(s string) string {
	for i, r := range s {
		if r == 0x1b || r != '\t' && render.Unsafe(r) {
			if r == utf8.RuneError {
				return fmt.Sprintf("bytes that are not UTF-8 at %d: %q", i, s[i:min(len(s), i+8)])
			}
			return fmt.Sprintf("%U at byte %d: %q", r, i, s[max(0, i-20):min(len(s), i+20)])
		}
	}
	return ""
}
