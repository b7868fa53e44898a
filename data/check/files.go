package check

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
)

// fileKind says how a file is read.
type fileKind int

const (
	fkNone fileKind = iota
	fkYAML
	fkJSON
	fkShell
	fkMake
	fkUnit
	fkEnv
	fkPEM
	// fkScript is a file without an extension met in a folder: a shell script if its first
	// line is a shell's #! line, passed over otherwise
	fkScript
	// fkTemplate is a template that does not say what it renders to (user-data.tpl): its
	// lines are read (template.go)
	fkTemplate
)

// classify decides from its name how a file met in a folder is read; fkNone files are not
// read at all.
func classify(p string) fileKind {
	name := filepath.Base(p)
	ext := strings.ToLower(filepath.Ext(name))
	if templateExts[ext] {
		// what the template renders to decides how it is read
		if k := classify(strings.TrimSuffix(p, filepath.Ext(name))); k != fkNone && k != fkScript {
			return k
		}
		return fkTemplate
	}
	switch ext {
	case ".yaml", ".yml":
		return fkYAML
	case ".json", ".ign": // .ign: an Ignition config
		return fkJSON
	case ".sh", ".bash", ".zsh", ".ksh":
		return fkShell
	case ".mk":
		return fkMake
	case ".service":
		return fkUnit
	case ".conf":
		if strings.HasSuffix(filepath.Base(filepath.Dir(p)), ".service.d") {
			return fkUnit // a systemd drop-in
		}
	case ".env":
		return fkEnv
	case ".pem", ".crt", ".cer", ".cert":
		return fkPEM
	}
	switch name {
	case "Makefile", "makefile", "GNUmakefile":
		return fkMake
	}
	if ext == "" && normalizeComponent(name) != "" && name != compCCM && !strings.HasSuffix(name, "-wrapper") {
		return fkEnv // /etc/default/kubelet, /etc/sysconfig/kube-proxy
	}
	if ext == "" && name != "" && name[0] != '.' {
		return fkScript
	}
	return fkNone
}

// sniff decides how to read a file named on the command line whose name says nothing.
func sniff(b []byte) fileKind {
	t := bytes.TrimLeft(b, " \t\r\n\xef\xbb\xbf")
	switch {
	case bytes.HasPrefix(t, []byte("-----BEGIN")):
		return fkPEM
	case bytes.HasPrefix(t, []byte("#!")):
		return fkShell
	case bytes.Contains(b, []byte("\n[Service]")) || bytes.HasPrefix(t, []byte("[Unit]")) || bytes.HasPrefix(t, []byte("[Service]")):
		return fkUnit
	case isJSONStart(t):
		return fkJSON
	}
	return fkYAML
}

// shellShebang reports whether b starts with the #! line of a shell: #!/bin/sh,
// #!/usr/bin/env bash, #!/bin/zsh -e and the like.
func shellShebang(b []byte) bool {
	rest, ok := bytes.CutPrefix(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), []byte("#!"))
	if !ok {
		return false
	}
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	f := strings.Fields(string(rest))
	if len(f) > 1 && baseName(f[0]) == "env" {
		f = f[1:]
		for len(f) > 1 && strings.HasPrefix(f[0], "-") {
			f = f[1:] // env -S bash -e
		}
	}
	if len(f) == 0 {
		return false
	}
	switch baseName(f[0]) {
	case "sh", "bash", "dash", "ash", "zsh", "ksh", "mksh", "busybox":
		return true
	}
	return false
}

// skippedDirs are never descended into: version control data and dependency caches.
var skippedDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, "node_modules": true}

// sniffLen is how much of a file's start decides whether it is binary.
const sniffLen = 8000

// isBinary reports whether b looks like a binary file: a NUL byte near the start.
func isBinary(b []byte) bool {
	return bytes.IndexByte(b[:min(len(b), sniffLen)], 0) >= 0
}

// binaryHead reports whether the start of a file, before it is read whole, says binary: a NUL
// byte without a UTF-16 byte order mark (UTF-16 text has NULs, and is read after conversion).
func binaryHead(head []byte) bool {
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
		return false
	}
	return isBinary(head)
}

// readFile reads a regular file of at most max bytes into buf (reused between files). It reads
// the size the file had when opened: a file that grows meanwhile is read as it was.
func readFile(p string, max int64, buf []byte) ([]byte, int64, error) {
	return readRegular(p, max, buf)
}

var (
	errNotRegular = errors.New("not a regular file")
	errBinary     = errors.New("binary")
	errTooBig     = errors.New("too large")
)

// scanStream checks a YAML or JSON stream (standard input, a pipe) document by document,
// without holding more than one document.
func (c *fileCtx) scanStream(r io.Reader) (int64, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	start, _ := br.Peek(sniffLen)
	if binaryHead(start) {
		// as a binary file is: its start says so, and the rest is not read
		c.note(NoteSkipped, 0, c.s.t.Binary)
		return int64(len(start)), nil
	}
	if isJSONStart(start) {
		return c.scanJSONStream(br)
	}
	var total int64
	first := true
	max := int(c.s.opts.MaxFileSize)
	sp := newSplitter(max, c.chunk, c.tooBig)
	partial := false // the line being read did not fit the reader's buffer
	for {
		l, err := br.ReadSlice('\n')
		total += int64(len(l))
		if first && len(l) > 0 {
			first = false
			l = bytes.TrimPrefix(l, []byte("\xef\xbb\xbf"))
		}
		if len(l) > 0 {
			if partial {
				sp.add(l)
			} else {
				sp.feed(l)
			}
		}
		partial = errors.Is(err, bufio.ErrBufferFull)
		if partial {
			continue
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			sp.flush()
			return total, err
		}
	}
	sp.flush()
	return total, nil
}

// isJSONStart reports whether a stream starts like JSON: its first character, past white space
// and a byte order mark, opens an object or an array.
func isJSONStart(b []byte) bool {
	t := bytes.TrimLeft(b, " \t\r\n\xef\xbb\xbf")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// walkErr turns a file system error into a note's words.
func walkErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}
