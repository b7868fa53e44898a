package check

import "github.com/elli-k8s/elli/data"

// texts are the words of elli check's findings and notes in one language (text_en.go,
// text_zh.go). A field holding a format says what it takes, in order; a translation may
// reorder them with %[n]s. The rules' titles and fixes are in the rule table (English) and in
// ruleTextsZH. Kubernetes names (kinds, fields, flags, gates, commands) stay in English.
type texts struct {
	// where a volume source is, in the volume messages
	VolumeNamed      string // volume name (quoted)
	PersistentVolume string

	DRAKind          string // kind
	NFTables         string
	MountOptions     string
	MountOptionsFix  string // the annotation's value (quoted)
	RBDProvisioner   string
	RBDExternal      string
	RBDExternalFix   string
	PortworxClass    string
	InTreeClass      string // provisioner, CSI driver
	InTreeClassFix   string // CSI driver, CSI driver
	CephFSVolume     string // where
	RBDVolume        string // where
	PortworxVolume   string // where
	InTreeVolume     string // where, the source's key, CSI driver
	InTreeVolumeFix  string // CSI driver, CSI driver
	AppArmor         string // container (quoted)
	AppArmorFix      string // the field's value, container (quoted)
	AppArmorFixPlain string // container (quoted)
	DRASource        string // claim name (quoted)
	DRASourceFix     string

	RemovedFlag      string // component, flag, component
	CloudProvider    string // component, provider (quoted)
	CloudProviderVar string // component, the value as written
	PVLabel          string // flag
	LogsHandler      string
	RuntimeConfig    string
	RuntimeConfigFix string
	// kind's runtimeConfig, which kind passes to kube-apiserver
	KindRuntimeConfig string

	RemovedGate       string // gate
	RemovedGateFix    string // gate
	LockedGate        string // gate, locked value, value set
	LockedGateFix     string // gate, value set
	GraduatedGate     string // gate, locked value
	GraduatedGateFix  string // gate
	DeprecatedGate    string // gate
	DeprecatedGateFix string // gate

	KubeadmV1beta3     string // kind
	SchedulerLimits    string // profile (quoted), plugin, extension point
	SchedulerLimitsFix string // plugin
	SchedulerCustom    string // profile (quoted), plugin
	SchedulerConfig    string // profile (quoted), plugin

	KubeadmOutput   string
	KubectlExec     string // pod, command word
	KubectlExecFix  string // the user's command with -- added
	KubectlRun      string // flag
	KubectlDrain    string
	SHA1Certificate string // subject (quoted), issuer (quoted), algorithm

	// the road (a release is written "1.34")
	RoadGateRemoved    string // gate, release
	RoadGateLocked     string // gate, release, locked value, value set
	RoadGateDeprecated string // gate, release, its default there, value set
	RoadGateFix        string // gate
	RoadFlag           string // component, flag, release
	RoadFlagFix        string // flag, road item
	RoadAPI            string // group/version, release
	RoadAPIFix         string // road item
	GitRepo            string // where
	StaticPodRef       string // the field
	ProxyIPVS          string
	ExternalIPs        string
	PortworxRemoved    string // where
	EventRecordQPS     string
	KubeadmV1beta3Gone string // kind
	ProbeHost          string // container, field
	SELinuxMount       string

	// notes
	TooLargeDocument string // limit
	TooLargeFile     string // size, limit
	JSONNotList      string // limit
	JSONNoItems      string // limit
	Template         string
	FromTemplate     string // the finding's message
	NotYAML          string // the parser's message
	NotJSON          string // the parser's message
	JSONEndsEarly    string
	AliasBomb        string // node limit, ratio
	CannotRead       string // why
	ReadingStopped   string // why
	NotRegular       string
	Binary           string
	LinkToFolder     string
	Truncated        string
	PEMBlock         string
	BadCertificate   string // why
}

// textsFor returns the catalog of a language (English for any other).
func textsFor(lang data.Lang) *texts {
	if lang == data.LangZH {
		return &textZH
	}
	return &textEN
}

// TitleIn is the rule's title in lang.
func (r Rule) TitleIn(lang data.Lang) string {
	if t, ok := ruleTextsZH[r.ID]; ok && lang == data.LangZH {
		return t[0]
	}
	return r.Title
}

// FixIn is the rule's fix in lang.
func (r Rule) FixIn(lang data.Lang) string {
	if t, ok := ruleTextsZH[r.ID]; ok && lang == data.LangZH {
		return t[1]
	}
	return r.Fix
}
