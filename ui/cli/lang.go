package cli

import (
	"strings"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The language of a run: --lang, else ELLI_LANG, else the config file's lang, else the
// locale (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them: zh_CN.UTF-8 and any zh*
// give Chinese, C, POSIX and every other locale English), else English. It is settled before
// the commands are built, so that help, errors and completions are all in one language: the
// flag is read from the arguments first, and cobra checks its value when it parses them.

// langArg is the value of the last --lang in args ("" for none), before a "--".
func langArg(args []string) string {
	v := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return v
		case a == "--lang" && i+1 < len(args):
			v = args[i+1]
			i++
		case strings.HasPrefix(a, "--lang="):
			v = strings.TrimPrefix(a, "--lang=")
		}
	}
	return v
}

// resolveLang applies the order above. config returns the config file's valid lang, if it sets
// one; it is called only when the flag and the variable say nothing. An invalid value of the
// flag or of ELLI_LANG falls through to the next source here: the flag's parsing reports it as
// a usage error, the settings report the variable.
func resolveLang(flag string, lookupEnv func(string) (string, bool), config func() (string, bool)) data.Lang {
	if l, ok := data.ParseLang(flag); ok {
		return l
	}
	if v, _ := lookupEnv("ELLI_LANG"); v != "" {
		if l, ok := data.ParseLang(v); ok {
			return l
		}
	}
	if v, ok := config(); ok {
		if l, ok := data.ParseLang(v); ok {
			return l
		}
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v, _ := lookupEnv(name)
		if v == "" {
			continue // unset or empty: the next one decides
		}
		if strings.HasPrefix(strings.ToLower(v), "zh") {
			return data.LangZH
		}
		return data.LangEN // C, POSIX, en_US, fr_FR...: the first one set decides
	}
	return data.LangEN
}

// setLang settles the run's language from its arguments and environment.
func (a *app) setLang(args []string) {
	a.lang = resolveLang(langArg(args), a.lookupEnv, a.configLang)
	a.s = i18n.For(a.lang)
	a.sayConfigProblems() // if the config was read to settle the language
	a.warnCharset()
}

// warnCharset warns, on a terminal, when the locale names a character set other than UTF-8
// (zh_CN.GB18030, zh_TW.Big5, GBK): elli writes only UTF-8, which such a terminal shows as
// garbage, and saying so beats a screen of mojibake without a word. Pipes get UTF-8 silently,
// as JSON and the other formats require.
func (a *app) warnCharset() {
	if !a.term.out {
		return
	}
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		v, _ := a.lookupEnv(name)
		if v == "" {
			continue
		}
		_, set, ok := strings.Cut(strings.SplitN(v, "@", 2)[0], ".")
		norm := strings.ToLower(strings.ReplaceAll(set, "-", ""))
		if ok && norm != "utf8" {
			a.warnf("the locale's character set is %s, but elli writes UTF-8: set %s to a UTF-8 locale, such as zh_CN.UTF-8", set, name)
		}
		return // the first one set decides, as for the language
	}
}

// configLang is the config file's lang, if it sets a valid one.
func (a *app) configLang() (string, bool) {
	cfg, _ := a.loadConfig()
	if cfg == nil {
		return "", false
	}
	return cfg.Value("lang")
}

// loadConfig reads the config file once per run and prints its problems, whatever the
// command: a file moved aside as corrupt is always reported, even by elli version.
func (a *app) loadConfig() (*userfile.Config, []error) {
	if !a.configRead {
		a.configRead = true
		if path, err := a.userEnv.ConfigFile(); err == nil {
			a.config, a.configProblems = userfile.LoadConfig(path, styleChecks, a.now())
		}
	}
	a.sayConfigProblems()
	return a.config, a.configProblems
}

// sayConfigProblems prints the config file's problems once, in the run's language: not while
// the file is read to settle that language (the config's lang key), but right after.
func (a *app) sayConfigProblems() {
	if a.s == nil || !a.configRead || a.configSaid {
		return
	}
	a.configSaid = true
	for _, p := range a.configProblems {
		a.warnf("%v", p)
	}
}

// newLangFlag is --lang: en or zh, and the regional forms people type (zh_CN, zh-Hans).
func (a *app) newLangFlag() *enumValue {
	e := newEnum("lang", string(a.lang), data.LangNames())
	e.normalize = func(s string) string {
		if l, ok := data.ParseLang(s); ok {
			return string(l)
		}
		return s
	}
	return e
}

// textDataset is the dataset for a command that prints its text. When the dataset lacks the
// run's language (a --data folder without Chinese), English stands in and one line on stderr
// says so.
func (a *app) textDataset() (*data.Dataset, error) {
	ds, err := a.dataset()
	if err != nil || a.lang == data.LangEN || a.untranslatedSaid {
		return ds, err
	}
	a.untranslatedSaid = true
	if note := a.s.UntranslatedNote(ds, a.lang); note != "" {
		a.printNote(note)
	}
	return ds, nil
}
