package i18n

import (
	"sync"

	"github.com/elli-k8s/elli/data"
)

// CommandHelp is a command's help in one language: its short line, its long text, and its
// flags' usage by flag name (a persistent flag under the command that declares it). A usage
// keeps the English one's `VALUE` name in backquotes: the help shows it after the flag.
type CommandHelp struct {
	Short, Long string
	Flags       map[string]string
}

// CommandHelpIn is the help of every command in lang, by command path; nil for English, which
// the commands declare themselves.
func CommandHelpIn(lang data.Lang) map[string]CommandHelp {
	if lang == data.LangZH {
		return HelpZH()
	}
	return nil
}

// jqZH is the usage of --jq, which several commands share.
const jqZH = "用 jq 表达式 `EXPRESSION` 过滤 JSON 输出（隐含 --json）"

// jqTimeoutZH is the usage of --jq-timeout, beside every --jq.
const jqTimeoutZH = "--jq 表达式运行超过 `DURATION` 时将其终止"

// styleZH is the usage of --style, on the root command and on show.
const styleZH = "以 `NAME|FILE` 样式渲染页面：auto（随终端背景）、ascii、dark、dracula、light、notty、" +
	"pink、tokyo-night，或 glamour 的 JSON 样式文件"

const (
	checklistActionZH = "事项用 elli checklist 打印的 ID 指定：升级指南中的一步（breaking-changes#2），" +
		"或按 KEP 编号或条目 ID 指定的变更或特性门控决定。"
	starZH = "按 KEP 编号或 ID 为本版本的条目加星或取消星标，也可以为检查清单中的步骤（breaking-changes#2）" +
		"加星；星标和检查清单的进度一起保存在状态文件中。elli list --starred 列出加星的条目；" +
		"elli checklist 和交互界面用 ★ 标出加星的内容（在交互界面中按 s 为选中的一行加星）。"
	completionLoadZH = "在当前 shell 中加载：\n\n"
	completionAllZH  = "在以后的每个 shell 中加载（执行一次即可，新开的 shell 才会生效）：\n\n"
)

// HelpZH is the Chinese help of every command, by command path ("elli list"); the English is
// in each command's definition (ui/cli). The command line's tests walk the command tree and fail
// for a command or flag that has no entry here, and for an entry no command has.
var HelpZH = sync.OnceValue(func() map[string]CommandHelp {
	return map[string]CommandHelp{
		"elli": {
			Short: "离线浏览 Kubernetes v1.31 版本",
			Long: "elli 用于浏览 Kubernetes v1.31（Elli）版本：其中的增强、移除、弃用以及升级指南。" +
				"在终端中运行时打开交互界面，若给出 KEP 编号或条目 ID，则直接打开该条目；" +
				"输出被管道接收时，打印条目列表（或所要的条目、搜索结果、标签页）。",
			Flags: map[string]string{
				"mouse":    "让交互界面接管鼠标（滚轮、点击）；此时选择终端中的文本需要按住 shift",
				"search":   "打开交互界面并搜索 `QUERY`",
				"style":    styleZH,
				"tab":      "在名为 `NAME` 的标签页上打开交互界面：overview、ga、beta、alpha、removals、upgrade、patches 或 road，也可写标签名中的词（deprecations、移除与弃用）",
				"version":  "打印 elli 及其数据的版本",
				"color":    "何时为输出着色（`WHEN`）：auto（输出到终端时）、always 或 never",
				"data":     "从目录 `DIR` 加载版本数据，而不使用内置数据",
				"lang":     "以 `LANG` 语言显示文本：en 或 zh（默认依次取 ELLI_LANG、配置文件的 lang、LC_ALL、LC_MESSAGES 或 LANG）",
				"no-pager": "直接输出到终端，不经过分页器",
				"pager":    "在终端中，即使输出不超过一屏也经过分页器显示（同 glow -p）",
				"state":    "把检查清单的进度、星标和笔记保存在 `FILE` 中（默认：状态目录下的 state.json）",
				"theme":    "与 --style 相同",
			},
		},
		"elli check": {
			Short: "找出 v1.31 在你的清单和配置中会破坏或弃用的内容",
			Long: "检查文件和目录中受 Kubernetes v1.31 移除、破坏或弃用影响的内容：树内 Ceph 卷与云卷、" +
				"--cloud-provider、已移除的标志和特性门控、AppArmor 注解、调度器插件、kubeadm v1beta3、" +
				"DRA v1alpha2、SHA-1 证书，以及脚本中的 kubectl 用法。它读取 YAML 和 JSON 清单（包括 List " +
				"和多文档流）、静态 Pod、kubeadm 与组件配置、systemd 单元及其附加配置、环境变量文件、shell " +
				"脚本、Makefile 和 CI 文件。目录会被递归搜索；- 表示读取标准输入。每条发现都会指出解释它的 " +
				"elli 条目。\n\n退出状态：没有发现达到或高于 --fail-on 时为 0，有则为 1，用法或读取错误为 2。",
			Flags: map[string]string{
				"fail-on":         "有发现达到或高于严重程度 `SEVERITY` 时以 1 退出：error、warning、info 或 none",
				"format":          "输出格式 `FORMAT`：table、json 或 sarif（SARIF 2.1.0，用于代码扫描）",
				"jq":              "用 jq 表达式 `EXPRESSION` 过滤 JSON（或 SARIF）输出（隐含 --format json）",
				"jq-timeout":      jqTimeoutZH,
				"json":            "打印 JSON（等同于 --format json；见 SCHEMA.md）",
				"max-file-size":   "跳过大于 `SIZE` 的文件（以及流中的文档），例如 512KiB 或 16MiB",
				"to":              "同时检查升级到 `RELEASE` 的路线（1.32 … 最新版本，或 latest）：沿途每个版本的规则都会应用，每条发现都注明带来它的版本",
				"allow-empty":     "把空的标准输入（-）当作没有要检查的内容，而不是以 2 退出",
				"parse-all":       "解析每个 YAML 文档，包括未提及任何 1.31 变更的文档，以报告所有语法错误（较慢）",
				"rules":           "列出 elli check 应用的规则，然后退出",
				"tui":             "在交互界面中打开检查结果",
				"cluster":         "只读检查当前 kubeconfig 上下文中正在运行的集群（kubectl-elli）",
				"kubeconfig":      "配合 --cluster：使用的 kubeconfig 文件 `FILE`（默认：$KUBECONFIG，其次 ~/.kube/config）",
				"context":         "配合 --cluster：使用的 kubeconfig 上下文 `CONTEXT`",
				"namespace":       "配合 --cluster：只读取名字空间 `NAMESPACE` 中的工作负载（默认：所有名字空间）",
				"all-namespaces":  "配合 --cluster：读取所有名字空间（默认行为）",
				"request-timeout": "配合 --cluster：单个请求超过 `DURATION` 即放弃（0 表示不设上限）",
				"chunk-size":      "配合 --cluster：每个 list 请求读取 `N` 个对象，同 kubectl 的 --chunk-size",
			},
		},
		"elli checklist": {
			Short: "显示升级检查清单和你的进度",
			Long: "显示升级到 v1.31 需要你做的事，以及你已经完成的部分：升级指南中的步骤、需要处理的变更，" +
				"以及需要决定是否启用的默认禁用特性门控。用 elli checklist done 勾选事项（或在交互界面的" +
				"“升级指南”标签页中按空格键）。--markdown 打印一组 - [x] 复选框，可以粘贴到工单或拉取请求中。" +
				"进度、星标和笔记保存在状态文件中（见 elli help environment）。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "以 JSON 打印检查清单（见 SCHEMA.md）",
				"markdown":   "打印带 - [x] 复选框的 Markdown，用于工单或拉取请求",
			},
		},
		"elli checklist done": {Short: "把检查清单中的事项标记为完成", Long: checklistActionZH},
		"elli checklist undo": {Short: "把检查清单中的事项标记为未完成", Long: checklistActionZH},
		"elli completion": {
			Short: "生成 shell 补全脚本",
			Long:  "为指定的 shell 生成 elli 的补全脚本，让 shell 能补全命令、标志、KEP 编号、条目 ID 和特性门控名称。各 shell 子命令的帮助说明了如何加载脚本。",
		},
		"elli completion bash": {
			Short: "生成 bash 的补全脚本",
			Long: "生成 bash 的补全脚本。脚本依赖 bash-completion 软件包，若尚未安装，请用系统的包管理器安装。\n\n" +
				completionLoadZH + "  source <(elli completion bash)\n\n" + completionAllZH +
				"  Linux：elli completion bash > /etc/bash_completion.d/elli\n" +
				"  macOS：elli completion bash > $(brew --prefix)/etc/bash_completion.d/elli",
			Flags: map[string]string{"no-descriptions": "补全时不附带说明"},
		},
		"elli completion fish": {
			Short: "生成 fish 的补全脚本",
			Long: "生成 fish 的补全脚本。\n\n" + completionLoadZH + "  elli completion fish | source\n\n" +
				completionAllZH + "  elli completion fish > ~/.config/fish/completions/elli.fish",
			Flags: map[string]string{"no-descriptions": "补全时不附带说明"},
		},
		"elli completion powershell": {
			Short: "生成 PowerShell 的补全脚本",
			Long: "生成 PowerShell 的补全脚本。\n\n" + completionLoadZH +
				"  elli completion powershell | Out-String | Invoke-Expression\n\n" +
				"若要在以后的每个 shell 中加载，把上面命令的输出加到 PowerShell 配置文件（profile）中。",
			Flags: map[string]string{"no-descriptions": "补全时不附带说明"},
		},
		"elli completion zsh": {
			Short: "生成 zsh 的补全脚本",
			Long: "生成 zsh 的补全脚本。若你的环境尚未启用 shell 补全，先执行一次：\n\n" +
				"  echo \"autoload -U compinit; compinit\" >> ~/.zshrc\n\n" +
				completionLoadZH + "  source <(elli completion zsh)\n\n" + completionAllZH +
				"  Linux：elli completion zsh > \"${fpath[1]}/_elli\"\n" +
				"  macOS：elli completion zsh > $(brew --prefix)/share/zsh/site-functions/_elli",
			Flags: map[string]string{"no-descriptions": "补全时不附带说明"},
		},
		"elli config": {
			Short: "查看和修改 elli 的设置",
			Long: "查看和修改 elli 配置文件中的设置：style、color、pager、width、mouse、lang、state。" +
				"标志或 ELLI_* 环境变量只在本次运行中覆盖配置文件（见 elli help environment）。",
		},
		"elli config get":   {Short: "打印一项设置的值（取自配置文件或默认值）"},
		"elli config list":  {Short: "以 key=value 形式打印每项设置（取自配置文件或默认值）"},
		"elli config path":  {Short: "打印配置文件的路径"},
		"elli config set":   {Short: "在配置文件中设置一项"},
		"elli config unset": {Short: "从配置文件中移除一项设置，使其恢复默认值"},
		"elli gates": {
			Short: "列出特性门控，或查找其中一个",
			Long: "不带 NAME 时，列出本版本各条目提到的全部特性门控。带 NAME 时，显示该特性门控（不区分大小写；" +
				"也可只写名称的开头，只要它只对应一个特性门控）；若没有这个名称的特性门控，则列出名称与之模糊匹配的特性门控。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "打印 JSON 数组（格式见随 elli 安装的 SCHEMA.md）",
			},
		},
		"elli help": {
			Short: "显示某个命令或主题的帮助，主题有 environment 和 exit-codes",
			Long:  "显示 elli、它的某个命令或某个主题的帮助：environment（elli 读取的环境变量和设置）或 exit-codes（退出状态的含义）。",
		},
		"elli list": {
			Short: "列出本版本的条目",
			Long: "依次列出本版本的增强（GA、Beta、Alpha）、移除、弃用和升级指南页面。" +
				"移除与弃用在“阶段”一列显示其类别。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "打印 JSON 数组（格式见随 elli 安装的 SCHEMA.md）",
				"kind":       "只列出类别为 `KIND` 的条目：enhancement、removal、deprecation、guide、patch、cve 或 road",
				"sig":        "只列出特别兴趣小组（SIG）`NAME` 的条目，例如 network",
				"stage":      "只列出处于 `STAGE` 阶段的增强：ga、beta 或 alpha",
				"starred":    "只列出你加星的条目（elli star，或在交互界面中按 s）",
			},
		},
		"elli patches": {
			Short: "列出本版本线的补丁版本，或查看其中一个",
			Long: "不给 VERSION 时，从新到旧列出本版本线的补丁版本，包括发布日期、构建所用的 Go 版本以及修复的 CVE，" +
				"然后汇总本版本线各 CVE 的修复情况，最后给出支持结束日期。给出 VERSION（v1.31.4 或 1.31.4）时，显示该版本的页面。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "打印 JSON（格式见随 elli 安装的 SCHEMA.md）",
			},
		},
		"elli cve": {
			Short: "列出影响本版本线的 CVE，或影响某个版本的 CVE",
			Long: "不给 ID 时，从新到旧列出影响本版本线的 CVE：每个 CVE 由本版本线哪个补丁版本修复；本版本线没有修复的，" +
				"列出后续版本线在哪些版本中修复。给出 ID（CVE-2025-0426，不区分大小写）时，显示其页面：" +
				"攻击者能做什么、哪些集群受影响、缓解措施。使用 --version 时，列出影响该版本的 CVE（本版本线没有修复的在前，" +
				"其余按修复版本从新到旧），以及更新的补丁版本；对于本版本线之后升级路线上的版本（v1.33.2），给出它当天的支持状态。\n\n使用 --version 时的退出状态：这些 CVE 都低于 --fail-on 时为 0，" +
				"有达到或高于 --fail-on 的为 1，版本不是本版本线已知的版本时为 2。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "打印 JSON（格式见随 elli 安装的 SCHEMA.md）",
				"version":    "列出影响版本 `VERSION`（v1.31.4）的 CVE",
				"fail-on":    "使用 --version 时，若其中有 CVE 达到或高于严重程度 `SEVERITY` 则以 1 退出：low、medium、high、critical 或 none",
			},
		},
		"elli road": {
			Short: "离开本版本的升级路线：到受支持版本的每一跳，以及每一跳会破坏什么",
			Long: "列出本版本之后的各个次要版本；集群必须逐个升级，每个版本就是一跳，一直列到 --to（默认：支持尚未结束的最旧版本）。" +
				"每一跳给出发布日期、当前的支持状态、最新补丁版本，以及沿途会导致中断、需要处理或已弃用的变更，最紧急的在前。" +
				"给出 VERSION（v1.33 或 1.33）时，只列出这一跳。用 elli show ID 查看某项变更。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "打印 JSON（格式见随 elli 安装的 SCHEMA.md）",
				"to":         "一直升级到版本 `RELEASE`（v1.35、1.35 或 latest）",
			},
		},
		"elli note": {
			Short: "为条目或检查清单中的一步写笔记",
			Long: "为条目（按 KEP 编号或 ID）或检查清单中的一步（breaking-changes#2）写一条笔记：为什么重要、" +
				"发现了什么、由谁负责。不给 TEXT 时，笔记在 $VISUAL 或 $EDITOR 中打开；- 表示从标准输入读取；" +
				"空文本会删除笔记。一条笔记最多容纳 16 KiB 的 UTF-8 文本。",
		},
		"elli notes": {
			Short: "列出你的笔记",
			Long:  "按 ID 列出你在条目和检查清单步骤上的笔记，以及每条笔记所关于的内容。本版本中没有的 ID 上的笔记也会列出：笔记从不丢弃。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "以 JSON 数组打印笔记（见 SCHEMA.md）",
			},
		},
		"elli search": {
			Short: "搜索标题、摘要、特性门控和正文",
			Long: "按查询或问题中的词搜索本版本，最佳结果在前：先列出匹配全部关键词的条目（参数、特性门控、" +
				"版本号或编号比其他词更重要；大多数页面都有的词分量很轻），这类条目不多时，再列出只匹配部分词、" +
				"但得分接近最佳结果的条目（在终端中，stderr 会说明它们匹配了哪些词，以及 --all 还会多列出几个" +
				"较弱的结果；--json 总是包含全部结果）。词可以完全匹配、按前缀匹配、以其他词形匹配（indexes 与 indexed）、容许一处拼写" +
				"错误、作为更长词语的一部分匹配，或通过页面中的同义词匹配（full 与 exhausted）；how、the " +
				"这类词会被忽略。KEP 编号匹配对应的条目。无论以哪种语言显示，英文和中文的词都能找到条目，" +
				"中文词可以匹配中文文本中的片段，也可以拆开匹配。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "打印带分数的 JSON 数组（格式见随 elli 安装的 SCHEMA.md）",
				"limit":      "最多打印 `N` 个结果（0 表示全部）",
				"all":        "同时打印与最佳结果相差较远、默认不列出的较弱匹配（--json 总是包含它们）",
			},
		},
		"elli show": {
			Short: "显示一个条目或版本概览",
			Long: "按 KEP 编号（3866、KEP-3866）或 ID 显示本版本的一个条目，并为终端渲染。" +
				"“elli show release”（或 overview）显示版本概览。在终端中，比窗口高的页面会经过分页器显示" +
				"（见 elli help environment）。输出被管道接收或关闭颜色时（--color never、NO_COLOR），页面为纯文本。",
			Flags: map[string]string{
				"jq":         jqZH,
				"jq-timeout": jqTimeoutZH,
				"json":       "以 JSON 打印整个条目（格式见随 elli 安装的 SCHEMA.md）",
				"raw":        "打印 Markdown 源文本，不做渲染",
				"style":      styleZH,
				"width":      "在第 `N` 列处换行（默认：终端宽度，但不超过 width 设置，即 100；无终端时为 80）",
			},
		},
		"elli star":    {Short: "为对你的集群重要的条目加星", Long: starZH},
		"elli unstar":  {Short: "取消条目的星标", Long: starZH},
		"elli version": {Short: "打印 elli 及其数据的版本"},
		"elli man":     {Short: "以 roff 格式输出手册页：elli man | man -l -"},
	}
})
