package cli

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"
)

// --jq filters a command's JSON output with a jq expression, as gh's --jq does, so that scripts
// work on a jump host without jq. gojq is the jq that gh embeds. A string result prints raw
// (jq -r); anything else as indented JSON; each result on its own line.

// jsonOutput is a command's --json and --jq flags.
type jsonOutput struct {
	json bool
	jq   jqValue
}

// addJSONFlags gives cmd --json (described by usage) and --jq.
func addJSONFlags(cmd *cobra.Command, usage string) *jsonOutput {
	o := &jsonOutput{}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, usage)
	f.VarP(&o.jq, "jq", "q", "filter the JSON output with the jq `EXPRESSION` (implies --json)")
	_ = cmd.RegisterFlagCompletionFunc("jq", noFiles)
	return o
}

// on reports whether the command prints JSON.
func (o *jsonOutput) on() bool { return o.json || o.jq.code != nil }

// write prints v as JSON, or what the --jq expression makes of it.
func (o *jsonOutput) write(w io.Writer, v any) error {
	if o.jq.code == nil {
		return writeJSON(w, v)
	}
	// gojq works on what encoding/json decodes: maps, slices, float64, strings, bools, nil.
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var in any
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	var out strings.Builder
	iter := o.jq.code.Run(in)
	for {
		r, ok := iter.Next()
		if !ok {
			break
		}
		if err, ok := r.(error); ok {
			if h, ok := err.(*gojq.HaltError); ok && h.Value() == nil {
				break // halt: stop without an error
			}
			_, _ = io.WriteString(w, out.String())
			return failf("--jq %s: %v", shellQuote(o.jq.expr), err)
		}
		if s, ok := r.(string); ok {
			out.WriteString(sanitize(s) + "\n")
			continue
		}
		if err := writeJSON(&out, r); err != nil {
			return err
		}
	}
	_, err = io.WriteString(w, out.String())
	return err
}

// jqValue is the --jq flag: the expression, compiled when it is set so that a bad one is a
// usage error before anything runs.
type jqValue struct {
	expr string
	code *gojq.Code
}

func (j *jqValue) Set(s string) error {
	q, err := gojq.Parse(s)
	if err != nil {
		return flagValuef("invalid --jq expression %s: %v", shellQuote(s), err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		return flagValuef("invalid --jq expression %s: %v", shellQuote(s), err)
	}
	j.expr, j.code = s, code
	return nil
}

func (j *jqValue) String() string { return j.expr }
func (j *jqValue) Type() string   { return "string" }
