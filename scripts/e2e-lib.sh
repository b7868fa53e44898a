# The tmux helpers of scripts/e2e-tmux.sh (and the scripts it sources) and of
# scripts/screenshot.sh: a program in a tmux session of its own server ($sock), driven by keys
# and read off the screen. Sourced; the caller sets $sock and cleans the server up at exit.
# Every wait is bounded, so a program that never shows what is awaited fails the run instead of
# hanging it.

tm() { tmux -L "$sock" "$@"; }
fail() { echo "e2e FAIL: $*" >&2; echo "---- screen ----" >&2; screen >&2 || true; exit 1; }
session=e2e0
screen() { tm capture-pane -p -t "$session"; }
# wait_for TEXT: poll the screen for up to 10 s
wait_for() {
  for _ in $(seq 1 100); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "screen never showed: $1"
}
# fits W: no line of the screen is wider than W columns
fits() {
  local widest
  widest=$(screen | LC_ALL=C.UTF-8 wc -L)
  [ "$widest" -le "$1" ] || fail "a line is $widest columns wide, the terminal $1"
}
start() { # start W H ARGS...: a fresh session on the one server (restarting the server races)
  local w=$1 h=$2 old=$session; shift 2
  session=e2e$((${session#e2e} + 1))
  tm new-session -d -s "$session" -x "$w" -y "$h" "env TERM=xterm-256color $* ; sleep 30"
  tm set-option -t "$session" status off >/dev/null
  # the old session goes only now: killing the server's last session would stop the server
  # while the next command connects to it ("server exited unexpectedly")
  tm kill-session -t "$old" 2>/dev/null || true
}
keys() { tm send-keys -t "$session" "$@"; sleep 0.15; }
ended() { # ended [FOOTER]: the program has exited: the screen no longer shows the explorer's footer
  local footer=${1:-? help}
  for _ in $(seq 1 50); do
    if ! screen | grep -qF "$footer"; then return 0; fi
    sleep 0.1
  done
  fail "the program did not quit"
}
