package cli

import (
	"testing"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/check"
	"github.com/elli-k8s/elli/ui/i18n"
)

// The summary counts what was read, files or a cluster's objects, in each language; the
// Chinese one said 个文件 (files) of a cluster's objects too.
func TestSummaryLineCountsFilesOrObjects(t *testing.T) {
	t.Parallel()
	rep := &check.Report{Files: 48, Findings: []check.Finding{{Severity: check.Error}, {Severity: check.Warning}}}
	for _, tc := range []struct {
		lang    data.Lang
		objects bool
		want    string
	}{
		{data.LangEN, false, "1 error, 1 warning, 0 info in 2 of 48 files checked."},
		{data.LangEN, true, "1 error, 1 warning, 0 info in 2 of 48 objects read."},
		{data.LangZH, false, "已检查 48 个文件，其中 2 个有问题：1 个错误、1 个警告、0 条提示。"},
		{data.LangZH, true, "已读取 48 个对象，其中 2 个有问题：1 个错误、1 个警告、0 条提示。"},
	} {
		look := findingsLook{st: newCheckStyles(false), s: i18n.For(tc.lang), lang: tc.lang, objects: tc.objects}
		if got := summaryLine(rep, 2, look); got != tc.want {
			t.Errorf("%s objects=%v: %q, want %q", tc.lang, tc.objects, got, tc.want)
		}
	}
}
