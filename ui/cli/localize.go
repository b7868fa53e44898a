package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// localize puts the command tree's help into the run's language: each command's short and long
// text and each flag's usage from the catalog's table for that language (i18n.HelpZH), the help
// flag's from its format. English is what the commands declare, so an English run changes
// nothing. It runs once, when a help page or shell completion needs the texts: a command that
// shows neither does not pay for it (about a millisecond). The man page is always built from a
// fresh, English tree.
func (a *app) localize(root *cobra.Command) {
	table := i18n.CommandHelpIn(a.lang)
	if a.lang == data.LangEN || table == nil || a.localized {
		return
	}
	a.localized = true
	root.InitDefaultHelpCmd() // elli's help command joins the tree only when cobra runs it
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag() // cobra adds -h only to the command it runs
		if f := c.Flags().Lookup("help"); f != nil {
			f.Usage = fmt.Sprintf(a.s.Help.FlagHelp, c.Name())
		}
		if h, ok := table[c.CommandPath()]; ok {
			if h.Short != "" {
				c.Short = h.Short
			}
			if h.Long != "" {
				c.Long = h.Long
			}
			for name, usage := range h.Flags {
				if f := declaredFlag(c, name); f != nil {
					f.Usage = usage
				}
			}
		}
		for _, sc := range c.Commands() {
			walk(sc)
		}
	}
	walk(root)
}

// declaredFlag is the flag that c itself declares: a local or a persistent one, not one it
// inherits.
func declaredFlag(c *cobra.Command, name string) *pflag.Flag {
	if f := c.PersistentFlags().Lookup(name); f != nil {
		return f
	}
	return c.LocalNonPersistentFlags().Lookup(name)
}
