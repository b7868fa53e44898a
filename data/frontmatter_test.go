package data

import (
	"strings"
	"testing"
)

func TestSplitFrontMatter(t *testing.T) {
	tests := []struct {
		src, head, body, err string
	}{
		{"---\na: 1\n---\nbody\n", "a: 1\n", "body\n", ""},
		{"\ufeff---\r\na: 1\r\n---\r\nbody\r\n", "a: 1\n", "body\n", ""},
		{"---\na: 1\n---", "a: 1", "", ""},
		{"---\n---\nbody", "", "body", ""},
		{"a: 1\n---\n", "", "", "no front matter"},
		{"---\na: 1\nbody\n", "", "", "not closed"},
		{"", "", "", "no front matter"},
	}
	for _, tc := range tests {
		head, body, err := splitFrontMatter([]byte(tc.src))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("splitFrontMatter(%q) error = %v, want %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil || string(head) != tc.head || string(body) != tc.body {
			t.Errorf("splitFrontMatter(%q) = %q, %q, %v; want %q, %q", tc.src, head, body, err, tc.head, tc.body)
		}
	}
}
