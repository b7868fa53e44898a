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

func TestCorruptFileIsKeptAside(t *testing.T) {
	for name, body := range map[string]string{
		"not JSON":     `{"version": 2, "done": {`,
		"no version":   `{"done": {}}`,
		"wrong shapes": `{"version": 2, "done": ["a"]}`,
		"old version":  `{"version": 0}`,
	} {
		t.Run(name, func(t *testing.T) {
			st, warned := newStore(t)
			os.MkdirAll(filepath.Dir(st.Path), 0o700)
			os.WriteFile(st.Path, []byte(body), 0o600)
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
