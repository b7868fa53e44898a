# Hostile content, silent terminals and signals (issue 12), against the built binary. Sourced by
# scripts/e2e-tmux.sh, whose helpers ($bin, $work, start, keys, wait_for, fail, tm) it uses.
# Every run is bounded (timeout, ulimit -v), so a regression fails instead of hanging CI or
# eating the machine's memory. Needs go (for the fixtures), script(1), iconv, setpriv (as root,
# for the permission case) and, to check memory, GNU time (/usr/bin/time); without it the
# memory is bounded but not measured.

# bounded SECONDS CMD...: run CMD with a time limit and 4 GB of address space (a Go program
# reserves about 1 GB of it to start, more with threads), recording its peak memory in $work/rss
# when GNU time is here; peak_ok holds that to 100 MB.
bounded() {
  local secs=$1; shift
  rm -f "$work/rss"
  if [ -x /usr/bin/time ]; then
    (ulimit -v 4194304; /usr/bin/time -f %M -o "$work/rss" timeout "$secs" "$@")
  else
    (ulimit -v 4194304; timeout "$secs" "$@")
  fi
}
# run SECONDS CMD...: bounded, with stdout and stderr kept in $work/out and $work/err and the
# exit status in $code (124: the time ran out)
run() {
  local secs=$1; shift
  set +e
  bounded "$secs" "$@" >"$work/out" 2>"$work/err"
  code=$?
  set -e
}
# peak_ok WHAT: the last bounded run stayed under 100 MB, when it was measured
peak_ok() {
  [ -s "$work/rss" ] || return 0
  local kb
  kb=$(tail -1 "$work/rss")
  [ "$kb" -lt 102400 ] || fail "$1 used $((kb / 1024)) MB"
}
now_ms() { date +%s%3N; }
# unsafe_in [--sgr] FILE: say what in FILE a terminal would act on, and succeed, or fail when
# nothing would: an escape sequence (with --sgr, SGR colours and a pty's CR before LF are
# fine), a C0 control but tab and newline, DEL, a C1 control, a bidi control, bytes that are
# not UTF-8. The patterns are bytes, so the locale cannot turn the check off.
unsafe_pattern='[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]|\xd8\x9c'
unsafe_in() {
  if [ "$1" = --sgr ]; then
    LC_ALL=C sed -e $'s/\e\\[[0-9;:]*m//g' -e $'s/\r$//' "$2" >"$work/unsafe"
  else
    cp "$1" "$work/unsafe"
  fi
  if LC_ALL=C grep -qaP "$unsafe_pattern" "$work/unsafe"; then
    echo "a control character: $(LC_ALL=C grep -naP "$unsafe_pattern" "$work/unsafe" | head -1 | cat -v | head -c 200)"
    return 0
  fi
  if ! iconv -f UTF-8 -t UTF-8 "$work/unsafe" >/dev/null 2>&1; then
    echo "bytes that are not UTF-8"
    return 0
  fi
  return 1
}

echo "e2e: on a pty nothing answers, help, usage errors, a missing item and completion ask nothing"
# A question to the terminal (its background, its attributes) is an escape sequence that is not
# SGR: none is written, so none is waited for. The 5 s bound is a hang guard; the times are
# printed, not judged.
while IFS='|' read -r env args; do
  t0=$(now_ms)
  # shellcheck disable=SC2086 # the variables are words
  run 5 env TERM=xterm-256color $env script -qc "$bin $args 2>/dev/null" /dev/null </dev/null
  [ "$code" -ne 124 ] || fail "elli $args ($env) stalled on a silent pty"
  if bad=$(unsafe_in --sgr "$work/out"); then fail "elli $args ($env) wrote to a silent pty: $bad"; fi
  echo "  ${env:+$env }elli $args: $(($(now_ms) - t0)) ms"
done <<'CASES'
|--help
|--bogus
|show 99999
|completion
|show 3866 --theme dark --no-pager
NO_COLOR=1|--help
TERM=dumb|show 99999
COLORFGBG=15;0|--bogus
|--theme dark help search
CASES

echo "e2e: hostile release folders: one line naming the file and rule, or safe output"
go run ./scripts/hostile-fixtures "$work/hostile" >"$work/hostile.tsv"
while IFS=$'\t' read -r name point nonroot file line want args; do
  # A case about file permissions means nothing to root, who reads any folder: root plays it as
  # nobody, with a copy of the binary and the folder that nobody may reach.
  cmd=("$bin") dir=$work/hostile/$name
  if [ "$nonroot" = 1 ] && [ "$(id -u)" = 0 ]; then
    if ! command -v setpriv >/dev/null; then
      echo "  $name: skipped as root without setpriv (the loader tests play it with a file system)"
      continue
    fi
    mkdir -p "$work/nobody" && chmod 755 "$work" "$work/nobody"
    cp "$bin" "$work/nobody/elli" && cp -a "$dir" "$work/nobody/"
    cmd=(env -i PATH="$PATH" HOME="$work/nobody" setpriv --reuid=65534 --regid=65534 --clear-groups -- "$work/nobody/elli")
    dir=$work/nobody/$name
  fi
  t0=$(now_ms)
  # shellcheck disable=SC2086 # the arguments are words
  run 5 "${cmd[@]}" --data "$dir" $args </dev/null
  ms=$(($(now_ms) - t0))
  [ "$code" -ne 124 ] || fail "$name (point $point): elli $args did not end within 5 s"
  peak_ok "$name (point $point)"
  for f in out err; do
    if bad=$(unsafe_in "$work/$f"); then fail "$name (point $point): std$f holds $bad"; fi
  done
  if [ "$want" = "-" ]; then
    [ "$code" -eq 0 ] || fail "$name: exit $code, $(cat "$work/err")"
  else
    [ "$code" -eq 1 ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -qF -- "$want" "$work/err" &&
      { [ "$file" = "-" ] || grep -qF -- "$file: " "$work/err"; } &&
      { [ "$line" = 0 ] || grep -qE -- "line $line( |:)" "$work/err"; } ||
      fail "$name: exit $code, want 1 and one line naming $file (line $line) and saying \"$want\": $(head -c 300 "$work/err")"
  fi
  echo "  $name: exit $code, $ms ms, $(tail -1 "$work/rss" 2>/dev/null || echo '?') kB"
done <"$work/hostile.tsv"
# on a terminal the page is in colour: the lookalike link and the escapes stay harmless there too
TERM=xterm-256color bounded 5 script -qc "$bin --data $work/hostile/osc8-lookalike show 3866 --theme dark --no-pager" /dev/null </dev/null >"$work/tty.txt" ||
  fail "osc8-lookalike: show on a terminal failed"
grep -qF NFTablesProxyMode "$work/tty.txt" || fail "osc8-lookalike: no page on a terminal"
if bad=$(unsafe_in --sgr "$work/tty.txt"); then fail "osc8-lookalike: the terminal got $bad"; fi
grep -qF https://evil.example/ "$work/tty.txt" || fail "osc8-lookalike: the link's real target is not shown"

echo "e2e: the explorer shows the lookalike link's real target, and the page's border stays whole"
# border_whole W: every line inside the page's box is W columns and ends in its border
border_whole() {
  local line n=0
  while IFS= read -r line; do
    [ "$(printf '%s\n' "$line" | LC_ALL=C.UTF-8 wc -L)" -eq "$1" ] && [[ $line == *│ ]] ||
      fail "the page's border is broken at: $line"
    n=$((n + 1))
  done < <(screen | sed -n '/╭/,/╰/{/╭\|╰/!p}')
  [ "$n" -gt 0 ] || fail "no page box on the screen"
}
start 120 40 "$bin" --data "$work/hostile/osc8-lookalike" 3866
wait_for "KEP-3866"
keys G
wait_for "See https://kubernetes.io/ https://evil.example/ for more."
fits 120
border_whole 120
keys q
ended

echo "e2e: a query of 8 arguments of 130 kB is cut, and said so in one line"
# the same word over and over, and 18,000 different ones (an argument holds at most 128 kB)
big=$(head -c 130000 /dev/zero | tr '\0' 'a' | sed 's/a\{5\}/nft  /g')
many=$(seq -f 'w%g' 1 18000 | tr '\n' ' ')
for q in big:0 many:1; do # the query's variable and the exit status (1: nothing matches)
  name=${q%%:*} want=${q#*:}
  t0=$(now_ms)
  run 5 "$bin" search "${!name}" "${!name}" "${!name}" "${!name}" "${!name}" "${!name}" "${!name}" "${!name}" --json
  peak_ok "the huge query ($name)"
  [ "$code" -eq "$want" ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "the search used" "$work/err" ||
    fail "huge query ($name): exit $code, want $want and one line: $(head -c 300 "$work/err")"
  echo "  $name: exit $code, $(($(now_ms) - t0)) ms, $(tail -1 "$work/rss" 2>/dev/null || echo '?') kB"
done

# signal_journey SIG STATUS: elli in a shell in tmux, with the mouse on; kill -SIG; the shell
# reports STATUS and the terminal is sane: alt screen off, no mouse reporting, cursor shown, and
# stty says icanon and echo.
terminal_sane() {
  local modes
  modes=$(tm display -p -t "$session" '#{alternate_on} #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag} #{cursor_flag}')
  [ "$modes" = "0 000 1" ] || fail "$1: the pane's alt screen, mouse and cursor flags are $modes, want 0 000 1"
  keys "stty -a | grep -oE -- '(^| )-?(icanon|echo)( |$)' | tr -d ' ' | tr '\n' ' ' | sed 's/^/tty:/'" Enter
  wait_for "tty:icanon echo"
}
# explorer_pid: the elli started with --mouse in the pane ($bin is a path of this run's own)
explorer_pid() { pgrep -n -f "^$bin --mouse\$" || fail "no explorer process"; }
signal_journey() {
  local sig=$1 status=$2
  echo "e2e: SIG$sig restores the terminal and exits $status"
  start 100 30 bash --norc --noprofile
  keys "PS1='$ '; clear; $bin --mouse; echo status=\$?" Enter
  wait_for "Kubernetes v1.31 · Elli"
  kill -"$sig" "$(explorer_pid)"
  wait_for "status=$status"
  terminal_sane "SIG$sig"
}
signal_journey HUP 129
signal_journey INT 130
signal_journey QUIT 131
signal_journey TERM 143

echo "e2e: an outside SIGTSTP suspends with a sane terminal, and fg resumes"
start 100 30 bash --norc --noprofile
keys "PS1='$ '; clear; $bin --mouse" Enter
wait_for "Kubernetes v1.31 · Elli"
kill -TSTP "$(explorer_pid)"
wait_for "Stopped"
terminal_sane "SIGTSTP"
keys clear Enter
keys fg Enter
wait_for "Kubernetes v1.31 · Elli"
keys 3
wait_for "Quotas for Ephemeral Storage" # keys work again
keys q
keys "clear; echo status=\$?" Enter
wait_for "status=0"
terminal_sane "quit after fg"
