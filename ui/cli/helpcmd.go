package cli

import (
	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/ui/i18n"
)

// newHelpCmd is `elli help [COMMAND|TOPIC]`: a command's help, or a topic's page. Anything else
// is a usage error (cobra's own help command printed the root's help and exited 0).
func (a *app) newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND|TOPIC]",
		Short: "Help on a command, or on a topic: " + topicNames(),
		Long: "Help on elli, on one of its commands, or on a topic: environment (the variables and " +
			"settings elli reads) or exit-codes (what its exit status means).",
		Example: "elli help show\nelli help environment\nelli help exit-codes",
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, t := range helpTopics {
				out = append(out, cobra.CompletionWithDesc(t.name, i18n.Topic(a.lang, t.short)))
			}
			for _, sc := range c.Root().Commands() {
				if sc.IsAvailableCommand() {
					out = append(out, cobra.CompletionWithDesc(sc.Name(), sc.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			if len(args) == 0 {
				root.InitDefaultHelpFlag() // cobra adds -h only to the command it runs
				a.help(root, nil)
				return nil
			}
			if len(args) == 1 {
				for _, t := range helpTopics {
					if t.name == args[0] {
						return a.writeTopic(c, t.title, t.intro, t.entries())
					}
				}
			}
			target, rest, err := root.Find(args)
			if err != nil || target == root || len(rest) > 0 {
				return usagef("unknown help topic or command %q; the topics are %s, and elli help lists the commands",
					args[len(args)-1], listArg(topicList()))
			}
			target.InitDefaultHelpFlag()
			a.help(target, nil)
			return nil
		},
	}
}

func topicNames() string { return orList(topicList()) }

func topicList() []string {
	names := make([]string, len(helpTopics))
	for i, t := range helpTopics {
		names[i] = t.name
	}
	return names
}

// writeTopic prints a help topic: its introduction and its table.
func (a *app) writeTopic(c *cobra.Command, title, intro string, entries []entry) error {
	st, profile := a.helpColors()
	p := &helpPage{st: st, width: a.helpWidth()}
	title, intro = i18n.Topic(a.lang, title), i18n.Topic(a.lang, intro)
	for i := range entries {
		entries[i].text = i18n.Topic(a.lang, entries[i].text)
	}
	p.section(title)
	p.para(intro)
	p.blank()
	rows := make([]row, len(entries))
	for i, e := range entries {
		rows[i] = row{[]seg{{e.name, st.flag}}, e.text}
	}
	p.rows(rows)
	return p.write(c.OutOrStdout(), profile)
}
