package check

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unicode/utf16"

	yaml "go.yaml.in/yaml/v3"
)

// Valid JSON that YAML refuses as it stands decodes, after yamlSafeJSON, to the same values
// as encoding/json gives, with every key on its line.
func TestYAMLSafeJSON(t *testing.T) {
	src := "{\n\t\"path\": \"a\\/b\",\n\t\"emoji\": \"\\ud83d\\ude00 ok\",\n\t\"lone\": \"\\ud83d x\",\n" +
		"\t\"del\": \"a\x7fb\",\n\t\"c1\": \"a\u0085b\u0090c\u2028d\",\n\t\"bom\": \"\ufeffx\uffff\ufffe\",\n\t\"esc\": \"q\\\"\\\\\\n\\u003c\"\n}\n"
	var want map[string]any
	if err := json.Unmarshal([]byte(src), &want); err != nil {
		t.Fatal(err)
	}
	want["lone"] = "\ufffd x" // encoding/json turns a lone surrogate into U+FFFD too
	var n yaml.Node
	if err := yaml.Unmarshal(yamlSafeJSON([]byte(src)), &n); err != nil {
		t.Fatalf("still not YAML: %v\n%s", err, yamlSafeJSON([]byte(src)))
	}
	var got map[string]any
	if err := n.Decode(&got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for i, key := range []string{"path", "emoji", "lone", "del", "c1", "bom", "esc"} {
		if k, _ := entry(n.Content[0], key); k == nil || k.Line != i+2 {
			t.Errorf("%s is not on line %d: %+v", key, i+2, k)
		}
	}
	if plain := []byte(`{"a": "b"}`); &yamlSafeJSON(plain)[0] != &plain[0] {
		t.Error("a document that needs nothing was copied")
	}
}

// A YAML file saved as UTF-16 (with its byte order mark) is read, not skipped as binary.
func TestUTF16File(t *testing.T) {
	dir := t.TempDir()
	units := utf16.Encode([]rune("\ufeff" + cephPod))
	for name, big := range map[string]bool{"le.yaml": false, "be.yaml": true} {
		b := make([]byte, 0, 2*len(units))
		for _, u := range units {
			if big {
				b = append(b, byte(u>>8), byte(u))
			} else {
				b = append(b, byte(u), byte(u>>8))
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := New(nil, Options{}).Scan(context.Background(), []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 2 || rep.Findings[0].Line != 7 || rep.Findings[1].Line != 7 || len(rep.Notes) != 0 {
		t.Errorf("findings %+v, notes %+v", rep.Findings, rep.Notes)
	}
}
