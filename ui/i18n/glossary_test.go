package i18n

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

// stringsIn collects every string reachable from v (fields, map values, slices), each with
// where it was found.
func stringsIn(v reflect.Value, at string, out map[string]string) {
	switch v.Kind() {
	case reflect.String:
		out[at] = v.String()
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			stringsIn(v.Elem(), at, out)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				stringsIn(v.Field(i), at+"."+v.Type().Field(i).Name, out)
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			stringsIn(v.MapIndex(k), fmt.Sprintf("%s[%v]", at, k), out)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			stringsIn(v.Index(i), fmt.Sprintf("%s[%d]", at, i), out)
		}
	}
}

// The interface's Chinese follows the glossary as the pages do: the list's badge said 默认关
// where the glossary and every page say 默认禁用. Every text of the Chinese catalog, the
// commands' help, the messages and the help topics is checked.
func TestChineseInterfaceFollowsGlossary(t *testing.T) {
	g, err := data.ParseGlossary(content.Glossary)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	stringsIn(reflect.ValueOf(For(data.LangZH)), "catalog", texts)
	stringsIn(reflect.ValueOf(HelpZH()), "help", texts)
	stringsIn(reflect.ValueOf(MessagesZH()), "messages", texts)
	stringsIn(reflect.ValueOf(TopicsZH()), "topics", texts)
	stringsIn(reflect.ValueOf(CobraZH()), "cobra", texts)
	if len(texts) < 300 {
		t.Fatalf("found %d Chinese texts; the walk misses some", len(texts))
	}
	for at, s := range texts {
		for _, w := range g.Violations(s) {
			t.Errorf("%s %q: %s", at, s, w)
		}
	}
}
