//go:build !windows

// The editor runs through sh on Unix; on Windows the command is split on spaces.

package editor

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestName(t *testing.T) {
	for _, tc := range []struct {
		env  func(string) string
		want string
	}{
		{env("VISUAL", "vim", "EDITOR", "nano"), "vim"},
		{env("VISUAL", "  ", "EDITOR", "nano"), "nano"},
		{env(), ""},
	} {
		if got := Name(tc.env); got != tc.want {
			t.Errorf("Name = %q, want %q", got, tc.want)
		}
	}
	if _, err := Start(env(), "x", 10); !errors.Is(err, ErrNone) {
		t.Errorf("Start without an editor: %v", err)
	}
}

// The file name reaches the editor as one argument, whatever it holds, and the editor command
// may carry its own arguments, as EDITOR="code --wait" does.
func TestEditorRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a dir $(touch pwned) 'q'")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", dir)
	script := filepath.Join(t.TempDir(), "ed")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n[ \"$1\" = --flag ] || exit 9\nprintf ' and more\\n' >> \"$2\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := Start(env("EDITOR", "'"+script+"' --flag"), "old text", 100)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Result(s.Cmd.Run())
	if err != nil || got != "old text\n and more\n" {
		t.Errorf("Result = %q, %v", got, err)
	}
	if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary file is left: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Error("the shell ran a command from the file name")
	}
	// over the limit: refused
	s, _ = Start(env("EDITOR", "'"+script+"' --flag"), strings.Repeat("x", 100), 100)
	if _, err := s.Result(s.Cmd.Run()); !errors.Is(err, ErrTooLong) {
		t.Errorf("a long note: %v", err)
	}
	// a failing editor: the error says so
	s, _ = Start(env("EDITOR", "false"), "x", 100)
	if _, err := s.Result(s.Cmd.Run()); err == nil || !strings.Contains(err.Error(), "status 1") {
		t.Errorf("a failing editor: %v", err)
	}
}
