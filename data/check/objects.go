package check

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// podTemplatePaths says where each workload kind keeps its pod template.
var podTemplatePaths = map[string][]string{
	"Deployment":            {"spec", "template"},
	"StatefulSet":           {"spec", "template"},
	"DaemonSet":             {"spec", "template"},
	"ReplicaSet":            {"spec", "template"},
	"ReplicationController": {"spec", "template"},
	"Job":                   {"spec", "template"},
	"CronJob":               {"spec", "jobTemplate", "spec", "template"},
	"PodTemplate":           {"template"},
}

// PodTemplatePath returns where an object of kind keeps the pod metadata and spec that the
// checks read, as a field path (spec.template; "" for a Pod, which is its own), and whether
// kind carries a pod at all.
func PodTemplatePath(kind string) (string, bool) {
	if kind == "Pod" {
		return "", true
	}
	p, ok := podTemplatePaths[kind]
	return strings.Join(p, "."), ok
}

// object checks one Kubernetes object (a mapping with apiVersion and kind).
func (c *fileCtx) object(m *yaml.Node, depth int) {
	apiKey, apiNode := entry(m, "apiVersion")
	apiVersion, kind := str(apiNode), str(get(m, "kind"))
	meta := get(m, "metadata")
	// findings keep these names: cloned, they do not keep the whole document's text alive
	obj := object{kind: strings.Clone(kind), namespace: strings.Clone(str(get(meta, "namespace"))), name: strings.Clone(str(get(meta, "name")))}
	group, version, _ := strings.Cut(apiVersion, "/")
	if version == "" {
		group, version = "", group
	}

	// A List (kind List, or PodList and the like from the API) holds objects in items.
	if strings.HasSuffix(kind, "List") && depth < 4 {
		for _, it := range items(get(m, "items")) {
			if get(it, "apiVersion") != nil && get(it, "kind") != nil {
				c.object(it, depth+1)
			}
		}
		return
	}

	c.roadAPI(apiVersion, c.line(apiKey), apiKey.Column, obj)
	switch {
	case group == "resource.k8s.io" && version == "v1alpha2":
		c.add(RuleDRAv1alpha2, c.line(apiKey), apiKey.Column, obj,
			fmt.Sprintf(c.s.t.DRAKind, kind), "")
		return
	case group == "kubeadm.k8s.io":
		c.kubeadm(m, apiKey, version, obj)
		return
	case group == "kubescheduler.config.k8s.io" && kind == "KubeSchedulerConfiguration",
		group == "kubelet.config.k8s.io" && kind == "KubeletConfiguration",
		group == "kubeproxy.config.k8s.io" && kind == "KubeProxyConfiguration":
		c.componentConfig(kind, m, obj)
		return
	case c.clusterAPI(group, kind, m, obj, depth):
		return
	case isKops(group) && c.kops(kind, m, obj, depth):
		return
	case group == "kind.x-k8s.io" && kind == "Cluster":
		c.kindCluster(m, obj, depth)
		return
	case group == "machineconfiguration.openshift.io" && kind == "MachineConfig":
		c.walkCI(path(m, "spec", "config"), obj, 0)
		return
	}

	switch kind {
	case "ConfigMap":
		c.configMap(m, depth)
	case "Pod":
		c.podMeta(meta, obj)
		c.podSpec(get(m, "spec"), obj)
		if c.staticPod(meta) {
			c.staticPodRefs(get(m, "spec"), obj)
		}
	case "Service":
		c.serviceExternalIPs(m, obj)
	case "PersistentVolume":
		c.persistentVolume(m, obj)
	case "StorageClass":
		c.storageClass(m, obj)
	default:
		if p, ok := podTemplatePaths[kind]; ok {
			tmpl := path(m, p...)
			c.podMeta(get(tmpl, "metadata"), obj)
			c.podSpec(get(tmpl, "spec"), obj)
		}
	}
}

// mountOptionsKey is the deprecated annotation that set a PersistentVolume's mount options.
const mountOptionsKey = "volume.beta.kubernetes.io/mount-options"

// persistentVolume checks a PV's volume source and annotations.
func (c *fileCtx) persistentVolume(m *yaml.Node, obj object) {
	spec := get(m, "spec")
	c.volumeSource(spec, obj, c.s.t.PersistentVolume)
	pairs(get(get(m, "metadata"), "annotations"), func(k, v *yaml.Node) {
		if k.Value == mountOptionsKey {
			c.add(RuleMountOptions, c.line(k), k.Column, obj,
				c.s.t.MountOptions, fmt.Sprintf(c.s.t.MountOptionsFix, str(v)))
		}
	})
}

// inTreeProvisioners maps the in-tree provisioners that CSI migration serves to the CSI driver
// that answers for them.
var inTreeProvisioners = map[string]string{
	"kubernetes.io/aws-ebs":        "ebs.csi.aws.com",
	"kubernetes.io/gce-pd":         "pd.csi.storage.gke.io",
	"kubernetes.io/azure-disk":     "disk.csi.azure.com",
	"kubernetes.io/azure-file":     "file.csi.azure.com",
	"kubernetes.io/cinder":         "cinder.csi.openstack.org",
	"kubernetes.io/vsphere-volume": "csi.vsphere.vmware.com",
}

// storageClass checks a StorageClass's provisioner.
func (c *fileCtx) storageClass(m *yaml.Node, obj object) {
	k, v := entry(m, "provisioner")
	p := str(v)
	switch {
	case p == "kubernetes.io/rbd":
		c.add(RuleRBDProvisioner, c.line(k), k.Column, obj,
			c.s.t.RBDProvisioner, "")
	case p == "ceph.com/rbd":
		// external-storage's rbd-provisioner runs outside the cluster's code, but the
		// volumes it creates use the in-tree rbd source
		c.add(RuleRBDProvisioner, c.line(k), k.Column, obj,
			c.s.t.RBDExternal, c.s.t.RBDExternalFix)
	case p == "kubernetes.io/portworx-volume" && c.s.roadOn(RulePortworxRemoved):
		c.add(RulePortworxRemoved, c.line(k), k.Column, obj, fmt.Sprintf(c.s.t.PortworxRemoved, "StorageClass"), "")
	case p == "kubernetes.io/portworx-volume":
		c.add(RulePortworx, c.line(k), k.Column, obj,
			c.s.t.PortworxClass, "")
	case inTreeProvisioners[p] != "":
		d := inTreeProvisioners[p]
		c.add(RuleInTreeStorage, c.line(k), k.Column, obj,
			fmt.Sprintf(c.s.t.InTreeClass, p, d), fmt.Sprintf(c.s.t.InTreeClassFix, d, d))
	}
}

// inTreeVolumes maps in-tree cloud volume sources (pod volumes and PV sources) to the CSI
// driver that serves them after migration.
var inTreeVolumes = map[string]string{
	"awsElasticBlockStore": "ebs.csi.aws.com",
	"gcePersistentDisk":    "pd.csi.storage.gke.io",
	"azureDisk":            "disk.csi.azure.com",
	"azureFile":            "file.csi.azure.com",
	"cinder":               "cinder.csi.openstack.org",
	"vsphereVolume":        "csi.vsphere.vmware.com",
}

// volumeSource checks the source keys of a pod volume or a PV spec. where names the holder in
// messages: `volume "data"` or "PersistentVolume".
func (c *fileCtx) volumeSource(src *yaml.Node, obj object, where string) {
	pairs(src, func(k, v *yaml.Node) {
		switch k.Value {
		case "cephfs":
			if v == nil || v.Kind != yaml.MappingNode {
				return // a volume source is a mapping; anything else is someone else's "cephfs"
			}
			c.add(RuleCephFSVolume, c.line(k), k.Column, obj,
				fmt.Sprintf(c.s.t.CephFSVolume, where), "")
		case "rbd":
			if v == nil || v.Kind != yaml.MappingNode {
				return
			}
			c.add(RuleRBDVolume, c.line(k), k.Column, obj,
				fmt.Sprintf(c.s.t.RBDVolume, where), "")
		case "portworxVolume":
			if c.s.roadOn(RulePortworxRemoved) {
				c.add(RulePortworxRemoved, c.line(k), k.Column, obj, fmt.Sprintf(c.s.t.PortworxRemoved, where), "")
				return
			}
			c.add(RulePortworx, c.line(k), k.Column, obj,
				fmt.Sprintf(c.s.t.PortworxVolume, where), "")
		case "gitRepo":
			c.gitRepoVolume(k, v, obj, where)
		default:
			if d := inTreeVolumes[k.Value]; d != "" && v != nil && v.Kind == yaml.MappingNode {
				c.add(RuleInTreeStorage, c.line(k), k.Column, obj,
					fmt.Sprintf(c.s.t.InTreeVolume, where, k.Value, d), fmt.Sprintf(c.s.t.InTreeVolumeFix, d, d))
			}
		}
	})
}
