package cluster

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// paths maps the lines of an object's JSON, written by writeObject, to the field each line
// holds. data/check reports a finding at the line of the key it found (a volume's cephfs key, a
// flag in a command list, a ConfigMap key whose value holds a config): with one key or list
// element per line, that line names the field, and the cluster report gives its path
// (spec.template.spec.volumes[2].cephfs) instead of a line of a file the user never saw.
type paths []string

// at returns the field path of a 1-based line ("" when unknown).
func (p paths) at(line int) string {
	if line < 1 || line > len(p) {
		return ""
	}
	return p[line-1]
}

// encoder writes a decoded JSON value (maps, slices, strings, float64, int64, bool, nil: what
// client-go's unstructured objects hold) as indented JSON with exactly one key or element per
// line, keys sorted, and records each line's field path.
type encoder struct {
	buf   bytes.Buffer
	lines paths
	esc   *json.Encoder
	tmp   bytes.Buffer
}

func newEncoder() *encoder {
	e := &encoder{}
	e.esc = json.NewEncoder(&e.tmp)
	// HTML escapes would put \u003c into every object with a < in it, and \u is one of
	// data/check's trigger words (an escape could spell any other): they would make every
	// such object parsed for nothing
	e.esc.SetEscapeHTML(false)
	return e
}

// writeObject encodes v and returns the JSON and its line paths; both are reused by the next call.
func (e *encoder) writeObject(v any) ([]byte, paths) {
	e.buf.Reset()
	e.lines = e.lines[:0]
	e.value(v, "", 0)
	e.newline("")
	return e.buf.Bytes(), e.lines
}

// newline ends the current line, which holds the field at path.
func (e *encoder) newline(path string) {
	e.buf.WriteByte('\n')
	e.lines = append(e.lines, path)
}

func (e *encoder) indent(depth int) {
	for range depth {
		e.buf.WriteString("  ")
	}
}

func (e *encoder) value(v any, path string, depth int) {
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			e.buf.WriteString("{}")
			return
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.buf.WriteByte('{')
		e.newline(path)
		for i, k := range keys {
			p := joinKey(path, k)
			e.indent(depth + 1)
			e.str(k)
			e.buf.WriteString(": ")
			e.value(t[k], p, depth+1)
			if i < len(keys)-1 {
				e.buf.WriteByte(',')
			}
			e.newline(p)
		}
		e.indent(depth)
		e.buf.WriteByte('}')
	case []any:
		if len(t) == 0 {
			e.buf.WriteString("[]")
			return
		}
		e.buf.WriteByte('[')
		e.newline(path)
		for i, it := range t {
			p := path + "[" + strconv.Itoa(i) + "]"
			e.indent(depth + 1)
			e.value(it, p, depth+1)
			if i < len(t)-1 {
				e.buf.WriteByte(',')
			}
			e.newline(p)
		}
		e.indent(depth)
		e.buf.WriteByte(']')
	case string:
		e.str(t)
	case nil:
		e.buf.WriteString("null")
	case bool:
		e.buf.WriteString(strconv.FormatBool(t))
	case int64:
		e.buf.WriteString(strconv.FormatInt(t, 10))
	case float64:
		e.buf.WriteString(strconv.FormatFloat(t, 'g', -1, 64))
	default:
		b, err := json.Marshal(t)
		if err != nil {
			e.buf.WriteString("null")
			return
		}
		e.buf.Write(b)
	}
}

// str writes a JSON string.
func (e *encoder) str(s string) {
	e.tmp.Reset()
	_ = e.esc.Encode(s) // a string always encodes
	e.buf.Write(bytes.TrimSuffix(e.tmp.Bytes(), []byte("\n")))
}

// joinKey appends a key to a field path: a plain name with a dot, anything else (an annotation
// such as container.apparmor.security.beta.kubernetes.io/web) in brackets and quotes.
func joinKey(path, k string) string {
	if plainKey(k) {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	return path + "[" + strconv.Quote(k) + "]"
}

func plainKey(k string) bool {
	if k == "" {
		return false
	}
	return !strings.ContainsFunc(k, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	})
}
