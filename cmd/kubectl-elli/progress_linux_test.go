//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"

	"github.com/elli-k8s/elli/internal/kubetest"
	"github.com/elli-k8s/elli/internal/ptytest"
	"github.com/elli-k8s/elli/ui/cli"
)

// tty says which of the child's streams are a terminal; the others are pipes.
type tty int

const (
	ttyNone   tty = iota // stdout and stderr are pipes: a script, a CI log
	ttyStderr            // stderr on a terminal, stdout piped: elli check --cluster --json > out.json
	ttyBoth              // stdin, stdout and stderr on one terminal: a person at a shell
)

// childRun is what a kubectl-elli process wrote: the bytes its terminal received (the pty's
// master side, with the terminal's \n to \r\n), and the piped streams.
type childRun struct {
	terminal, stdout, stderr string
	code                     int
}

// runChild runs kubectl-elli in a process of its own (this test binary as main), with the
// kubeconfig and its streams as mode says (a terminal of cols columns), and waits for it.
func runChild(t *testing.T, kubeconfig string, mode tty, cols uint16, args ...string) childRun {
	t.Helper()
	return runChildCtrlC(t, kubeconfig, mode, cols, "", args...)
}

// runChildCtrlC is runChild that, once the terminal has received ctrlCAt (when not ""), sends
// SIGINT to the child's process group, as the terminal does on ctrl+c.
func runChildCtrlC(t *testing.T, kubeconfig string, mode tty, cols uint16, ctrlCAt string, args ...string) childRun {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	// no pager: a table taller than the terminal would wait in less for keys nobody sends
	cmd.Env = append(os.Environ(), childEnv+"=1", "KUBECONFIG="+kubeconfig, "TERM=xterm-256color",
		"ELLI_PAGER=", "COLORFGBG=15;0", "NO_COLOR=", "LANG=C.UTF-8", "LC_ALL=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	var master *os.File
	if mode != ttyNone {
		var slave *os.File
		master, slave = ptytest.Open(t)
		defer master.Close()
		defer slave.Close()
		if err := unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 40, Col: cols}); err != nil {
			t.Fatal(err)
		}
		// the pty is the child's controlling terminal, as a shell's would be
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 2}
		cmd.Stderr = slave
		if mode == ttyBoth {
			cmd.Stdin, cmd.Stdout = slave, slave
			cmd.SysProcAttr.Ctty = 0
		}
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	screen := make(chan []byte, 1)
	if master != nil {
		// closed in the parent, the slave stays open in the child only: the master reads EIO
		// once the child is gone
		cmd.Stderr.(*os.File).Close()
		go func() {
			var b []byte
			buf := make([]byte, 4096)
			for {
				n, err := master.Read(buf)
				b = append(b, buf[:n]...)
				if ctrlCAt != "" && bytes.Contains(b, []byte(ctrlCAt)) {
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) // a session of its own: its group
					ctrlCAt = ""
				}
				if err != nil { // EIO once the child is gone
					screen <- b
					return
				}
			}
		}()
	} else {
		screen <- nil
	}
	// A hang guard, not a measurement: the scan of the planted cluster ends in seconds.
	timer := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code < 0 {
		t.Fatalf("kubectl-elli %s was killed: %v", strings.Join(args, " "), err)
	}
	return childRun{terminal: string(<-screen), stdout: stdout.String(), stderr: stderr.String(), code: code}
}

// render is what a terminal shows after the bytes b: a small terminal that knows the line
// editing the progress uses (carriage return, erase to the end of the line, newline) and
// passes over colour (SGR); any other control sequence is returned in stray.
func render(b string) (lines []string, stray []string) {
	lines = []string{""}
	col := 0
	put := func(r rune) {
		l := []rune(lines[len(lines)-1])
		for len(l) < col {
			l = append(l, ' ')
		}
		if col < len(l) {
			l[col] = r
		} else {
			l = append(l, r)
		}
		lines[len(lines)-1] = string(l)
		col++
	}
	csi := regexp.MustCompile(`^\x1b\[[0-9;?]*[ -/]*[@-~]`)
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == '\r':
			col = 0
			i++
		case c == '\n':
			lines = append(lines, "")
			col = 0 // the pty's ONLCR sends \r\n; a bare \n from a pipe starts the line too
			i++
		case c == 0x1b:
			seq := csi.FindString(b[i:])
			switch {
			case seq == "\x1b[K":
				l := []rune(lines[len(lines)-1])
				if col < len(l) {
					lines[len(lines)-1] = string(l[:col])
				}
			case seq != "" && strings.HasSuffix(seq, "m"):
			case seq != "":
				stray = append(stray, seq)
			default:
				seq = b[i:min(i+8, len(b))]
				stray = append(stray, seq)
				seq = seq[:1]
			}
			i += len(seq)
		case c < 0x20 || c == 0x7f:
			stray = append(stray, string(c))
			i++
		default:
			r, n := []rune(b[i:])[0], len(string([]rune(b[i:])[0]))
			put(r)
			i += n
		}
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, stray
}

// progressLine is one drawing of the progress line: back to the line's start, erase it, write.
var progressLine = regexp.MustCompile(`\r\x1b\[Kreading ([A-Za-z]+): ([0-9]+)`)

// Long scans show their progress on a terminal, objects read per kind, in one line that each
// page redraws and that is gone before the report: on stderr only when stderr is a terminal,
// never in a pipe. kubectl-elli runs in its own process here, on a real pty, against the real
// API server, with two objects a page so that every kind of more than two objects is read in
// several pages.
func TestProgressOnTerminalOnly(t *testing.T) {
	env, kubelet := kubetest.StartPlanted(t)
	kc := env.Kubeconfig(t)

	t.Run("stderr a terminal, --json piped: a line per page, cleared, nothing else", func(t *testing.T) {
		r := runChild(t, kc, ttyStderr, 120, "check", "--cluster", "--json", "--chunk-size", "2")
		if r.code != 1 {
			t.Fatalf("exit %d, want 1 (errors found); terminal %q", r.code, r.terminal)
		}
		var rep cli.CheckReport
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || rep.Cluster == nil {
			t.Fatalf("stdout is not the JSON report (%v):\n%.500s", err, r.stdout)
		}
		if strings.Contains(r.stdout, "reading") || strings.ContainsAny(r.stdout, "\r\x1b") {
			t.Errorf("progress reached the piped stdout:\n%.500s", r.stdout)
		}
		// the terminal received the progress drawings, one clearing, then the notes' lines
		// (none when the node proxy works: a full-rights scan of the planted cluster)
		draws := progressLine.FindAllStringSubmatchIndex(r.terminal, -1)
		if len(draws) == 0 {
			t.Fatalf("no progress on the terminal: %q", r.terminal)
		}
		last := draws[len(draws)-1][1]
		for i, d := range draws {
			if i > 0 && d[0] != draws[i-1][1] {
				t.Errorf("between two progress drawings: %q", r.terminal[draws[i-1][1]:d[0]])
			}
		}
		if draws[0][0] != 0 {
			t.Errorf("before the first progress drawing: %q", r.terminal[:draws[0][0]])
		}
		rest, cleared := strings.CutPrefix(r.terminal[last:], "\r\x1b[K")
		if !cleared {
			t.Errorf("the progress line is not cleared after the scan: %q", r.terminal[last:])
		}
		if strings.ContainsAny(strings.ReplaceAll(rest, "\r\n", "\n"), "\r\x1b") {
			t.Errorf("control characters after the progress: %q", rest)
		}
		if kubelet != nil && rest != "" {
			t.Errorf("a full-rights scan wrote more than its progress on stderr: %q", rest)
		}
		// objects read per kind: each kind's drawings count up a page (2) at a time, to the
		// number the report says it read; the nodes one at a time, since each costs its
		// kubelet's reads
		counts := map[string][]int{}
		for _, d := range draws {
			n, _ := strconv.Atoi(r.terminal[d[4]:d[5]])
			kind := r.terminal[d[2]:d[3]]
			counts[kind] = append(counts[kind], n)
		}
		for _, k := range rep.Cluster.Read {
			got := counts[k.Kind]
			if len(got) == 0 {
				t.Errorf("no progress for %s (%d read)", k.Kind, k.Objects)
				continue
			}
			if got[len(got)-1] != k.Objects {
				t.Errorf("%s: progress ends at %d, the report read %d", k.Kind, got[len(got)-1], k.Objects)
			}
			step := 2
			if k.Kind == "Node" {
				step = 1
			}
			for i := 1; i < len(got); i++ {
				if got[i] != got[i-1]+step && got[i] != k.Objects {
					t.Errorf("%s: progress %v does not count %d objects a drawing", k.Kind, got, step)
					break
				}
			}
			if want := max(1, (k.Objects+step-1)/step); len(got) != want && len(got) != want+1 {
				t.Errorf("%s: %d drawings for %d objects at %d a drawing: %v", k.Kind, len(got), k.Objects, step, got)
			}
		}
		if len(counts["Pod"]) < 3 {
			t.Errorf("pods drawn %v: the planted 7 pods at 2 a page take 4 pages", counts["Pod"])
		}
		if lines, stray := render(r.terminal); len(stray) > 0 || kubelet != nil && len(lines) > 0 {
			t.Errorf("the terminal shows %q after the scan, with the control sequences %q", lines, stray)
		}
	})

	t.Run("one terminal for all: the report starts where the progress was", func(t *testing.T) {
		r := runChild(t, kc, ttyBoth, 120, "check", "--cluster", "--chunk-size", "2")
		if r.code != 1 {
			t.Fatalf("exit %d, want 1; terminal %q", r.code, r.terminal)
		}
		if !progressLine.MatchString(r.terminal) {
			t.Errorf("no progress on the terminal: %q", r.terminal)
		}
		lines, stray := render(r.terminal)
		if len(stray) > 0 {
			t.Errorf("control sequences beyond the progress line's: %q", stray)
		}
		if len(lines) == 0 || !strings.HasPrefix(lines[0], "Cluster scanner, v1.31.14") {
			t.Errorf("the screen does not start with the report's first line:\n%s", strings.Join(lines, "\n"))
		}
		for _, l := range lines {
			if strings.Contains(l, "reading ") {
				t.Errorf("the progress stays on the screen: %q", l)
			}
		}
		if !strings.Contains(strings.Join(lines, "\n"), "scanner/shop/Deployment/web") {
			t.Errorf("the screen lacks the report:\n%s", strings.Join(lines, "\n"))
		}
	})

	t.Run("pipes: no progress, no control character", func(t *testing.T) {
		r := runChild(t, kc, ttyNone, 0, "check", "--cluster", "--chunk-size", "2")
		if r.code != 1 {
			t.Fatalf("exit %d, want 1; stderr %q", r.code, r.stderr)
		}
		if strings.Contains(r.stderr, "reading") || strings.ContainsAny(r.stderr, "\r\x1b") {
			t.Errorf("progress in a pipe: %q", r.stderr)
		}
		if strings.ContainsAny(r.stdout, "\r\x1b") || !strings.HasPrefix(r.stdout, "Cluster scanner, v1.31.14") {
			t.Errorf("stdout in a pipe:\n%.500q", r.stdout)
		}
	})

	t.Run("a narrow terminal, in Chinese: each drawing fits in one row", func(t *testing.T) {
		const cols = 24
		r := runChild(t, kc, ttyStderr, cols, "check", "--cluster", "--json", "--lang", "zh")
		if r.code != 1 {
			t.Fatalf("exit %d, want 1; terminal %q", r.code, r.terminal)
		}
		// a drawing as wide as the terminal would wrap, and the next erase would clear only
		// its last row
		draws := strings.Split(r.terminal, "\r\x1b[K")
		if len(draws) < 3 || draws[0] != "" {
			t.Fatalf("no progress drawings: %q", r.terminal)
		}
		cut := false
		for _, d := range draws[1 : len(draws)-1] {
			if w := ansi.StringWidth(d); w >= cols || !strings.HasPrefix(d, "正在读取 ") {
				t.Errorf("drawing %q: %d columns on a terminal of %d", d, w, cols)
			}
			cut = cut || strings.HasSuffix(d, "…")
		}
		if !cut {
			t.Errorf("no drawing was cut to the terminal: %q", draws)
		}
	})

	t.Run("ctrl+c mid-scan: the scan stops, the line is erased, exit 130", func(t *testing.T) {
		// last: the stuck API stays registered, and each scan after it would wait for its list
		startStuckAPI(t, env)
		// the CRDs are the last kind drawn before the scan waits on the stuck ResourceClaims
		r := runChildCtrlC(t, kc, ttyBoth, 120, "reading CustomResourceDefinition", "check", "--cluster")
		if r.code != 130 {
			t.Errorf("exit %d, want 130; terminal %q", r.code, r.terminal)
		}
		if !strings.HasSuffix(r.terminal, "\r\x1b[K") {
			t.Errorf("the terminal does not end with the line erased: %q", r.terminal)
		}
		if lines, stray := render(r.terminal); len(lines) > 0 || len(stray) > 0 {
			t.Errorf("the terminal shows %q after ctrl+c, with the control sequences %q", lines, stray)
		}
	})
}
