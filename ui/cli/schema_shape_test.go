package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// A field name means one thing in the whole public schema: wherever `notes` or `summary`
// appears, in whatever type, it has the same JSON kind (string, number, boolean, array or
// object) and the same shape (the same element or object type), so a script can read it
// without knowing which command printed it. The walk starts from every type SCHEMA.md
// documents and follows every field, so a type that only appears nested is covered too.

// jsonKind is the JSON kind a Go type prints as; a pointer prints as its element or null.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonKind(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int64, reflect.Float64:
		return "number"
	case reflect.Bool:
		return "boolean"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return t.Kind().String()
}

// jsonShape is how SCHEMA.md names the type a field holds, a pointer's "or null" aside: a
// pointer is the optional form of the same shape.
func jsonShape(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return docType(t)
}

// fieldUse is one place a JSON field name appears.
type fieldUse struct {
	in          string // the type that declares it
	kind, shape string
}

// schemaFieldUses walks roots and every struct type reachable from them, and returns each JSON
// field name with every place it appears, and the struct types met.
func schemaFieldUses(roots []reflect.Type) (map[string][]fieldUse, []reflect.Type) {
	uses := map[string][]fieldUse{}
	seen := map[reflect.Type]bool{}
	var met []reflect.Type
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		met = append(met, t)
		for _, f := range jsonFields(t) {
			uses[f.name] = append(uses[f.name], fieldUse{in: t.Name(), kind: jsonKind(f.typ), shape: jsonShape(f.typ)})
			walk(f.typ)
		}
		for i := range t.NumField() {
			if f := t.Field(i); f.Anonymous {
				walk(f.Type) // its fields are listed above, flattened; the type itself is met too
			}
		}
	}
	for _, t := range roots {
		walk(t)
	}
	return uses, met
}

// shapeConflicts lists the field names that have two kinds, or two shapes, across uses.
func shapeConflicts(uses map[string][]fieldUse) []string {
	var out []string
	for name, us := range uses {
		for _, what := range []struct {
			label string
			of    func(fieldUse) string
		}{{"kinds", func(u fieldUse) string { return u.kind }}, {"shapes", func(u fieldUse) string { return u.shape }}} {
			by := map[string][]string{}
			for _, u := range us {
				if v := what.of(u); !slices.Contains(by[v], u.in) {
					by[v] = append(by[v], u.in)
				}
			}
			if len(by) < 2 {
				continue
			}
			var parts []string
			for v, in := range by {
				slices.Sort(in)
				parts = append(parts, fmt.Sprintf("%s in %s", v, strings.Join(in, ", ")))
			}
			slices.Sort(parts)
			out = append(out, fmt.Sprintf("%q has two %s: %s", name, what.label, strings.Join(parts, "; ")))
			break // two shapes follow from two kinds: say it once
		}
	}
	slices.Sort(out)
	return out
}

func schemaRoots() []reflect.Type {
	roots := make([]reflect.Type, 0, len(schemaTypes))
	for _, t := range schemaTypes {
		roots = append(roots, t)
	}
	slices.SortFunc(roots, func(a, b reflect.Type) int { return strings.Compare(a.Name(), b.Name()) })
	return roots
}

func TestSchemaOneShapePerField(t *testing.T) {
	t.Parallel()
	uses, met := schemaFieldUses(schemaRoots())
	for _, c := range shapeConflicts(uses) {
		t.Error(c)
	}
	// every object type a command can print is documented: the walk meets nothing new
	for _, typ := range met {
		if schemaTypes[typ.Name()] != typ {
			t.Errorf("%s is printed inside the schema's types but SCHEMA.md has no section for it", typ.Name())
		}
	}
	// the walk did reach the nested types and the fields the checks are about
	for _, name := range []string{"notes", "summary", "item", "gates", "default", "line"} {
		if len(uses[name]) == 0 {
			t.Errorf("the walk never met the field %q", name)
		}
	}
}

// The check itself must catch a field name used twice with two kinds or two shapes, however
// deep or embedded.
func TestSchemaOneShapeCatches(t *testing.T) {
	t.Parallel()
	type inner struct {
		Notes int `json:"notes"`
	}
	type wrap struct {
		Inner []inner `json:"inner"`
	}
	type refA struct {
		ID string `json:"id"`
	}
	type refB struct {
		ID int `json:"id"`
	}
	type other struct {
		Title string `json:"title"`
	}
	type embeds struct {
		refA
		Ref   refA   `json:"ref"`
		Notes []Note `json:"notes"`
	}
	type ptrRef struct {
		Ref *refA `json:"ref,omitempty"`
	}
	type otherRef struct {
		Ref other `json:"ref"`
	}
	for _, tc := range []struct {
		name  string
		roots []any
		want  string // a part of the only conflict, "" for none
	}{
		{"nested kinds", []any{wrap{}, embeds{}}, `"notes" has two kinds: array in embeds; number in inner`},
		{"embedded kinds", []any{embeds{}, refB{}}, `"id" has two kinds: number in refB; string in`},
		{"shapes", []any{embeds{}, otherRef{}}, `"ref" has two shapes: other in otherRef; refA in embeds`},
		{"a pointer is the same shape", []any{embeds{}, ptrRef{}}, ""},
	} {
		var roots []reflect.Type
		for _, r := range tc.roots {
			roots = append(roots, reflect.TypeOf(r))
		}
		uses, _ := schemaFieldUses(roots)
		got := shapeConflicts(uses)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: %v", tc.name, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
			t.Errorf("%s: %v, want one saying %q", tc.name, got, tc.want)
		}
	}
}

// The JSON examples of SCHEMA.md have the shape of the type whose section holds them, so a
// renamed field cannot live on in an example.
func TestSchemaDocExamples(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := 0
	section := ""
	for _, part := range strings.Split(string(doc), "\n```") {
		if text, ok := strings.CutPrefix(part, "json\n"); ok && section != "" {
			typ, ok := schemaTypes[section]
			if !ok {
				t.Errorf("an example under ### %s, which is not a type", section)
				continue
			}
			var v any
			if err := json.Unmarshal([]byte(text), &v); err != nil {
				t.Errorf("the example of %s is not JSON: %v", section, err)
				continue
			}
			for _, e := range checkShape(typ, v, "SCHEMA.md example of "+section) {
				t.Error(e)
			}
			examples++
		}
		if i := strings.LastIndex(part, "\n### "); i >= 0 {
			section, _, _ = strings.Cut(part[i+len("\n### "):], "\n")
		}
	}
	if examples < 3 {
		t.Errorf("%d examples checked; the reading of SCHEMA.md is broken", examples)
	}
}
