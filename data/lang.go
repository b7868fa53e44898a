package data

import "strings"

// Langs are the languages elli speaks, the default first.
var Langs = []Lang{LangEN, LangZH}

// ParseLang reads a language as people write it: "en", "zh", and their regional forms
// ("zh-CN", "zh_Hans", "en_US"), in any case. ok is false for anything else.
func ParseLang(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, l := range Langs {
		if s == string(l) || strings.HasPrefix(s, string(l)+"-") || strings.HasPrefix(s, string(l)+"_") {
			return l, true
		}
	}
	return "", false
}

// LangNames are the valid values of a language setting, in order.
func LangNames() []string {
	out := make([]string, len(Langs))
	for i, l := range Langs {
		out[i] = string(l)
	}
	return out
}

// Untranslated counts the pages (the items and the release overview) that have no text in
// lang, so show English instead: a dataset given with --data may lack a translation. It is 0
// for English and for the shipped release.
func (d *Dataset) Untranslated(lang Lang) (missing, total int) {
	total = len(d.Items) + 1
	if lang == LangEN {
		return 0, total
	}
	if r := &d.Release; !r.Title.Has(lang) && !r.Summary.Has(lang) && !r.Body.Has(lang) {
		missing++
	}
	for _, it := range d.Items {
		if !it.Translated(lang) {
			missing++
		}
	}
	return missing, total
}

// Translated reports whether the item has a page in lang: a translated title, summary or body.
// Whatever a translation leaves out shows in English.
func (it *Item) Translated(lang Lang) bool {
	return it.Title.Has(lang) || it.Summary.Has(lang) || it.Body.Has(lang)
}
