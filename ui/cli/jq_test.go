package cli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func TestJQ(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "nftables", "--jq", ".[0].kep"}, "3866\n"},
		{[]string{"list", "--stage", "ga", "-q", "length"}, "11\n"},
		{[]string{"show", "3866", "--jq", ".gates[].name"}, "NFTablesProxyMode\n"}, // strings raw, as jq -r
		{[]string{"gates", "NFTablesProxyMode", "--json", "--jq", ".[0] | {name, default}"}, "{\n  \"default\": true,\n  \"name\": \"NFTablesProxyMode\"\n}\n"},
		{[]string{"list", "--kind", "removal", "--jq", "[.[] | .kind] | unique | .[]"}, "removal\n"},
		{[]string{"list", "--jq", "empty"}, ""},
	} {
		if got := runOK(t, tc.args...); got != tc.want {
			t.Errorf("elli %s:\n%q\nwant %q", strings.Join(tc.args, " "), got, tc.want)
		}
	}
	// the same numbers as jq would compute over --json
	all := decode[[]Item](t, runOK(t, "list", "--json"))
	off := 0
	for _, e := range all {
		if e.OffByDefault {
			off++
		}
	}
	if got := runOK(t, "list", "--jq", "[.[] | select(.off_by_default)] | length"); got != strconv.Itoa(off)+"\n" {
		t.Errorf("off by default: %q, want %d", got, off)
	}
}

func TestJQErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"list", "--jq", ".["}, 2, "invalid --jq expression '.[': unexpected EOF"},
		{[]string{"list", "--jq", "nosuchfn(1)"}, 2, "invalid --jq expression 'nosuchfn(1)': function not defined: nosuchfn/1"},
		{[]string{"list", "--jq", ".foo"}, 1, "--jq .foo: expected an object but got: array"},
		{[]string{"show", "3866", "--raw", "--jq", "."}, 2, "--raw and --json cannot be used together"},
	} {
		r := run(t, tc.args...)
		if r.code != tc.code || !strings.HasPrefix(r.stderr, "elli: "+tc.msg) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("elli %s: exit %d, stderr %q; want %d, %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.code, tc.msg)
		}
	}
	// a search without match still prints what the filter makes of [], then fails
	r := run(t, "search", "zzzzqqq", "--jq", "length")
	if r.code != 1 || r.stdout != "0\n" {
		t.Errorf("search without match: %+v", r)
	}
}

// TestCompletionOffersEveryItem: show and the root complete the overview and every item, and
// --style completes the style names.
func TestCompletionOffersEveryItem(t *testing.T) {
	t.Parallel()
	all := decode[[]Item](t, runOK(t, "list", "--json"))
	for _, cmd := range [][]string{{"__complete", "show", ""}, {"__complete", ""}} {
		out := run(t, cmd...).stdout
		if !strings.HasPrefix(out, "release\t") && !strings.Contains(out, "\nrelease\t") {
			t.Errorf("%v does not offer release:\n%.100s", cmd, out)
		}
		for _, e := range all {
			name := e.ID
			if e.Kind == "enhancement" {
				name = strconv.Itoa(e.KEP)
			}
			if !strings.Contains(out, "\n"+name+"\t") {
				t.Errorf("%v does not offer %s", cmd, name)
			}
		}
	}
	out := run(t, "__complete", "show", "3866", "--style", "").stdout
	for _, name := range []string{"auto", "dracula", "tokyo-night", "notty"} {
		if !strings.Contains(out, name+"\n") {
			t.Errorf("--style completion lacks %s:\n%s", name, out)
		}
	}
}

// TestCheckJQ: --jq works on elli check's JSON and SARIF too, and keeps its exit status.
func TestCheckJQ(t *testing.T) {
	t.Parallel()
	report := decode[map[string]any](t, run(t, "check", "testdata/check", "--json", "--fail-on", "none").stdout)
	n := len(report["findings"].([]any))
	r := run(t, "check", "testdata/check", "--jq", ".findings | length", "--fail-on", "none")
	if r.code != 0 || r.stdout != strconv.Itoa(n)+"\n" {
		t.Errorf("check --jq: %+v, want %d", r, n)
	}
	r = run(t, "check", "testdata/check", "-q", ".runs[0].results | length", "--format", "sarif", "--fail-on", "none")
	if r.code != 0 || r.stdout != strconv.Itoa(n)+"\n" {
		t.Errorf("check --format sarif --jq: %+v, want %d", r, n)
	}
	if r := run(t, "check", "testdata/check", "--jq", ".findings[0].rule"); r.code != 1 || strings.Count(r.stdout, "\n") != 1 {
		t.Errorf("check --jq with findings at the default --fail-on: %+v, want exit 1 and one line", r)
	}
}

// TestEveryJSONCommandHasJQ: a command that prints JSON also filters it.
func TestEveryJSONCommandHasJQ(t *testing.T) {
	t.Parallel()
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		if c.Flags().Lookup("json") != nil {
			n++
			if f := c.Flags().Lookup("jq"); f == nil || f.Shorthand != "q" {
				t.Errorf("elli %s has --json but no -q, --jq", c.CommandPath())
			}
		}
		for _, sc := range c.Commands() {
			walk(sc)
		}
	}
	walk(newTestApp(t, nil).newRoot())
	if n < 5 {
		t.Errorf("only %d commands with --json", n)
	}
}
