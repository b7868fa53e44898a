package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

const cjkPara = "在 iptables 模式下，规则逐条匹配，每次更新又要重写规则集的一大部分，" +
	"大集群因此要承受缓慢的同步和更高的单包开销。nftables 后端把规则放在自己的表里，" +
	"通过映射表查找 Service（它处理端点变化更快）。"

// A Chinese paragraph fills its lines: each but the last comes within a character of the
// width, no line starts with closing punctuation or ends with opening punctuation, and no text is
// lost or added.
func TestChineseWrapsFull(t *testing.T) {
	for _, width := range []int{20, 33, 40, 61} {
		out, err := NewRenderer().Render(cjkPara, width, Plain)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			w := ansi.StringWidth(l)
			if w > width {
				t.Errorf("width %d: line %d is %d wide: %q", width, i, w, l)
			}
			if i < len(lines)-1 && w+firstUnit(lines[i+1]) <= width {
				t.Errorf("width %d: line %d is %d wide, the next line's start would have fit: %q / %q", width, i, w, l, lines[i+1])
			}
			if r := []rune(strings.TrimSpace(l)); len(r) > 0 && (strings.ContainsRune(noBreakBefore, r[0]) || strings.ContainsRune(noBreakAfter, r[len(r)-1])) {
				t.Errorf("width %d: line %d breaks at punctuation: %q", width, i, l)
			}
			if strings.ContainsRune(l, breakMark) {
				t.Errorf("width %d: line %d keeps a break mark", width, i)
			}
		}
		joined := strings.ReplaceAll(strings.Join(lines, ""), " ", "")
		if want := strings.ReplaceAll(cjkPara, " ", ""); joined != want {
			t.Errorf("width %d: the text changed:\n got %q\nwant %q", width, joined, want)
		}
	}
}

// Code is shown as written: no mark enters a code block or a code span, and English text is
// left alone.
func TestMarkBreaksLeavesCode(t *testing.T) {
	md := "中文段落\n\n```yaml\n# 中文注释\nkey: 值值\n```\n\n看 `代码中文` 这里\n"
	got := markBreaks(md)
	for _, code := range []string{"# 中文注释\nkey: 值值\n", "`代码中文`"} {
		if !strings.Contains(got, code) {
			t.Errorf("markBreaks changed the code %q:\n%q", code, got)
		}
	}
	if !strings.Contains(got, "中\u2028文\u2028段\u2028落") || !strings.Contains(got, "看 ") {
		t.Errorf("markBreaks did not mark the prose: %q", got)
	}
	if en := "Plain English—“quoted”… and more."; markBreaks(en) != en {
		t.Errorf("markBreaks changed English text: %q", markBreaks(en))
	}
}

// firstUnit is the width of what a line starts with that cannot be split: a word, or a Chinese
// character with the closing punctuation after it.
func firstUnit(line string) int {
	r := []rune(line)
	if len(r) == 0 {
		return 0
	}
	n := 1
	for n < len(r) && !mayBreak(r[n-1], r[n]) && r[n] != ' ' {
		n++
	}
	return ansi.StringWidth(string(r[:n]))
}
