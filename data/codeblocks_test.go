package data

import (
	"strings"
	"testing"
)

func TestCodeBlocks(t *testing.T) {
	md := "# T\n\ntext\n\n```shell\nkubectl get nodes\n```\n\n- item\n\n  ~~~yaml title\n  a: 1\n  b: 2\n  ~~~\n\n````md\n```inner\n````\n"
	got, err := CodeBlocks(md)
	if err != nil {
		t.Fatal(err)
	}
	want := []CodeBlock{
		{Lang: "shell", Line: 5, Text: "kubectl get nodes\n"},
		{Lang: "yaml", Line: 11, Text: "a: 1\nb: 2\n", Indent: 2},
		{Lang: "md", Line: 16, Text: "```inner\n"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d blocks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	open, err := CodeBlocks("```sh\necho hi\n")
	if err == nil || !strings.Contains(err.Error(), "line 1") || len(open) != 1 || open[0].Text != "echo hi\n\n" {
		t.Errorf("unclosed block: %+v %v", open, err)
	}
}

// TestPagesHaveCodeBlocks: the pages the explorer shows hold code blocks for c to copy, and
// every one of them is closed.
func TestPagesHaveCodeBlocks(t *testing.T) {
	ds := realDataset(t)
	n := 0
	for _, it := range ds.Items {
		blocks, err := CodeBlocks(it.Markdown(LangEN))
		if err != nil {
			t.Errorf("%s: %v", it.ID, err)
		}
		n += len(blocks)
	}
	if n < 10 {
		t.Errorf("%d code blocks in all pages", n)
	}
}
