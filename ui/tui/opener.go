package tui

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// errNoOpener means the system has no way to open a browser (a jump host, a container).
var errNoOpener = errors.New("no browser opener on this system")

// opener opens links: with $BROWSER when it is set (a list of commands split by the path list
// separator, each taking the URL in place of %s or at the end, as git and xdg-utils read it),
// else with wslview or explorer.exe on WSL, where xdg-open finds no Linux browser, else with the
// system's own opener.
type opener struct {
	getenv   func(string) string
	goos     string
	wsl      bool
	lookPath func(string) (string, error)
	start    func(path string, args []string) error
}

func systemOpener() opener {
	release, _ := os.ReadFile("/proc/sys/kernel/osrelease")
	return opener{
		getenv:   os.Getenv,
		goos:     runtime.GOOS,
		wsl:      isWSL(os.Getenv, string(release)),
		lookPath: exec.LookPath,
		start:    startDetached,
	}
}

// isWSL tells Windows Subsystem for Linux by the variables it sets, or its kernel's name.
func isWSL(getenv func(string) string, osrelease string) bool {
	if getenv("WSL_DISTRO_NAME") != "" || getenv("WSL_INTEROP") != "" {
		return true
	}
	r := strings.ToLower(osrelease)
	return strings.Contains(r, "microsoft") || strings.Contains(r, "wsl")
}

// commands are the command lines to try for url, in order.
func (o opener) commands(url string) [][]string {
	var out [][]string
	sep := ":"
	if o.goos == "windows" {
		sep = ";"
	}
	for _, c := range strings.Split(o.getenv("BROWSER"), sep) {
		fields := strings.Fields(c)
		if len(fields) == 0 {
			continue
		}
		placed := false
		for i, f := range fields {
			if strings.Contains(f, "%s") {
				fields[i] = strings.ReplaceAll(f, "%s", url)
				placed = true
			}
		}
		if !placed {
			fields = append(fields, url)
		}
		out = append(out, fields)
	}
	if o.wsl {
		out = append(out, []string{"wslview", url}, []string{"explorer.exe", url})
	}
	switch o.goos {
	case "darwin":
		out = append(out, []string{"open", url})
	case "windows":
		out = append(out, []string{"rundll32", "url.dll,FileProtocolHandler", url})
	default:
		out = append(out, []string{"xdg-open", url})
	}
	return out
}

// open hands url to the first opener that exists and starts, without waiting for the browser.
func (o opener) open(url string) error {
	for _, argv := range o.commands(url) {
		path, err := o.lookPath(argv[0])
		if err != nil {
			continue
		}
		if err := o.start(path, argv[1:]); err == nil {
			return nil
		}
	}
	return errNoOpener
}

// startDetached starts a program and reaps it in the background; the browser lives on.
func startDetached(path string, args []string) error {
	cmd := exec.Command(path, args...)
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
