package cli

import (
	"fmt"
	"strings"

	"github.com/elli-k8s/elli/data/userfile"
)

// The reference facts of the command line, defined once: `elli help environment`, `elli help
// exit-codes`, the man page's ENVIRONMENT, EXIT STATUS, FILES and EXAMPLES sections and the
// root command's examples all come from these tables.

// entry is one line of a reference table: a name and what it means.
type entry struct{ name, text string }

// exitCodes are elli's exit statuses (errors.go holds the constants).
func exitCodes() []entry {
	return []entry{
		{fmt.Sprint(exitOK), "Success."},
		{fmt.Sprint(exitFail), "Not found (elli show 99999, a search without a match), invalid content under --data, " +
			"a --jq expression that fails on the data, elli check finding something at or above --fail-on, elli cve --version " +
			"lacking a fix at or above --fail-on, or another runtime error."},
		{fmt.Sprint(exitUsage), "Usage error: an unknown command, flag or help topic, a bad flag value (the message lists " +
			"the valid ones), the wrong number of arguments, a --jq expression that does not parse, a path elli check cannot read, " +
			"a cluster elli check --cluster cannot reach or read any kind of object in, or a version that is not a known release of the line (elli cve --version, elli patches)."},
		{"130", "SIGINT: the explorer was stopped from outside (kill -INT), or ctrl+c stopped elli check --cluster (its progress line is erased first; SIGTERM ends it with 143 and SIGHUP with 129, within a second, whatever it waits for); q and ctrl+c in the explorer quit with 0."},
	}
}

// environment lists the variables elli reads: one per setting, then the conventions it follows.
func environment() []entry {
	var out []entry
	for _, k := range userfile.Keys {
		out = append(out, entry{k.Env, fmt.Sprintf("Sets %s for this run, over the config file. %s.", k.Name, capitalize(k.Help))})
	}
	return append(out,
		entry{"ELLI_CONFIG", "The config file to read and write instead of config.yaml in the config folder."},
		entry{"NO_COLOR", "Any value turns colour off (no-color.org). --color always and ELLI_COLOR=always still win."},
		entry{"CLICOLOR_FORCE", "Any value but 0 turns colour on, also into a pipe, unless NO_COLOR is set."},
		entry{"CLICOLOR", "0 turns colour off."},
		entry{"PAGER", "The pager when neither ELLI_PAGER nor the config names one; empty or cat for none. " +
			"Without any, elli uses less when it is installed."},
		entry{"LESS", "less's options; elli sets FRX when it is unset, so that short output prints directly and colours show."},
		entry{"GLAMOUR_STYLE", "The page style, as glow reads it, when neither --style, ELLI_STYLE nor the config names one."},
		entry{"COLORFGBG", "The terminal's colours as rxvt and Konsole set them; elli reads the background from it " +
			"instead of asking the terminal."},
		entry{"LC_ALL, LC_MESSAGES, LANG", "The locale. When neither --lang, ELLI_LANG nor the config names a language, " +
			"the first of these that is set decides: zh_CN.UTF-8, or any locale starting with zh, gives Chinese; any other " +
			"(C, POSIX, en_US.UTF-8) English."},
		entry{"BROWSER", "The program the explorer's o opens links with; else xdg-open, open, or wslview on WSL."},
		entry{"XDG_CONFIG_HOME", "The folder that holds elli/config.yaml (default ~/.config on Linux)."},
		entry{"XDG_STATE_HOME", "The folder that holds elli's saved state (default ~/.local/state on Linux)."},
	)
}

// files are the files elli reads and writes.
func files() []entry {
	return []entry{
		{"$XDG_CONFIG_HOME/elli/config.yaml", "The settings: " + strings.Join(userfile.KeyNames(), ", ") +
			". ~/.config/elli/config.yaml on Linux when XDG_CONFIG_HOME is unset, ~/Library/Application Support/elli " +
			"on macOS, elli in the AppData folder on Windows; elli config path prints it. Written atomically by elli config set."},
		{"$XDG_STATE_HOME/elli/state.json", "The checklist's progress, your stars and notes (elli checklist, star, note). " +
			"~/.local/state/elli/state.json on Linux when XDG_STATE_HOME is unset, ~/Library/Application Support/elli on macOS, " +
			"elli in the LocalAppData folder on Windows; --state, ELLI_STATE or the config's state key name another. Written " +
			"atomically under a lock on its folder, so two elli processes never lose each other's change; a link is followed to its target."},
		{"NAME.corrupt-TIME", "A config or state file that elli wrote and can no longer read, moved aside by the next " +
			"change with the time (UTC) in its name and reported, never deleted. A file elli did not write is never " +
			"moved or replaced: a command that reads it warns, one that would change it fails."},
	}
}

// examples are what the root command's help shows and the man page explains.
func examples() []entry {
	return []entry{
		{"elli", "Open the explorer."},
		{"elli 3866", "Open the explorer on KEP-3866."},
		{"elli --tab upgrade", "Open the explorer on the upgrade guide."},
		{"elli list --stage beta --sig node", "List the Beta enhancements of SIG Node."},
		{"elli show 3866 -s dracula", "Read KEP-3866's page in glamour's dracula style, through the pager."},
		{"elli show 3866 --color always | less -R", "Page it with colours through a pipe."},
		{"elli search pod failure", "Search the release, best match first."},
		{"elli gates NFTablesProxyMode", "Look up a feature gate."},
		{"helm template ./chart | elli check -", "Find what v1.31 breaks in a chart's manifests; exit 1 if anything stops working."},
		{"elli list --jq '.[] | select(.off_by_default) | .id'", "Print the ids of the items whose gates are off by default."},
		{"elli config set style tokyo-night", "Keep a style for every page from now on."},
		{"elli checklist --markdown", "Print the upgrade checklist with your progress as Markdown boxes, for a ticket or pull request."},
	}
}

// exampleLines are the examples' commands, for cobra's Example field.
func exampleLines() string {
	var b strings.Builder
	for i, e := range examples() {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.name)
	}
	return b.String()
}

// helpTopics are the pages `elli help TOPIC` shows besides the commands'.
var helpTopics = []struct {
	name, title, short, intro string
	entries                   func() []entry
}{
	{"environment", "environment", "Environment variables elli reads",
		"Settings come from, in order: a command-line flag, its ELLI_* variable, the config file " +
			"(elli config path), the default. The colour variables rank below --color and ELLI_COLOR and " +
			"above the config file's color.", environment},
	{"exit-codes", "exit status", "What elli's exit status means",
		"elli exits with one of these statuses; errors are one line on stderr, starting with \"elli:\".", exitCodes},
}
