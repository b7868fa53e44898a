// Package check finds what Kubernetes v1.31 breaks or deprecates in a user's own files: manifests,
// component configs, kubeadm configs, systemd units, shell scripts and certificates. It works
// offline, on plain values: each finding names a rule of the table below and the elli item that
// explains it. It knows nothing of terminals; the command line and the explorer present what it
// returns.
package check

import "strings"

// Severity says how hard a finding hits an upgrade to v1.31.
type Severity int

const (
	// Info is worth knowing: nothing breaks, but behaviour or a dependency changes.
	Info Severity = iota
	// Warning is deprecated but still working in v1.31: it warns, or breaks in a later release.
	Warning
	// Error stops working in v1.31: a component refuses to start, a volume no longer mounts,
	// an API version is no longer served.
	Error
)

// Severities lists the severities, most severe first.
var Severities = []Severity{Error, Warning, Info}

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// ParseSeverity reads "error", "warning" or "info" (any case).
func ParseSeverity(s string) (Severity, bool) {
	for _, v := range Severities {
		if strings.EqualFold(strings.TrimSpace(s), v.String()) {
			return v, true
		}
	}
	return Info, false
}

// Rule is one thing elli check looks for. Its ID is stable: scripts, SARIF dashboards and
// suppressions refer to it.
type Rule struct {
	ID       string
	Severity Severity
	// Item is the id of the elli item that explains the change (elli show ITEM). A finding may
	// name a more precise item (a feature gate's own page, say).
	Item string
	// Title says in a few words what the rule finds.
	Title string
	// Fix is what to do; findings may give a more precise one.
	Fix string
}

// Rule ids. Each is defined once, here, with its row in Rules.
const (
	RuleCephFSVolume     = "cephfs-volume"
	RuleRBDVolume        = "rbd-volume"
	RuleRBDProvisioner   = "rbd-provisioner"
	RuleCloudProvider    = "intree-cloud-provider"
	RuleCloudProviderVar = "cloud-provider-from-variable"
	RuleInTreeStorage    = "intree-storage-plugin"
	RulePortworx         = "portworx-csi-migration"
	RuleAppArmor         = "apparmor-annotation"
	RuleSchedulerLimits  = "scheduler-volume-limits"
	RuleSchedulerCustom  = "scheduler-custom-plugin"
	RuleKeepTerminated   = "keep-terminated-pod-volumes"
	RuleKubeletIPTables  = "kubelet-iptables-bits"
	RuleProxyPortRange   = "proxy-port-range"
	RuleVolumeHostFlags  = "volume-host-flags"
	RuleHPADelayFlags    = "hpa-delay-flags"
	RulePVLabel          = "persistent-volume-label"
	RuleLogsHandler      = "logs-handler"
	RuleRemovedGate      = "removed-feature-gate"
	RuleLockedGate       = "locked-feature-gate"
	RuleGraduatedGate    = "graduated-feature-gate"
	RuleDeprecatedGate   = "deprecated-feature-gate"
	RuleNFTables         = "nftables-mode"
	RuleKubeadmV1beta3   = "kubeadm-v1beta3"
	RuleKubeadmConfigMap = "kubeadm-config-v1beta3"
	RuleKubeadmOutput    = "kubeadm-experimental-output"
	RuleMountOptions     = "pv-mount-options-annotation"
	RuleSHA1Cert         = "sha1-certificate"
	RuleDRAv1alpha2      = "dra-v1alpha2"
	RuleKubectlExec      = "kubectl-exec-without-separator"
	RuleKubectlRun       = "kubectl-run-removed-flag"
	RuleKubectlDrain     = "kubectl-drain-delete-local-data"
	RuleCgroupV1         = "cgroup-v1-node"

	// the road: rules of the releases after 1.31, each explained by a road item, applied when
	// the check looks that far (Options.To)
	RuleRoadAPI            = "road-api-not-served"
	RuleRoadGate           = "road-feature-gate"
	RuleRoadFlag           = "road-removed-flag"
	RuleGitRepo            = "gitrepo-volume"
	RuleStaticPodRefs      = "static-pod-api-reference"
	RuleProxyIPVS          = "kube-proxy-ipvs-mode"
	RuleExternalIPs        = "service-external-ips"
	RulePortworxRemoved    = "portworx-intree-removed"
	RuleEventRecordQPS     = "kubelet-event-record-qps-zero"
	RuleKubeadmV1beta3Gone = "kubeadm-v1beta3-removed"
	RuleRoadAPICalled      = "road-api-still-called"
	RuleCgroupV1Fails      = "cgroup-v1-node-fails"
	RuleContainerd1        = "containerd-1x-node"
	RuleProbeHost          = "pss-probe-host"
	RuleSELinuxMount       = "selinux-mount-default"

	cephCSI                  = "ceph/ceph-csi"
	kubectlLegacyFlagsItemID = "removal-kubectl-legacy-flags"
)

// Rules is the table of every rule, in the order the checks run: volumes, cloud, security,
// scheduler, flags, gates, kube-proxy, kubeadm, annotations, certificates, DRA, scripts, and
// the cluster scan's nodes.
var Rules = []Rule{
	{RuleCephFSVolume, Error, "removal-cephfs-volume-plugin", "in-tree cephfs volume",
		"Deploy the CephFS CSI driver (cephfs.csi.ceph.com, from " + cephCSI + ") while still on 1.30, move the data to CSI volumes and redeploy before upgrading"},
	{RuleRBDVolume, Error, "removal-ceph-rbd-volume-plugin", "in-tree rbd volume",
		"Deploy the RBD CSI driver (rbd.csi.ceph.com, from " + cephCSI + ") while still on 1.30, copy or import the images into CSI volumes and redeploy before upgrading"},
	{RuleRBDProvisioner, Error, "removal-ceph-rbd-volume-plugin", "StorageClass whose provisioner makes in-tree rbd volumes (kubernetes.io/rbd, ceph.com/rbd)",
		"Create a StorageClass for the RBD CSI driver (provisioner rbd.csi.ceph.com, from " + cephCSI + ") and move claims to it"},
	{RuleCloudProvider, Error, "removal-cloud-providers", "built-in cloud provider selected with --cloud-provider",
		"Run your platform's external cloud-controller-manager (and, for the kubelet, an image credential provider plugin), then set --cloud-provider=external"},
	{RuleCloudProviderVar, Info, "removal-cloud-providers", "--cloud-provider set from a variable",
		"Check what the variable holds where the command runs: 1.31 accepts only --cloud-provider=external or none"},
	{RuleInTreeStorage, Info, "removal-intree-unregister-gates", "in-tree cloud volume plugin served through CSI migration",
		"Keep the CSI driver named in the message installed on every node; new StorageClasses can name it as their provisioner directly"},
	{RulePortworx, Warning, "2589-csi-migration-portworx", "Portworx volume, now routed to the Portworx CSI driver",
		"Install the Portworx CSI driver (pxd.portworx.com) before upgrading; CSIMigrationPortworx=false on the control plane and kubelets only buys time"},
	{RuleAppArmor, Warning, "24-apparmor", "deprecated AppArmor annotation",
		"Set securityContext.appArmorProfile on the container (or the pod) and remove the annotation"},
	{RuleSchedulerLimits, Warning, "deprecation-non-csi-volume-limits", "deprecated cloud volume limit plugin in a scheduler profile",
		"Remove the plugin; NodeVolumeLimits enforces the same limits from CSINode (enable it explicitly if the profile disables the defaults). v1.32 no longer knows the name"},
	{RuleSchedulerCustom, Info, "breaking-changes", "custom scheduler plugin: 1.31 changes the plugin framework",
		"Rebuild the plugin against the 1.31 framework (EventsToRegister takes a context and returns an error) and give it a QueueingHint for Pod/Update if a Pod update can make it pass"},
	{RuleKeepTerminated, Error, "removal-keep-terminated-pod-volumes", "removed kubelet flag --keep-terminated-pod-volumes",
		"Delete the flag; nothing replaces it (debug a running pod with kubectl debug, or keep data on a PersistentVolume)"},
	{RuleKubeletIPTables, Error, "removal-kubelet-iptables-bits", "removed kubelet iptables mark flag",
		"Delete the flag from the kubelet; set the masquerade bit on kube-proxy (--iptables-masquerade-bit or its config file) if you need a non-default one"},
	{RuleProxyPortRange, Error, "removal-proxy-port-range", "removed kube-proxy flag --proxy-port-range",
		"Delete the flag; no proxy mode uses a host port range"},
	{RuleVolumeHostFlags, Error, "removal-volume-host-flags", "removed kube-controller-manager volume host flag",
		"Delete the flag; the in-tree plugins it restricted are gone, so nothing replaces it"},
	{RuleHPADelayFlags, Error, "removal-hpa-delay-flags", "removed kube-controller-manager HPA delay flag",
		"Delete the flag; tune scaling with spec.behavior on each HorizontalPodAutoscaler or --horizontal-pod-autoscaler-downscale-stabilization"},
	{RulePVLabel, Error, "removal-persistent-volume-label", "removed admission plugin PersistentVolumeLabel",
		"Remove PersistentVolumeLabel from the list; use kubernetes-sigs/cloud-pv-admission-labeler if you still need the labels"},
	{RuleLogsHandler, Warning, "deprecation-apiserver-logs-handler", "kube-apiserver /logs handler switched back on",
		"Collect control plane logs with a node log agent; the flag and the handler go away in v1.33"},
	{RuleRemovedGate, Error, "removal-graduated-feature-gates", "feature gate removed in 1.31",
		"Delete the gate from every --feature-gates flag and featureGates setting before upgrading"},
	{RuleLockedGate, Error, "removal-graduated-feature-gates", "feature gate set against its lock",
		"Delete the setting; the gate is locked to its default in 1.31 and the component refuses any other value"},
	{RuleGraduatedGate, Warning, "removal-graduated-feature-gates", "graduated feature gate still set",
		"Delete the setting; it changes nothing in 1.31 and the gate will be removed in a later release"},
	{RuleDeprecatedGate, Warning, "deprecation-node-csr-gates", "deprecated feature gate set",
		"Stop relying on the gate and delete the setting before it is removed"},
	{RuleNFTables, Info, "3866-nftables-kube-proxy", "kube-proxy nftables mode behaves differently from iptables",
		"Test NodePorts on the nodes' primary IPs only (not 127.0.0.1), open the NodePort range in the host firewall, and watch for conntrack drops (--conntrack-tcp-be-liberal)"},
	{RuleKubeadmV1beta3, Warning, "kubeadm-v1beta4", "deprecated kubeadm config API kubeadm.k8s.io/v1beta3",
		"Convert the file with: kubeadm config migrate --old-config OLD.yaml --new-config NEW.yaml (extraArgs become name/value lists; timeouts move to a timeouts block)"},
	// kubeadm owns kube-system/kubeadm-config: kubeadm upgrade apply rewrites it in the API
	// version it speaks (v1beta4 from 1.31), and every kubeadm up to 1.36 still reads v1beta3,
	// so nothing breaks and there is nothing for the user to do (editing it by hand is wrong):
	// info, not a warning that --fail-on warning would fail every kubeadm cluster on
	{RuleKubeadmConfigMap, Info, "kubeadm-v1beta4", "kube-system/kubeadm-config still at kubeadm.k8s.io/v1beta3, which kubeadm rewrites itself",
		"Nothing to convert by hand: kubeadm upgrade apply rewrites this ConfigMap at v1beta4 when it moves the control plane to 1.31; convert with kubeadm config migrate only the files you pass to kubeadm --config"},
	{RuleKubeadmOutput, Warning, "deprecation-kubeadm", "deprecated kubeadm flag --experimental-output",
		"Use --output instead"},
	{RuleMountOptions, Warning, "deprecation-pv-mount-options-annotation", "deprecated annotation volume.beta.kubernetes.io/mount-options",
		"Move the options to the PersistentVolume's spec.mountOptions list and remove the annotation"},
	{RuleSHA1Cert, Warning, "deprecation-sha1-certificates", "certificate signed with SHA-1",
		"Re-issue the certificate (and the CA that signs it) with SHA-256 or stronger; GODEBUG=x509sha1=1 is a stopgap that Go 1.24 removes"},
	{RuleDRAv1alpha2, Error, "removal-dra-v1alpha2", "Dynamic Resource Allocation at resource.k8s.io/v1alpha2",
		"Delete the v1alpha2 objects before upgrading, then recreate them in the v1alpha3 shape with drivers built for 1.31"},
	{RuleKubectlExec, Error, kubectlLegacyFlagsItemID, "kubectl exec with a command but no --",
		"Put -- between the pod and the command: kubectl exec POD -- COMMAND"},
	{RuleKubectlRun, Error, kubectlLegacyFlagsItemID, "removed kubectl run flag",
		"Delete the flag; kubectl run no longer accepts it"},
	{RuleKubectlDrain, Error, kubectlLegacyFlagsItemID, "removed kubectl drain flag --delete-local-data",
		"Use --delete-emptydir-data instead"},
	{RuleCgroupV1, Warning, "deprecation-cgroup-v1", "node on cgroup v1, which the kubelet keeps in maintenance mode (cluster scan only)",
		"Move the node to cgroup v2 (kernel 5.8 or later booting the unified hierarchy, containerd 1.4+ or CRI-O 1.20+, the systemd cgroup driver), test the workloads that read cgroup files, then set failCgroupV1: true on its kubelet"},

	// The road. The API, gate and flag rules take their facts and their item (the one that
	// removes the thing found) from the road items' front matter; Item here is one of them,
	// for the rule's own page. A finding's severity follows its item's impact: breaks is an
	// error, an action or a deprecation a warning.
	{RuleRoadAPI, Error, "1.32-flowcontrol-v1beta3", "API version that a later release no longer serves",
		"Move the objects and their clients to the version the road item names, and drop the old version from --runtime-config, before the upgrade"},
	{RuleRoadGate, Error, "1.32-removed-gates", "feature gate that a later release removes or locks",
		"Delete the gate from every --feature-gates flag and featureGates setting before the upgrade that removes it"},
	{RuleRoadFlag, Error, "1.32-removed-flags", "flag that a later release removes",
		"Delete the flag (or move its setting where the road item says) before the upgrade that removes it"},
	{RuleGitRepo, Error, "1.33-gitrepo-volume-disabled", "gitRepo volume, switched off in 1.33 and removed in 1.36",
		"Clone the repository in an init container into an emptyDir volume that the app container mounts, and remove the gitRepo volume"},
	{RuleStaticPodRefs, Error, "1.34-static-pod-api-objects", "static Pod that references API objects, which the kubelet refuses from 1.34",
		"Give the static Pod only host-local sources (hostPath, emptyDir, downwardAPI) before upgrading the kubelet, or run it as a DaemonSet"},
	{RuleProbeHost, Error, "1.34-pss-probe-host", "probe or lifecycle hook that sets host, which Pod Security baseline refuses from 1.34",
		"Remove host so the kubelet probes the Pod IP (or use an exec probe); until then pin the namespace's pod-security.kubernetes.io/enforce-version to v1.33"},
	{RuleProxyIPVS, Warning, "1.35-ipvs-deprecated", "kube-proxy in ipvs mode, deprecated from 1.35",
		"Plan the move to nftables mode (or iptables), trying it on one node pool first"},
	{RuleExternalIPs, Warning, "1.36-service-externalips-deprecated", "Service with spec.externalIPs, deprecated from 1.36",
		"Publish the Service as type LoadBalancer, a NodePort, or through Gateway API or an Ingress, and block new externalIPs with the DenyServiceExternalIPs admission plugin"},
	{RulePortworxRemoved, Error, "1.36-portworx-removed", "in-tree Portworx volume or StorageClass, removed in 1.36",
		"Run the Portworx CSI driver (pxd.portworx.com) on every node that mounts these volumes, and delete CSIMigrationPortworx and InTreePluginPortworxUnregister from the gates, before upgrading"},
	{RuleEventRecordQPS, Warning, "1.37-event-record-qps", "kubelet eventRecordQPS 0, which means no limit from 1.37",
		"Set eventRecordQPS (or --event-qps) to a non-zero value, 50 as the default, before upgrading, unless unthrottled events are what you want"},
	// Warning although the item breaks: a file shows one Pod's label and claim, not the
	// node's SELinux mode, the driver's seLinuxMount nor the other Pods on the volume, so the
	// finding says where to look, and --fail-on error should not fail every such workload
	{RuleSELinuxMount, Warning, "1.37-selinux-mount-default", "Pod with an SELinux label and a persistent volume, which 1.37 mounts with that label",
		"Check on 1.36 with the selinux-warning-controller whether Pods with other labels share the volume; if so give them one label or set spec.securityContext.seLinuxChangePolicy: Recursive"},
	{RuleKubeadmV1beta3Gone, Error, "1.37-kubeadm-v1beta3-removed", "kubeadm config at kubeadm.k8s.io/v1beta3, which kubeadm 1.37 no longer reads",
		"Convert the file with the 1.36 kubeadm: kubeadm config migrate --old-config OLD.yaml --new-config NEW.yaml"},
	{RuleRoadAPICalled, Error, "1.32-flowcontrol-v1beta3", "API version that clients still call and a later release no longer serves (cluster scan only)",
		"Find the clients in the API server's audit log (their user agent and user) and move them to the version the road item names before the upgrade"},
	{RuleCgroupV1Fails, Error, "1.35-cgroup-v1-fail", "node on cgroup v1, where the 1.35 kubelet refuses to start (cluster scan only)",
		"Move the node to cgroup v2 before upgrading its kubelet to 1.35; failCgroupV1: false is only a stopgap"},
	{RuleContainerd1, Warning, "1.36-containerd-2-required", "node on containerd 1.x, out of support from 1.36 (cluster scan only)",
		"Move the node to containerd 2.0 or later (or another runtime that implements RuntimeConfig) before or during the move to 1.36"},
}

// clusterOnly are the rules that only elli check --cluster can find: what they judge is in no
// file a user has (a node's cgroup version, which its kubelet reports).
var clusterOnly = map[string]bool{RuleCgroupV1: true, RuleRoadAPICalled: true, RuleCgroupV1Fails: true, RuleContainerd1: true}

// ClusterOnly reports whether only the cluster scan can find the rule.
func (r Rule) ClusterOnly() bool { return clusterOnly[r.ID] }

var ruleIndex = func() map[string]int {
	m := make(map[string]int, len(Rules))
	for i, r := range Rules {
		m[r.ID] = i
	}
	return m
}()

// RuleByID returns the rule with the given id.
func RuleByID(id string) (Rule, bool) {
	i, ok := ruleIndex[id]
	if !ok {
		return Rule{}, false
	}
	return Rules[i], true
}

// RuleIndex is the position of the rule in Rules, or -1.
func RuleIndex(id string) int {
	if i, ok := ruleIndex[id]; ok {
		return i
	}
	return -1
}
