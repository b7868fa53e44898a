package data

import (
	"github.com/elli-k8s/elli/data/search"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Chinese and mixed queries a Chinese-reading platform engineer would type, each with the page
// it must put in the top three. Search has no language: these run whatever the display language.
var zhQueryTable = []struct{ q, want string }{
	// features, by the zh-cn docs' words
	{"流量分发", "4444-service-traffic-distribution"},
	{"服务账号令牌", "4193-bound-service-account-token-improvements"},
	{"cgroup 驱动", "4033-cgroup-driver-from-cri"},
	{"cgroup驱动", "4033-cgroup-driver-from-cri"}, // typed without the space
	{"镜像卷", "4639-image-volume-source"},
	{"动态资源分配", "3063-dynamic-resource-allocation"},
	{"用户命名空间", "4265-proc-mount-type"},
	{"拓扑管理器", "4622-topology-manager-max-numa-nodes"},
	{"递归只读挂载", "3857-recursive-read-only-mounts"},
	{"临时存储配额", "1029-ephemeral-storage-quotas"},
	{"卷扩容失败", "1790-recover-volume-expansion-failure"},
	{"一致性读取", "2340-consistent-reads-from-cache"},
	{"领导者选举", "4355-coordinated-leader-election"},
	{"匿名身份认证", "4633-anonymous-auth-configurable-endpoints"},
	{"自定义资源 字段选择算符", "4358-crd-field-selectors"},
	{"超线程", "4176-cpumanager-distribute-cpus-across-cores"},
	{"端口转发 WebSocket", "4006-spdy-to-websockets"},
	{"Job 成功策略", "3998-job-success-policy"},
	{"Pod 失效策略", "3329-job-pod-failure-policy"},
	{"不健康 Pod 驱逐", "3017-pdb-unhealthy-pod-eviction-policy"},
	{"nftables 模式", "3866-nftables-kube-proxy"},
	{"持久卷 阶段转换时间", "3762-pv-last-phase-transition-time"},
	{"卷", "3751-volume-attributes-class"}, // one character: titles, keywords and summaries only
	// feature gates, in Chinese words
	{"Unregister 特性门控", "removal-intree-unregister-gates"},
	{"锁定的特性门控", "removal-graduated-feature-gates"},
	{"证书 特性门控 弃用", "deprecation-node-csr-gates"},
	// removals and deprecations
	{"弃用", "4004-deprecate-kube-proxy-version"},
	{"CephFS 移除", idCephFS},
	{"云提供商 移除", "removal-cloud-providers"},
	{"树内卷插件", idCephRBD},
	{"cgroup v1 维护模式", "deprecation-cgroup-v1"},
	{"SHA-1 证书", "deprecation-sha1-certificates"},
	{"日志处理器 弃用", "deprecation-apiserver-logs-handler"},
	{"调度器插件 弃用", "deprecation-non-csi-volume-limits"},
	// upgrade actions
	{"升级", "breaking-changes"},
	{"升级 检查清单", "ops-practices"},
	{"破坏性变更", "breaking-changes"},
	{"kubeadm 配置迁移", idKubeadmGuide}, // the pages hold 配置 and 迁移, never 配置迁移
	{"kubeadm配置迁移", idKubeadmGuide},
	{"v1beta4 迁移", idKubeadmGuide},
	{"PV 泄漏", "pv-leak-kep-2644"},
	{"常见问题", "pitfalls"},
	{"外部云控制器管理器", "removal-cloud-providers"},
	// the release overview
	{"十周年", ReleaseID},
	{"发布负责人", ReleaseID},
}

func TestSearchChineseQueries(t *testing.T) {
	d := realDataset(t)
	if len(zhQueryTable) < 25 {
		t.Fatalf("%d queries; keep at least 25", len(zhQueryTable))
	}
	for _, tc := range zhQueryTable {
		t.Run(tc.q, func(t *testing.T) {
			if tc.want != ReleaseID {
				mustItem(t, d, tc.want)
			}
			rs := d.Search(tc.q)
			ids := resultIDs(rs)
			if top := ids[:min(3, len(ids))]; !slices.Contains(top, tc.want) {
				t.Errorf("top three %v, want %s among them", top, tc.want)
			}
			checkResultOrder(t, rs)
			checkZHTitleSpans(t, rs)
		})
	}
}

// checkZHTitleSpans: what the list highlights in a Chinese title is whole characters, inside the
// title, and for a Chinese term exactly the term: 流量分发 in 服务流量分发 marks four characters, not
// the run.
func checkZHTitleSpans(t *testing.T, rs []Result) {
	t.Helper()
	for _, r := range rs {
		title := r.Item.Title.In(LangZH)
		for _, sp := range r.TitleSpans(LangZH) {
			if sp.Start < 0 || sp.End > len(title) || sp.Start >= sp.End || !utf8.ValidString(title[sp.Start:sp.End]) {
				t.Fatalf("%s: span %v is not whole characters of %q", r.Item.ID, sp, title)
			}
			if term := r.Query.Terms[sp.Term]; term.CJK() && title[sp.Start:sp.End] != term.Text {
				t.Errorf("%s: the term %q marks %q in %q", r.Item.ID, term.Text, title[sp.Start:sp.End], title)
			}
		}
	}
}

// A Chinese term found in a title outranks any page that has it only further down, as English
// words do; and the title spans say so.
func TestSearchChineseTitlesFirst(t *testing.T) {
	d := realDataset(t)
	for _, q := range []string{"流量分发", "卷", "弃用", "移除", "证书", "迁移", "节点", "动态资源分配", "特性门控"} {
		rs := d.Search(q)
		if len(rs) == 0 {
			t.Errorf("%q finds nothing", q)
			continue
		}
		inTitle := func(r Result) bool { return strings.Contains(r.Item.Title.In(LangZH), q) }
		seenOther := ""
		for _, r := range rs {
			switch {
			case !inTitle(r):
				seenOther = r.Item.ID
			case seenOther != "":
				t.Errorf("%q: %s has it in its title but ranks below %s", q, r.Item.ID, seenOther)
			case len(r.TitleSpans(LangZH)) == 0:
				t.Errorf("%q: %s has it in its title, and no title span", q, r.Item.ID)
			}
		}
	}
}

// One character is in nearly every page's body: alone, it finds the pages that carry it in a
// title, keyword, summary or gate note, not every page that uses it.
func TestSearchOneChineseCharacter(t *testing.T) {
	d := realDataset(t)
	for _, q := range []string{"卷", "的", "新"} {
		found := map[*Item]bool{}
		for _, r := range d.Search(q) {
			found[r.Item] = true
		}
		bodyOnly := 0
		for _, it := range append(slices.Clone(d.Items), d.ReleaseItem()) {
			short := strings.Join(append([]string{it.Title.In(LangZH), it.Summary.In(LangZH), it.Affects.In(LangZH),
				it.Instead.In(LangZH), strings.Join(it.KeywordsTr.In(LangZH), " ")}, gateNotes(it)...), " ")
			switch inShort, inBody := strings.Contains(short, q), strings.Contains(it.Body.In(LangZH), q); {
			case inShort && !found[it]:
				t.Errorf("%q: %s has it in its title, keywords or summary but is not found", q, it.ID)
			case !inShort && found[it]:
				t.Errorf("%q: %s is found by its body alone", q, it.ID)
			case !inShort && inBody:
				bodyOnly++
			}
		}
		if bodyOnly == 0 {
			t.Errorf("%q: no page has it only in its body; the case proves nothing", q)
		}
	}
	// in a longer query, a lone character keeps the rule: 卷 must come from a short field
	for _, r := range d.Search("镜像 卷") {
		if !strings.Contains(r.Item.Title.In(LangZH)+r.Item.Summary.In(LangZH)+strings.Join(r.Item.KeywordsTr.In(LangZH), " ")+
			r.Item.Affects.In(LangZH)+r.Item.Instead.In(LangZH)+strings.Join(gateNotes(r.Item), " "), "卷") {
			t.Errorf("镜像 卷: %s has 卷 only in its body", r.Item.ID)
		}
	}
}

func gateNotes(it *Item) []string {
	var out []string
	for _, g := range it.Gates {
		out = append(out, g.Note.In(LangZH))
	}
	return out
}

// Every word of a page counts, in both languages: a gate's note in Chinese finds its item.
func TestSearchFindsGateNotes(t *testing.T) {
	d := realDataset(t)
	checked := 0
	for _, it := range d.Items {
		for _, g := range it.Gates {
			note := g.Note.Translations()[LangZH]
			if note == "" {
				continue
			}
			// the note's longest Chinese run, a phrase only it may hold
			var run string
			for _, w := range search.WordsOf(note) {
				if search.IsCJK(w) && len(w) > len(run) {
					run = w
				}
			}
			if utf8.RuneCountInString(run) < 4 {
				continue
			}
			checked++
			if !slices.Contains(resultIDs(d.Search(run)), it.ID) {
				t.Errorf("%q, from the note of %s in %s, does not find the item", run, g.Name, it.ID)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("only %d gate notes checked", checked)
	}
}

// Chinese and English find the same page: the language of the query does not matter.
func TestSearchEitherLanguage(t *testing.T) {
	d := realDataset(t)
	for _, tc := range []struct{ en, zh, id string }{
		{"traffic distribution", "流量分发", "4444-service-traffic-distribution"},
		{"image volume", "镜像卷", "4639-image-volume-source"},
		{"recursive read-only", "递归只读", "3857-recursive-read-only-mounts"},
		{"nftables", "nftables 模式", idNFTables},
	} {
		for _, q := range []string{tc.en, tc.zh, tc.en + " " + tc.zh} {
			if rs := d.Search(q); len(rs) == 0 || rs[0].Item.ID != tc.id {
				t.Errorf("%q: first %v, want %s", q, resultIDs(rs)[:min(3, len(rs))], tc.id)
			}
		}
	}
}

// A release given with --data may hold no Chinese at all: a Chinese or mixed query then finds
// nothing Chinese, and the English words of a mixed query still have to match.
func TestSearchChineseInEnglishOnlyRelease(t *testing.T) {
	d := mustLoad(t, genRelease(50, 200))
	for _, q := range []string{"流量分发", "卷", "配置迁移", "kubelet 驱动"} {
		if rs := d.Search(q); len(rs) != 0 {
			t.Errorf("%q finds %v in a release without Chinese", q, resultIDs(rs))
		}
		if spans := d.ParseQuery(q).Spans("流量分发 kubelet 驱动"); q == "流量分发" && len(spans) != 1 { // one phrase, not four characters
			t.Errorf("%q marks %v: the page text still holds the phrase", q, spans)
		}
	}
	if len(d.Search("kubelet")) == 0 {
		t.Fatal("fixture: kubelet finds nothing")
	}
}
