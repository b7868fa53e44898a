package cli

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// langTextKeys are the JSON fields whose value is text in the run's language. Every other field
// (ids, KEP numbers, kinds, stages, gate names, defaults, components, scores, order, URLs, files,
// lines, rule ids, severities, counts, the user's ticks and notes) is the same in either language,
// so a field added later is held to that unless it is named here.
var langTextKeys = map[string]bool{
	"title": true, "summary": true, "body": true, "keywords": true, "affects": true, "instead": true,
	"note": true, "step": true, "message": true, "fix": true, "lang": true,
}

// langDiff walks the English and the Chinese JSON side by side and reports where they differ
// outside langTextKeys; han counts the text fields that hold Chinese, langs the lang values met.
func langDiff(en, zh any, path string, han *int, langs map[string]int) []string {
	switch e := en.(type) {
	case map[string]any:
		z, ok := zh.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: an object in English, %T in Chinese", path, zh)}
		}
		var bad []string
		for _, k := range sortedKeys(e, z) {
			ev, inE := e[k]
			zv, inZ := z[k]
			switch {
			case langTextKeys[k]:
				if k == "lang" {
					langs[fmt.Sprint(ev)+"/"+fmt.Sprint(zv)]++
				}
				if inZ && hasHan(fmt.Sprint(zv)) {
					*han++
				}
			case inE != inZ:
				bad = append(bad, fmt.Sprintf("%s.%s: present in English %v, in Chinese %v", path, k, inE, inZ))
			default:
				bad = append(bad, langDiff(ev, zv, path+"."+k, han, langs)...)
			}
		}
		return bad
	case []any:
		z, ok := zh.([]any)
		if !ok || len(z) != len(e) {
			return []string{fmt.Sprintf("%s: %d elements in English, %v in Chinese", path, len(e), zh)}
		}
		var bad []string
		for i := range e {
			bad = append(bad, langDiff(e[i], z[i], fmt.Sprintf("%s[%d]", path, i), han, langs)...)
		}
		return bad
	}
	if !reflect.DeepEqual(en, zh) {
		return []string{fmt.Sprintf("%s: %v in English, %v in Chinese", path, en, zh)}
	}
	return nil
}

func sortedKeys(a, b map[string]any) []string {
	var ks []string
	for k := range a {
		ks = append(ks, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// TestLangJSONInvariant runs every command that has --json in English and in Chinese and
// compares the two field by field: only the text changes; ids, KEP numbers, gate names, stages,
// order and everything else stay; every object that has a lang says en, then zh; and the Chinese
// output does hold Chinese.
func TestLangJSONInvariant(t *testing.T) {
	t.Parallel()
	env, _ := stateEnv(t)
	fillState(t, env)
	var cmds [][]string
	for _, c := range jsonCommands(t) {
		if c.code == 0 {
			cmds = append(cmds, c.args)
		}
	}
	cmds = append(cmds,
		[]string{"search", "流量分发"},
		[]string{"search", "cgroup", "驱动"},
		[]string{"list", "--starred"},
		[]string{"checklist"},
		[]string{"notes"},
		[]string{"check", "testdata/check/chart/rendered.yaml"},
		[]string{"check", "--rules"},
	)
	for _, args := range cmds {
		name := "elli " + strings.Join(args, " ") + " --json"
		out := map[string]any{}
		codes := map[string]int{}
		for _, lang := range []string{"en", "zh"} {
			r := runEnv(t, env, "", append(slices.Clone(args), "--json", "--lang", lang)...)
			if r.stderr != "" {
				t.Errorf("%s --lang %s: stderr %q", name, lang, r.stderr)
			}
			codes[lang] = r.code
			var v any
			if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
				t.Fatalf("%s --lang %s: %v", name, lang, err)
			}
			out[lang] = v
		}
		if codes["en"] != codes["zh"] {
			t.Errorf("%s: exit %d in English, %d in Chinese", name, codes["en"], codes["zh"])
		}
		han, langs := 0, map[string]int{}
		for _, d := range langDiff(out["en"], out["zh"], name, &han, langs) {
			t.Error(d)
		}
		if arr, ok := out["en"].([]any); ok && len(arr) == 0 {
			continue // nothing to say in either language (list --sig network --stage alpha)
		}
		if len(langs) != 1 || langs["en/zh"] == 0 {
			t.Errorf("%s: lang values (English/Chinese) %v, want en/zh everywhere", name, langs)
		}
		if han == 0 {
			t.Errorf("%s --lang zh: no text field holds Chinese", name)
		}
	}
}

// A Chinese run titles an item's links in Chinese, in the page and in its JSON.
func TestLinkTitlesInTheRunsLanguage(t *testing.T) {
	// not parallel: TestJQBounds measures the process's memory, and these runs would count
	zh := decode[Page](t, runOK(t, "show", "3866", "--json", "--lang", "zh"))
	en := decode[Page](t, runOK(t, "show", "3866", "--json"))
	if len(zh.Links) != 2 || zh.Links[1].Title != "文档" || en.Links[1].Title != "Documentation" || zh.Links[1].URL != en.Links[1].URL {
		t.Errorf("links: zh %+v, en %+v", zh.Links, en.Links)
	}
	if page := runOK(t, "show", "3866", "--lang", "zh"); strings.Contains(page, "Documentation") || !strings.Contains(page, "文档") {
		t.Errorf("the Chinese page titles its links in English:\n%s", page)
	}
}
