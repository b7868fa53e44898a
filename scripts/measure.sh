#!/usr/bin/env bash
# Whole-process measurements quoted in docs/development.md and the closing notes, side by side with the
# peers on this machine, in both builds:
#   release   the tree with the two patches of third_party/ (scripts/third-party.sh --into)
#   upstream  plain upstream modules, as `go install` builds it (GOWORK=off)
# Targets: `elli search nft --json` at most 3x `fzf --filter nft` over the same item lines, and
# `elli show 3866` at most 0.5x glow on the same page. Then start-up inside tmux, the release
# binary's size and the explorer's peak memory after visiting every item.
# Needs fzf, hyperfine, jq and tmux (apt-get install fzf hyperfine jq tmux). The machine's own
# load moves these figures by up to 30%: compare ratios taken in one run, not absolute times.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'tmux -L elli-measure kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
runs=${RUNS:-60}

build() { CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$@" .; }
bash scripts/third-party.sh --into "$work/tp" >/dev/null
GOWORK=$work/tp/go.work build "$work/elli"
GOWORK=off build "$work/elli-upstream"
elli=$work/elli
echo "release binary: $(stat -c %s "$elli") bytes; upstream binary: $(stat -c %s "$work/elli-upstream") bytes"

# glow v2.1.1, built from the Go module proxy's source zip (the proxy will not list glow's
# versions, so `go install glow@latest` is refused, but the exact version downloads).
glow=$work/glow
src=$(cd "$work" && GOWORK=off go mod download -json github.com/charmbracelet/glow/v2@v2.1.1 |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
cp -r "$src" "$work/glow-src" && chmod -R u+w "$work/glow-src"
(cd "$work/glow-src" && GOWORK=off go build -trimpath -ldflags "-s -w" -o "$glow" .)

# A Go program that only prints: the floor any Go command starts from on this machine.
mkdir -p "$work/hello"
printf 'package main\n\nimport "os"\n\nfunc main() { os.Stdout.WriteString("hello\\n") }\n' >"$work/hello/main.go"
printf 'module hello\n\ngo 1.26\n' >"$work/hello/go.mod"
(cd "$work/hello" && GOWORK=off CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/hello-go" .)

"$elli" show 3866 --raw >"$work/3866.md"
"$elli" list >"$work/items.txt"
echo "page: $(wc -w <"$work/3866.md") words; item lines: $(wc -l <"$work/items.txt"); $runs runs each"

# The commands are timed by a small Go harness rather than hyperfine, because fzf reads the
# item lines on stdin and this hyperfine has no --input: going through a shell and subtracting
# its start-up, as hyperfine does, gave fzf times below a Go hello world's when the machine was
# busy. The harness starts every command the same way (fork and exec, stdin from the item
# lines, stdout to /dev/null), takes turns between them so that a change in the machine's load
# falls on all alike, and prints each one's median. $rounds rounds of $runs turns each.
mkdir -p "$work/timer"
cat >"$work/timer/main.go" <<'GO'
package main

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

// timer RUNS STDIN 'cmd args' ...: median wall time of each command over RUNS turns.
func main() {
	runs, _ := strconv.Atoi(os.Args[1])
	cmds := os.Args[3:]
	times := make([][]time.Duration, len(cmds))
	for turn := -3; turn < runs; turn++ { // three warm-up turns
		for i, c := range cmds {
			in, err := os.Open(os.Args[2])
			if err != nil {
				panic(err)
			}
			f := strings.Fields(c)
			cmd := exec.Command(f[0], f[1:]...)
			cmd.Stdin = in
			start := time.Now()
			if err := cmd.Run(); err != nil {
				panic(fmt.Sprintf("%s: %v", c, err))
			}
			if turn >= 0 {
				times[i] = append(times[i], time.Since(start))
			}
			in.Close()
		}
	}
	for i, c := range cmds {
		slices.Sort(times[i])
		fmt.Printf("%.2f ms  %s\n", float64(times[i][len(times[i])/2].Microseconds())/1000, c)
	}
}
GO
printf 'module timer\n\ngo 1.26\n' >"$work/timer/go.mod"
(cd "$work/timer" && GOWORK=off go build -o "$work/timer-bin" .)

rounds=${ROUNDS:-3}
median() { grep -F "$2" "$1" | head -1 | cut -d' ' -f1; }
for r in $(seq "$rounds"); do
  "$work/timer-bin" "$runs" "$work/items.txt" \
    "fzf --filter nft" \
    "$elli search nft --json" \
    "$work/elli-upstream search nft --json" \
    "$glow -w 80 $work/3866.md" \
    "$elli show 3866 --width 80" \
    "$work/elli-upstream show 3866 --width 80" \
    "$elli version" \
    "$work/hello-go" | sed "s|$work/||g" >"$work/round$r.txt"
  echo "round $r:"
  sed 's/^/  /' "$work/round$r.txt"
  f=$(median "$work/round$r.txt" 'fzf --filter')
  g=$(median "$work/round$r.txt" 'glow -w 80')
  for b in "elli " "elli-upstream "; do
    awk -v name="${b% }" -v s="$(median "$work/round$r.txt" "${b}search nft")" -v f="$f" \
      -v e="$(median "$work/round$r.txt" "${b}show 3866")" -v g="$g" \
      'BEGIN { printf "%s %.2f %.2f\n", name, s / f, e / g }' >>"$work/ratios.txt"
  done
done
echo "ratios over $rounds rounds (median [lowest–highest]); targets: search/fzf ≤ 3×, show/glow ≤ 0.5×"
for b in elli elli-upstream; do
  awk -v name="$b" '$1 == name { s[++n] = $2; e[n] = $3 }
    function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END { ls = s[1]; hs = s[1]; le = e[1]; he = e[1]
      for (i = 1; i <= n; i++) { if (s[i] < ls) ls = s[i]; if (s[i] > hs) hs = s[i]; if (e[i] < le) le = e[i]; if (e[i] > he) he = e[i] }
      printf "  %-13s search/fzf %.2f× [%.2f–%.2f]   show/glow %.2f× [%.2f–%.2f]\n", name, med(s, n), ls, hs, med(e, n), le, he }' "$work/ratios.txt"
done

# hyperfine on the commands that need no stdin, as a check on the harness's figures.
echo "hyperfine, the same commands without a shell (-N), $runs runs:"
hyperfine -N --warmup 5 --runs "$runs" --export-json "$work/hf.json" \
  "$elli search nft --json" "$elli show 3866 --width 80" "$glow -w 80 $work/3866.md" >/dev/null 2>&1
jq -r '.results[] | "  \(.median * 1000 | . * 100 | round / 100) ms  \(.command)"' "$work/hf.json" | sed "s|$work/||g"

# The same commands writing to a terminal, as a person runs them: inside tmux (where lipgloss
# upstream runs `tmux info` at every start), 30 runs each in a loop, per-run mean in ms.
in_tmux() {
  tmux -L elli-measure kill-session -t loop 2>/dev/null || true
  tmux -L elli-measure new-session -d -s loop -x 100 -y 30 \
    "bash -c 'TIMEFORMAT=%R; { time (for i in \$(seq 30); do $1 ; done); } 2> $work/loop.txt'"
  while tmux -L elli-measure has-session -t loop 2>/dev/null; do sleep 0.2; done
  awk -v c="$1" '{ printf "%.1f ms  in tmux: %s\n", $1 * 1000 / 30, c }' "$work/loop.txt" | sed "s|$work/||g"
}
in_tmux "$elli version"
in_tmux "$work/elli-upstream version"
in_tmux "$elli show 3866 --style dark --width 80 --no-pager"
in_tmux "$glow -s dark -w 80 $work/3866.md"

# Peak memory of the explorer after every item's page was rendered once.
tmux -L elli-measure new-session -d -s m -x 120 -y 40 \
  "env TERM=xterm-256color /usr/bin/time -v -o $work/time.txt $elli --style dark; sleep 30"
until tmux -L elli-measure capture-pane -p -t m | grep -q "Kubernetes v1.31"; do sleep 0.1; done
n=$("$elli" list | wc -l)
for _ in $(seq 1 "$n"); do tmux -L elli-measure send-keys -t m j; sleep 0.08; done
sleep 1
tmux -L elli-measure send-keys -t m q
until [ -s "$work/time.txt" ]; do sleep 0.1; done
echo "explorer after visiting $n items: $(grep 'Maximum resident' "$work/time.txt")"
