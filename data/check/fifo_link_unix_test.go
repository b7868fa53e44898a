//go:build unix

package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// scanWithin scans paths and fails the test if the scan does not end within 10 s: a hang
// guard, not a measurement (a scan of a few files ends in milliseconds).
func scanWithin(t *testing.T, paths ...string) *Report {
	t.Helper()
	done := make(chan *Report, 1)
	go func() { done <- scanDir(t, New(nil, Options{}), paths...) }()
	select {
	case rep := <-done:
		return rep
	case <-time.After(10 * time.Second):
		t.Fatal("the scan hangs: a FIFO opened for reading")
		return nil
	}
}

// A FIFO reached through a link without an extension in a scanned folder is a note, not an
// open that waits for a writer forever (issue 29 #5: the script sniffing opened it before the
// regular-file guard); the other files of the folder are still checked.
func TestFIFOThroughLinkDoesNotBlock(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(fifo, filepath.Join(dir, "deploy")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "good.yaml"), []byte(cephPod), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := scanWithin(t, dir)
	if n := noteFor(rep, "deploy"); n == nil || n.Kind != NoteSkipped || !strings.Contains(n.Message, "not a regular file") {
		t.Errorf("the link to the FIFO has note %+v, want a skip saying it is not a regular file", n)
	}
	if len(rep.Findings) != 1 || filepath.Base(rep.Findings[0].File) != "good.yaml" {
		t.Errorf("findings = %+v, want the one in good.yaml", rep.Findings)
	}
}

// The sniffing of a file without an extension goes through the same guard as every read: a
// file that became a FIFO between the walk's look and the open is passed over at once.
func TestIsScriptRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "run")
	if err := mkfifo(fifo); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool, 1)
	go func() { done <- isScript(fifo) }()
	select {
	case got := <-done:
		if got {
			t.Error("a FIFO read as a shell script")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("isScript waits on a FIFO without a writer")
	}
	sh := filepath.Join(t.TempDir(), "run")
	if err := os.WriteFile(sh, []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if !isScript(sh) {
		t.Error("a shell script is not read as one")
	}
}

// elli check /proc/PID/fd: its entries are links to pipes, sockets and terminals, each a note;
// a pipe that has a writer but no data (as a running process's are) does not hold the scan.
func TestProcFDDoesNotBlock(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc here")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	rep := scanWithin(t, fmt.Sprintf("/proc/%d/fd", syscall.Getpid()))
	pipe := fmt.Sprint(r.Fd())
	if n := noteFor(rep, pipe); n == nil || !strings.Contains(n.Message, "not a regular file") {
		t.Errorf("the pipe's entry %s has note %+v, want a skip saying it is not a regular file", pipe, n)
	}
}
