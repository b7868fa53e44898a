package cli

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elli-k8s/elli/data/userfile"
)

// On a terminal, a command's output that is taller than the window goes through a pager, as
// git and gh do: ELLI_PAGER, else the config's pager, else PAGER, else less when it is
// installed. --no-pager, or an empty pager setting or variable, prints straight through; so
// does cat, as in git. Piped output is never paged.

// pagerAnnotation marks the commands whose output is paged.
const pagerAnnotation = "elli.pager"

// pages marks cmd for the pager.
func pages(cmd *cobra.Command) *cobra.Command {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[pagerAnnotation] = "yes"
	return cmd
}

// pagerCommand is the pager to use, or "" for none.
func (a *app) pagerCommand() string {
	if a.noPager || !a.term.out {
		return ""
	}
	p := a.prefs()["pager"]
	cmd := p.Value
	if p.Source == userfile.FromDefault {
		if v, ok := a.lookupEnv("PAGER"); ok {
			cmd = v
		} else if _, err := a.lookPath("less"); err == nil {
			cmd = "less"
		}
	}
	cmd = strings.TrimSpace(cmd)
	if cmd == "cat" {
		return ""
	}
	return cmd
}

// pagedOutput collects a command's output. At the end, output that fits the window is printed
// directly; taller output is handed to the pager. A pager that cannot start is reported once
// and the output printed directly; a pager the user quits early is not an error.
type pagedOutput struct {
	a       *app
	command string
	buf     bytes.Buffer
}

// pageOutput returns the writer a command should print to: the collector when a pager applies,
// else stdout.
func (a *app) pageOutput() io.Writer {
	cmd := a.pagerCommand()
	if cmd == "" {
		return a.stdout
	}
	a.paged = &pagedOutput{a: a, command: cmd}
	return a.paged
}

func (p *pagedOutput) Write(b []byte) (int, error) { return p.buf.Write(b) }

// flush prints what was collected, through the pager if it is taller than the window.
func (p *pagedOutput) flush() {
	a := p.a
	out := p.buf.Bytes()
	if len(out) == 0 {
		return
	}
	lines := bytes.Count(out, []byte("\n"))
	if !bytes.HasSuffix(out, []byte("\n")) {
		lines++
	}
	if h := a.term.rows(); h > 0 && lines < h && !a.forcePager {
		_, _ = a.stdout.Write(out)
		return
	}
	if err := a.runPager(p.command, out); err != nil {
		a.warnf("%v; printing directly", err)
		_, _ = a.stdout.Write(out)
	}
}

// runPager starts the pager with out on its stdin and waits for the user to quit it. The
// pager's exit status does not matter: less exits 0 on q, others do not.
func (a *app) runPager(command string, out []byte) error {
	argv, err := a.pagerArgv(command)
	if err != nil {
		return err
	}
	c := exec.Command(argv[0], argv[1:]...)
	c.Stdout, c.Stderr = a.stdout, a.stderr
	c.Env = a.environ()
	// As git: less gets -F (quit if one screen), -R (colours) and -X (leave the text on the
	// screen) unless the user set LESS; lv gets -c (colours) unless LV is set.
	// With -p, less keeps even a short page open: no -F.
	if _, ok := a.lookupEnv("LESS"); !ok && a.forcePager {
		c.Env = append(c.Env, "LESS=RX")
	} else if !ok {
		c.Env = append(c.Env, "LESS=FRX")
	}
	if _, ok := a.lookupEnv("LV"); !ok {
		c.Env = append(c.Env, "LV=-c")
	}
	in, err := c.StdinPipe()
	if err != nil {
		return err
	}
	// ctrl+c in the pager reaches elli too (same process group): the pager decides what it
	// means, and elli waits for it rather than leaving it behind on the terminal. SIGTERM and
	// SIGHUP (kill, a closed terminal window) are passed on to the pager, as git does, and elli
	// waits for it to restore the terminal before it ends with the signal's status.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	if err := c.Start(); err != nil {
		return failf("cannot start the pager %s: %v", sanitizeLine(command), unwrapExec(err))
	}
	done := make(chan struct{})
	got := make(chan os.Signal, 1)
	go func() {
		for {
			select {
			case <-done:
				return
			case s := <-sigs:
				if s == os.Interrupt {
					continue
				}
				signalPager(c.Process.Pid, argv[0] == "/bin/sh", s)
				select {
				case got <- s:
				default:
				}
			}
		}
	}()
	// A pager the user quits early closes the pipe: what it showed is what they wanted, so a
	// failed write is not an error, and neither is the pager's exit status.
	_, _ = in.Write(out)
	_ = in.Close()
	_ = c.Wait()
	close(done)
	select {
	case s := <-got:
		a.pagerSignal = s
	default:
	}
	return nil
}

// pagerArgv turns the pager setting into a command line. As git does, a command of plain words
// (less -R, the common case) runs directly, so that a signal passed on reaches the pager itself;
// one with shell syntax (a pipe, a variable, quotes) runs through sh -c on Unix, split on
// spaces on Windows. The program must exist, so that a typo prints the output directly with a
// warning instead of losing it.
func (a *app) pagerArgv(command string) ([]string, error) {
	fields := strings.Fields(command)
	if len(fields) == 0 {
		return nil, failf("the pager is empty")
	}
	shell := strings.ContainsAny(command, shellChars)
	if !strings.ContainsAny(fields[0], shellChars) {
		if _, err := a.lookPath(fields[0]); err != nil {
			return nil, failf("pager %s not found", sanitizeLine(fields[0]))
		}
	}
	if runtime.GOOS == "windows" || !shell {
		return fields, nil
	}
	return []string{"/bin/sh", "-c", command}, nil
}

// shellChars are the characters that make a pager command shell syntax (git's list).
const shellChars = "|&;<>()$`\\\"'*?[#~=%"

func unwrapExec(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
