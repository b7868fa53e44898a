package check

import "sync"

// A YAML document can only hold a finding if it contains one of the words below: a key, value,
// flag or kind that some rule looks at. Parsing YAML costs far more than reading it, so
// documents without any of them are not parsed at all. The words are matched in one pass by an
// Aho-Corasick automaton compiled to a table (one lookup per byte).
//
// Adding a rule means adding the words its findings need; the tests check that every fixture
// with a finding passes the filter, and a document that does not pass it is reported nowhere.
var triggerWords = []string{
	// volumes and storage classes
	"cephfs", "rbd", "portworx", "awsElasticBlockStore", "gcePersistentDisk", "azureDisk",
	"azureFile", "cinder", "vsphereVolume", "aws-ebs", "gce-pd", "azure-disk", "azure-file",
	"vsphere-volume", "mount-options",
	// pods
	"apparmor", "resourceClaims",
	// flags, component configs, kubeadm
	"cloud-provider", "feature-gates", "featureGates", "keep-terminated-pod-volumes",
	"iptables-masquerade-bit", "iptables-drop-bit", "proxy-port-range", "volume-host-",
	"horizontal-pod-autoscaler-", "PersistentVolumeLabel", "enable-logs-handler", "nftables",
	"KubeSchedulerConfiguration", "kubeadm.k8s.io", "resource.k8s.io",
	// kops specs, whose fields become flags under other names (cloudProvider)
	"kops.k8s.io", "kops/v1",
	// file contents that Ignition and MachineConfigs carry as base64 data URLs
	";base64,",
	// scripts in CI files: kubectl as a command, followed by a space (live objects carry
	// kubectl.kubernetes.io/ annotations, which must not make every one of them parsed)
	"kubectl ", "KUBECTL", "experimental-output",
	// escapes that could spell any of the above
	`\x`, `\u`, `\U`,
}

// automaton is a dense DFA: next[state*256+byte] is the next state; a state at or above
// matchFrom means a word has been seen.
type automaton struct {
	next      []uint16
	matchFrom uint16
}

// triggers is built on its first use, by elli check: the build allocates about 1.5 MB, which
// every other command would pay at start-up if it ran at package initialisation.
var triggers lazyAutomaton

type lazyAutomaton struct {
	once sync.Once
	a    *automaton
	// words are the words to find; nil means triggerWords
	words []string
}

// matches reports whether b contains any of the trigger words.
func (l *lazyAutomaton) matches(b []byte) bool { return l.index(b) >= 0 }

// index returns where the first trigger word in b ends, or -1.
func (l *lazyAutomaton) index(b []byte) int {
	l.once.Do(func() {
		if l.words == nil {
			l.words = triggerWords
		}
		l.a = buildAutomaton(l.words)
	})
	return l.a.index(b)
}

// index returns the offset just past the first of the words in b, or -1.
func (a *automaton) index(b []byte) int {
	next, m := a.next, a.matchFrom
	var st uint16
	for i, c := range b {
		st = next[int(st)<<8|int(c)]
		if st >= m {
			return i + 1
		}
	}
	return -1
}

// buildAutomaton builds the trie, its failure links, then the full transition table, and
// renumbers the states so that every accepting state sorts last.
func buildAutomaton(words []string) *automaton {
	type node struct {
		child [256]int32
		fail  int32
		out   bool
	}
	nodes := []node{{}}
	for i := range nodes[0].child {
		nodes[0].child[i] = -1
	}
	for _, w := range words {
		cur := int32(0)
		for i := 0; i < len(w); i++ {
			c := w[i]
			if nodes[cur].child[c] < 0 {
				var n node
				for j := range n.child {
					n.child[j] = -1
				}
				nodes = append(nodes, n)
				nodes[cur].child[c] = int32(len(nodes) - 1)
			}
			cur = nodes[cur].child[c]
		}
		nodes[cur].out = true
	}
	// breadth first: failure links and the complete transition function
	queue := []int32{}
	for c := 0; c < 256; c++ {
		if ch := nodes[0].child[c]; ch >= 0 {
			nodes[ch].fail = 0
			queue = append(queue, ch)
		} else {
			nodes[0].child[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if nodes[nodes[s].fail].out {
			nodes[s].out = true
		}
		for c := 0; c < 256; c++ {
			if ch := nodes[s].child[c]; ch >= 0 {
				nodes[ch].fail = nodes[nodes[s].fail].child[c]
				queue = append(queue, ch)
			} else {
				nodes[s].child[c] = nodes[nodes[s].fail].child[c]
			}
		}
	}
	// accepting states last, so one comparison tells a match
	order := make([]int32, len(nodes))
	var n int32
	for pass := 0; pass < 2; pass++ {
		for i := range nodes {
			if nodes[i].out == (pass == 1) {
				order[i] = n
				n++
			}
		}
	}
	a := &automaton{next: make([]uint16, len(nodes)*256)}
	a.matchFrom = uint16(len(nodes))
	for i := range nodes {
		if nodes[i].out && uint16(order[i]) < a.matchFrom {
			a.matchFrom = uint16(order[i])
		}
		for c := 0; c < 256; c++ {
			a.next[int(order[i])<<8|c] = uint16(order[nodes[i].child[c]])
		}
	}
	return a
}

// MayFind reports, for this scanner's rules (the road's included), whether a document could
// hold a finding; see the function MayFind.
func (s *Scanner) MayFind(b []byte) bool { return s.trig.matches(b) }

// MayFind reports whether a document (YAML or JSON, or any part of one) could hold a finding:
// false means that it has none of the words any rule looks at, so that a caller reading many
// objects, such as the cluster scan, may pass it over without decoding it.
func MayFind(b []byte) bool { return triggers.matches(b) }
