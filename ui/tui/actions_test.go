package tui

import (
	"strings"
	"testing"
)

func TestOpenAndCopyLink(t *testing.T) {
	m := keys(newModel(t, Options{}, 120, 40), "3")
	m = keys(m, "o")
	if !strings.Contains(m.status, "https://github.com/kubernetes/enhancements/issues/1029") || !strings.Contains(m.status, "No browser") {
		t.Fatalf("without an opener the status shows the link: %q", m.status)
	}
	var opened string
	m.openURL = func(u string) error { opened = u; return nil }
	m = keys(m, "o")
	if opened != "https://github.com/kubernetes/enhancements/issues/1029" || !strings.HasPrefix(m.status, "Opened") {
		t.Fatalf("opened %q, status %q", opened, m.status)
	}
	var copied string
	m.copyText = func(u string) error { copied = u; return nil }
	m = keys(m, "y")
	if copied != opened || !strings.HasPrefix(m.status, "Copied") {
		t.Fatalf("copied %q, status %q", copied, m.status)
	}
}
