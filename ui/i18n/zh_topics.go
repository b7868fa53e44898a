package i18n

import (
	"sync"

	"github.com/elli-k8s/elli/data"
)

// Topic is a text of the command line's help topics (elli help environment, exit-codes) in
// lang, by its English text; English for a text the language's table lacks, which the command
// line's tests do not allow.
func Topic(lang data.Lang, text string) string {
	if lang == data.LangZH {
		if zh, ok := TopicsZH()[text]; ok {
			return zh
		}
	}
	return text
}

// TopicsZH are the help topics' texts in Chinese, by their English text (ui/cli/topics.go).
var TopicsZH = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"environment":                      "环境变量",
		"Environment variables elli reads": "elli 读取的环境变量",
		"Settings come from, in order: a command-line flag, its ELLI_* variable, the config file (elli config path), the default. The colour variables rank below --color and ELLI_COLOR and above the config file's color.": "设置依次取自：命令行标志、对应的 ELLI_* 环境变量、配置文件（elli config path）、默认值。颜色相关的环境变量排在 --color 和 ELLI_COLOR 之后、配置文件的 color 之前。",
		"Sets style for this run, over the config file. Page style: auto (follows the background), a glamour style name, or a JSON style file.":                                                                              "本次运行中覆盖配置文件的 style 设置。页面样式：auto（随终端背景）、glamour 样式名，或 JSON 样式文件。",
		"Sets color for this run, over the config file. Colour in output: auto (on a terminal), always or never.":                                                                                                            "本次运行中覆盖配置文件的 color 设置。输出是否着色：auto（输出到终端时）、always 或 never。",
		"Sets pager for this run, over the config file. Command that pages long output; empty for none (default: $PAGER, else less -FRX).":                                                                                   "本次运行中覆盖配置文件的 pager 设置。用来分页显示长输出的命令；为空表示不分页（默认：$PAGER，否则为 less -FRX）。",
		"Sets width for this run, over the config file. Widest measure of a page's text, in columns (20 to 1000).":                                                                                                           "本次运行中覆盖配置文件的 width 设置。页面正文的最大宽度，以列计（20 到 1000）。",
		"Sets mouse for this run, over the config file. The explorer captures the mouse (wheel, clicks) instead of leaving selection to the terminal.":                                                                       "本次运行中覆盖配置文件的 mouse 设置。让交互界面接管鼠标（滚轮、点击），而不是把文本选择留给终端。",
		"Sets lang for this run, over the config file. Language of the text: en or zh (Simplified Chinese); where nothing sets it, the locale decides (LANG=zh_CN.UTF-8 gives Chinese).":                                     "本次运行中覆盖配置文件的 lang 设置。显示语言：en 或 zh（简体中文）；都未设置时由区域设置决定（LANG=zh_CN.UTF-8 即为中文）。",
		"Sets state for this run, over the config file. File that keeps the checklist's progress, stars and notes (default: state.json in the state folder).":                                                                "本次运行中覆盖配置文件的 state 设置。保存检查清单进度、星标和笔记的文件（默认：状态目录下的 state.json）。",
		"The config file to read and write instead of config.yaml in the config folder.":                                                                                                                                     "要读写的配置文件，取代配置目录下的 config.yaml。",
		"Any value turns colour off (no-color.org). --color always and ELLI_COLOR=always still win.":                                                                                                                         "设为任意值即关闭颜色（no-color.org）。--color always 和 ELLI_COLOR=always 仍然优先。",
		"Any value but 0 turns colour on, also into a pipe, unless NO_COLOR is set.":                                                                                                                                         "设为 0 以外的任意值即开启颜色，输出到管道时也一样，除非设置了 NO_COLOR。",
		"0 turns colour off.": "设为 0 即关闭颜色。",
		"The pager when neither ELLI_PAGER nor the config names one; empty or cat for none. Without any, elli uses less when it is installed.":                                                                                       "ELLI_PAGER 和配置文件都未指定分页器时使用的分页器；为空或 cat 表示不分页。都没有时，若已安装 less，elli 使用 less。",
		"less's options; elli sets FRX when it is unset, so that short output prints directly and colours show.":                                                                                                                     "less 的选项；未设置时 elli 设为 FRX，让短输出直接打印、颜色正常显示。",
		"The page style, as glow reads it, when neither --style, ELLI_STYLE nor the config names one.":                                                                                                                               "页面样式，与 glow 的读法相同；在 --style、ELLI_STYLE 和配置文件都未指定时使用。",
		"The terminal's colours as rxvt and Konsole set them; elli reads the background from it instead of asking the terminal.":                                                                                                     "rxvt 和 Konsole 设置的终端颜色；elli 从中读取背景色，而不去询问终端。",
		"The locale. When neither --lang, ELLI_LANG nor the config names a language, the first of these that is set decides: zh_CN.UTF-8, or any locale starting with zh, gives Chinese; any other (C, POSIX, en_US.UTF-8) English.": "区域设置。--lang、ELLI_LANG 和配置文件都未指定语言时，由其中第一个已设置的变量决定：zh_CN.UTF-8 或任何以 zh 开头的区域设置为中文，其他（C、POSIX、en_US.UTF-8）为英文。",
		"The program the explorer's o opens links with; else xdg-open, open, or wslview on WSL.":                                                                                                                                     "交互界面中按 o 时用来打开链接的程序；未设置时使用 xdg-open、open，在 WSL 上使用 wslview。",
		"The folder that holds elli/config.yaml (default ~/.config on Linux).":                                                                                                                                                       "存放 elli/config.yaml 的目录（Linux 上默认为 ~/.config）。",
		"The folder that holds elli's saved state (default ~/.local/state on Linux).":                                                                                                                                                "存放 elli 已保存状态的目录（Linux 上默认为 ~/.local/state）。",

		"exit status":                   "退出状态",
		"What elli's exit status means": "elli 退出状态的含义",
		"elli exits with one of these statuses; errors are one line on stderr, starting with \"elli:\".": "elli 以下列状态之一退出；错误信息是标准错误上的一行，以“elli:”开头。",
		"Success.": "成功。",
		"Not found (elli show 99999, a search without a match), invalid content under --data, a --jq expression that fails on the data, elli check finding something at or above --fail-on, elli cve --version lacking a fix at or above --fail-on, or another runtime error.":                                                                                                               "未找到（elli show 99999、搜索没有匹配）、--data 下的内容无效、--jq 表达式处理数据时失败、elli check 发现达到或高于 --fail-on 的问题、elli cve --version 缺少达到或高于 --fail-on 的修复，或其他运行时错误。",
		"Usage error: an unknown command, flag or help topic, a bad flag value (the message lists the valid ones), the wrong number of arguments, a --jq expression that does not parse, a path elli check cannot read, a cluster elli check --cluster cannot reach or read any kind of object in, or a version that is not a known release of the line (elli cve --version, elli patches).": "用法错误：未知的命令、标志或帮助主题，标志的值无效（错误信息会列出可用的值），参数个数不对，--jq 表达式无法解析，elli check 无法读取某个路径，elli check --cluster 连不上集群或读不到任何一类对象，或版本不是本版本线已知的版本（elli cve --version、elli patches）。",
		"SIGINT: the explorer was stopped from outside (kill -INT), or ctrl+c stopped elli check --cluster (its progress line is erased first; SIGTERM ends it with 143 and SIGHUP with 129, within a second, whatever it waits for); q and ctrl+c in the explorer quit with 0.":                                                                                                             "SIGINT：交互界面被外部终止（kill -INT），或 elli check --cluster 被 ctrl+c 中断（会先清除进度行；无论它在等待什么，SIGTERM 都会在一秒内让它以 143 退出，SIGHUP 则以 129 退出）；在交互界面中按 q 或 ctrl+c 退出时，退出状态为 0。",
	}
})
