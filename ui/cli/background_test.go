package cli

import (
	"errors"
	"os"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestBackgroundFromEnv(t *testing.T) {
	tests := []struct {
		colorfgbg string
		dark, ok  bool
	}{
		{"15;0", true, true},
		{"0;15", false, true},
		{"0;7", false, true},
		{"15;8", true, true},
		{"0;default;15", false, true},
		{"15;default;0", true, true},
		{"", false, false},
		{"15;default", false, false},
		{"0;16", false, false},
		{"0;-1", false, false},
		{"light", false, false},
	}
	for _, tc := range tests {
		dark, ok := backgroundFromEnv(tc.colorfgbg)
		if dark != tc.dark || ok != tc.ok {
			t.Errorf("COLORFGBG=%q: dark %v ok %v, want %v %v", tc.colorfgbg, dark, ok, tc.dark, tc.ok)
		}
	}
}

// fakeTerminal answers elli's query the way a terminal would: it reads the question from the
// pipe elli writes to and sends reply on the pipe elli reads, in chunks of the given size so
// that replies split across reads are covered. A nil reply answers nothing.
func fakeTerminal(t *testing.T, reply []byte, chunk int) (in *os.File, out *os.File, asked <-chan string) {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, f := range []*os.File{inR, inW, outR, outW} {
			f.Close()
		}
	})
	query := make(chan string, 1)
	go func() {
		buf := make([]byte, 64)
		n, _ := outR.Read(buf)
		query <- string(buf[:n])
		for len(reply) > 0 {
			k := min(chunk, len(reply))
			if _, err := inW.Write(reply[:k]); err != nil {
				return
			}
			reply = reply[k:]
		}
	}()
	return inR, outW, query
}

func TestQueryBackground(t *testing.T) {
	const da1 = "\x1b[?62;22c"
	tests := []struct {
		name  string
		reply string
		chunk int
		dark  bool // when a colour comes back
		color bool // a colour comes back
		err   error
	}{
		{"black, BEL-terminated", "\x1b]11;rgb:0000/0000/0000\a" + da1, 64, true, true, nil},
		{"white, ST-terminated", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\" + da1, 64, false, true, nil},
		{"light grey, a byte per read", "\x1b]11;rgb:dddd/dddd/dddd\a" + da1, 1, false, true, nil},
		{"solarized dark, split mid-sequence", "\x1b]11;rgb:0000/2b2b/3636\a" + da1, 7, true, true, nil},
		{"no OSC 11 support: only the DA1 answer", da1, 64, false, false, nil},
		{"a malformed colour is no colour", "\x1b]11;nonsense\a" + da1, 64, false, false, nil},
		{"no answer at all", "", 64, false, false, errNoAnswer},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, out, asked := fakeTerminal(t, []byte(tc.reply), tc.chunk)
			bg, err := queryBackground(in, out, 200*time.Millisecond)
			if q := <-asked; q != ansi.RequestBackgroundColor+ansi.RequestPrimaryDeviceAttributes {
				t.Errorf("asked %q, want OSC 11 then DA1", q)
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if (bg != nil) != tc.color {
				t.Fatalf("colour %v, want one: %v", bg, tc.color)
			}
			if bg != nil && (tea.BackgroundColorMsg{Color: bg}).IsDark() != tc.dark {
				t.Errorf("colour %v: dark %v, want %v", bg, !tc.dark, tc.dark)
			}
		})
	}
}

// A reply can arrive cut at any byte. Every cut must read as "not done yet" and never give a
// wrong colour; the whole reply gives the right one.
func TestParseRepliesAtEveryCut(t *testing.T) {
	replies := map[string]string{
		"\x1b]11;rgb:dddd/dddd/dddd\a\x1b[?62;22c":   "rgb:dddd/dddd/dddd",
		"\x1b]11;rgb:0000/2b2b/3636\x1b\\\x1b[?1;2c": "rgb:0000/2b2b/3636",
		"\x1b[?64;1;9c": "",
		"\x1b]10;rgb:ffff/ffff/ffff\a\x1b]11;#102030\a\x1b[?c": "#102030",
	}
	for reply, spec := range replies {
		want := ansi.XParseColor(spec)
		if spec != "" && want == nil {
			t.Fatalf("the test's colour %q does not parse", spec)
		}
		for cut := 0; cut < len(reply); cut++ {
			bg, done := parseReplies([]byte(reply[:cut]))
			if done {
				t.Fatalf("%q cut at %d: done before the DA1 answer", reply, cut)
			}
			if bg != nil && bg != want {
				t.Fatalf("%q cut at %d: colour %v, want %v", reply, cut, bg, want)
			}
		}
		bg, done := parseReplies([]byte(reply))
		if !done || bg != want {
			t.Errorf("%q: colour %v done %v, want %v true", reply, bg, done, want)
		}
	}
}
