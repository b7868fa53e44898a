package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/ui/i18n"
)

// treeOf is the command tree as a run in lang builds it, by command path.
func treeOf(t *testing.T, lang data.Lang) map[string]*cobra.Command {
	t.Helper()
	a := newTestApp(t, map[string]string{"ELLI_LANG": string(lang)})
	a.setLang(nil)
	root := a.newRoot()
	root.InitDefaultHelpCmd()
	a.localize(root)
	out := map[string]*cobra.Command{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		out[c.CommandPath()] = c
		for _, sc := range c.Commands() {
			walk(sc)
		}
	}
	walk(root)
	return out
}

var backquoted = regexp.MustCompile("`[^`]+`")

// TestHelpTranslated: in Chinese every visible command's short and long help and every flag's
// usage is Chinese, names the same `VALUE`, flags and valid values as the English one; the
// table holds no command or flag the tree does not have; in English no help is Chinese.
func TestHelpTranslated(t *testing.T) {
	en, zh := treeOf(t, data.LangEN), treeOf(t, data.LangZH)
	for path, ce := range en {
		cz := zh[path]
		if ce.Hidden {
			continue
		}
		check := func(what, e, z string) {
			t.Helper()
			if e == "" {
				return
			}
			if !hasHan(z) {
				t.Errorf("%s %s has no Chinese: %q", path, what, z)
			}
			if hasHan(e) {
				t.Errorf("%s %s in English holds Chinese: %q", path, what, e)
			}
			for _, want := range tokensToKeep(e) {
				if !strings.Contains(z, want) {
					t.Errorf("%s %s: the Chinese %q lacks %q of the English %q", path, what, z, want, e)
				}
			}
		}
		check("short", ce.Short, cz.Short)
		check("long", ce.Long, cz.Long)
		ce.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			check("--"+f.Name, f.Usage, cz.LocalFlags().Lookup(f.Name).Usage)
			if ev, ok := f.Value.(*enumValue); ok {
				for _, v := range ev.valid {
					if strings.Contains(f.Usage, v) && !strings.Contains(cz.LocalFlags().Lookup(f.Name).Usage, v) {
						t.Errorf("%s --%s: the Chinese usage lacks the value %q", path, f.Name, v)
					}
				}
			}
		})
	}
	for path, h := range i18n.HelpZH() {
		c, ok := en[path]
		if !ok {
			t.Errorf("i18n.HelpZH has %q, which is no command", path)
			continue
		}
		for name := range h.Flags {
			if declaredFlag(c, name) == nil {
				t.Errorf("i18n.HelpZH has --%s for %q, which declares no such flag", name, path)
			}
		}
	}
}

// tokensToKeep are the words of an English help text that stay as they are in every language:
// the backquoted value name, flags, and commands and paths written with elli.
func tokensToKeep(s string) []string {
	out := backquoted.FindAllString(s, -1)
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ".,;:()\"")
		if strings.HasPrefix(w, "--") && len(w) > 2 {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestHelpPageChinese: a help page in Chinese has Chinese section titles, wraps Chinese at the
// page's width and keeps the English one's layout.
func TestHelpPageChinese(t *testing.T) {
	t.Parallel()
	out := runOK(t, "list", "--help", "--lang", "zh")
	for _, want := range []string{"\n用法\n", "\n示例\n", "\n标志\n", "\n全局标志\n", "\n了解更多\n", "只列出处于 STAGE 阶段的增强：ga、beta 或 alpha", "显示 list 的帮助"} {
		if !strings.Contains(out, want) {
			t.Errorf("elli list --help --lang zh lacks %q:\n%s", want, out)
		}
	}
	for i, l := range strings.Split(out, "\n") {
		if w := cellWidth(l); w > 80 {
			t.Errorf("line %d is %d cells wide, the piped page is 80: %q", i, w, l)
		}
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %d ends in a space: %q", i, l)
		}
	}
	if en := runOK(t, "list", "--help"); hasHan(en) {
		t.Errorf("the English help holds Chinese:\n%s", en)
	}
	// English whatever the language; Chinese only in SEARCH SYNTAX's examples of Chinese queries
	// and in the name of the language L switches to
	titles, body := manSections(runOK(t, "man", "--lang", "zh"))
	for _, title := range titles {
		if text := manText(strings.Join(body[title], "\n")); title != "SEARCH SYNTAX" && hasHan(strings.ReplaceAll(text, i18n.For(data.LangEN).Keys.LangLong, "")) {
			t.Errorf("the man page's %s holds Chinese: it is English whatever the language", title)
		}
	}
	if !strings.Contains(manText(strings.Join(body["COMMANDS"], "\n")), "List the enhancements (GA, Beta, Alpha)") {
		t.Error("the man page is English whatever the language")
	}
}

// TestTopicsTranslated: every text of the help topics has its Chinese form, and the table holds
// nothing the topics do not say.
func TestTopicsTranslated(t *testing.T) {
	used := map[string]bool{}
	need := func(s string) {
		used[s] = true
		if zh := i18n.Topic(data.LangZH, s); zh == s || !hasHan(zh) {
			t.Errorf("help topic text %q has no Chinese form in i18n.TopicsZH", s)
		}
	}
	for _, tp := range helpTopics {
		need(tp.title)
		need(tp.short)
		need(tp.intro)
		for _, e := range tp.entries() {
			need(e.text)
		}
	}
	for s := range i18n.TopicsZH() {
		if !used[s] {
			t.Errorf("i18n.TopicsZH holds %q, which no help topic says", s)
		}
	}
	out := runOK(t, "help", "environment", "--lang", "zh")
	if !strings.Contains(out, "环境变量") || !strings.Contains(out, "ELLI_LANG") || !strings.Contains(out, "区域设置") {
		t.Errorf("elli help environment --lang zh:\n%s", out)
	}
}

// Shell completion describes commands, flags and items in the run's language: the command tree
// is put into Chinese for __complete too, not only for help.
func TestCompletionChinese(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--st"}, "--stage\t只列出处于"},
		{[]string{"show", "3866"}, "3866\t新增基于 nftables 的 kube-proxy 后端"},
		{[]string{"lis"}, "list\t列出本版本的条目"},
	} {
		args := append([]string{"__complete", "--lang", "zh"}, c.args...)
		if r := run(t, args...); r.code != 0 || !strings.Contains(r.stdout, c.want) {
			t.Errorf("elli %s: exit %d, want a line %q in:\n%s", strings.Join(args, " "), r.code, c.want, r.stdout)
		}
	}
}
