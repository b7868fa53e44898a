package i18n

import (
	"regexp"
	"sync"

	"github.com/elli-k8s/elli/data"
)

// Message is an English message format of the command line in lang: the format itself in
// English, its translation from the language's table otherwise (English for one the table lacks,
// which the command line's tests do not allow).
func Message(lang data.Lang, format string) string {
	if lang == data.LangZH {
		if zh, ok := MessagesZH()[format]; ok {
			return zh
		}
	}
	return format
}

// CobraMessage says one of cobra's or pflag's own messages (unknown flag, unknown command, a flag
// without its value) in lang; any other text comes back as it is.
func CobraMessage(lang data.Lang, text string) string {
	if lang != data.LangZH {
		return text
	}
	for _, c := range CobraZH() {
		if m := c.re.FindStringSubmatchIndex(text); m != nil {
			return string(c.re.ExpandString(nil, c.zh, text, m))
		}
	}
	return text
}

// cobraMessage is a message of cobra or pflag, as a pattern, and its translation, in which $1,
// $2… stand for what the pattern's groups matched.
type cobraMessage struct {
	re *regexp.Regexp
	zh string
}

// CobraZH are cobra's and pflag's messages in Chinese. Built on first use: a command that prints
// no error never compiles the patterns.
var CobraZH = sync.OnceValue(func() []cobraMessage {
	return []cobraMessage{
		{regexp.MustCompile(`^unknown command (".*") for (".*")$`), `$2 没有 $1 这个命令`},
		{regexp.MustCompile(`^unknown flag: (.*)$`), `未知的标志：$1`},
		{regexp.MustCompile(`^unknown shorthand flag: ('.*') in (.*)$`), `$2 中的短标志 $1 未知`},
		{regexp.MustCompile(`^flag needs an argument: (.*)$`), `标志 $1 需要一个值`},
		{regexp.MustCompile(`^bad flag syntax: (.*)$`), `标志写法有误：$1`},
		{regexp.MustCompile(`^invalid argument (".*") for (".*") flag: (.*)$`), `标志 $2 的值 $1 无效：$3`},
		{regexp.MustCompile(`^accepts at most (\d+) arg\(s\), received (\d+)$`), `最多接受 $1 个参数，收到了 $2 个`},
		{regexp.MustCompile(`^accepts (\d+) arg\(s\), received (\d+)$`), `只接受 $1 个参数，收到了 $2 个`},
		{regexp.MustCompile(`^requires at least (\d+) arg\(s\), only received (\d+)$`), `至少需要 $1 个参数，只收到了 $2 个`},
		{regexp.MustCompile(`^invalid argument (".*") for (".*")$`), `$2 不接受参数 $1`},
	}
})

// MessagesZH are the command line's messages in Chinese, by their English format (ui/cli). A
// translation takes the same arguments; %[n]v reorders them. Built on first use, as every table
// of this package, so that a run pays for none of them at start.
var MessagesZH = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"%v":                   "%v",
		"%s: %s":               "%s：%s",
		"%s; got %d arguments": "%s；收到了 %d 个参数",
		"%s; got %q":           "%s；收到的是 %q",
		"; did you mean %s?":   "；你是不是想用 %s？",
		"internal error: %v":   "内部错误：%v",

		"%s is a page of the upgrade guide, not one action; name a step: %s to %s":                         "%s 是升级指南中的一页，不是一个事项；请指定其中一步：%s 到 %s",
		"%s is not on the upgrade checklist: it needs no action on upgrade (to mark it, use elli star %s)": "%s 不在升级检查清单上：升级时无需处理（如要标记它，请用 elli star %s）",
		"an action id is empty; elli checklist lists them":                                                 "事项 ID 为空；elli checklist 会列出全部事项",
		"there is no action %q on the checklist; elli checklist lists them":                                "检查清单上没有事项 %q；elli checklist 会列出全部事项",
		"checklist takes no arguments; to tick actions: elli checklist done ID...":                         "checklist 不接受参数；勾选事项请用：elli checklist done ID...",
		"--markdown and --json cannot be used together":                                                    "--markdown 和 --json 不能同时使用",

		"%v; set ELLI_CONFIG to the file to use":                                  "%v；请把 ELLI_CONFIG 设为要使用的文件",
		"no config file":                                                          "没有配置文件",
		"config get needs a key: %s":                                              "config get 需要一个键：%s",
		"config get takes one key":                                                "config get 只接受一个键",
		"config list takes no arguments":                                          "config list 不接受参数",
		"config needs a command: path, list, get, set or unset":                   "config 需要一个子命令：path、list、get、set 或 unset",
		"config path takes no arguments":                                          "config path 不接受参数",
		"config set needs a key and a value, like: elli config set style dracula": "config set 需要一个键和一个值，例如：elli config set style dracula",
		"config set takes a key and one value (quote a value with spaces)":        "config set 只接受一个键和一个值（含空格的值请加引号）",
		"config unset needs a key: %s":                                            "config unset 需要一个键：%s",
		"config unset takes one key":                                              "config unset 只接受一个键",
		"unknown key %q; the keys are %s":                                         "未知的键 %q；可用的键有 %s",

		"--data %q: %v":                "--data %q：%v",
		"--data %q: %w":                "--data %q：%w",
		"--data %q: no such directory": "--data %q：目录不存在",
		"--data %q: not a directory":   "--data %q：不是目录",

		"--jq %s: %v":                                   "--jq %s：%v",
		"invalid --jq expression %s: %v":                "--jq 表达式 %s 无效：%v",
		"invalid --%s %q: %v":                           "--%s 的值 %q 无效：%v",
		"invalid --%s %q: use %s":                       "--%s 的值 %q 无效：可用 %s",
		"invalid --%s %q: did you mean %s? Use %s":      "--%s 的值 %q 无效：你是不是想用 %s？可用 %s",
		"invalid --style %q: %v":                        "--style 的值 %q 无效：%v",
		"use a whole number, 0 for no limit":            "请给出整数，0 表示不限",
		"stopped after %v (--jq-timeout)":               "运行超过 %v 已终止（--jq-timeout）",
		"stopped: the output passed %d MiB":             "已终止：输出超过 %d MiB",
		"a result nests deeper than %d levels":          "有结果的嵌套超过 %d 层",
		"stopped: it recursed deeper than elli allows":  "已终止：递归深度超过 elli 的上限",
		"stopped: it needed more than %d MiB of memory": "已终止：所需内存超过 %d MiB",
		"the evaluation failed (exit %d: %s)":           "求值失败（退出码 %d：%s）",

		"- (standard input) can be named only once":           "-（标准输入）只能给出一次",
		"--json and --format %s cannot be used together":      "--json 和 --format %s 不能同时使用",
		"--rules takes no paths":                              "--rules 不接受路径",
		"--tui needs a terminal on standard input and output": "--tui 需要标准输入和标准输出都连接终端",
		"--tui cannot read standard input, which the explorer needs for keys; save the stream to a file first":                                                             "--tui 无法读取标准输入，因为交互界面要用它接收按键；请先把输入流保存到文件",
		"check needs a file, a folder, or - for standard input, like: elli check ./manifests":                                                                              "check 需要一个文件、一个目录，或用 - 表示标准输入，例如：elli check ./manifests",
		"nothing came on standard input (-): did the command before the pipe fail? --allow-empty accepts an empty input":                                                   "标准输入（-）没有任何内容：管道前的命令是否失败了？--allow-empty 可接受空输入",
		"could not read %s (%s): the check is incomplete":                                                                                                                  "无法读取 %s（%s）：检查不完整",
		"could not read %s (%s) and %d more: the check is incomplete":                                                                                                      "无法读取 %s（%s）及另外 %d 个文件：检查不完整",
		"could not read any kind of object in the cluster (%s): the check is incomplete":                                                                                   "集群中任何一类对象都无法读取（%s）：检查不完整",
		"the kubeconfig gives user %s no credentials (a token, a client certificate, an exec plugin or an auth provider), and the server refused the request without them": "kubeconfig 没有为用户 %s 提供任何凭据（令牌、客户端证书、exec 插件或 auth provider），服务器拒绝了不带凭据的请求",
		"the locale's character set is %s, but elli writes UTF-8: set %s to a UTF-8 locale, such as zh_CN.UTF-8":                                                           "区域设置的字符集是 %s，但 elli 只输出 UTF-8：请把 %s 设为 UTF-8 区域设置，例如 zh_CN.UTF-8",
		"nothing came on standard input; name what to check, like: elli check ./manifests":                                                                                 "标准输入没有任何内容；请指定要检查的对象，例如：elli check ./manifests",
		"--cluster takes no paths: check files and the cluster in two runs":                                                                                                "--cluster 不接受路径：请分两次运行，分别检查文件和集群",
		"--request-timeout %s is not a duration: give one such as 30s or 1m, or 0 for none":                                                                                "--request-timeout %s 不是时长：请给出 30s、1m 这样的值，0 表示不设上限",
		"--chunk-size must be at least 1":   "--chunk-size 至少为 1",
		"-A and -n cannot be used together": "-A 和 -n 不能同时使用",
		"--%s needs --cluster":              "--%s 需要配合 --cluster 使用",
		"elli check --cluster runs kubectl-elli, the cluster scan's own binary, which is not installed: install it beside elli (it ships in the same packages) or put it on PATH": "elli check --cluster 需要运行集群检查专用的二进制 kubectl-elli，但它没有安装：请把它安装在 elli 旁边（两者在同一个软件包里发布），或放到 PATH 中",
		"cannot run %s: %s": "无法运行 %s：%s",
		"invalid --max-file-size %q: use a size such as 512KiB, 16MiB or 1GiB": "--max-file-size 的值 %q 无效：请使用 512KiB、16MiB 或 1GiB 这样的大小",
		"--to needs a dataset with a road after %s":                            "--to 需要一份在 %s 之后带有升级路线的数据",
		"--to %s is not on the road: name a release from %s to %s, or latest":  "--to %s 不在升级路线上：请指定 %s 到 %s 之间的版本，或 latest",

		"cannot read the note from standard input: %v": "无法从标准输入读取笔记：%v",
		"no editor to write the note in: set VISUAL or EDITOR, give the text as an argument, or - to read it from standard input": "没有可用来写笔记的编辑器：请设置 VISUAL 或 EDITOR，或把文本作为参数给出，或用 - 从标准输入读取",
		"note needs a KEP number, item id or step, like: elli note 3866 \"text\"":                                                 "note 需要一个 KEP 编号、条目 ID 或步骤，例如：elli note 3866 \"笔记内容\"",
		"notes takes no arguments; to write one: elli note KEP|ID TEXT":                                                           "notes 不接受参数；写笔记请用：elli note KEP|ID TEXT",
		"the note on standard input is longer than %d KiB, which a note holds at most":                                            "标准输入中的笔记超过了 %d KiB，这是一条笔记的上限",

		"cannot save the checklist, nothing changed: %s; %s":               "无法保存检查清单，没有做任何改动：%s；%s",
		"cannot save the checklist: cannot tell where it is kept (%v); %s": "无法保存检查清单：不知道它保存在哪里（%v）；%s",
		"point --state FILE or ELLI_STATE at a writable file":              "请用 --state FILE 或 ELLI_STATE 指向一个可写的文件",
		"cannot start the pager %s: %v":                                    "无法启动分页器 %s：%v",
		"pager %s not found":                                               "找不到分页器 %s",
		"the pager is empty":                                               "分页器为空",

		"expected at most one KEP number or item id":                                                                "最多只能给出一个 KEP 编号或条目 ID",
		"patches takes at most one version":                                                                         "patches 最多接受一个版本号",
		"cve takes at most one CVE id":                                                                              "cve 最多接受一个 CVE 编号",
		"%s is not a release elli knows: the newest is %s (elli patches lists them)":                                "elli 不知道 %s 这个版本：已知最新的是 %s（elli patches 列出全部）",
		"%s is the release itself, not a patch release: elli show release shows it":                                 "%s 是发布本身，不是补丁版本：用 elli show release 查看",
		"%s is not a release elli knows: the newest %s release is %s":                                               "elli 不知道 %s 这个版本：%s 已知最新的版本是 %s",
		"%s is a %s release: elli knows the CVEs of the %s line only; without --json it says the release's support": "%s 是 %s 的版本：elli 只收录 %s 版本线的 CVE；去掉 --json 可以查看该版本的支持状态",
		"invalid version %q: give one such as %s.4":                                                                 "无效的版本 %q：请给出形如 %s.4 的版本",
		"%s is not a %s release: elli knows the %s line":                                                            "%s 不是 %s 的版本：elli 只收录 %s 版本线",
		"give a CVE id or --version, not both":                                                                      "CVE 编号和 --version 只能给出其一",
		"no vulnerability %q in the line; list them with: elli cve":                                                 "本版本线没有漏洞 %q；列出全部：elli cve",
		"gates takes at most one gate name":                                                                         "gates 最多接受一个特性门控名称",
		"list takes no arguments (filter with --stage, --sig or --kind)":                                            "list 不接受参数（可用 --stage、--sig 或 --kind 筛选）",
		"man takes no arguments":                                                                                    "man 不接受参数",
		"version takes no arguments":                                                                                "version 不接受参数",
		"search needs a query, like: elli search nftables":                                                          "search 需要查询词，例如：elli search nftables",
		"show needs a KEP number or item id, like: elli show 3866":                                                  "show 需要一个 KEP 编号或条目 ID，例如：elli show 3866",
		"show takes one KEP number or item id":                                                                      "show 只接受一个 KEP 编号或条目 ID",
		"--raw and --json cannot be used together":                                                                  "--raw 和 --json 不能同时使用",
		"--stage applies only to enhancements, not to --kind %s":                                                    "--stage 只适用于增强，不适用于 --kind %s",
		"no feature gate matches %q; list them all with: elli gates":                                                "没有与 %q 匹配的特性门控；列出全部：elli gates",
		"no match for %q (%s); try fewer or shorter words":                                                          "没有与 %q 匹配的结果（%s）；试试更少或更短的词",
		"no match for %q; try fewer or shorter words":                                                               "没有与 %q 匹配的结果；试试更少或更短的词",
		"no match for %q: no page has %s; check the spelling or try other words":                                    "没有与 %q 匹配的结果：没有页面包含 %s；检查拼写或换个说法",
		"no match for %q (%s): no page has %s; check the spelling or try other words":                               "没有与 %q 匹配的结果（%s）：没有页面包含 %s；检查拼写或换个说法",
		"the search query is empty; try: elli search nftables":                                                      "搜索查询为空；试试：elli search nftables",
		"the item is empty; give a KEP number or item id, like: elli show 3866":                                     "条目为空；请给出 KEP 编号或条目 ID，例如：elli show 3866",
		"an item is empty; give a KEP number or item id, like 3866":                                                 "条目为空；请给出 KEP 编号或条目 ID，例如 3866",
		"there is no KEP-%d in %s; try: elli search %d":                                                             "%[2]s 中没有 KEP-%[1]d；试试：elli search %[3]d",
		"there is no KEP-%d in %s; elli search %d finds what mentions it":                                           "%[2]s 中没有 KEP-%[1]d；elli search %[3]d 会找出提到它的条目",
		"there is no item %q in %s; try: elli search %s":                                                            "%[2]s 中没有条目 %[1]q；试试：elli search %[3]s",
		"there is no item %q in %s; did you mean %s?":                                                               "%[2]s 中没有条目 %[1]q；你是不是想查看 %[3]s？",
		"there is no item %q in %s; elli search %s finds items":                                                     "%[2]s 中没有条目 %[1]q；elli search %[3]s 可以查找条目",
		"unknown command or item %q; did you mean: elli %s?":                                                        "未知的命令或条目 %q；你是不是想用：elli %s？",
		"unknown command %q; did you mean: elli %s?":                                                                "未知的命令 %q；你是不是想用：elli %s？",
		"unknown help topic or command %q; the topics are %s, and elli help lists the commands":                     "未知的帮助主题或命令 %q；主题有 %s，elli help 会列出全部命令",
		"road takes at most one release":                                                                            "road 最多接受一个版本",
		"give a release or --to, not both":                                                                          "版本和 --to 只能给出其一",
		"elli knows no release after %s":                                                                            "elli 不知道 %s 之后的版本",
		"%s is not on the road: give one of %s, or latest":                                                          "%s 不在升级路线上：请给出 %s 之一，或 latest",

		// Warnings (ui/cli warnf) and the problems with user files that data/ reports as
		// formats (userfile.Problem, CorruptError, InvalidError: Say).
		"warning: %s":                   "警告：%s",
		"%v; printing directly":         "%v；改为直接输出",
		"%v; showing no progress":       "%v；不显示进度",
		"GLAMOUR_STYLE %q: %v; ignored": "GLAMOUR_STYLE 的值 %q 无效：%v；已忽略",
		"style %q: %v; using auto":      "样式 %q 不可用：%v；改用 auto",
		"cannot tell where the checklist is kept (%v); showing no progress; %s":                     "不知道检查清单保存在哪里（%v）；不显示进度；%s",
		"progress is not saved: cannot tell where to keep it (%v); %s":                              "进度不会保存：不知道该保存在哪里（%v）；%s",
		"the saved state refers to an id that %s does not have (kept in the file): %s":              "保存的状态中有 1 个 ID 在 %s 中不存在（仍保留在文件中）：%s",
		"the saved state refers to %d ids that %s does not have (kept in the file): %s":             "保存的状态中有 %d 个 ID 在 %s 中不存在（仍保留在文件中）：%s",
		"the saved state refers to %d ids that %s does not have (kept in the file): %s and %d more": "保存的状态中有 %d 个 ID 在 %s 中不存在（仍保留在文件中）：%s 等，另有 %d 个",

		"%s was unreadable (%v); it is kept as %s and elli goes on without it":   "%s 无法读取（%v）；已另存为 %s，elli 将在没有它的情况下继续运行",
		"%s is unreadable (%v) and could not be moved aside (%v); it is ignored": "%s 无法读取（%v），也无法移到一旁（%v）；已忽略该文件",
		"%s: %s; those settings keep their defaults":                             "%s：%s；这些设置保持默认值",
		"%s: %v; ignored":                        "%s：%v；已忽略",
		"%s: %w":                                 "%s：%w",
		"%s must be a single value":              "%s 只能取单个值",
		"%s is not a regular file":               "%s 不是普通文件",
		"invalid %s %q: %v":                      "%s 的值 %q 无效：%v",
		"unknown key %q (the keys are %s)":       "未知的键 %q（可用的键有 %s）",
		"cannot read %s: %v; using the defaults": "无法读取 %s：%v；使用默认设置",
		"cannot read %s: %w":                     "无法读取 %s：%w",
		"cannot write %s: %w":                    "无法写入 %s：%w",
		"cannot replace %s: %w":                  "无法替换 %s：%w",
		"cannot make the folder for %s: %w":      "无法为 %s 创建目录：%w",
		"cannot lock %s: %w":                     "无法锁定 %s：%w",
		"waiting for another elli process, which is writing %s (at most %s)":                                                       "另一个 elli 进程正在写入 %s，等待它完成（最多等 %s）",
		"another elli process has held the write lock on %s's folder for %s: if none is running, something else locks that folder": "另一个 elli 进程持有 %s 所在目录的写锁已超过 %s：如果并没有 elli 在运行，说明有其他程序锁住了该目录",
		"a path in the config file must be absolute or start with ~/":                                                              "配置文件中的路径必须是绝对路径，或以 ~/ 开头",
		"written by another program": "由其他程序写入",
		"it holds more than one YAML document (a --- line); keep every key in the first":                     "其中有不止一个 YAML 文档（--- 行）；请把所有键都放在第一个文档里",
		"it is not a regular file, and elli replaces only regular files":                                     "它不是普通文件，elli 只替换普通文件",
		"%v; elli replaces only a state file it can read: fix it or move it away":                            "%v；elli 只替换自己能读取的状态文件：请修复该文件或将其移走",
		"cannot change %s: %v; elli changes only a file it can read: fix it or move it away, then try again": "无法修改 %s：%v；elli 只修改自己能读取的文件：请修复该文件或将其移走，然后重试",
		"%s is not elli's state file (%v)":                                                                   "%s 不是 elli 的状态文件（%v）",
		"too many levels of symbolic links":                                                                  "符号链接层级过多",
		"%w: it has the key %q, which elli does not write":                                                   "%w：其中有键 %q，elli 不会写入该键",
		"its first key, elli, is not %q":                                                                     "其第一个键 elli 的值不是 %q",
		"cannot tell the home folder: set HOME, or XDG_CONFIG_HOME and XDG_STATE_HOME":                       "无法确定主目录：请设置 HOME，或设置 XDG_CONFIG_HOME 和 XDG_STATE_HOME",
		"it holds control characters":                                                                        "其中含有控制字符",
		"larger than %d KiB":                                                                                 "超过 %d KiB",
		"larger than %d MiB":                                                                                 "超过 %d MiB",
		"line %d: %s is set twice":                                                                           "第 %d 行：%s 被设置了两次",
		"line %d: a key must be a word":                                                                      "第 %d 行：键必须是一个单词",
		"not a list of key: value lines":                                                                     "不是由“键: 值”行组成的列表",
		"not valid YAML: %s":                                                                                 "不是有效的 YAML：%s",
		"not a regular file":                                                                                 "不是普通文件",
		"use %s":                                                                                             "可用 %s",
		"use %s, or a JSON style file":                                                                       "可用 %s，或一个 JSON 样式文件",
		"use a command on one line":                                                                          "命令必须写在一行内",
		"use a number of columns from %d to %d":                                                              "请给出 %d 到 %d 之间的列数",
		"use true or false":                                                                                  "可用 true 或 false",
		"style file %s: %w":                                                                                  "样式文件 %s：%w",
		"style file %s holds control characters":                                                             "样式文件 %s 含有控制字符",
		"style file %s holds a value longer than %d bytes":                                                   "样式文件 %s 中有超过 %d 字节的值",
		"style file %s is not a glamour style: %w":                                                           "样式文件 %s 不是 glamour 样式：%w",
		"style file %s is not valid JSON: %w":                                                                "样式文件 %s 不是有效的 JSON：%w",

		"no schema version":          "缺少 schema 版本号",
		"not JSON: %v":               "不是 JSON：%v",
		"not a version %d state: %v": "不是第 %d 版的状态文件：%v",
		"not a version 1 state: %v":  "不是第 1 版的状态文件：%v",
		"unknown schema version %d":  "未知的 schema 版本 %d",
		"written by a newer elli":    "由更新版本的 elli 写入",
		"%w: schema version %d, this elli knows %d; upgrade elli": "%w：schema 版本为 %d，当前 elli 只支持 %d；请升级 elli",
		"the note is %d bytes; a note holds at most %d":           "笔记有 %d 字节；一条笔记最多 %d 字节",
		"the note is not UTF-8 text":                              "笔记不是 UTF-8 文本",

		// ui/editor
		"cannot make a file for the editor: %w":                   "无法为编辑器创建文件：%w",
		"cannot write a file for the editor: %w":                  "无法写入给编辑器的文件：%w",
		"the editor exited with status %d; the note is unchanged": "编辑器以状态 %d 退出；笔记没有改动",
		"cannot run the editor: %v; the note is unchanged":        "无法运行编辑器：%v；笔记没有改动",
		"cannot read the edited note: %w":                         "无法读取编辑后的笔记：%w",
		"the note is too long":                                    "笔记太长",
		"%w: a note holds at most %d bytes; it is unchanged":      "%w：一条笔记最多 %d 字节；笔记没有改动",
	}
})
