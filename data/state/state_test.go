package state

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elli-k8s/elli/internal/hostile"
)

var t0 = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

func newStore(t *testing.T) (*Store, *[]error) {
	t.Helper()
	var warned []error
	st := &Store{Path: filepath.Join(t.TempDir(), "elli", "state.json"), Now: func() time.Time { return t0 }, Warn: func(err error) { warned = append(warned, err) }}
	return st, &warned
}

func TestUpdateSavesAndLoads(t *testing.T) {
	st, warned := newStore(t)
	_, err := st.Update(func(s *State) error {
		s.SetDone("removal-cephfs-volume-plugin", true, t0)
		s.SetStar("3866-nftables-kube-proxy", true, t0)
		return s.SetNote("3866-nftables-kube-proxy", "pilot on staging first\r\n", t0)
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	if !s.IsDone("removal-cephfs-volume-plugin") || !s.IsStarred("3866-nftables-kube-proxy") || s.NoteOf("3866-nftables-kube-proxy") != "pilot on staging first" {
		t.Errorf("loaded state = %+v", s)
	}
	if s.IsDone("3866-nftables-kube-proxy") || s.IsStarred("x") {
		t.Error("state reports entries never made")
	}
	// undo, unstar, and an empty note removes it
	if _, err := st.Update(func(s *State) error {
		s.SetDone("removal-cephfs-volume-plugin", false, t0)
		s.SetStar("3866-nftables-kube-proxy", false, t0)
		return s.SetNote("3866-nftables-kube-proxy", "  ", t0)
	}); err != nil {
		t.Fatal(err)
	}
	s, _ = st.Load()
	if len(s.Done)+len(s.Stars)+len(s.Notes) != 0 {
		t.Errorf("state after undo = %+v, want empty", s)
	}
	if len(*warned) != 0 {
		t.Errorf("warnings: %v", *warned)
	}
	fi, err := os.Stat(st.Path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("state file mode = %v, %v; want 0600", fi.Mode(), err)
	}
}

func TestMissingFileIsEmpty(t *testing.T) {
	st, _ := newStore(t)
	s, err := st.Load()
	if err != nil || s == nil || len(s.Done) != 0 {
		t.Errorf("Load of a missing file = %+v, %v", s, err)
	}
}

func TestMigrateFromVersion1(t *testing.T) {
	st, _ := newStore(t)
	os.MkdirAll(filepath.Dir(st.Path), 0o700)
	v1 := `{"version": 1, "done": ["ops-practices#1", "removal-cephfs-volume-plugin"], "starred": ["4444-service-traffic-distribution"], "notes": {"24-apparmor": "check the old annotations"}}`
	os.WriteFile(st.Path, []byte(v1), 0o600)
	s, err := st.Update(func(s *State) error { s.SetDone("ops-practices#2", true, t0); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if !s.IsDone("ops-practices#1") || !s.IsDone("removal-cephfs-volume-plugin") || !s.IsDone("ops-practices#2") ||
		!s.IsStarred("4444-service-traffic-distribution") || s.NoteOf("24-apparmor") != "check the old annotations" {
		t.Errorf("migrated state = %+v", s)
	}
	b, _ := os.ReadFile(st.Path)
	if !strings.Contains(string(b), `"version": 2`) {
		t.Errorf("the saved file is not version 2:\n%s", b)
	}
}

// A corrupt file that begins the way elli writes its state is moved aside by a save, never by a
// read (issue 20 #2).
func TestCorruptFileIsKeptAside(t *testing.T) {
	for name, body := range map[string]string{
		"cut short":    "{\n  \"elli\": \"state\",\n  \"version\": 2,\n  \"done\": {",
		"no version":   "{\n  \"elli\": \"state\",\n  \"done\": {}}",
		"wrong shapes": "{\n  \"elli\": \"state\",\n  \"version\": 2,\n  \"done\": [\"a\"]}",
		"old version":  "{\n  \"elli\": \"state\",\n  \"version\": 0}",
		"legacy, cut":  "{\n  \"version\": 2,\n  \"done\": {\"a\": ",
	} {
		t.Run(name, func(t *testing.T) {
			st, warned := newStore(t)
			os.MkdirAll(filepath.Dir(st.Path), 0o700)
			os.WriteFile(st.Path, []byte(body), 0o600)
			if _, err := st.Load(); err == nil {
				t.Error("Load of a corrupt file gives no error")
			}
			if b, _ := os.ReadFile(st.Path); string(b) != body || len(*warned) != 0 {
				t.Fatalf("Load changed the file or moved it: %q, %v", b, *warned)
			}
			s, err := st.Update(func(s *State) error { s.SetStar("24-apparmor", true, t0); return nil })
			if err != nil || !s.IsStarred("24-apparmor") {
				t.Fatalf("Update after a corrupt file: %+v, %v", s, err)
			}
			if len(*warned) != 1 || !strings.Contains((*warned)[0].Error(), "state.json.corrupt-20261201T100000Z") {
				t.Fatalf("warnings = %v, want one naming the kept file", *warned)
			}
			kept, err := os.ReadFile(st.Path + ".corrupt-20261201T100000Z")
			if err != nil || string(kept) != body {
				t.Errorf("the corrupt file was not kept as it was: %q, %v", kept, err)
			}
		})
	}
}

// A file elli did not write is neither moved nor replaced, by a read or a save: foreign JSON,
// even with a "version": 2 (issue 20 #2), broken text, a FIFO, a device made with mknod.
func TestForeignFileIsNeverReplaced(t *testing.T) {
	for name, body := range map[string]string{
		"foreign version 2": `{"version":2,"builds":[1]}`,
		"foreign, indented": "{\n  \"version\": 2,\n  \"done\": {},\n  \"builds\": [1]\n}",
		"not JSON":          "hello\n",
		"compact, cut":      `{"version": 2, "done": {`,
		"another marker":    `{"elli": "config", "version": 2}`,
	} {
		t.Run(name, func(t *testing.T) {
			st, warned := newStore(t)
			os.MkdirAll(filepath.Dir(st.Path), 0o700)
			os.WriteFile(st.Path, []byte(body), 0o644)
			if _, err := st.Load(); err == nil {
				t.Error("Load of a foreign file gives no error")
			}
			_, err := st.Update(func(s *State) error { s.SetStar("24-apparmor", true, t0); return nil })
			if !errors.Is(err, ErrNotSaved) || !strings.Contains(err.Error(), "move it away") {
				t.Errorf("Update over a foreign file = %v, want a refusal", err)
			}
			if b, _ := os.ReadFile(st.Path); string(b) != body || len(*warned) != 0 {
				t.Errorf("the file was touched: %q, warnings %v", b, *warned)
			}
			if m, _ := filepath.Glob(st.Path + ".corrupt-*"); len(m) > 0 {
				t.Errorf("moved aside: %v", m)
			}
		})
	}
	dir := t.TempDir()
	fifo, dev := filepath.Join(dir, "fifo.json"), filepath.Join(dir, "null.json")
	if err := hostile.Mkfifo(fifo); err != nil {
		t.Fatal(err)
	}
	paths := []string{fifo}
	if hostile.MknodNull(dev) == nil { // root only
		paths = append(paths, dev)
	}
	for _, p := range paths {
		before, _ := os.Lstat(p)
		st := &Store{Path: p}
		if _, err := st.Load(); err == nil {
			t.Errorf("%s: Load gives no error", p)
		}
		if _, err := st.Update(func(s *State) error { s.SetDone("x", true, t0); return nil }); !errors.Is(err, ErrNotSaved) {
			t.Errorf("%s: Update = %v, want ErrNotSaved", p, err)
		}
		if after, err := os.Lstat(p); err != nil || !os.SameFile(before, after) || after.Mode() != before.Mode() {
			t.Errorf("%s was replaced or moved: %v", p, err)
		}
	}
}

// A state file that is a link stays one: the save writes its target and keeps its mode
// (issue 20 #5). A link to a corrupt file is not moved aside.
func TestSaveFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "state.json")
	os.MkdirAll(filepath.Dir(target), 0o755)
	link := filepath.Join(dir, "state", "state.json")
	os.MkdirAll(filepath.Dir(link), 0o700)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	st := &Store{Path: link}
	if _, err := st.Update(func(s *State) error { s.SetStar("a", true, t0); return nil }); err != nil {
		t.Fatal(err)
	}
	os.Chmod(target, 0o640)
	if _, err := st.Update(func(s *State) error { s.SetStar("b", true, t0); return nil }); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	s, err := (&Store{Path: target}).Load()
	if err != nil || !s.IsStarred("a") || !s.IsStarred("b") {
		t.Errorf("the target holds %+v, %v", s, err)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640 kept", fi.Mode().Perm())
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*", "*.lock")); len(m) > 0 {
		t.Errorf("lock files left beside the state: %v", m)
	}
	corrupt := "{\n  \"elli\": \"state\",\n  \"version\": 2,\n  \"do"
	os.WriteFile(target, []byte(corrupt), 0o640)
	if _, err := st.Update(func(s *State) error { return nil }); !errors.Is(err, ErrNotSaved) {
		t.Errorf("a save through a link to a corrupt file = %v, want a refusal", err)
	}
	if b, _ := os.ReadFile(target); string(b) != corrupt {
		t.Error("the link's corrupt target was replaced")
	}
}

// Temporary files a killed writer left are removed by the next save; nothing else is
// (issue 20 #9).
func TestSaveRemovesStaleTemporaryFiles(t *testing.T) {
	st, _ := newStore(t)
	dir := filepath.Dir(st.Path)
	os.MkdirAll(dir, 0o700)
	stale := []string{".state.json.tmp-123456", ".state.json.tmp-9"}
	kept := []string{".state.json.tmp-notes", ".other.json.tmp-1", "state.json.tmp-1"}
	for _, n := range append(append([]string{}, stale...), kept...) {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600)
	}
	if _, err := st.Update(func(s *State) error { s.SetDone("x", true, t0); return nil }); err != nil {
		t.Fatal(err)
	}
	for _, n := range stale {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s is still there", n)
		}
	}
	for _, n := range kept {
		if _, err := os.Lstat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s was removed", n)
		}
	}
}

func TestNewerFileIsLeftAlone(t *testing.T) {
	st, warned := newStore(t)
	os.MkdirAll(filepath.Dir(st.Path), 0o700)
	body := `{"version": 99, "done": {}}`
	os.WriteFile(st.Path, []byte(body), 0o600)
	if _, err := st.Load(); !errors.Is(err, ErrNewer) {
		t.Errorf("Load = %v, want ErrNewer", err)
	}
	if _, err := st.Update(func(s *State) error { return nil }); !errors.Is(err, ErrNotSaved) {
		t.Errorf("Update = %v, want ErrNotSaved", err)
	}
	if b, _ := os.ReadFile(st.Path); string(b) != body || len(*warned) != 0 {
		t.Errorf("a newer file was touched: %q, warnings %v", b, *warned)
	}
}

func TestUnwritableLocation(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o600)
	st := &Store{Path: filepath.Join(blocker, "state.json")}
	_, err := st.Update(func(s *State) error { s.SetDone("x", true, t0); return nil })
	if !errors.Is(err, ErrNotSaved) || !strings.Contains(err.Error(), blocker) {
		t.Errorf("Update in an unwritable place = %v, want ErrNotSaved naming the path", err)
	}
}

func TestNoteBounds(t *testing.T) {
	s := New()
	if err := s.SetNote("x", strings.Repeat("a", MaxNote+1), t0); err == nil {
		t.Error("a note over MaxNote is accepted")
	}
	if err := s.SetNote("x", "bad \xff byte", t0); err == nil {
		t.Error("a note that is not UTF-8 is accepted")
	}
	if err := s.SetNote("x", strings.Repeat("é", MaxNote/2), t0); err != nil {
		t.Errorf("a note of MaxNote bytes is refused: %v", err)
	}
}

func TestUnknownIDsAreKeptAndReported(t *testing.T) {
	st, _ := newStore(t)
	st.Update(func(s *State) error {
		s.SetDone("gone-item", true, t0)
		s.SetStar("3866-nftables-kube-proxy", true, t0)
		return s.SetNote("other-gone", "n", t0)
	})
	s, _ := st.Update(func(s *State) error { s.SetDone("3866-nftables-kube-proxy", true, t0); return nil })
	got := s.Unknown(func(id string) bool { return id == "3866-nftables-kube-proxy" })
	if fmt.Sprint(got) != "[gone-item other-gone]" {
		t.Errorf("Unknown = %v", got)
	}
	if !s.IsDone("gone-item") || s.NoteOf("other-gone") != "n" {
		t.Error("entries for unknown ids were dropped")
	}
}

// The helper process: ELLI_STATE_TEST=tick:<path>:<id> ticks one id; =spin:<path> rewrites the
// file with large notes until killed.
func TestMain(m *testing.M) {
	if v := os.Getenv("ELLI_STATE_TEST"); v != "" {
		parts := strings.SplitN(v, ":", 3)
		st := &Store{Path: parts[1]}
		switch parts[0] {
		case "tick":
			if _, err := st.Update(func(s *State) error { s.SetDone(parts[2], true, time.Now()); return nil }); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		case "spin":
			for i := 0; ; i++ {
				st.Update(func(s *State) error {
					return s.SetNote(fmt.Sprint("n", i%50), strings.Repeat("x", 8000+i%100), time.Now())
				})
			}
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func helper(t *testing.T, env string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ELLI_STATE_TEST="+env)
	return cmd
}

func TestConcurrentProcessesKeepEveryTick(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	var cmds []*exec.Cmd
	for i := range 10 {
		c := helper(t, fmt.Sprintf("tick:%s:item-%d", path, i))
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("a ticking process failed: %v", err)
		}
	}
	s, err := (&Store{Path: path}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Done) != 10 {
		t.Errorf("%d ticks kept of 10: %v", len(s.Done), s.Done)
	}
}

func TestKilledWriterLeavesAWholeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	for i := range 15 {
		c := helper(t, "spin:"+path)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+i*7) * time.Millisecond)
		c.Process.Kill() // SIGKILL: no chance to clean up
		c.Wait()
		var warned []error
		st := &Store{Path: path, Warn: func(err error) { warned = append(warned, err) }}
		if _, err := st.Load(); err != nil || len(warned) != 0 {
			t.Fatalf("after SIGKILL #%d the file does not load whole: %v %v", i, err, warned)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no state file was ever written: %v", err)
	}
}
