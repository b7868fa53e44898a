package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/userfile"
	"github.com/elli-k8s/elli/ui/tui"
)

var testBuild = Build{Version: "v1.2.3", Commit: "abc1234", Date: "2024-08-20"}

type result struct {
	stdout, stderr string
	code           int
}

// newTestApp is elli piped into buffers: no terminal, no environment, and a TUI that must not
// start.
func newTestApp(tb testing.TB, env map[string]string) *app {
	return &app{
		build:     testBuild,
		stdin:     strings.NewReader(""),
		stdout:    &bytes.Buffer{},
		stderr:    &bytes.Buffer{},
		term:      terminal{width: func() int { return 0 }, dark: func() bool { return true }},
		getenv:    func(k string) string { return env[k] },
		lookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		environ:   func() []string { return environOf(env) },
		// no home folder: the user's real config is never read; tests that want one set
		// ELLI_CONFIG or XDG_CONFIG_HOME
		userEnv: userfile.Env{Getenv: func(k string) string { return env[k] }, GOOS: runtime.GOOS},
		now:     func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) },
		// no pager unless a test names one
		lookPath: func(string) (string, error) { return "", exec.ErrNotFound },
		runTUI: func(context.Context, *data.Dataset, tui.Options) error {
			tb.Error("the TUI started although stdin and stdout are not terminals")
			return nil
		},
	}
}

func (a *app) run(args ...string) result {
	code := a.main(context.Background(), args)
	return result{a.stdout.(*bytes.Buffer).String(), a.stderr.(*bytes.Buffer).String(), code}
}

// run runs elli in process with buffers for stdin, stdout and stderr.
func run(tb testing.TB, args ...string) result {
	tb.Helper()
	return newTestApp(tb, nil).run(args...)
}

// runOK runs elli and fails the test unless it exits 0 with nothing on stderr.
func runOK(tb testing.TB, args ...string) string {
	tb.Helper()
	r := run(tb, args...)
	if r.code != 0 || r.stderr != "" {
		tb.Fatalf("elli %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
	}
	return r.stdout
}

func decode[T any](tb testing.TB, s string) T {
	tb.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		tb.Fatalf("invalid JSON: %v\n%s", err, s)
	}
	return v
}

func keps(es []Item) []int {
	var out []int
	for _, e := range es {
		out = append(out, e.KEP)
	}
	slices.Sort(out)
	return out
}

var (
	gaKEPs    = []int{24, 2185, 2305, 3017, 3329, 3335, 3715, 3762, 3836, 4009, 4569}
	alphaKEPs = []int{1790, 3063, 3619, 4176, 4330, 4355, 4368, 4381, 4601, 4633, 4639, 4680}
)

func TestListStageJSON(t *testing.T) {
	t.Parallel()
	all := decode[[]Item](t, runOK(t, "list", "--kind", "enhancement", "--json"))
	var beta []int
	for _, e := range all {
		if !slices.Contains(gaKEPs, e.KEP) && !slices.Contains(alphaKEPs, e.KEP) {
			beta = append(beta, e.KEP)
		}
	}
	slices.Sort(beta)
	for _, tc := range []struct {
		stage string
		want  []int
	}{{"ga", gaKEPs}, {"beta", beta}, {"alpha", alphaKEPs}, {"GA", gaKEPs}} {
		got := decode[[]Item](t, runOK(t, "list", "--stage", tc.stage, "--json"))
		if !slices.Equal(keps(got), tc.want) {
			t.Errorf("list --stage %s: KEPs %v, want %v", tc.stage, keps(got), tc.want)
		}
		for _, e := range got {
			if e.Kind != "enhancement" || e.Stage != strings.ToLower(tc.stage) || e.Title == "" || e.Summary == "" || e.Gates == nil {
				t.Errorf("list --stage %s: bad entry %+v", tc.stage, e)
			}
		}
	}
	if len(all) != 45 || len(beta) != 22 {
		t.Errorf("%d enhancements, %d beta; want 45 and 22", len(all), len(beta))
	}
}

func TestListJSONSchema(t *testing.T) {
	t.Parallel()
	out := runOK(t, "list", "--json")
	raw := decode[[]map[string]any](t, out)
	if len(raw) != 71 {
		t.Fatalf("list --json: %d entries, want 71", len(raw))
	}
	var nft, removal map[string]any
	for _, e := range raw {
		switch e["id"] {
		case "3866-nftables-kube-proxy":
			nft = e
		case "removal-cephfs-volume-plugin":
			removal = e
		}
	}
	want := map[string]any{
		"id": "3866-nftables-kube-proxy", "kind": "enhancement", "kep": 3866.0, "stage": "beta", "sig": "network",
		"title": "Add an nftables-based kube-proxy backend", "url": "https://github.com/kubernetes/enhancements/issues/3866",
		"gates": []any{map[string]any{"name": "NFTablesProxyMode", "default": true, "stage": "beta", "components": []any{"kube-proxy"},
			"note": "the gate only makes the mode available; iptables stays the default proxy mode"}},
		"off_by_default": false, "action_required": false, "lang": "en",
	}
	for k, v := range want {
		if got, ok := nft[k]; !ok || !jsonEqual(got, v) {
			t.Errorf("3866 %s = %v, want %v", k, got, v)
		}
	}
	if len(nft) != 12 {
		t.Errorf("3866 has fields %v, want 12", nft)
	}
	for _, k := range []string{"kep", "stage", "sig", "score"} {
		if _, ok := removal[k]; ok {
			t.Errorf("removal-cephfs-volume-plugin has %q; it must be absent", k)
		}
	}
	if removal["kind"] != "removal" || removal["action_required"] != true {
		t.Errorf("removal-cephfs-volume-plugin: %v", removal)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestListFilters(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		n    int
		kind string
		sig  string
	}{
		{[]string{"--kind", "removal"}, 13, "removal", ""},
		{[]string{"--kind", "deprecation"}, 8, "deprecation", ""},
		{[]string{"--kind", "guide"}, 5, "guide", ""},
		{[]string{"--sig", "network"}, 0, "", "network"},
		{[]string{"--sig", "SIG-Network", "--stage", "beta"}, 0, "", "network"},
	} {
		got := decode[[]Item](t, runOK(t, append([]string{"list", "--json"}, tc.args...)...))
		if tc.n > 0 && len(got) != tc.n || len(got) == 0 {
			t.Errorf("list %v: %d entries, want %d", tc.args, len(got), tc.n)
		}
		for _, e := range got {
			if tc.kind != "" && e.Kind != tc.kind || tc.sig != "" && e.SIG != tc.sig {
				t.Errorf("list %v: %s does not match", tc.args, e.ID)
			}
		}
	}
}

func TestListText(t *testing.T) {
	t.Parallel()
	lines := strings.Split(strings.TrimSuffix(runOK(t, "list", "--stage", "beta"), "\n"), "\n")
	if len(lines) != 23 {
		t.Fatalf("list --stage beta: %d lines, want a header and 22 rows", len(lines))
	}
	if f := strings.Fields(lines[0]); !slices.Equal(f, []string{"KEP/ID", "STAGE", "SIG", "TITLE"}) {
		t.Errorf("header %q", lines[0])
	}
	row := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "3866 ") {
			row = l
		}
	}
	if f := strings.Fields(row); len(f) < 4 || f[1] != "Beta" || f[2] != "network" || !strings.HasSuffix(row, "Add an nftables-based kube-proxy backend") {
		t.Errorf("3866 row %q", row)
	}
	changes := runOK(t, "list", "--kind", "deprecation")
	if !strings.Contains(changes, "deprecation-cgroup-v1") || !strings.Contains(changes, " Deprecation ") {
		t.Errorf("deprecations should show their kind in STAGE:\n%s", changes)
	}
}

func TestSearch(t *testing.T) {
	t.Parallel()
	got := decode[[]SearchResult](t, runOK(t, "search", "nftables", "--json"))
	if len(got) == 0 || got[0].KEP != 3866 {
		t.Fatalf("search nftables: first result %+v, want KEP 3866", got)
	}
	for i, e := range got {
		if e.Score <= 0 || i > 0 && e.Score > got[i-1].Score {
			t.Errorf("search nftables: scores not positive and descending: %v", got)
		}
	}
	raw := decode[[]map[string]any](t, runOK(t, "search", "nftables", "--json"))
	if _, ok := raw[0]["score"].(float64); !ok {
		t.Errorf("search --json lacks a numeric score: %v", raw[0])
	}

	limited := decode[[]SearchResult](t, runOK(t, "search", "nft", "--json", "--limit", "2"))
	if len(limited) != 2 || limited[0].KEP != 3866 {
		t.Errorf("search nft --limit 2: %+v", limited)
	}

	text := runOK(t, "search", "pod", "failure", "policy")
	lines := strings.Split(text, "\n")
	if !strings.HasPrefix(lines[0], "KEP/ID") || !strings.HasPrefix(lines[1], "3329 ") {
		t.Errorf("search pod failure policy: want 3329 first:\n%s", text)
	}
}

func TestSearchNoMatch(t *testing.T) {
	t.Parallel()
	r := run(t, "search", "zzqxv", "wwqq")
	if r.code != 1 || r.stdout != "" || r.stderr != "elli: no match for \"zzqxv wwqq\"; try fewer or shorter words\n" {
		t.Errorf("search without match: %+v", r)
	}
	r = run(t, "search", "zzqxv", "--json")
	if r.code != 1 || strings.TrimSpace(r.stdout) != "[]" || !strings.HasPrefix(r.stderr, "elli: no match") {
		t.Errorf("search --json without match: want [] and exit 1: %+v", r)
	}
}

// A query beyond data.BoundQuery's bounds is cut, and one line on stderr says so; with --json
// stdout stays a valid array. --search, piped, is cut the same way.
func TestSearchQueryIsBounded(t *testing.T) {
	t.Parallel()
	huge := make([]string, 8)
	for i := range huge {
		huge[i] = strings.Repeat("nftables kube-proxy ", 6500) // 8 arguments of 130 kB
	}
	r := run(t, append([]string{"search", "--json"}, huge...)...)
	got := decode[[]SearchResult](t, r.stdout)
	if r.code != 0 || len(got) == 0 || got[0].KEP != 3866 {
		t.Errorf("a huge search: exit %d, %d results", r.code, len(got))
	}
	if r.stderr != "elli: the search used its first 200 characters\n" {
		t.Errorf("a huge search said %q", r.stderr)
	}
	r = run(t, "search", "zzqxv", strings.Repeat("qq ", 100000))
	if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || len(r.stderr) > 300 || !strings.Contains(r.stderr, "(the search used its first 200 characters") {
		t.Errorf("a huge search without match: exit %d, stderr %.300q", r.code, r.stderr)
	}
	r = run(t, "--search", strings.Repeat("cgroup ", 50000))
	if r.code != 0 || r.stderr != "elli: the search used its first 200 characters\n" || !strings.Contains(r.stdout, "cgroup") {
		t.Errorf("--search with a huge query, piped: %+v", r)
	}
	r = run(t, "search", "pod", "POD", "pod")
	if r.code != 0 || r.stderr != "elli: the search used each word once\n" {
		t.Errorf("search pod POD pod: %+v", r)
	}
}

func TestShow(t *testing.T) {
	t.Parallel()
	raw := runOK(t, "show", "3866", "--raw")
	for _, want := range []string{"# KEP-3866: Add an nftables-based kube-proxy backend", "`NFTablesProxyMode`", "## Links"} {
		if !strings.Contains(raw, want) {
			t.Errorf("show 3866 --raw lacks %q", want)
		}
	}
	for _, ref := range []string{"KEP-3866", "kep3866", "#3866", "3866-nftables-kube-proxy", " 3866-NFTables-Kube-Proxy "} {
		if got := runOK(t, "show", ref, "--raw"); got != raw {
			t.Errorf("show %q differs from show 3866", ref)
		}
	}

	it := decode[map[string]any](t, runOK(t, "show", "3866", "--json"))
	if it["id"] != "3866-nftables-kube-proxy" || it["kep"] != 3866.0 || it["body"] == "" || it["history"] == nil {
		t.Errorf("show 3866 --json: %v", it)
	}
	if gates, _ := it["gates"].([]any); len(gates) != 1 || gates[0].(map[string]any)["name"] != "NFTablesProxyMode" {
		t.Errorf("show 3866 --json gates: %v", it["gates"])
	}

	rendered := runOK(t, "show", "3866", "--width", "60")
	if strings.Contains(rendered, "\x1b") {
		t.Error("show piped must be plain, without escape sequences")
	}
	for _, l := range strings.Split(rendered, "\n") {
		if n := len([]rune(l)); n > 60 {
			t.Errorf("show --width 60: line of %d columns: %q", n, l)
		}
	}
	if !strings.Contains(rendered, "NFTablesProxyMode") || strings.Contains(rendered, "`NFTablesProxyMode`") {
		t.Error("show should render the Markdown")
	}
}

func TestShowRelease(t *testing.T) {
	t.Parallel()
	for _, ref := range []string{"release", "overview"} {
		out := runOK(t, "show", ref)
		if !strings.Contains(out, "Kubernetes v1.31: Elli") || !strings.Contains(out, "2024-08-13") {
			t.Errorf("show %s:\n%s", ref, out)
		}
	}
	rel := decode[map[string]any](t, runOK(t, "show", "release", "--json"))
	if rel["version"] != "v1.31" || rel["codename"] != "Elli" {
		t.Errorf("show release --json: %v", rel)
	}
}

func TestGates(t *testing.T) {
	t.Parallel()
	all := runOK(t, "gates")
	lines := strings.Split(strings.TrimSpace(all), "\n")
	if f := strings.Fields(lines[0]); !slices.Equal(f, []string{"NAME", "DEFAULT", "STAGE", "COMPONENTS", "KEP/ID"}) || len(lines) < 50 {
		t.Errorf("gates: header %q, %d lines", lines[0], len(lines))
	}
	if !slices.ContainsFunc(lines, func(l string) bool {
		f := strings.Fields(l)
		return len(f) == 5 && f[0] == "NFTablesProxyMode" && f[1] == "on" && f[4] == "3866"
	}) {
		t.Errorf("gates: no NFTablesProxyMode row")
	}

	exact := runOK(t, "gates", "nftablesproxymode")
	want := "NFTablesProxyMode\n" +
		"  Default:       on\n" +
		"  Stage:         beta\n" +
		"  Components:    kube-proxy\n" +
		"  Described in:  3866: Add an nftables-based kube-proxy backend (Beta)\n" +
		"  Note:          the gate only makes the mode available; iptables stays the default proxy mode\n" +
		"  More:          elli show 3866\n"
	if exact != want {
		t.Errorf("gates nftablesproxymode:\n%s\nwant:\n%s", exact, want)
	}
	js := decode[[]GateEntry](t, runOK(t, "gates", "NFTablesProxyMode", "--json"))
	if len(js) != 1 || js[0].Default == nil || !*js[0].Default || js[0].Item.KEP != 3866 || js[0].Stage != "beta" {
		t.Errorf("gates NFTablesProxyMode --json: %+v", js)
	}

	r := run(t, "gates", "nftproxy")
	if r.code != 0 || r.stderr != "elli: no feature gate is named \"nftproxy\"; these come close:\n" ||
		!strings.HasPrefix(r.stdout, "NAME ") || !strings.Contains(r.stdout, "\nNFTablesProxyMode ") {
		t.Errorf("gates nftproxy (fuzzy): %+v", r)
	}

	r = run(t, "gates", "zzqqxx")
	if r.code != 1 || r.stdout != "" || r.stderr != "elli: no feature gate matches \"zzqqxx\"; list them all with: elli gates\n" {
		t.Errorf("gates zzqqxx: %+v", r)
	}
	r = run(t, "gates", "zzqqxx", "--json")
	if r.code != 1 || r.stdout != "[]\n" || !strings.HasPrefix(r.stderr, "elli: no feature gate matches") {
		t.Errorf("gates zzqqxx --json: want [] and exit 1: %+v", r)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	want := "elli v1.2.3 (commit abc1234, built 2024-08-20)\nKubernetes v1.31 Elli data, as of 2024-08-13\n"
	for _, args := range [][]string{{"version"}, {"--version"}, {"-v"}} {
		if got := runOK(t, args...); got != want {
			t.Errorf("elli %v = %q, want %q", args, got, want)
		}
	}
}

func TestBuildResolve(t *testing.T) {
	t.Parallel()
	info := &debugBuildInfo{}
	for _, tc := range []struct {
		name string
		in   Build
		info *debugBuildInfo
		want Build
	}{
		{"ldflags win", testBuild, info.with("v9.9.9", "0123456789abcdef", "2020-01-01T00:00:00Z", false), testBuild},
		{"go install", Build{}, info.with("v1.0.0", "", "", false), Build{"v1.0.0", "unknown", "unknown"}},
		{"vcs", Build{}, info.with("(devel)", "0123456789abcdef", "2024-08-20T10:00:00Z", true), Build{"devel", "0123456-dirty", "2024-08-20T10:00:00Z"}},
		{"nothing", Build{}, nil, Build{"devel", "unknown", "unknown"}},
		{"goreleaser without git state", Build{"0.0.1-next", "none", "0001-01-01T00:00:00Z"},
			info.with("v0.0.1", "0123456789abcdef", "2024-08-20T10:00:00Z", false), Build{"0.0.1-next", "0123456", "2024-08-20T10:00:00Z"}},
	} {
		bi, ok := tc.info.get()
		if got := tc.in.resolve(bi, ok); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestRootPiped: without a terminal, elli prints instead of opening the explorer.
func TestRootPiped(t *testing.T) {
	t.Parallel()
	if got, want := runOK(t), runOK(t, "list"); got != want {
		t.Errorf("elli piped should print the list:\n%s", got)
	}
	if got, want := runOK(t, "kep-3866"), runOK(t, "show", "3866"); got != want {
		t.Errorf("elli 3866 piped should print the item")
	}
	if got, want := runOK(t, "release"), runOK(t, "show", "release"); got != want {
		t.Errorf("elli release piped should print the overview")
	}
	if got, want := runOK(t, "--tab", "alpha"), runOK(t, "list", "--stage", "alpha"); got != want {
		t.Errorf("elli --tab alpha piped should print the alpha list")
	}
	if got, want := run(t, "--tab", "upgrade").stdout, run(t, "checklist").stdout; got != want || !strings.Contains(got, "0 / 44 done") {
		t.Errorf("elli --tab upgrade piped should print the checklist, as elli checklist does:\n%s", got)
	}
	firstColumn := func(table string) []string {
		var ids []string
		for _, line := range strings.Split(strings.TrimSpace(table), "\n")[1:] {
			ids = append(ids, strings.Fields(line)[0])
		}
		return ids
	}
	want := append(firstColumn(runOK(t, "list", "--kind", "removal")), firstColumn(runOK(t, "list", "--kind", "deprecation"))...)
	if got := firstColumn(runOK(t, "--tab", "changes")); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("elli --tab changes piped: %v, want removals then deprecations %v", got, want)
	}
	if got := runOK(t, "--search", "nftables"); !strings.HasPrefix(strings.Split(got, "\n")[1], "3866 ") {
		t.Errorf("elli --search nftables piped:\n%s", got)
	}
}

// TestRootTerminal: in a terminal, elli opens the explorer with the flags and deep link.
func TestRootTerminal(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, map[string]string{"NO_COLOR": "1", "ELLI_STATE": "/elli-test/state.json"})
	a.term.in, a.term.out = true, true
	var got []tui.Options
	a.runTUI = func(_ context.Context, ds *data.Dataset, o tui.Options) error {
		if ds == nil || len(ds.Items) == 0 {
			t.Error("the TUI got no dataset")
		}
		got = append(got, o)
		return nil
	}
	r := a.run("3866", "--tab", "beta", "--search", "nft", "--theme", "light", "--lang", "zh")
	// the explorer saves the checklist in the state file the settings name
	if len(got) == 1 && (got[0].State == nil || got[0].State.Path != "/elli-test/state.json" || got[0].StateProblem != "") {
		t.Errorf("the explorer's state: %+v, problem %q", got[0].State, got[0].StateProblem)
	} else if len(got) == 1 {
		got[0].State = nil
	}
	want := tui.Options{Theme: "light", Tab: "beta", Search: "nft", Open: "3866-nftables-kube-proxy", NoColor: true, Measure: 100, Lang: data.LangZH, In: a.stdin, Out: a.stdout}
	if r.code != 0 || r.stdout != "" || r.stderr != "" || len(got) != 1 || got[0] != want {
		t.Errorf("elli 3866 ... in a terminal: %+v, TUI options %+v, want %+v", r, got, want)
	}

	b := newTestApp(t, nil)
	b.term.in, b.term.out = true, true
	b.runTUI = func(context.Context, *data.Dataset, tui.Options) error {
		got = append(got, tui.Options{})
		return nil
	}
	if r := b.run("99999"); r.code != 1 || r.stderr != "elli: there is no KEP-99999 in v1.31; try: elli search 99999\n" {
		t.Errorf("elli 99999: %+v", r)
	}
	if len(got) != 1 {
		t.Error("the TUI must not start on a deep link to nothing")
	}
}

// TestRootTerminalErrors: an explorer that fails is a runtime error; ctrl+c exits quietly.
func TestRootTerminalErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err    error
		code   int
		stderr string
	}{
		{fmt.Errorf("interactive explorer: %w", io.ErrUnexpectedEOF), 1, "elli: interactive explorer: unexpected EOF\n"},
		{tea.ErrInterrupted, 130, ""},
	} {
		a := newTestApp(t, nil)
		a.term.in, a.term.out = true, true
		a.runTUI = func(context.Context, *data.Dataset, tui.Options) error { return tc.err }
		if r := a.run(); r.code != tc.code || r.stderr != tc.stderr || r.stdout != "" {
			t.Errorf("TUI error %v: %+v", tc.err, r)
		}
	}
}

func TestPanicIsOneLine(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, nil)
	a.term.in, a.term.out = true, true
	a.runTUI = func(context.Context, *data.Dataset, tui.Options) error { panic("boom\nsecond line") }
	r := a.run()
	if r.code != 1 || r.stderr != "elli: internal error: boom second line\n" {
		t.Errorf("panic: %+v", r)
	}
}

// TestThemes: plain when piped or NO_COLOR; colour in a terminal, from --theme or the background.
func TestThemes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		tty    bool
		env    map[string]string
		args   []string
		dark   bool
		colour bool
		asked  bool // the terminal background was queried
	}{
		{"piped", false, nil, nil, true, false, false},
		{"piped dark", false, nil, []string{"--theme", "dark"}, true, false, false},
		{"NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, true, false, false},
		{"auto dark", true, nil, nil, true, true, true},
		{"auto light", true, nil, nil, false, true, true},
		{"explicit light", true, nil, []string{"--theme", "light"}, true, true, false},
	} {
		a := newTestApp(t, tc.env)
		a.term.in, a.term.out = tc.tty, tc.tty
		asked := false
		a.term.dark = func() bool { asked = true; return tc.dark }
		r := a.run(append([]string{"show", "3866", "--width", "80"}, tc.args...)...)
		if r.code != 0 {
			t.Fatalf("%s: %+v", tc.name, r)
		}
		if colour := strings.Contains(r.stdout, "\x1b["); colour != tc.colour || asked != tc.asked {
			t.Errorf("%s: colour %v (want %v), background asked %v (want %v)", tc.name, colour, tc.colour, asked, tc.asked)
		}
	}
	wide := newTestApp(t, nil)
	wide.term.in, wide.term.out = true, true
	wide.term.width = func() int { return 200 }
	for _, l := range strings.Split(wide.run("show", "3866", "--theme", "dark").stdout, "\n") {
		if w := len([]rune(stripForTest(l))); w > 120 {
			t.Errorf("the terminal width must be capped at 120; line of %d", w)
		}
	}
	narrow := newTestApp(t, nil)
	narrow.term.in, narrow.term.out = true, true
	narrow.term.width = func() int { return 50 }
	for _, l := range strings.Split(narrow.run("show", "3866").stdout, "\n") {
		if w := len([]rune(stripForTest(l))); w > 50 {
			t.Errorf("show must wrap at the terminal width 50; line of %d", w)
		}
	}
	dark := newTestApp(t, nil)
	dark.term.in, dark.term.out = true, true
	light := newTestApp(t, nil)
	light.term.in, light.term.out = true, true
	if d, l := dark.run("show", "3866", "--theme", "dark"), light.run("show", "3866", "--theme", "light"); d.stdout == l.stdout {
		t.Error("dark and light themes render the same")
	}
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	if out := runOK(t, "completion", "bash"); !strings.Contains(out, "bash completion") || !strings.Contains(out, "__start_elli") {
		t.Errorf("completion bash:\n%.200s", out)
	}
	if r := run(t, "__complete", "show", "38"); r.code != 0 || !strings.Contains(r.stdout, "3866\tAdd an nftables-based kube-proxy backend\n") {
		t.Errorf("completing show 38: %+v", r)
	}
	if r := run(t, "__complete", "list", "--stage", ""); r.code != 0 || !strings.HasPrefix(r.stdout, "ga\nbeta\nalpha\n") {
		t.Errorf("completing --stage: %+v", r)
	}
	if r := run(t, "completion", "nosh"); r.code != 2 || r.stderr != "elli: unknown command \"nosh\" for \"elli completion\"\n" {
		t.Errorf("completion nosh: %+v", r)
	}
}

// TestMan runs fang's man command, which writes to os.Stdout: not parallel.
