package i18n

import "testing"

// A space around a slot stays beside a Latin name and goes between two Chinese characters.
func TestFillTidiesSpaces(t *testing.T) {
	t.Parallel()
	zh := For("zh").Out
	for _, tc := range []struct{ got, want string }{
		{Fill(zh.CheckCleanPartial, "nobody", ""), "nobody 中能读取的部分没有发现问题。"},
		{Fill(zh.CheckCleanPartial, zh.CheckStdin, ""), "标准输入中能读取的部分没有发现问题。"},
		{Fill(zh.CheckCleanPartial, Fill(zh.CheckMorePaths, "a b c", 2), ""), "a b c 及另外 2 个路径中能读取的部分没有发现问题。"},
		{Fill("%s，%d 个", "集群 prod", 3), "集群 prod，3 个"}, // full-width punctuation needs no space: none is added
		{Fill("%s 中", "数据）"), "数据）中"},
		{Fill("see %s here", "a  b"), "see a  b here"}, // only between wide characters
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
}
