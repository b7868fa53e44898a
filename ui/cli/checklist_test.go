package cli

import (
	"encoding/json"
	"fmt"
	"github.com/elli-k8s/elli/embed/snapshot"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

func init() {
	for _, v := range []any{Checklist{}, ChecklistAction{}, Note{}} {
		t := reflect.TypeOf(v)
		schemaTypes[t.Name()] = t
	}
}

// stateEnv is an environment whose state file is in a fresh folder.
func stateEnv(t *testing.T) (env map[string]string, path string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "elli", "state.json")
	return map[string]string{"ELLI_STATE": path}, path
}

// runEnv runs elli with env and, when stdin is not "", that standard input.
func runEnv(t *testing.T, env map[string]string, stdin string, args ...string) result {
	t.Helper()
	a := newTestApp(t, env)
	if stdin != "" {
		a.stdin = strings.NewReader(stdin)
	}
	return a.run(args...)
}

// mustRun runs elli and fails unless it exits 0 with nothing on stderr.
func mustRun(t *testing.T, env map[string]string, stdin string, args ...string) string {
	t.Helper()
	r := runEnv(t, env, stdin, args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("elli %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
	}
	return r.stdout
}

// fillState ticks, stars and notes as a user would, from the command line.
func fillState(t *testing.T, env map[string]string) {
	t.Helper()
	mustRun(t, env, "", "checklist", "done", "breaking-changes#1", "4569", "KEP-1880", "ops-practices#3")
	mustRun(t, env, "", "checklist", "undo", "ops-practices#3")
	mustRun(t, env, "", "star", "3866", "4569", "removal-cephfs-volume-plugin")
	mustRun(t, env, "", "note", "4569", "node pool B still runs cgroup v1;", "migrate it first")
	mustRun(t, env, "a quoted\n\nnote on two paragraphs\n", "note", "breaking-changes#4", "-")
}

// TestChecklistMarkdownGolden: the Markdown a user pastes into a ticket, with ticks, stars and
// notes made through the commands, in English and in Chinese.
func TestChecklistMarkdownGolden(t *testing.T) {
	t.Parallel()
	env, _ := stateEnv(t)
	fillState(t, env)
	md := mustRun(t, env, "", "checklist", "--markdown")
	t.Run("en", func(t *testing.T) { golden.RequireEqual(t, md) })
	t.Run("zh", func(t *testing.T) {
		zh := mustRun(t, env, "", "checklist", "--markdown", "--lang", "zh")
		for _, want := range []string{"# Kubernetes v1.31 升级检查清单", fmt.Sprintf("**已完成 3 / %d**", len(snapshot.Dataset().Checklist())), "## 需要处理的变更 (1 / 17)",
			"> node pool B still runs cgroup v1;"} {
			if !strings.Contains(zh, want) {
				t.Errorf("the Chinese checklist lacks %q", want)
			}
		}
		golden.RequireEqual(t, zh)
	})
	// the text list tells the same progress
	txt := mustRun(t, env, "", "checklist")
	n := len(snapshot.Dataset().Checklist())
	if !strings.HasPrefix(txt, fmt.Sprintf("Kubernetes v1.31 upgrade checklist: 3 / %d done\n", n)) || !strings.Contains(md, fmt.Sprintf("**3 / %d done**", n)) {
		t.Errorf("progress differs between the outputs:\n%s\n%s", txt[:80], md[:80])
	}
}

func TestChecklistJSON(t *testing.T) {
	t.Parallel()
	env, _ := stateEnv(t)
	fillState(t, env)
	for _, c := range []struct {
		args []string
		typ  reflect.Type
	}{
		{[]string{"checklist", "--json"}, reflect.TypeFor[Checklist]()},
		{[]string{"notes", "--json"}, reflect.TypeFor[[]Note]()},
		{[]string{"list", "--starred", "--json"}, reflect.TypeFor[[]Item]()},
	} {
		var v any
		if err := json.Unmarshal([]byte(mustRun(t, env, "", c.args...)), &v); err != nil {
			t.Fatalf("elli %s: %v", strings.Join(c.args, " "), err)
		}
		for _, e := range checkShape(c.typ, v, "elli "+strings.Join(c.args, " ")) {
			t.Error(e)
		}
	}
	cl := decode[Checklist](t, mustRun(t, env, "", "checklist", "--json"))
	byID := map[string]ChecklistAction{}
	for _, a := range cl.Actions {
		byID[a.ID] = a
	}
	if cl.Completed != 3 || cl.Total != len(cl.Actions) || len(cl.Unknown) != 0 {
		t.Errorf("checklist = %d / %d, unknown %v", cl.Completed, cl.Total, cl.Unknown)
	}
	if a := byID["4569-cgroup-v1-maintenance-mode"]; !a.Done || !a.Starred || a.DoneAt == "" || !strings.HasPrefix(a.Note, "node pool B") || a.Item.KEP != 4569 {
		t.Errorf("4569 = %+v", a)
	}
	if a := byID["1880-multiple-service-cidrs"]; a.Kind != "gate" || len(a.Gates) == 0 || a.Gates[0].Name != "MultiCIDRServiceAllocator" {
		t.Errorf("1880 = %+v, want a gate decision with its gates", a)
	}
	if a := byID["ops-practices#3"]; a.Done || a.Kind != "step" || a.Item.ID != "ops-practices" {
		t.Errorf("ops-practices#3 = %+v, want a step undone", a)
	}
	// in Chinese: the titles are the Chinese ones, and lang says so; the ids do not change
	zh := decode[Checklist](t, mustRun(t, env, "", "checklist", "--json", "--lang", "zh"))
	for i, a := range zh.Actions {
		if a.Lang != "zh" || a.ID != cl.Actions[i].ID || a.Done != cl.Actions[i].Done || a.Title == cl.Actions[i].Title {
			t.Errorf("--lang zh: %+v, in English %+v", a, cl.Actions[i])
			break
		}
	}
	notes := decode[[]Note](t, mustRun(t, env, "", "notes", "--json"))
	if len(notes) != 2 || notes[1].ID != "breaking-changes#4" || notes[1].Step == "" || notes[1].Text != "a quoted\n\nnote on two paragraphs" {
		t.Errorf("notes = %+v", notes)
	}
	starred := decode[[]Item](t, mustRun(t, env, "", "list", "--starred", "--json"))
	if len(starred) != 3 {
		t.Errorf("list --starred = %d items, want 3", len(starred))
	}
}

// Unknown ids are usage errors that name the id, and a command with one changes nothing.
func TestChecklistUnknownIDs(t *testing.T) {
	t.Parallel()
	env, path := stateEnv(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"checklist", "done", "4569", "no-such-action"}, `"no-such-action"`},
		{[]string{"checklist", "undo", "breaking-changes#99"}, `"breaking-changes#99"`},
		{[]string{"checklist", "done", "breaking-changes"}, "name a step: breaking-changes#1 to breaking-changes#6"},
		{[]string{"checklist", "done", "3866"}, "3866 is not on the upgrade checklist"},
		{[]string{"checklist", "done"}, "needs the id of an action"},
		{[]string{"star", "3866", "99999"}, "KEP-99999"},
		{[]string{"unstar", "nope"}, `"nope"`},
		{[]string{"star", "ops-practices#99"}, `"ops-practices#99"`},
		{[]string{"note", "nope", "text"}, `"nope"`},
		{[]string{"checklist", "4569"}, "checklist takes no arguments"},
		{[]string{"checklist", "--markdown", "--json"}, "cannot be used together"},
	} {
		r := runEnv(t, env, "", c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("elli %s: exit %d, stderr %q; want exit 2 naming %s", strings.Join(c.args, " "), r.code, r.stderr, c.want)
		}
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a refused command wrote the state file")
	}
}

func TestNoteInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	appendLine := script("append", `printf 'from the editor\n' >> "$1"`)
	failing := script("fail", `printf 'half-written' > "$1"; exit 3`)
	keep := script("keep", `:`)
	env, _ := stateEnv(t)
	with := func(kv ...string) map[string]string {
		e := map[string]string{"ELLI_STATE": env["ELLI_STATE"]}
		for i := 0; i < len(kv); i += 2 {
			e[kv[i]] = kv[i+1]
		}
		return e
	}
	note := func() string {
		return decode[Checklist](t, mustRun(t, env, "", "checklist", "--json")).Actions[0].Note
	}

	mustRun(t, env, "first line\r\nsecond line\r\n", "note", "breaking-changes#1", "-")
	if got := note(); got != "first line\nsecond line" {
		t.Errorf("note from stdin = %q", got)
	}
	// the editor gets the note as it is and saves what it leaves; VISUAL wins over EDITOR
	mustRun(t, with("VISUAL", appendLine, "EDITOR", failing), "", "note", "breaking-changes#1")
	if got := note(); got != "first line\nsecond line\nfrom the editor" {
		t.Errorf("note after the editor = %q", got)
	}
	// an editor that fails changes nothing
	r := runEnv(t, with("EDITOR", failing), "", "note", "breaking-changes#1")
	if r.code != exitFail || !strings.Contains(r.stderr, "status 3") || note() != "first line\nsecond line\nfrom the editor" {
		t.Errorf("failing editor: exit %d, stderr %q, note %q", r.code, r.stderr, note())
	}
	// and says so in the run's language (ui/editor's problems go through the catalog)
	r = runEnv(t, with("EDITOR", failing, "ELLI_LANG", "zh"), "", "note", "breaking-changes#1")
	if r.code != exitFail || r.stderr != "elli: 编辑器以状态 3 退出；笔记没有改动\n" {
		t.Errorf("failing editor in Chinese: exit %d, stderr %q", r.code, r.stderr)
	}
	// an editor that saves nothing new writes nothing
	mustRun(t, with("EDITOR", keep), "", "note", "breaking-changes#1")
	// no editor and no text: say what to do
	r = runEnv(t, env, "", "note", "breaking-changes#1")
	if r.code != exitFail || !strings.Contains(r.stderr, "set VISUAL or EDITOR") {
		t.Errorf("no editor: exit %d, stderr %q", r.code, r.stderr)
	}
	// too long, from stdin or the command line: refused, the note stays
	long := strings.Repeat("x", 17<<10)
	for _, args := range [][]string{{"note", "breaking-changes#1", "-"}, {"note", "breaking-changes#1", long}} {
		r := runEnv(t, env, long, args...)
		if r.code != exitFail || !strings.Contains(r.stderr, "KiB") && !strings.Contains(r.stderr, "at most") || note() == "" {
			t.Errorf("a note of 17 KiB: exit %d, stderr %q", r.code, r.stderr)
		}
	}
	// an empty text removes it
	mustRun(t, env, "", "note", "breaking-changes#1", "")
	if got := note(); got != "" {
		t.Errorf("note after an empty text = %q", got)
	}
}

// A state file that cannot be written: writes fail with one line, reads work.
func TestStateUnwritable(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"ELLI_STATE": filepath.Join(file, "state.json")} // under a file: never writable
	for _, args := range [][]string{{"checklist", "done", "4569"}, {"star", "3866"}, {"note", "3866", "x"}} {
		r := runEnv(t, env, "", args...)
		if r.code != exitFail || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "cannot save the checklist") || !strings.Contains(r.stderr, "--state") {
			t.Errorf("elli %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	r := runEnv(t, env, "", "checklist")
	if r.code != 0 || !strings.Contains(r.stdout, fmt.Sprintf("0 / %d done", len(snapshot.Dataset().Checklist()))) {
		t.Errorf("checklist: exit %d, stdout %.60q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// A file elli cannot read is left as it is: a warning to a reader, exit 1 to a writer; ids the dataset lacks are reported and kept.
func TestStateCorruptAndUnknown(t *testing.T) {
	t.Parallel()
	env, path := stateEnv(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"version": 2, "done": {`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runEnv(t, env, "", "checklist")
	if r.code != 0 || !strings.Contains(r.stderr, "warning: ") || strings.Contains(r.stderr, ".corrupt-") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("corrupt: exit %d, stderr %q", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(path); string(b) != `{"version": 2, "done": {` {
		t.Errorf("a command that reads the state changed it: %q", b)
	}
	r = runEnv(t, env, "", "checklist", "done", "1880")
	if r.code != 1 || !strings.Contains(r.stderr, "fix it or move it away") {
		t.Errorf("a save over a file elli did not write: exit %d, stderr %q", r.code, r.stderr)
	}
	old := `{"version": 1, "done": ["4569-cgroup-v1-maintenance-mode", "gone-in-1.32"], "starred": ["gone-item"], "notes": {"gone-item": "keep me"}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	r = runEnv(t, env, "", "checklist", "done", "1880")
	if r.code != 0 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "2 ids") || !strings.Contains(r.stderr, "gone-in-1.32, gone-item") {
		t.Errorf("unknown ids: exit %d, stderr %q", r.code, r.stderr)
	}
	cl := decode[Checklist](t, runEnv(t, env, "", "checklist", "--json").stdout)
	if cl.Completed != 2 || strings.Join(cl.Unknown, ",") != "gone-in-1.32,gone-item" {
		t.Errorf("after a write: completed %d, unknown %v; the migrated ticks and unknown ids must stay", cl.Completed, cl.Unknown)
	}
	notes := runEnv(t, env, "", "notes").stdout
	if !strings.Contains(notes, "gone-item · not in this release\n  keep me\n") {
		t.Errorf("notes = %q", notes)
	}
}

// --state beats ELLI_STATE, which beats the config's state key.
func TestStatePrecedence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfg, []byte("state: "+filepath.Join(dir, "from-config.json")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"ELLI_CONFIG": cfg}
	mustRun(t, env, "", "star", "3866")
	env["ELLI_STATE"] = filepath.Join(dir, "from-env.json")
	mustRun(t, env, "", "star", "3866")
	mustRun(t, env, "", "--state", filepath.Join(dir, "from-flag.json"), "star", "3866")
	for _, f := range []string{"from-config.json", "from-env.json", "from-flag.json"} {
		if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || !strings.Contains(string(b), "3866-nftables-kube-proxy") {
			t.Errorf("%s: %v %q", f, err, b)
		}
	}
}

// TestMarkStepRef: star and note take a step as loosely as checklist done does (case and
// spaces around it), and keep the mark under the step's own id.
func TestMarkStepRef(t *testing.T) {
	t.Parallel()
	env, _ := stateEnv(t)
	mustRun(t, env, "", "star", " Breaking-Changes#2 ")
	mustRun(t, env, "", "note", "BREAKING-CHANGES#3", "drain first")
	cl := decode[Checklist](t, mustRun(t, env, "", "checklist", "--json"))
	byID := map[string]ChecklistAction{}
	for _, a := range cl.Actions {
		byID[a.ID] = a
	}
	if a := byID["breaking-changes#2"]; !a.Starred {
		t.Errorf("breaking-changes#2 = %+v, want starred", a)
	}
	if a := byID["breaking-changes#3"]; a.Note != "drain first" {
		t.Errorf("breaking-changes#3 = %+v, want the note", a)
	}
}
