#!/usr/bin/env bash
# End-to-end: run the built binary in a real terminal (tmux), type as a person would, and read
# the screen. Usage: scripts/e2e-tmux.sh [path/to/elli]
set -euo pipefail

bin=${1:-}
work=$(mktemp -d)
sock=elli-e2e-$$ # a server of its own: runs side by side do not stop each other
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -z "$bin" ]; then
  go build -o "$work/elli" .
  bin=$work/elli
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

. "$(dirname "$0")/e2e-lib.sh" # tm, fail, screen, wait_for, fits, start, keys, ended

journey() { # journey W H THEME: Beta, find nftables, read, scroll, open its link, quit
  local w=$1 h=$2 theme=$3
  echo "e2e: ${w}x${h} $theme"
  start "$w" "$h" "$bin" --theme "$theme"
  wait_for "Kubernetes v1.31 · Elli"
  fits "$w"
  keys 3
  wait_for "Quotas for Ephemeral Storage"
  keys / n f t
  wait_for "/ nft"
  # the active tab counts its matches: of its items where the row has room, alone at 80 columns
  # with eight tabs (the row drops totals before it drops a name)
  if [ "$w" -ge 100 ]; then wait_for "Beta 1/22"; else wait_for " Beta 1 "; fi
  wait_for "3866"
  keys Enter Enter
  wait_for "KEP-3866"
  wait_for "NFTablesProxyMode"
  wait_for "Stage: Beta · SIG: network" # glamour drew the page: the placeholder shows "**Stage:**"
  fits "$w"
  wait_for "lines match" # the search's words in the page
  keys n
  wait_for "match 1/"
  keys j j j j j
  screen | grep -qE '[1-9][0-9]?%' || fail "scrolling the detail shows no position"
  keys G
  wait_for "100%"
  keys o
  wait_for "issues/3866"
  keys q
  ended
}

journey 120 40 dark
journey 80 24 dark
journey 80 24 light
journey 200 60 dark
journey 200 60 light

# shows_re REGEX...: each pattern matches some line of the screen
shows_re() {
  local re
  for re in "$@"; do screen | grep -qE -- "$re" || fail "the screen shows nothing like /$re/"; done
}
echo "e2e: at 80x24 the footer keeps ? and q on every tab, and ? shows every key, in both languages"
start 80 24 "$bin"
wait_for "? help • q quit"
keys 6 # the checklist's footer is the longest
wait_for "t all/todo/done"
screen | tail -n 1 | grep -qF "? help • q quit" || fail "the checklist's footer lost ? help or q quit"
keys '?'
shows_re 'ctrl\+z +suspend' 'L +中文' 'm +mouse on/off' '1 +Overview' '6 +Upgrade' '\? +help' 'q +quit' 't +all/todo/done'
fits 80
keys q
ended
start 80 24 "$bin" --lang zh
wait_for "? 帮助 • q 退出"
keys 6
wait_for "t 全部/待办/已完成"
screen | tail -n 1 | grep -qF "? 帮助 • q 退出" || fail "the Chinese checklist's footer lost ? or q"
keys '?'
shows_re 'ctrl\+z +挂起' 'L +English' '1 +概览' '5 +移除与弃用' '\? +帮助' 'q +退出'
fits 80
keys q
ended "? 帮助"

echo "e2e: deep link and NO_COLOR"
start 100 30 NO_COLOR=1 "$bin" 4004
wait_for "KEP-4004"
keys Escape
wait_for "▌  4004 Deprecate status.nodeInfo"
if tm capture-pane -p -e -t "$session" | grep -qE $'\x1b\\[[0-9;]*(38|48);'; then fail "NO_COLOR screen has colours"; fi
keys q
ended

echo "e2e: the page is marked where the search matched: a typo's word, not a SIG filter's"
start 120 40 NO_COLOR=1 "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys / a p a r m o r
wait_for "/ aparmor"
keys Enter Enter
wait_for "KEP-24: Add AppArmor Support"
wait_for "lines match"
keys n
wait_for "match 1/"
keys n
wait_for "match 2/"
tm capture-pane -p -e -t "$session" | grep -qF $'\x1b[7mAppArmor' || fail "aparmor: AppArmor is not marked in the page"
keys q
ended
# 80 columns: the page replaces the list, so the only other reverse video is the active tab
start 80 24 NO_COLOR=1 "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys / s i g Space n e t w o r k Space n f t
wait_for "/ sig network nft"
keys Enter Enter
wait_for "KEP-3866"
wait_for "lines match"
marked=$(tm capture-pane -p -e -t "$session" | grep -o $'\x1b\[7m[^\x1b]*' | sed $'s/\x1b\[7m//' | sort -u | tr '\n' ' ')
case "$marked" in *[Nn]etwork* | *SIG*) fail "sig network nft marks the SIG filter's words: $marked" ;; esac
case "$marked" in *nft* | *NFT*) ;; *) fail "sig network nft marks no nft: $marked" ;; esac
keys q
ended

echo "e2e: too small, then resized"
start 30 8 "$bin"
wait_for "needs at least"
tm resize-window -t "$session" -x 90 -y 30
wait_for "Kubernetes v1.31"
fits 90
keys C-c
ended

echo "e2e: ctrl+z suspends with a sane terminal, fg resumes, q leaves it sane"
start 100 30 bash --norc --noprofile
keys "PS1='$ '; $bin" Enter
wait_for "Kubernetes v1.31 · Elli"
keys C-z
wait_for "Stopped"
keys "stty -a | grep -o -- '-*icanon' | sed 's/^/mode:/'" Enter
wait_for "mode:icanon"
keys clear Enter
keys fg Enter
wait_for "Kubernetes v1.31 · Elli"
keys q
keys "stty -a | grep -o -- '-*echo ' | sed 's/^/after:/'" Enter
wait_for "after:echo"

echo "e2e: c copies a page's code blocks one by one, ? explains the list's marks, m takes the mouse"
start 200 50 "$bin" breaking-changes # the page itself (the Upgrade tab's first rows are its steps)
wait_for "Breaking changes and actions"
wait_for "Six v1.31 changes"
keys c
wait_for "Copied code 1/6 (shell"
keys c
wait_for "Copied code 2/6 (shell"
fits 200
keys '?'
wait_for "rem a removal"
wait_for "off a feature gate of the item is off by default"
keys m
wait_for "Mouse on"
keys q
ended

echo "e2e: show asks a terminal for its background once, and a dumb one not at all"
# script(1) gives elli a pty with nothing behind it: nothing answers the question. These runs
# have no pager (ELLI_PAGER empty): a page would wait in less for keys nobody sends.
export ELLI_PAGER=
TERM=xterm-256color script -qc "$bin show 3866" /dev/null </dev/null >"$work/pty.txt"
grep -qF NFTablesProxyMode "$work/pty.txt" || fail "show on a silent pty printed no page"
asked=$(grep -o $'\x1b\]11;?' "$work/pty.txt" | wc -l)
[ "$asked" -eq 1 ] || fail "show on a silent pty asked for the background $asked times, want once"
TERM=dumb script -qc "$bin show 3866" /dev/null </dev/null >"$work/dumb.txt"
grep -qF NFTablesProxyMode "$work/dumb.txt" || fail "show with TERM=dumb printed no page"
if grep -q $'\x1b' "$work/dumb.txt"; then fail "show with TERM=dumb printed escape sequences"; fi
# tmux answers: the page prints and no part of the answer is left on the screen.
start 100 30 ELLI_PAGER= bash --norc --noprofile
keys "PS1='$ '; clear; $bin show 3866; echo shown" Enter
wait_for "shown"
if screen | grep -qE 'rgb:|\[\?[0-9;]*c'; then fail "the terminal's answer shows on the screen"; fi
screen | grep -qF "issues/3866" || fail "show in tmux printed no page"
# A background job must not touch the terminal's mode: the shell would stop it (SIGTTOU).
keys "clear; $bin show 3866 --width 60 & sleep 2; jobs; echo jobs-listed" Enter
wait_for "jobs-listed"
if screen | grep -q "Stopped"; then fail "show as a background job was stopped by the shell"; fi

echo "e2e: show pages a long page through less, in colour; q returns to the shell"
unset ELLI_PAGER
command -v less >/dev/null || fail "less is not installed (the pager journey needs it)"
start 100 30 env -u PAGER -u LESS bash --norc --noprofile
keys "PS1='$ '; clear; $bin show 3866 -s dracula; echo \"exit=\$?\"" Enter
wait_for "KEP-3866: Add an nftables-based kube-proxy backend"
# less holds the page: its prompt is on the last line and the shell has not run echo yet
screen | tail -n 1 | grep -qE '^:|\(END\)' || fail "show 3866 did not stop in the pager"
if screen | grep -qF "exit="; then fail "show 3866 did not wait for the pager"; fi
tm capture-pane -p -e -t "$session" | grep -qE $'\x1b\\[[0-9;]*38;[25];' || fail "the paged page has no colours"
keys space
keys q
wait_for "exit=0"
# a page that fits the window prints directly: no pager to quit
keys "clear; $bin gates NFTablesProxyMode; echo \"exit=\$?\"" Enter
wait_for "exit=0"
screen | grep -qF "Described in" || fail "gates NFTablesProxyMode printed nothing"
# --no-pager prints straight through
keys "clear; $bin show 3866 --no-pager --width 60 | tail -n 1; echo done" Enter
wait_for "done"

echo "e2e: check a rendered chart: findings by file with colours, exit 1; a clean one exits 0"
fixtures=$(cd "$(dirname "$0")/.." && pwd)/ui/cli/testdata/check
start 100 30 bash --norc --noprofile
keys "PS1='$ '; clear; cd $fixtures; $bin check chart/rendered.yaml; echo \"exit=\$?\"" Enter
wait_for "exit=1"
screen | grep -qF "chart/rendered.yaml" || fail "check printed no file heading"
screen | grep -qE "64:11 +error +cephfs-volume +Deployment default/shop" || fail "check printed no cephfs error"
screen | grep -qE "47:9 +warning +apparmor-annotation" || fail "check printed no AppArmor warning"
screen | grep -qF "1 error, 1 warning, 0 info" || fail "check printed no summary"
tm capture-pane -p -e -t "$session" | grep -qE $'\x1b\\[[0-9;]*31' || fail "check's error has no colour on a terminal"
fits 100
# a file whose YAML spells escape sequences (clear screen, a hyperlink) must not drive the
# terminal: the earlier output stays on the screen
keys "$bin check hostile.yaml --fail-on none; echo \"exit=\$?\"" Enter
wait_for "exit=0"
screen | grep -qF "cephfs-volume" || fail "a hostile file cleared the screen"
screen | grep -qF "Pod shop/evil" || fail "the hostile object is not named"
keys "clear; cat chart/rendered.yaml | NO_COLOR=1 $bin check; echo \"exit=\$?\"" Enter
wait_for "exit=1"
if tm capture-pane -p -e -t "$session" | grep -qE $'\x1b\\[[0-9;]*3[1-4]m'; then fail "NO_COLOR check has colours"; fi
keys "clear; $bin check clean; echo \"exit=\$?\"" Enter
wait_for "exit=0"
screen | grep -qF "No findings" || fail "a clean chart did not say so"
# --tui: the findings first; enter reads the item that explains one, esc comes back, q quits
# with check's exit status
start 100 30 bash --norc --noprofile
keys "PS1='$ '; clear; cd $fixtures; $bin check --tui .; echo \"exit=\$?\"" Enter
wait_for "elli check · ."
wait_for "4 errors · 1 warning · 0 info"
fits 100
keys j Enter
wait_for "CephFS in-tree volume plugin removed"
wait_for "esc: back to the findings"
keys Escape
wait_for "enter: CephFS in-tree volume plugin removed"
keys q
wait_for "exit=1"
# at 60 columns the messages wrap under themselves instead of running past the edge
start 60 30 bash --norc --noprofile
keys "PS1='$ '; clear; cd $fixtures; $bin check chart/rendered.yaml; echo \"exit=\$?\"" Enter
wait_for "exit=1"
fits 60

echo "e2e: the checklist: tick three and star one, quit, start again and find them; the same after the terminal is killed"
state=$work/state/state.json # a state file of the journey's own, as ELLI_STATE names it
total=$("$bin" checklist --json --jq .total) # the release's actions and the road's hops
start 120 40 ELLI_STATE="$state" "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys 6
wait_for "0 / $total done"
wait_for "Breaking changes and actions · 0/6"
keys Space j Space j Space
wait_for "3 / $total done"
keys 2 s
wait_for "Starred KEP-24"
keys q
ended
start 120 40 ELLI_STATE="$state" "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys 2
wait_for "Add AppArmor Support ★"
keys 6
wait_for "3 / $total done"
[ "$(screen | grep -cF '[x]')" -eq 3 ] || fail "after a restart the checklist does not show the three ticks"
keys t
wait_for "3 / $total done · todo"
screen | grep -qF '[x]' && fail "the todo filter shows ticked actions"
keys t t
wait_for "Breaking changes and actions · 3/6"
# starting a new session closes this one: elli's terminal is killed under it (SIGHUP)
start 120 40 ELLI_STATE="$state" "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys 6
wait_for "3 / $total done"
keys j j j Space
wait_for "4 / $total done"
sleep 0.3
tm new-session -d -s spare "sleep 60" # keeps the server up while the last window goes
tm kill-window -t "$session" # the terminal goes, elli with it
start 120 40 ELLI_STATE="$state" "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys 6
wait_for "4 / $total done"
[ "$(screen | grep -cF '[x]')" -eq 4 ] || fail "after the terminal was killed the checklist lost a tick"
keys q
ended
md=$(ELLI_STATE="$state" "$bin" checklist --markdown)
echo "$md" | grep -qF "**4 / $total done**" || fail "checklist --markdown does not print the explorer's progress"
[ "$(echo "$md" | grep -c '^- \[x\]')" -eq 4 ] || fail "checklist --markdown does not tick the four actions"

echo "e2e: notes: in \$EDITOR with the explorer suspended, or in the text area; shown on the page and found by /"
printf '#!/bin/sh\nprintf "ask the zebrafish team\\n" >> "$1"\n' >"$work/ed.sh"
chmod +x "$work/ed.sh"
start 120 40 ELLI_STATE="$state" EDITOR="$work/ed.sh" "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys 2 e
wait_for "Saved the note on"
wait_for "Your note"
wait_for "ask the zebrafish team"
keys / z e b r a f i s h
wait_for "1 match"
keys Escape q
ended
start 120 40 ELLI_STATE="$state" VISUAL= EDITOR= "$bin"
wait_for "Kubernetes v1.31 · Elli"
keys 5 e
wait_for "Note on"
keys "moved to CSI last week"
keys C-s
wait_for "Saved the note on"
wait_for "moved to CSI last week"
keys q
ended
ELLI_STATE="$state" "$bin" notes | grep -qF "moved to CSI last week" || fail "elli notes does not list the note written in the explorer"

# selected: the KEP number (or first word) of the list's selected row, after the cursor
selected() { screen | grep -m1 '▌' | sed 's/.*▌ *//' | awk '{print $1}'; }

echo "e2e: L switches to Chinese in place, a Chinese search finds KEP-4444, L switches back"
start 120 40 "$bin" --theme dark
wait_for "Kubernetes v1.31 · Elli"
keys 3 j j j
wait_for "4/22"
before=$(selected)
keys L
wait_for "简体中文 · 按 L 切回 English"
wait_for "概览"
wait_for "移除与弃用 21"
wait_for "↓/j 下移"
[ "$(selected)" = "$before" ] || fail "L moved the selection from $before to $(selected)"
screen | grep -qF "4/22" || fail "L lost the place in the list"
fits 120
keys /
tm send-keys -t "$session" -l "流量分发"
sleep 0.2
wait_for "/ 流量分发"
wait_for "4444 Service 的流量分发" # the English title shows beside it only when it fits whole
wait_for "KEP 官方标题：Traffic Distribution for Services"
keys Enter Enter
wait_for "KEP-4444：Service 的流量分发"
wait_for "KEP 官方标题：Traffic Distribution for Services"
wait_for "行匹配" # the search's words found in the Chinese page
fits 120
keys j j j j j j
pos=$(screen | grep -oE '[0-9]+%' | tail -1)
keys L
wait_for "English · L switches back to 中文"
wait_for "4444 Traffic Distribution for"
wait_for "Stage: Beta · SIG: network"
screen | grep -qF "/ 流量分发" || fail "L lost the search"
[ "$(screen | grep -oE '[0-9]+%' | tail -1)" != "0%" ] || fail "L sent the page back to the top (it was at $pos)"
fits 120
keys q
ended

echo "e2e: LANG=zh_CN.UTF-8 opens in Chinese; --lang en overrides it"
start 80 24 LANG=zh_CN.UTF-8 "$bin" --theme light
wait_for "2024-08-13 发布 · 45 项增强"
wait_for "升级指南"
fits 80
keys 5
wait_for "移除 CephFS 树内卷插件"
fits 80
keys q
ended "Kubernetes v1.31 · Elli"
start 80 24 LANG=zh_CN.UTF-8 "$bin" --lang en
wait_for "Removals 21"
keys q
ended

echo "e2e: search in Chinese: a mixed query without a space, its page marked, in either language"
start 120 40 "$bin" --lang zh --theme dark
wait_for "Kubernetes v1.31 · Elli"
keys /
keys -l "cgroup驱动"
wait_for "/ cgroup驱动"
wait_for "从 CRI 获取 cgroup 驱动"
keys Enter Enter
wait_for "KEP-4033：从 CRI 获取 cgroup 驱动"
wait_for "行匹配" # the page marks the engine's terms: cgroup and 驱动
fits 120
tm capture-pane -e -p -t "$session" | grep -qE $'\e\\[7m(\e\\[[0-9;]*m)*驱动' || fail "驱动 is not marked in the Chinese page"
keys L
wait_for "KEP-4033: Discover cgroup driver from CRI" # the same search finds it in English
keys q
ended

echo "e2e: questions at 80x24: results that miss a word say which, in English and Chinese; elli search on a terminal too"
start 80 24 "$bin" --theme dark
wait_for "Kubernetes v1.31 · Elli"
keys /
keys -l "which pods lose connections when a node shuts down"
wait_for "3836 Kube-proxy improved ingress connectivity reliability" # the answer, first
wait_for "more weaker matches" # the weak matches are folded under one line
keys Enter j
wait_for " (not: " # ↓ unfolds them; the second result missed a word: the status line names it
fits 80
keys q
ended
start 80 24 "$bin" --lang zh --theme light
wait_for "Kubernetes v1.31 · Elli"
keys /
keys -l "PVC 扩容卡住了怎么办"
wait_for "1790 从卷扩容失败中恢复"
keys Enter j
wait_for "未匹配：" # 匹配了 2 个词，共 3 个：…（未匹配：…）
fits 80
keys k Enter
wait_for "行匹配" # the page marks the words 1790 matched
keys q
ended "? 帮助"
# stdout piped to head keeps the list short, so the notes on stderr (the terminal) stay on screen
start 80 24 "$bin" search service ip range is xyzzyq "| head -3"
wait_for "xyzzyq)" # stderr is the terminal: the note, which names the missing word, is there (the terminal wraps it)
start 80 24 "$bin" search apparmor xyzzyq
wait_for 'no page has "xyzzyq"'

echo "e2e: the Patches tab at 80x24, its timeline in English and Chinese; elli cve --version's exit codes"
line=$(pwd)/data/testdata/line # a small line: v1.99.1-3, three CVEs, end of life 2031-01-08
start 80 24 "$bin" --data "$line" --tab patches --theme dark
wait_for "3 CVEs: 2 fixed in 1.99" # the tally, said as elli patches and elli cve say it
wait_for "end of life 2031-01-08"
wait_for "┣━━"
fits 80
keys j j j j
wait_for "Critical" # the row says the severity in the explorer's language
keys Enter
wait_for "Critical (CVSS 9.8)"
fits 80
keys L
wait_for "严重（CVSS 9.8）"
keys Escape
wait_for "3 个 CVE：2 个已在 1.99 修复"
wait_for "停止支持 2031-01-08"
fits 80
keys q
ended
for want in "v1.99.0 1" "v1.99.2 1" "v1.99.3 0" "1.99.x 2"; do
  set -- $want
  code=0
  "$bin" --data "$line" cve --version "$1" >/dev/null 2>&1 || code=$?
  [ "$code" = "$2" ] || fail "elli cve --version $1 exited $code, want $2"
done

echo "e2e: the Road tab (8) at 80x24 in English and Chinese: the support windows and a hop's heading"
# the embedded road on today's date: the checks read what holds on any day (the target moves)
start 80 24 "$bin" --theme dark
wait_for "? help"
keys 8
wait_for "▶ default target v1.3"
wait_for "v1.31 ┣━━" # 1.31's support window, the picture's first row
wait_for "v1.32 · "  # the first hop's heading: release · support · breaking changes · codename
wait_for "breaks on upgrade: "
fits 80
keys q
ended
start 80 24 "$bin" --lang zh --theme light
wait_for "? 帮助"
keys 8
wait_for "▶ 默认目标 v1.3"
wait_for "v1.31 ┣━━"
wait_for "v1.32 · "
wait_for "升级即中断 "
fits 80
keys L # the picture and the headings follow the language
wait_for "▶ default target v1.3"
wait_for "breaks on upgrade: "
fits 80
keys q
ended

# hostile content, silent terminals, signals (issue 12)
. "$(dirname "$0")/e2e-hostile.sh"
. "$(dirname "$0")/e2e-userfiles.sh"

# the cluster scan against a real API server (issue 23): a script of its own, since it runs in
# a network namespace of its own where it can; it skips with one line without the binaries of
# scripts/kube-test-env.sh, except in CI (ELLI_TEST_REQUIRE_KUBE)
bash "$(dirname "$0")/e2e-cluster.sh" "$bin"

echo "e2e: all passed"
