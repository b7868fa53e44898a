package data

import "testing"

func TestParseVersion(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"v1.31.4", "v1.31.4"},
		{"1.31.4", "v1.31.4"},
		{" v1.31.10 ", "v1.31.10"},
		{"v1.31.4+k3s1", "v1.31.4"},
		{"v1.31.4-eks-2d5f260", "v1.31.4"},
		{"v1.31.4-gke.1234", "v1.31.4"},
		{"v1.31.0-rc.1", "v1.31.0-rc.1"},
		{"v1.31", ""}, {"1.31.x", ""}, {"", ""}, {"v1.31.4.5", ""}, {"latest", ""},
	} {
		got, err := ParseVersion(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseVersion(%q) = %q, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseVersion(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestRange(t *testing.T) {
	r, err := ParseRange(">= v1.31.0, < v1.31.6")
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]bool{"v1.31.0": true, "v1.31.5": true, "v1.31.6": false, "v1.30.9": false, "v1.31.10": false, "v1.31.0-rc.1": false} {
		if got := r.Contains(v); got != want {
			t.Errorf("%s contains %s = %v, want %v", r, v, got, want)
		}
	}
	if hi, incl, ok := r.Upper(); hi != "v1.31.6" || incl || !ok {
		t.Errorf("Upper = %s %v %v", hi, incl, ok)
	}
	if lo, ok := r.Lower(); lo != "v1.31.0" || !ok {
		t.Errorf("Lower = %s %v", lo, ok)
	}
	open, err := ParseRange(">= v1.31.0")
	if err != nil || !open.Contains("v1.31.99") {
		t.Errorf("an open range must hold every later version: %v", err)
	}
	if _, _, ok := open.Upper(); ok {
		t.Error("an open range has no upper bound")
	}
	if r, _ := ParseRange("<= v1.31.4, < v1.31.4"); r.String() != "<= v1.31.4, < v1.31.4" {
		t.Errorf("String = %q", r)
	} else if hi, incl, _ := r.Upper(); hi != "v1.31.4" || incl {
		t.Errorf("the exclusive bound is the tighter one: got %s inclusive=%v", hi, incl)
	}
	for _, bad := range []string{"", "v1.31.0", ">= 1.31.0", "=> v1.31.0", ">= v1.31", ">= v1.31.6, < v1.31.6", ">= v1.31.0,"} {
		if _, err := ParseRange(bad); err == nil {
			t.Errorf("ParseRange(%q) accepted it", bad)
		}
	}
}
