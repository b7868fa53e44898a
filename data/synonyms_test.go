package data

import (
	"reflect"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/data/search"
)

func TestQuerySynonyms(t *testing.T) {
	got, err := QuerySynonyms([]byte("groups:\n  - pages: [Exhausted, 耗尽]\n    users: [Run Out, IP 段, 用完]\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []search.Synonyms{{Pages: []string{"exhausted", "耗尽"}, Users: []string{"run out", "ip 段", "用完"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("QuerySynonyms = %+v, want %+v", got, want)
	}
	for _, bad := range []string{
		"groups: [",
		"groups:\n  - users: [x]\n", // no page word
		"groups:\n  - pages: [run out]\n    users: [x]\n",    // a page's word is one token
		"groups:\n  - pages: [x]\n    users: [a b c]\n",      // a user's is at most two
		"groups:\n  - pages: [kube-proxy]\n    users: [x]\n", // two tokens in one
		"groups:\n  - pages: [x]\n    typo: [y]\n",
	} {
		if _, err := QuerySynonyms([]byte(bad)); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("QuerySynonyms(%q): error %v, want one line", bad, err)
		}
	}
}
