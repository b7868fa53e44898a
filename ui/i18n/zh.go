package i18n

// zh is Simplified Chinese as the Kubernetes zh-cn documentation writes it (embed/glossary.yaml):
// 特性门控, 弃用, 移除, 节点. Commands, flags, gate names, KEP numbers, stage names (Alpha, Beta,
// GA) and key names stay as they are typed.
var zh = Strings{
	Name: "简体中文",
	Sep:  "、", Or: " 或 ",

	TUI: TUI{
		WindowTitle:      "elli · Kubernetes %s %s",
		TooSmall:         "elli 至少需要 %d×%d 的窗口\n（当前为 %d×%d）\n\n请放大窗口，或按 q 退出",
		Header:           "Kubernetes %s · %s",
		HeaderFacts:      "%s 发布 · %d 项增强：GA %d · Beta %d · Alpha %d",
		HeaderFactsShort: "%s · 共 %d 项：GA %d β %d α %d",

		SearchPlaceholder: "搜索标题、KEP、特性门控、关键词…",
		TypeToSearch:      "输入关键词搜索",
		NoMatch:           "无匹配",
		OneMatch:          "1 个匹配",
		Matches:           "%d 个匹配",

		Empty:          "此处没有内容",
		EmptySearch:    "此标签页中无匹配（所有标签页共 %d 个）· 按 esc 清除",
		EmptyStarred:   "此标签页中没有加星的条目 · 按 s 加星，按 S 显示全部",
		EmptyTodo:      "没有待办事项了 · 按 t 显示其余",
		EmptyDone:      "还没有完成的事项 · 按空格键勾选",
		OverviewRow:    "%s — 版本概览",
		RowRemoval:     "移除",
		RowDeprecation: "弃用",
		Off:            "默认关",

		MeansOverview:    "版本概览",
		MeansKEP:         "增强，以 KEP 编号标示",
		MeansRemoval:     "本版本移除的内容",
		MeansDeprecation: "本版本弃用的内容",
		MeansStep:        "升级指南中的一步",
		MeansOff:         "该条目有特性门控默认禁用",
		MeansTodo:        "检查清单中待办的事项（按空格键勾选）",
		MeansDone:        "已标记完成的事项",
		MeansStar:        "你加星的条目（s）",
		MeansNote:        "你写的笔记（e）",

		Opened:         "已打开 %s",
		Copied:         "已复制 %s",
		NoBrowser:      "此处没有浏览器；链接是 %s（按 y 复制）",
		NoLineHolds:    "本页中找不到 %q",
		OnlySIG:        "此搜索只按 SIG 筛选：页面中没有要查找的词",
		FindAt:         "第 %d/%d 处匹配",
		OneLineMatches: "1 行匹配",
		LinesMatch:     "%d 行匹配",

		Switched: "简体中文 · 按 L 切回 English",

		NoCode:     "本页没有可复制的代码块",
		CopiedCode: "已复制代码 %d/%d（%s）：%s",
		CodeLines:  "%d 行",
		CodeLine:   "1 行",
		CodeNext:   " · 按 c 复制下一个",
		MouseOn:    "鼠标已启用：滚轮滚动，单击选中；按住 shift 才能选择文本",
		MouseOff:   "鼠标已停用：可用鼠标选择并复制文本；按 m 重新启用",

		ProgressDone: "已完成 %d / %d",
		FilterAll:    "全部", FilterTodo: "待办", FilterDone: "已完成",
		FilterNow:       "检查清单：%s（按 t 切换到%s）",
		NotSaved:        "未保存",
		OnlyStarred:     "各标签页只显示加星的条目 · 按 S 显示全部",
		AllItems:        "全部条目",
		StateUnreadable: "%s；进度显示为空",
		StateUnknownIDs: "保存的状态里有 %d 个 ID 在 %s 中不存在（elli notes、elli checklist --json 会列出它们）",
		StateNotSaved:   "未保存（%s）；改动只保留到退出为止",
		NotOnChecklist:  "%s 不在升级检查清单上：升级时无需处理（按 s 可加星）",
		TickedDone:      "已完成：%s · 已完成 %d / %d",
		TickedNotDone:   "未完成：%s · 已完成 %d / %d",
		StarNoOverview:  "星标只能加在条目和检查清单步骤上；版本概览不能加星",
		Starred:         "已加星：%s",
		Unstarred:       "已取消星标：%s",
		NoteNoOverview:  "笔记只能写在条目和检查清单步骤上；版本概览不能写笔记",
		NoteUnchanged:   "笔记没有改动",
		NoteSaved:       "已保存「%s」的笔记",
		NoteRemoved:     "已删除「%s」的笔记",
		NoteOn:          "笔记：%s",
		NotePlaceholder: "你的笔记：为什么重要、发现了什么、由谁负责",
		YourNote:        "你的笔记",
		NoteEdits:       "按 e 编辑",

		BackToFindings: "esc：返回检查结果",
		FixLabel:       "修复：",
		ItemLabel:      "enter 阅读：",
		NoFindings:     "没有发现问题：%s 中没有受 v1.31 影响的内容。",
		Errors:         "%d 个错误", OneError: "1 个错误",
		Warnings: "%d 个警告", OneWarning: "1 个警告",
		Infos: "%d 条提示", OneInfo: "1 条提示",
	},

	Keys: Keys{
		Quit: "退出", Help: "帮助", Search: "搜索", NextTab: "下一标签页", PrevTab: "上一标签页",
		Open: "打开链接", Copy: "复制链接", CopyCode: "复制代码", Mouse: "鼠标开关",
		Suspend: "挂起", Lang: "English",
		Up: "上移", Down: "下移", PageUp: "上一页", PageDown: "下一页", First: "第一项", Last: "最后一项",
		Read: "阅读", Back: "返回列表", ClearSearch: "清除搜索",
		ScrollUp: "向上滚动", ScrollDown: "向下滚动", HalfUp: "上翻半页", HalfDown: "下翻半页",
		Top: "页首", Bottom: "页尾", NextMatch: "下一处匹配", PrevMatch: "上一处匹配",
		ToResults: "转到结果", Clear: "清除", PrevResult: "上一个结果", NextResult: "下一个结果",
		ReadFinding: "阅读对应条目", Explore: "进入浏览器", Findings: "返回检查结果",
		Done: "勾选完成", Star: "加星", StarredOnly: "只看加星", Note: "编辑笔记", Filter: "全部/待办/已完成",
		NoteSave: "保存笔记", NoteCancel: "取消",
		LangLong: "在英文与中文之间切换语言，停留在原处",
	},

	Cut: Cut{
		Used:  "搜索时%s",
		And:   "，且",
		Chars: "只取前 %d 个字符",
		Words: "只取前 %d 个词",
		Once:  "重复的词只算一次",
	},

	Note: Note{
		NoTranslation: "此数据集没有中文文本，以英文显示",
		Untranslated:  "共 %[2]d 个页面中有 %[1]d 个没有中文文本，以英文显示",
	},

	Out: Output{
		ColID: "KEP/ID", ColStage: "阶段", ColSIG: "SIG", ColTitle: "标题",
		ColName: "名称", ColDefault: "默认", ColComponents: "组件",
		GateDefault: "默认", GateStage: "阶段", GateComponents: "组件",
		GateDescribedIn: "见于", GateNote: "备注", GateMore: "详情",
		Label:     "%s：",
		GateClose: "没有名为 %q 的特性门控；以下名称相近：",

		Version:     "elli %s（提交 %s，构建于 %s）",
		VersionData: "Kubernetes %s %s 数据，截至 %s",

		Checklist: "Kubernetes %s 升级检查清单",
		NoteGone:  "此版本中没有这一项",
	},

	Help: Help{
		Usage: "用法", Examples: "示例", Commands: "命令", Topics: "帮助主题",
		Flags: "标志", GlobalFlags: "全局标志", LearnMore: "了解更多",
		LearnMoreText: "运行 elli help COMMAND 或 elli COMMAND --help 查看命令的帮助，elli help environment " +
			"查看环境变量和设置，elli help exit-codes 查看退出状态，man elli 查看手册（英文）。",
		FlagHelp: "显示 %s 的帮助",
	},
}
