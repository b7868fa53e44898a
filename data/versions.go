package data

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/mod/semver"
)

// Versions of the line's patch releases, and ranges of them ("">= v1.31.0, < v1.31.6"), as the
// CVE pages give them. Comparison is golang.org/x/mod/semver's; this file adds only what
// Kubernetes writes around it.

// ParseVersion reads a Kubernetes version such as "v1.31.4" or "1.31.4" and returns it as
// vMAJOR.MINOR.PATCH. A vendor's build suffix ("v1.31.4-eks-2d5f260", "v1.31.4+k3s1",
// "v1.31.4-gke.1234") names the same upstream release and is dropped; an upstream pre-release
// (-alpha, -beta, -rc) is kept, since it sorts before its release.
func ParseVersion(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("empty version: give one such as v1.31.4")
	}
	if s[0] != 'v' {
		s = "v" + s
	}
	if !semver.IsValid(s) || strings.Count(strings.SplitN(strings.SplitN(s, "-", 2)[0], "+", 2)[0], ".") != 2 {
		return "", fmt.Errorf("%q is not a version such as v1.31.4", strings.TrimPrefix(s, "v"))
	}
	v := semver.Canonical(s) // drops +build
	if pre := semver.Prerelease(v); pre != "" && !upstreamPre(pre) {
		v = strings.TrimSuffix(v, pre)
	}
	return v, nil
}

// upstreamPre reports whether a pre-release suffix is one Kubernetes itself tags.
func upstreamPre(pre string) bool {
	for _, p := range []string{"-alpha", "-beta", "-rc"} {
		if strings.HasPrefix(pre, p) {
			return true
		}
	}
	return false
}

// CompareVersions orders two versions read by ParseVersion: -1, 0 or +1.
func CompareVersions(a, b string) int { return semver.Compare(a, b) }

// MinorOf is "v1.31" for "v1.31.4".
func MinorOf(v string) string { return semver.MajorMinor(v) }

// Range is a set of versions written as comma-separated constraints, each an operator (>=, >,
// <=, <, =) and a version: ">= v1.31.0, < v1.31.6".
type Range struct {
	cons []constraint
}

type constraint struct {
	op, v string
}

var rangeOps = []string{">=", "<=", ">", "<", "="} // two-character operators first

// ParseRange reads a range; every problem is one sentence naming the part at fault.
func ParseRange(s string) (Range, error) {
	var r Range
	if strings.TrimSpace(s) == "" {
		return r, errors.New("empty range: write one such as \">= v1.31.0, < v1.31.6\"")
	}
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		op := ""
		for _, o := range rangeOps {
			if strings.HasPrefix(part, o) {
				op = o
				break
			}
		}
		if op == "" {
			return Range{}, fmt.Errorf("%q has no operator: start it with >=, >, <=, < or =", part)
		}
		raw := strings.TrimSpace(part[len(op):])
		v, err := ParseVersion(raw)
		if err != nil || v != raw {
			return Range{}, fmt.Errorf("%q: %q is not a version such as v1.31.6", part, raw)
		}
		r.cons = append(r.cons, constraint{op, v})
	}
	if lo, hasLo := r.Lower(); hasLo {
		if hi, _, hasHi := r.Upper(); hasHi && CompareVersions(lo, hi) >= 0 {
			return Range{}, fmt.Errorf("%q holds no version: its lower bound is not below its upper bound", s)
		}
	}
	return r, nil
}

// Contains reports whether v (as ParseVersion returns it) is in the range.
func (r Range) Contains(v string) bool {
	for _, c := range r.cons {
		n := CompareVersions(v, c.v)
		ok := false
		switch c.op {
		case ">=":
			ok = n >= 0
		case ">":
			ok = n > 0
		case "<=":
			ok = n <= 0
		case "<":
			ok = n < 0
		case "=":
			ok = n == 0
		}
		if !ok {
			return false
		}
	}
	return len(r.cons) > 0
}

// Upper is the range's tightest upper bound and whether it is inclusive (<=, =).
func (r Range) Upper() (v string, inclusive, ok bool) {
	for _, c := range r.cons {
		if c.op != "<" && c.op != "<=" && c.op != "=" {
			continue
		}
		if n := CompareVersions(c.v, v); !ok || n < 0 || n == 0 && c.op == "<" {
			v, inclusive, ok = c.v, c.op != "<", true
		}
	}
	return v, inclusive, ok
}

// Lower is the range's lowest version it may hold, from >= and = (a > bound has no lowest
// version to name, so it reports none).
func (r Range) Lower() (string, bool) {
	v, ok := "", false
	for _, c := range r.cons {
		if (c.op == ">=" || c.op == "=") && (!ok || CompareVersions(c.v, v) > 0) {
			v, ok = c.v, true
		}
	}
	return v, ok
}

// String writes the range back in its canonical form.
func (r Range) String() string {
	parts := make([]string, len(r.cons))
	for i, c := range r.cons {
		parts[i] = c.op + " " + c.v
	}
	return strings.Join(parts, ", ")
}
