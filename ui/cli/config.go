package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/render"
)

// newConfigCmd is `elli config`, as gh's: the settings kept in the config file.
func (a *app) newConfigCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Read and change elli's settings",
		Long: "Read and change the settings kept in elli's config file: " + strings.Join(userfile.KeyNames(), ", ") +
			". A flag or ELLI_* variable overrides the file for one run (elli help environment).",
		Example: "elli config path\nelli config list\nelli config get style\nelli config set style dracula\nelli config unset style",
		Args:    argCount(0, 0, "", "config needs a command: path, list, get, set or unset"),
		RunE: func(c *cobra.Command, _ []string) error {
			return usagef("config needs a command: path, list, get, set or unset")
		},
	}
	keyArg := func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, k := range userfile.Keys {
			out = append(out, cobra.CompletionWithDesc(k.Name, k.Help))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	cmd.AddCommand(
		&cobra.Command{
			Use:   "path",
			Short: "Print the config file's path",
			Args:  argCount(0, 0, "", "config path takes no arguments"),
			RunE: func(c *cobra.Command, _ []string) error {
				path, err := a.userEnv.ConfigFile()
				if err != nil {
					return err
				}
				_, err = fmt.Fprintln(c.OutOrStdout(), sanitizeLine(path))
				return err
			},
		},
		&cobra.Command{
			Use:   "list",
			Short: "Print every setting as key=value, from the file or the default",
			Args:  argCount(0, 0, "", "config list takes no arguments"),
			RunE: func(c *cobra.Command, _ []string) error {
				var b strings.Builder
				for _, k := range userfile.Keys {
					fmt.Fprintf(&b, "%s=%s\n", k.Name, sanitizeLine(a.configValue(k)))
				}
				_, err := fmt.Fprint(c.OutOrStdout(), b.String())
				return err
			},
		},
		&cobra.Command{
			Use:               "get KEY",
			Short:             "Print a setting's value, from the file or the default",
			Args:              argCountMsg(1, 1, msg{"config get needs a key: %s", []any{listArg(userfile.KeyNames())}}, msg{format: "config get takes one key"}),
			ValidArgsFunction: keyArg,
			RunE: func(c *cobra.Command, args []string) error {
				k, err := lookupKey(args[0])
				if err != nil {
					return err
				}
				_, err = fmt.Fprintln(c.OutOrStdout(), sanitizeLine(a.configValue(k)))
				return err
			},
		},
		&cobra.Command{
			Use:   "set KEY VALUE",
			Short: "Set a setting in the config file",
			Args:  argCount(2, 2, "config set needs a key and a value, like: elli config set style dracula", "config set takes a key and one value (quote a value with spaces)"),
			ValidArgsFunction: func(c *cobra.Command, args []string, s string) ([]cobra.Completion, cobra.ShellCompDirective) {
				if len(args) == 1 {
					switch args[0] {
					case "style":
						return render.StyleNames(), cobra.ShellCompDirectiveDefault
					case "state":
						return nil, cobra.ShellCompDirectiveDefault
					}
					if k := userfile.Lookup(args[0]); k != nil {
						return k.Values, cobra.ShellCompDirectiveNoFileComp
					}
				}
				return keyArg(c, args, s)
			},
			RunE: func(_ *cobra.Command, args []string) error {
				k, err := lookupKey(args[0])
				if err != nil {
					return err
				}
				if _, err := k.CheckInFile(args[1], styleChecks); err != nil {
					return &usageError{msg{"%v", []any{err}}}
				}
				cfg, err := a.configFile()
				if err != nil {
					return err
				}
				err = cfg.Set(k.Name, args[1], styleChecks)
				a.sayMoved(cfg)
				return err
			},
		},
		&cobra.Command{
			Use:               "unset KEY",
			Short:             "Remove a setting from the config file, so that it takes its default",
			Args:              argCountMsg(1, 1, msg{"config unset needs a key: %s", []any{listArg(userfile.KeyNames())}}, msg{format: "config unset takes one key"}),
			ValidArgsFunction: keyArg,
			RunE: func(_ *cobra.Command, args []string) error {
				k, err := lookupKey(args[0])
				if err != nil {
					return err
				}
				cfg, err := a.configFile()
				if err != nil {
					return err
				}
				err = cfg.Unset(k.Name)
				a.sayMoved(cfg)
				return err
			},
		},
	)
	return cmd
}

func lookupKey(name string) (*userfile.Key, error) {
	k := userfile.Lookup(strings.ToLower(strings.TrimSpace(name)))
	if k == nil {
		return nil, usagef("unknown key %q; the keys are %s", name, listArg(userfile.KeyNames()))
	}
	return k, nil
}

// configValue is a key's value in the config file, else its default.
func (a *app) configValue(k *userfile.Key) string {
	a.prefs()
	if a.config != nil {
		if v, ok := a.config.Value(k.Name); ok {
			return v
		}
	}
	return k.Default
}

// configFile is the config file to change; an error when elli cannot tell where it goes.
func (a *app) configFile() (*userfile.Config, error) {
	a.prefs()
	if a.config == nil {
		_, err := a.userEnv.ConfigFile()
		if err == nil {
			err = failf("no config file")
		}
		return nil, failf("%v; set ELLI_CONFIG to the file to use", err)
	}
	return a.config, nil
}

// sayMoved warns of a corrupt config file of elli's that a set or unset moved aside.
func (a *app) sayMoved(cfg *userfile.Config) {
	if cfg.Moved != nil {
		a.warnf("%v", cfg.Moved)
	}
}
