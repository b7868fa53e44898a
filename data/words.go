package data

// The words elli composes around a page's own text (the facts above the body, the release's
// table of facts), in every language. Each language is one value of pageWords: a word left
// empty in a language, or a format whose verbs differ from the English one, fails
// TestPageWordsComplete, which names the field.
type pageWords struct {
	Stage, SIG, History, ActionRequired  string
	Kind, Components, Related, PRs       string
	WhoIsAffected, WhatToDoInstead       string
	FeatureGate, FeatureGates            string
	OnByDefault, OffByDefault, NoDefault string
	On, Off, Unknown                     string
	// GateIn is the gate's components ("in %s"); ListSep joins facts inside a line, NameSep
	// names in a list (components, PRs): Chinese lists them with 、.
	GateIn, ListSep, NameSep string
	// Fact is a name and its value in bold ("**Stage:** Beta"); Pair the same unstyled.
	Fact, Pair string
	// OfficialTitle introduces the English title of a KEP beside its translated one.
	OfficialTitle string
	Links         string
	// gate stages as the page writes them; ids stay as the content has them
	GateStages map[string]string
	Kinds      map[Kind]string

	Released, Codename, Cycle, Enhancements, Contributors, Ecosystem, DataAsOf string
	// CycleFacts: weeks, start, end. EnhancementFacts: total, GA, Beta, Alpha.
	// ContributorFacts: companies, individuals. EcosystemFacts: companies, contributors, growth.
	CycleFacts, EnhancementFacts, ContributorFacts, EcosystemFacts string

	// the line after release day: support dates, patch releases, CVEs
	MaintenanceMode, EndOfLife, UpgradeTo                 string
	Go, SecurityFixes, OperatorChanges, Published, Vector string
	Severity, Affected, FixedIn, ExposedByDefault         string
	Yes, No                                               string
	// Scored is a severity and its CVSS score: "High (CVSS 7.5)".
	Scored string
	// NoFix is said of a CVE no release of the line fixed: "none in v1.31: …"; NoFixLater of
	// one that later lines fixed (the line, their first fixed releases).
	NoFix, NoFixLater string
	// ChangedLater heads a page's list of the patch releases that changed what it says.
	ChangedLater string
	ChangeTypes  map[ChangeType]string
	Severities   map[Severity]string

	// the road: a hop's release and a change's impact, its APIs and flags
	Release, Impact, APIsGone, FlagsGone, Status string
	// ReleaseName is a road release and its codename: "v1.32 (Penelope)".
	ReleaseName string
	Impacts     map[Impact]string
	Statuses    map[SupportStatus]string
	// LatestPatch is the newest patch release and its date: "v1.32.13 (2026-02-26)", under
	// the heading LatestPatchHead.
	LatestPatch, LatestPatchHead string
}

var wordsEN = pageWords{
	Stage: "Stage", SIG: "SIG", History: "History", ActionRequired: "Action required on upgrade",
	Kind: "Kind", Components: "Components", Related: "Related", PRs: "PRs",
	WhoIsAffected: "Who is affected", WhatToDoInstead: "What to do instead",
	FeatureGate: "Feature gate", FeatureGates: "Feature gates",
	OnByDefault: "on by default", OffByDefault: "off by default", NoDefault: "default unknown",
	On: "on", Off: "off", Unknown: "unknown",
	GateIn: "in %s", ListSep: ", ", NameSep: ", ",
	Fact: "**%s:** %s", Pair: "%s: %s",
	OfficialTitle: "Official title",
	Links:         "Links",
	GateStages: map[string]string{"alpha": "alpha", "beta": "beta", "ga": "ga",
		"deprecated": "deprecated", "removed": "removed"},
	Kinds: map[Kind]string{KindEnhancement: "Enhancement", KindRemoval: "Removal",
		KindDeprecation: "Deprecation", KindGuide: "Guide", KindRelease: "Release",
		KindPatch: "Patch release", KindCVE: "CVE", KindRoad: "Change on the road"},

	Released: "Released", Codename: "Codename", Cycle: "Cycle", Enhancements: "Enhancements",
	Contributors: "Contributors", Ecosystem: "Ecosystem", DataAsOf: "Data as of",
	CycleFacts:       "%d weeks (%s to %s)",
	EnhancementFacts: "%d: %d GA, %d Beta, %d Alpha",
	ContributorFacts: "%d companies and %d individuals",
	EcosystemFacts:   "%d companies and %d contributors (%s individuals)",

	MaintenanceMode: "Maintenance mode", EndOfLife: "End of life", UpgradeTo: "Upgrade to",
	Go: "Built with", SecurityFixes: "CVEs fixed", OperatorChanges: "Changes for operators",
	Published: "Published", Vector: "CVSS vector",
	Severity: "Severity", Affected: "Affected", FixedIn: "Fixed in", ExposedByDefault: "Default cluster exposed",
	Yes: "yes", No: "no",
	Scored:       "%s (CVSS %s)",
	NoFix:        "none in %s: upgrade to a newer minor release",
	NoFixLater:   "none in %s; fixed in %s",
	ChangedLater: "Changed later in the line",
	ChangeTypes: map[ChangeType]string{"security": "security", "regression": "regression fixed",
		"behavior": "behaviour change", "known-issue": "known issue", "fix": "fix"},
	Severities: map[Severity]string{"low": "Low", "medium": "Medium", "high": "High", "critical": "Critical"},

	Release: "Release", Impact: "Impact", APIsGone: "API versions no longer served", FlagsGone: "Flags removed", Status: "Support",
	ReleaseName: "%s (%s)",
	Impacts: map[Impact]string{ImpactBreaks: "breaks on upgrade", ImpactAction: "needs action",
		ImpactDeprecated: "deprecated, breaks later"},
	Statuses: map[SupportStatus]string{StatusSupported: "supported", StatusMaintenance: "maintenance mode",
		StatusEnded: "end of life"},
	LatestPatch: "%s (%s)", LatestPatchHead: "Newest patch release",
}

// wordsZH follows the zh-cn documentation: 特性门控, 弃用, 移除; stage names stay as the
// Kubernetes docs write them (Alpha, Beta, GA).
var wordsZH = pageWords{
	Stage: "阶段", SIG: "SIG", History: "历程", ActionRequired: "升级时需要处理",
	Kind: "类别", Components: "组件", Related: "相关", PRs: "PR",
	WhoIsAffected: "影响范围", WhatToDoInstead: "替代做法",
	FeatureGate: "特性门控", FeatureGates: "特性门控",
	OnByDefault: "默认启用", OffByDefault: "默认禁用", NoDefault: "默认值未知",
	On: "启用", Off: "禁用", Unknown: "未知",
	GateIn: "作用于 %s", ListSep: "，", NameSep: "、",
	Fact: "**%s**：%s", Pair: "%s：%s",
	OfficialTitle: "KEP 官方标题",
	Links:         "链接",
	GateStages: map[string]string{"alpha": "Alpha", "beta": "Beta", "ga": "GA",
		"deprecated": "已弃用", "removed": "已移除"},
	Kinds: map[Kind]string{KindEnhancement: "增强", KindRemoval: "移除",
		KindDeprecation: "弃用", KindGuide: "指南", KindRelease: "版本",
		KindPatch: "补丁版本", KindCVE: "CVE 漏洞", KindRoad: "升级路线上的变更"},

	Released: "发布日期", Codename: "代号", Cycle: "发布周期", Enhancements: "增强",
	Contributors: "贡献者", Ecosystem: "生态", DataAsOf: "数据截至",
	CycleFacts:       "%d 周（%s 至 %s）",
	EnhancementFacts: "共 %d 项：GA %d 项，Beta %d 项，Alpha %d 项",
	ContributorFacts: "%d 家公司、%d 位个人",
	EcosystemFacts:   "%d 家公司、%d 位贡献者（个人贡献者 %s）",

	MaintenanceMode: "进入维护模式", EndOfLife: "停止支持", UpgradeTo: "建议升级到",
	Go: "构建所用 Go 版本", SecurityFixes: "修复的 CVE", OperatorChanges: "运维相关变更",
	Published: "公布日期", Vector: "CVSS 向量",
	Severity: "严重程度", Affected: "受影响版本", FixedIn: "修复版本", ExposedByDefault: "默认配置的集群是否受影响",
	Yes: "是", No: "否",
	Scored:       "%s（CVSS %s）",
	NoFix:        "%s 没有修复版本：请升级到更新的次要版本",
	NoFixLater:   "%s 没有修复版本；已在 %s 中修复",
	ChangedLater: "后续补丁版本改变了本页内容",
	ChangeTypes: map[ChangeType]string{"security": "安全相关", "regression": "回归修复",
		"behavior": "行为变更", "known-issue": "已知问题", "fix": "问题修复"},
	Severities: map[Severity]string{"low": "低", "medium": "中", "high": "高", "critical": "严重"},

	Release: "版本", Impact: "影响", APIsGone: "不再提供的 API 版本", FlagsGone: "已移除的参数", Status: "支持状态",
	ReleaseName: "%s（%s）",
	Impacts: map[Impact]string{ImpactBreaks: "升级即中断", ImpactAction: "需要处理",
		ImpactDeprecated: "已弃用，日后移除"},
	Statuses: map[SupportStatus]string{StatusSupported: "支持中", StatusMaintenance: "维护模式",
		StatusEnded: "已停止支持"},
	LatestPatch: "%s（%s）", LatestPatchHead: "最新补丁版本",
}

var pageWordsByLang = map[Lang]*pageWords{LangEN: &wordsEN, LangZH: &wordsZH}

// words returns the page words of lang, English for a language elli does not know.
func words(lang Lang) *pageWords {
	if w, ok := pageWordsByLang[lang]; ok {
		return w
	}
	return &wordsEN
}

// LabelIn is the kind as people write it in lang.
func (k Kind) LabelIn(lang Lang) string {
	if s, ok := words(lang).Kinds[k]; ok {
		return s
	}
	return words(lang).Kinds[KindEnhancement]
}

// LabelIn is the severity as people write it in lang.
func (s Severity) LabelIn(lang Lang) string {
	if l, ok := words(lang).Severities[s]; ok {
		return l
	}
	return string(s)
}

// LabelIn is the change type as a page in lang writes it.
func (t ChangeType) LabelIn(lang Lang) string {
	if l, ok := words(lang).ChangeTypes[t]; ok {
		return l
	}
	return string(t)
}

// Label is the kind as people write it, in English.
func (k Kind) Label() string { return k.LabelIn(LangEN) }

// StageIn is a gate's stage as a page in lang writes it.
func (g Gate) StageIn(lang Lang) string {
	if s, ok := words(lang).GateStages[g.Stage]; ok {
		return s
	}
	return g.Stage
}

// DefaultLabelIn is "on", "off" or "unknown" in lang.
func (g Gate) DefaultLabelIn(lang Lang) string {
	w := words(lang)
	switch {
	case g.Default == nil:
		return w.Unknown
	case *g.Default:
		return w.On
	}
	return w.Off
}

// DefaultLabel is "on", "off" or "unknown".
func (g Gate) DefaultLabel() string { return g.DefaultLabelIn(LangEN) }

// defaultPhrase is "on by default", "off by default" or "default unknown" in lang.
func (g Gate) defaultPhrase(lang Lang) string {
	w := words(lang)
	switch {
	case g.Default == nil:
		return w.NoDefault
	case *g.Default:
		return w.OnByDefault
	}
	return w.OffByDefault
}

// LabelIn is the impact as people write it in lang.
func (i Impact) LabelIn(lang Lang) string {
	if s, ok := words(lang).Impacts[i]; ok {
		return s
	}
	return string(i)
}

// LabelIn is the support status as people write it in lang.
func (s SupportStatus) LabelIn(lang Lang) string {
	if l, ok := words(lang).Statuses[s]; ok {
		return l
	}
	return string(s)
}
