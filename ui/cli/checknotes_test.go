package cli

import (
	"strings"
	"testing"
)

// A check's notes are one line each on stderr, punctuated in the language of the run: the
// Chinese line uses full-width colons, as every other Chinese sentence of elli does.
func TestCheckNotesInEachLanguage(t *testing.T) {
	t.Parallel()
	file := "testdata/check/chart/rendered.yaml"
	for lang, want := range map[string]string{
		"en": "elli: " + file + ": skipped: ",
		"zh": "elli: " + file + "：已跳过：",
	} {
		r := run(t, "check", "--lang", lang, "--max-file-size", "10B", file)
		if !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line starting %q", lang, r.stderr, want)
		}
	}
}
