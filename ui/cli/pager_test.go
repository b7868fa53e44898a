package cli

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestPagerChoice: ELLI_PAGER over the config's pager over PAGER over less; an empty one, cat
// or --no-pager means none; never when piped.
func TestPagerChoice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		terminal bool
		less     bool
		config   string
		env      map[string]string
		noPager  bool
		want     string
	}{
		{"less when installed", true, true, "", nil, false, "less"},
		{"nothing without less", true, false, "", nil, false, ""},
		{"piped", false, true, "", map[string]string{"PAGER": "more"}, false, ""},
		{"PAGER", true, true, "", map[string]string{"PAGER": "more -s"}, false, "more -s"},
		{"empty PAGER", true, true, "", map[string]string{"PAGER": ""}, false, ""},
		{"PAGER=cat", true, true, "", map[string]string{"PAGER": "cat"}, false, ""},
		{"config over PAGER", true, true, "pager: bat --paging=always\n", map[string]string{"PAGER": "more"}, false, "bat --paging=always"},
		{"empty config pager", true, true, "pager: ''\n", map[string]string{"PAGER": "more"}, false, ""},
		{"ELLI_PAGER over config", true, true, "pager: bat\n", map[string]string{"ELLI_PAGER": "most"}, false, "most"},
		{"empty ELLI_PAGER", true, true, "pager: bat\n", map[string]string{"ELLI_PAGER": "", "PAGER": "more"}, false, ""},
		{"--no-pager", true, true, "", map[string]string{"ELLI_PAGER": "most"}, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestApp(t, configEnv(t, tc.config, tc.env))
			a.term.out = tc.terminal
			a.noPager = tc.noPager
			less := tc.less
			a.lookPath = func(name string) (string, error) {
				if name == "less" && less {
					return "/usr/bin/less", nil
				}
				return "", exec.ErrNotFound
			}
			if got := a.pagerCommand(); got != tc.want {
				t.Errorf("pager %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPagerArgv: a pager that is not installed is found out before elli hands it the output.
func TestPagerArgv(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, nil)
	a.lookPath = func(name string) (string, error) {
		if name == "less" {
			return "/usr/bin/less", nil
		}
		return "", errors.New("not found")
	}
	// plain words run directly, so that a signal passed on reaches the pager (issue 20 #8)
	if argv, err := a.pagerArgv("less -S"); err != nil || strings.Join(argv, " ") != "less -S" {
		t.Errorf("less -S: %q %v", argv, err)
	}
	if argv, err := a.pagerArgv("less -S | cat"); err != nil || strings.Join(argv, " ") != "/bin/sh -c less -S | cat" {
		t.Errorf("less -S | cat: %q %v", argv, err)
	}
	if _, err := a.pagerArgv("nosuchpager -x"); err == nil || !strings.Contains(err.Error(), "nosuchpager not found") {
		t.Errorf("missing pager: %v", err)
	}
	// a shell construct is the shell's business
	if _, err := a.pagerArgv("$HOME/bin/pager"); err != nil {
		t.Errorf("shell construct: %v", err)
	}
}
