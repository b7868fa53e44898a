package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
)

// storeIn is a state file in a fresh folder.
func storeIn(t *testing.T) *state.Store {
	t.Helper()
	return &state.Store{Path: filepath.Join(t.TempDir(), "elli", "state.json")}
}

// onDisk reads what the store holds now.
func onDisk(t *testing.T, st *state.Store) *state.State {
	t.Helper()
	s, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checklistModel is the explorer on the checklist tab, saving to st.
func checklistModel(t *testing.T, st *state.Store) Model {
	t.Helper()
	return keys(newModel(t, Options{State: st, NoColor: true}, 120, 40), "6")
}

func TestChecklistKeys(t *testing.T) {
	// the checklist's length comes from the dataset: the release's actions and each hop's
	all := len(dataset(t).Checklist())
	done := func(n int) string { return fmt.Sprintf("%d / %d done", n, all) }
	tests := []struct {
		name     string
		keys     []string
		wantSel  string   // the selected row afterwards
		wantDone []string // ticked, on disk
		wantStar []string // starred, on disk
		status   string   // a part of the status line
		rows     int      // action rows shown; 0: don't check
	}{
		{"the tab opens on the first step", nil, "breaking-changes#1", nil, nil, "", all},
		{"space ticks the selected action", []string{"space"}, "breaking-changes#1", []string{"breaking-changes#1"}, nil, done(1), 0},
		{"space again unticks it", []string{"space", "space"}, "breaking-changes#1", nil, nil, done(0), 0},
		{"j skips the headings", []string{"j", "j", "j", "j", "j", "j", "space"}, "ops-practices#1", []string{"ops-practices#1"}, nil, "", 0},
		{"three ticks", []string{"space", "j", "space", "j", "space"}, "breaking-changes#3",
			[]string{"breaking-changes#1", "breaking-changes#2", "breaking-changes#3"}, nil, done(3), 0},
		{"t shows what is left to do", []string{"space", "t"}, "breaking-changes#2", []string{"breaking-changes#1"}, nil, "todo", all - 1},
		{"ticking in todo moves on, as in an inbox", []string{"t", "space"}, "breaking-changes#2", []string{"breaking-changes#1"}, nil, "", all - 1},
		{"t twice shows what is done", []string{"space", "t", "t"}, "breaking-changes#1", []string{"breaking-changes#1"}, nil, "done", 1},
		{"t thrice shows all again", []string{"t", "t", "t"}, "breaking-changes#1", nil, nil, "all", all},
		{"s stars the selected step", []string{"s"}, "breaking-changes#1", nil, []string{"breaking-changes#1"}, "Starred", 0},
		{"s stars an item on any tab", []string{"2", "s"}, "24-apparmor", nil, []string{"24-apparmor"}, "Starred KEP-24", 0},
		{"s twice unstars", []string{"2", "s", "s"}, "24-apparmor", nil, nil, "Unstarred", 0},
		{"S shows only starred items", []string{"2", "j", "s", "S"}, "2185-replicaset-random-downscale", nil, []string{"2185-replicaset-random-downscale"}, "Only starred", 0},
		{"space on an action in another tab ticks it", []string{"5", "space"}, "removal-ceph-rbd-volume-plugin", []string{"removal-ceph-rbd-volume-plugin"}, nil, done(1), 0},
		{"space on an item that is no action says so", []string{"2", "space"}, "24-apparmor", nil, nil, "not on the upgrade checklist", 0},
		{"s on the overview row says where stars go", []string{"1", "s"}, overviewID, nil, nil, "Stars go on items", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := storeIn(t)
			m := keys(checklistModel(t, st), tt.keys...)
			if got := selectedID(m); got != tt.wantSel {
				t.Errorf("selected %s, want %s", got, tt.wantSel)
			}
			s := onDisk(t, st)
			if got := strings.Join(keysOf(s.Done), " "); got != strings.Join(tt.wantDone, " ") {
				t.Errorf("done on disk: %q, want %q", got, tt.wantDone)
			}
			if got := strings.Join(s.Starred(), " "); got != strings.Join(tt.wantStar, " ") {
				t.Errorf("starred on disk: %q, want %q", got, tt.wantStar)
			}
			if screen := plain(m); !strings.Contains(screen, tt.status) {
				t.Errorf("screen lacks %q:\n%s", tt.status, screen)
			}
			if n := m.lists[checklistTab].count(func(r row) bool { return r.action != nil }); tt.rows > 0 && n != tt.rows {
				t.Errorf("%d actions shown, want %d", n, tt.rows)
			}
		})
	}
}

func keysOf[V any](m map[string]V) []string {
	s := state.New()
	for k := range m {
		s.Stars[k] = state.Mark{}
	}
	return s.Starred() // sorted
}

// Saving happens in a command: Update returns before the file is written.
func TestChecklistSavesInACommand(t *testing.T) {
	st := storeIn(t)
	m := checklistModel(t, st)
	next, cmd := m.Update(keyMsg("space"))
	if _, err := os.Stat(st.Path); err == nil {
		t.Fatal("Update wrote the state file itself")
	}
	if !next.(Model).user.s.IsDone("breaking-changes#1") {
		t.Error("the tick does not show at once")
	}
	m = runCmd(next.(Model), cmd, 0)
	if !onDisk(t, st).IsDone("breaking-changes#1") {
		t.Error("the command did not save the tick")
	}
	// changes made while a save runs wait for it, and all reach the file
	m = keys(m, "j")
	next, first := m.Update(keyMsg("space"))
	next, second := next.(Model).Update(keyMsg("s"))
	if first == nil || !next.(Model).user.saving || len(next.(Model).user.pending) != 1 {
		t.Errorf("a change while a save runs: saving %v, pending %d", next.(Model).user.saving, len(next.(Model).user.pending))
	}
	m = runCmd(runCmd(next.(Model), second, 0), first, 0) // the first save ends, the second starts
	s := onDisk(t, st)
	if !s.IsDone("breaking-changes#2") || !s.IsStarred("breaking-changes#2") || m.user.saving || len(m.user.pending) != 0 {
		t.Errorf("after two changes: done %v, starred %v, saving %v, pending %d", s.IsDone("breaking-changes#2"), s.IsStarred("breaking-changes#2"), m.user.saving, len(m.user.pending))
	}
}

// Ticks, stars and notes are there when the explorer starts again, with another process's
// changes merged in.
func TestChecklistSurvivesARestart(t *testing.T) {
	st := storeIn(t)
	m := keys(checklistModel(t, st), "space", "j", "space", "j", "space", "2", "s")
	other := &state.Store{Path: st.Path}
	if _, err := other.Update(func(s *state.State) error { s.SetDone("4569-cgroup-v1-maintenance-mode", true, time.Now()); return nil }); err != nil {
		t.Fatal(err)
	}
	m = keys(m, "6") // nothing to save: the other process's tick shows after the next start
	again := checklistModel(t, st)
	screen := plain(again)
	if !strings.Contains(screen, fmt.Sprintf("4 / %d done", len(again.ds.Checklist()))) || strings.Count(screen, markDone) != 4 {
		t.Errorf("after a restart:\n%s", screen)
	}
	if !again.user.s.IsStarred("24-apparmor") {
		t.Error("the star is gone after a restart")
	}
}

func TestNoteInline(t *testing.T) {
	st := storeIn(t)
	m := keys(checklistModel(t, st), "2", "e")
	if m.focus != focusNote || !strings.Contains(plain(m), "Note on") {
		t.Fatalf("e without an editor opens the text area; focus %d", m.focus)
	}
	m = typeText(m, "pilot in staging")
	m = keys(m, "q") // a letter in the text area, not quit
	m = step(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if m.focus != focusList {
		t.Fatalf("ctrl+s leaves the editor; focus %d", m.focus)
	}
	if got := onDisk(t, st).NoteOf("24-apparmor"); got != "pilot in stagingq" {
		t.Errorf("note on disk %q", got)
	}
	screen := plain(m)
	if !strings.Contains(screen, "Your note") || !strings.Contains(screen, "pilot in stagingq") || !strings.Contains(screen, markNote) {
		t.Errorf("the note does not show at the top of the page and in the list:\n%s", screen)
	}
	// esc cancels
	m = keys(m, "e", "x", "esc")
	if got := onDisk(t, st).NoteOf("24-apparmor"); got != "pilot in stagingq" || m.focus != focusList {
		t.Errorf("esc changed the note to %q, focus %d", got, m.focus)
	}
}

func TestNoteInEditor(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "ed")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf 'from the editor\\n' >> \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	st := storeIn(t)
	m := checklistModel(t, st)
	m.getenv = func(k string) string {
		if k == "EDITOR" {
			return script
		}
		return ""
	}
	next, cmd := m.Update(keyMsg("e"))
	m = next.(Model)
	if m.focus == focusNote || cmd == nil {
		t.Fatal("with EDITOR set, e prepares the editor in a command")
	}
	ready, ok := cmd().(editorReadyMsg)
	if !ok || ready.err != nil || ready.id != "breaking-changes#1" {
		t.Fatalf("the command gave %+v", ready)
	}
	if exec := m.onEditorReady(ready); exec == nil {
		t.Fatal("no command to run the editor")
	}
	// bubbletea runs the editor with the terminal; here it runs directly
	text, err := ready.sess.Result(ready.sess.Cmd.Run())
	m = step(m, noteEditedMsg{id: ready.id, label: ready.label, old: ready.old, text: text, err: err})
	if got := onDisk(t, st).NoteOf("breaking-changes#1"); got != "from the editor" {
		t.Errorf("note %q", got)
	}
	if !strings.Contains(m.status, "Saved the note") {
		t.Errorf("status %q", m.status)
	}
}

// A note reaches the terminal sanitised, however the file came to hold it.
func TestNoteIsSanitised(t *testing.T) {
	st := storeIn(t)
	if _, err := st.Update(func(s *state.State) error {
		return s.SetNote("breaking-changes#1", "safe \x1b]0;pwned\x07 text \x1b[31mred\u202e", time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	out := checklistModel(t, st).Render()
	for _, bad := range []string{"\x1b]", "\x07", "\u202e", "\x1b[31m"} {
		if strings.Contains(out, bad) {
			t.Errorf("the screen holds %q", bad)
		}
	}
	if !strings.Contains(out, "safe") || !strings.Contains(out, "text") {
		t.Error("the note's text is gone")
	}
}

// / finds items by their note: the engine's results, then the items whose note holds the words.
func TestSearchFindsNotes(t *testing.T) {
	st := storeIn(t)
	if _, err := st.Update(func(s *state.State) error {
		if err := s.SetNote("24-apparmor", "ask the zebrafish team", time.Now()); err != nil {
			return err
		}
		return s.SetNote("ops-practices#4", "zebrafish owns the service ranges", time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	m := keys(typeText(keys(checklistModel(t, st), "/"), "zebrafish"), "enter")
	if len(m.results) != 1 || m.results[0].Item.ID != "24-apparmor" {
		t.Errorf("results %v, want the item whose note holds the word", m.results)
	}
	var shown []string
	for _, r := range m.lists[checklistTab].rows {
		if r.action != nil {
			shown = append(shown, r.action.ID)
		}
	}
	if strings.Join(shown, " ") != "ops-practices#4" {
		t.Errorf("the checklist shows %v under the search, want the step whose note holds the word", shown)
	}
	if !strings.Contains(plain(m), "zebrafish") {
		t.Error("the note is not on the page")
	}
}

// A state file that cannot be written: the explorer keeps the changes in memory and says so.
func TestChecklistUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	st := &state.Store{Path: filepath.Join(file, "state.json")}
	m := keys(checklistModel(t, st), "space")
	screen := plain(m)
	if !m.user.s.IsDone("breaking-changes#1") || !strings.Contains(screen, "not saved") || !strings.Contains(screen, fmt.Sprintf("1 / %d done", len(m.ds.Checklist()))) {
		t.Errorf("unwritable:\n%s", screen)
	}
	// without a place at all, the explorer says why from the start
	m = newModel(t, Options{StateProblem: "progress is not saved: no home"}, 120, 40)
	if !strings.Contains(plain(m), "progress is not saved") {
		t.Error("the problem is not shown")
	}
}

// L puts the checklist in the other language in place: headings, titles, progress.
func TestChecklistSwitchesLanguage(t *testing.T) {
	m := keys(checklistModel(t, storeIn(t)), "space", "j", "L")
	screen := plain(m)
	for _, want := range []string{fmt.Sprintf("已完成 1 / %d", len(m.ds.Checklist())), "需要处理的变更 · 0/17", "所有树内云提供商均已移除"} {
		if !strings.Contains(screen, want) {
			t.Errorf("after L the checklist lacks %q:\n%s", want, screen)
		}
	}
	if selectedID(m) != "breaking-changes#2" {
		t.Errorf("L moved the cursor to %s", selectedID(m))
	}
}

// A problem with the state file shows in the status line in the explorer's language: a
// file elli did not write (left as it is), one from a newer elli.
func TestStateProblemInChinese(t *testing.T) {
	for content, want := range map[string]string{
		`{}`:             "不是 elli 的状态文件（缺少 schema 版本号）",
		`{"version":99}`: "由更新版本的 elli 写入：schema 版本为 99",
	} {
		st := storeIn(t)
		if err := os.MkdirAll(filepath.Dir(st.Path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(st.Path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		_, status := loadState(Options{State: st, Lang: data.LangZH}, dataset(t))
		if !strings.Contains(status, want) || strings.Contains(status, "state file") || strings.Contains(status, "newer elli") {
			t.Errorf("state %s: status %q, want …%s…", content, status, want)
		}
	}
}
