package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The JSON schema is the Go types of schema.go. These tests check every command's output and
// SCHEMA.md against those types, so the three cannot drift apart.

// schemaTypes are the types SCHEMA.md documents, by the name of their section.
var schemaTypes = map[string]reflect.Type{}

func init() {
	for _, v := range []any{Item{}, Gate{}, SearchResult{}, Matched{}, GateEntry{}, ItemRef{}, Page{}, History{},
		Link{}, ReleasePage{}, Cycle{}, Counts{}, Contributors{}} {
		t := reflect.TypeOf(v)
		schemaTypes[t.Name()] = t
	}
}

// jsonField is a field as JSON sees it; embedded structs are flattened, as encoding/json does.
type jsonField struct {
	name     string
	typ      reflect.Type
	optional bool // omitempty: absent when empty
	embedded bool // declared in an embedded struct
}

func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			for _, e := range jsonFields(f.Type) {
				e.embedded = true
				out = append(out, e)
			}
			continue
		}
		tag, ok := f.Tag.Lookup("json")
		if !ok || tag == "-" {
			panic(fmt.Sprintf("%s.%s has no json tag", t.Name(), f.Name))
		}
		name, opts, _ := strings.Cut(tag, ",")
		out = append(out, jsonField{name: name, typ: f.Type, optional: opts == "omitempty"})
	}
	return out
}

// checkShape reports where v, decoded from JSON, departs from type t: an unknown field, a missing
// one, a wrong type, a null array, or an optional field present but empty.
func checkShape(t reflect.Type, v any, path string) []string {
	bad := func(format string, args ...any) []string {
		return []string{path + ": " + fmt.Sprintf(format, args...)}
	}
	switch t.Kind() {
	case reflect.Pointer:
		if v == nil {
			return nil
		}
		return checkShape(t.Elem(), v, path)
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return bad("want an object, got %T", v)
		}
		var errs []string
		known := map[string]bool{}
		for _, f := range jsonFields(t) {
			known[f.name] = true
			fv, present := obj[f.name]
			switch {
			case !present && !f.optional:
				errs = append(errs, fmt.Sprintf("%s: missing %q", path, f.name))
			case present && f.optional && isEmptyJSON(fv):
				errs = append(errs, fmt.Sprintf("%s.%s: optional field present but empty: %v", path, f.name, fv))
			case present:
				errs = append(errs, checkShape(f.typ, fv, path+"."+f.name)...)
			}
		}
		for k := range obj {
			if !known[k] {
				errs = append(errs, fmt.Sprintf("%s: unknown field %q", path, k))
			}
		}
		return errs
	case reflect.Slice:
		arr, ok := v.([]any)
		if !ok {
			return bad("want an array, got %v", v) // null included: arrays are never null
		}
		var errs []string
		for i, e := range arr {
			errs = append(errs, checkShape(t.Elem(), e, fmt.Sprintf("%s[%d]", path, i))...)
		}
		return errs
	case reflect.String:
		if _, ok := v.(string); !ok {
			return bad("want a string, got %v", v)
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return bad("want a boolean, got %v", v)
		}
	case reflect.Int:
		if n, ok := v.(float64); !ok || n != float64(int64(n)) {
			return bad("want a whole number, got %v", v)
		}
	case reflect.Float64:
		if _, ok := v.(float64); !ok {
			return bad("want a number, got %v", v)
		}
	default:
		return bad("type %s has no JSON rule here", t)
	}
	return nil
}

func isEmptyJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case float64:
		return v == 0
	case bool:
		return !v
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// jsonCommand is a command with --json, the type it prints and its exit code.
type jsonCommand struct {
	args []string
	typ  reflect.Type
	code int
}

func jsonCommands(t *testing.T) []jsonCommand {
	var (
		items   = reflect.TypeFor[[]Item]()
		results = reflect.TypeFor[[]SearchResult]()
		gates   = reflect.TypeFor[[]GateEntry]()
		page    = reflect.TypeFor[Page]()
	)
	cmds := []jsonCommand{
		{[]string{"list"}, items, 0},
		{[]string{"list", "--kind", "guide"}, items, 0},
		{[]string{"list", "--sig", "network", "--stage", "alpha"}, items, 0},
		{[]string{"search", "nft"}, results, 0},
		{[]string{"search", "elli", "release"}, results, 0}, // the overview among the results
		{[]string{"search", "cgroup", "--limit", "3"}, results, 0},
		{[]string{"search", "zzqxv"}, results, 1},
		{[]string{"gates"}, gates, 0},
		{[]string{"gates", "NFTablesProxyMode"}, gates, 0},
		{[]string{"gates", "nftproxy"}, gates, 0},
		{[]string{"gates", "zzqxv"}, gates, 1},
		{[]string{"show", "release"}, reflect.TypeFor[ReleasePage](), 0},
	}
	for _, it := range decode[[]Item](t, runOK(t, "list", "--json")) {
		typ := page
		if it.Kind == "road" {
			typ = reflect.TypeFor[RoadPage]()
		}
		cmds = append(cmds, jsonCommand{[]string{"show", it.ID}, typ, 0})
	}
	cmds = append(cmds, jsonCommand{[]string{"road"}, reflect.TypeFor[Road](), 0},
		jsonCommand{[]string{"road", "--to", "latest"}, reflect.TypeFor[Road](), 0})
	return cmds
}

// TestJSONSchema runs every command that takes --json and checks what it prints against the
// type SCHEMA.md says it prints.
func TestJSONSchema(t *testing.T) {
	t.Parallel()
	for _, c := range jsonCommands(t) {
		if stdout, ok := checkJSONCommand(t, c); ok && c.code != 0 && stdout != "[]\n" {
			t.Errorf("elli %s --json: found nothing but printed %q, want []", strings.Join(c.args, " "), stdout)
		}
	}
}

// checkJSONCommand runs c with --json and reports where its exit code or its output departs
// from c's type; ok says the output was JSON to check.
func checkJSONCommand(t *testing.T, c jsonCommand) (stdout string, ok bool) {
	t.Helper()
	args := append(slices.Clone(c.args), "--json")
	r := run(t, args...)
	if r.code != c.code {
		t.Errorf("elli %s: exit %d, want %d (stderr %q)", strings.Join(args, " "), r.code, c.code, r.stderr)
		return r.stdout, false
	}
	var v any
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Errorf("elli %s: invalid JSON: %v", strings.Join(args, " "), err)
		return r.stdout, false
	}
	for _, e := range checkShape(c.typ, v, "elli "+strings.Join(args, " ")) {
		t.Error(e)
	}
	return r.stdout, true
}

// TestJSONOneShape: the same item prints the same fields in list, search, show and gates.
func TestJSONOneShape(t *testing.T) {
	t.Parallel()
	const id = "3866-nftables-kube-proxy"
	var fromList Item
	for _, it := range decode[[]Item](t, runOK(t, "list", "--json")) {
		if it.ID == id {
			fromList = it
		}
	}
	fromSearch := decode[[]SearchResult](t, runOK(t, "search", "3866", "--json"))[0].Item
	fromShow := decode[Page](t, runOK(t, "show", "3866", "--json")).Item
	if !reflect.DeepEqual(fromList, fromSearch) || !reflect.DeepEqual(fromList, fromShow) {
		t.Errorf("3866 differs:\nlist   %+v\nsearch %+v\nshow   %+v", fromList, fromSearch, fromShow)
	}
	if len(fromList.Gates) != 1 {
		t.Fatalf("3866 gates: %+v", fromList.Gates)
	}
	entry := decode[[]GateEntry](t, runOK(t, "gates", "NFTablesProxyMode", "--json"))[0]
	if !reflect.DeepEqual(entry.Gate, fromList.Gates[0]) || entry.Item.ID != id || entry.Item.Title != fromList.Title {
		t.Errorf("gates NFTablesProxyMode: %+v, want the gate of list %+v", entry, fromList.Gates[0])
	}

	// The overview: search finds it with the id and kind that show prints.
	var found *SearchResult
	for _, r := range decode[[]SearchResult](t, runOK(t, "search", "elli", "--json")) {
		if r.ID == "release" {
			found = &r
		}
	}
	rel := decode[ReleasePage](t, runOK(t, "show", "release", "--json"))
	if found == nil || !reflect.DeepEqual(found.Item, rel.Item) || rel.Kind != "release" {
		t.Errorf("the overview differs between search and show release:\n%+v\n%+v", found, rel.Item)
	}

	// A gate without a known default prints null in every command.
	for _, g := range decode[[]GateEntry](t, runOK(t, "gates", "--json")) {
		if g.Default != nil {
			continue
		}
		page := decode[map[string]any](t, runOK(t, "show", g.Item.ID, "--json"))
		for _, pg := range page["gates"].([]any) {
			if pg := pg.(map[string]any); pg["name"] == g.Name {
				if d, ok := pg["default"]; !ok || d != nil {
					t.Errorf("show %s: gate %s default %v (present %v), want null", g.Item.ID, g.Name, d, ok)
				}
			}
		}
		return
	}
	t.Error("no gate without a default: the null case is untested")
}

// TestSchemaDoc checks SCHEMA.md against the types: each type has a section whose table lists
// exactly its own fields (an embedded type's fields are referred to, not repeated), each with the
// type and presence the Go type gives it.
func TestSchemaDoc(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	parts := regexp.MustCompile(`(?m)^### (\w+)\n`).Split(string(doc), -1)
	names := regexp.MustCompile(`(?m)^### (\w+)\n`).FindAllStringSubmatch(string(doc), -1)
	for i, n := range names {
		sections[n[1]] = parts[i+1]
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| ([^|]+) \\| ([^|]+) \\|")
	for name, typ := range schemaTypes {
		text, ok := sections[name]
		if !ok {
			t.Errorf("SCHEMA.md has no section ### %s", name)
			continue
		}
		documented := map[string][2]string{}
		for _, m := range row.FindAllStringSubmatch(text, -1) {
			documented[m[1]] = [2]string{m[2], m[3]}
		}
		for i := range typ.NumField() {
			if f := typ.Field(i); f.Anonymous && !strings.Contains(text, "The fields of ["+f.Type.Name()+"]") {
				t.Errorf("SCHEMA.md ### %s does not say it holds the fields of %s", name, f.Type.Name())
			}
		}
		for _, f := range jsonFields(typ) {
			if f.embedded {
				continue
			}
			want := [2]string{docType(f.typ), "always"}
			if f.optional {
				want[1] = "absent if none"
			}
			got, ok := documented[f.name]
			switch {
			case !ok:
				t.Errorf("SCHEMA.md ### %s does not document %q", name, f.name)
			case got != want:
				t.Errorf("SCHEMA.md ### %s: %q is %q, %q; the type says %q, %q", name, f.name, got[0], got[1], want[0], want[1])
			}
			delete(documented, f.name)
		}
		for f := range documented {
			t.Errorf("SCHEMA.md ### %s documents %q, which %s does not have", name, f, name)
		}
	}
	for name := range sections {
		if _, ok := schemaTypes[name]; !ok {
			t.Errorf("SCHEMA.md documents a type %s that schema.go does not define", name)
		}
	}
}

// docType is how SCHEMA.md names a Go type.
func docType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Float64:
		return "number"
	case reflect.Bool:
		return "boolean"
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Struct {
			return t.Elem().Name()
		}
		return docType(t.Elem()) + " or null"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Struct {
			return "array of " + t.Elem().Name()
		}
		return "array of " + docType(t.Elem()) + "s"
	case reflect.Struct:
		return t.Name()
	}
	return t.String()
}

// The checker itself must catch what it is there to catch.
func TestCheckShape(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[GateEntry]()
	good := `{"name":"G","default":null,"stage":"beta","components":[],"item":{"id":"x","kind":"removal","title":"T"},"lang":"en"}`
	for _, tc := range []struct {
		name, json string
		want       string // a part of the first error, "" for none
	}{
		{"valid", good, ""},
		{"unknown field", strings.Replace(good, `"stage"`, `"extra":1,"stage"`, 1), `unknown field "extra"`},
		{"missing field", strings.Replace(good, `"default":null,`, ``, 1), `missing "default"`},
		{"null array", strings.Replace(good, `"components":[]`, `"components":null`, 1), "want an array"},
		{"wrong type", strings.Replace(good, `"stage":"beta"`, `"stage":3`, 1), "want a string"},
		{"empty optional", strings.Replace(good, `"stage"`, `"note":"","stage"`, 1), "present but empty"},
		{"nested", strings.Replace(good, `"kind":"removal",`, ``, 1), `.item: missing "kind"`},
		{"fraction", strings.Replace(good, `"title":"T"`, `"title":"T","kep":1.5`, 1), "whole number"},
	} {
		var v any
		if err := json.Unmarshal([]byte(tc.json), &v); err != nil {
			t.Fatal(err)
		}
		errs := checkShape(typ, v, "$")
		switch {
		case tc.want == "" && len(errs) > 0:
			t.Errorf("%s: %v", tc.name, errs)
		case tc.want != "" && (len(errs) == 0 || !strings.Contains(errs[0], tc.want)):
			t.Errorf("%s: errors %v, want %q", tc.name, errs, tc.want)
		}
	}
}
