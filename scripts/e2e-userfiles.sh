# The user's own files and programs (issue 20): config, state, --jq, style files, the pager and
# what elli check reads, against the built binary. Sourced by scripts/e2e-tmux.sh after
# e2e-hostile.sh, whose helpers (run, bounded, peak_ok, fail, start, keys, wait_for) it uses. No case
# touches a real device: mknod makes them in $work. Root plays the permission cases as nobody.

uf=$work/userfiles
mkdir -p "$uf"
# expect CODE WHAT: the last bounded run exited CODE, in time, with at most one line on stderr
expect() {
  [ "$code" -ne 124 ] || fail "$2: did not end within its time limit"
  [ "$code" -eq "$1" ] || fail "$2: exit $code, want $1: $(head -c 300 "$work/err")"
  [ "$(wc -l <"$work/err")" -le 2 ] || fail "$2: more than two lines on stderr: $(head -c 300 "$work/err")"
  if grep -q "goroutine \|runtime\." "$work/err"; then fail "$2: a Go runtime dump"; fi
  peak_ok "$2"
  echo "  $2: exit $code, $(tail -1 "$work/rss" 2>/dev/null || echo '?') kB"
}

echo "e2e: config set never replaces what it cannot read (issue 20 #1)"
mkfifo "$uf/fifo.yaml"
kinds=(fifo.yaml)
if [ "$(id -u)" = 0 ]; then
  mknod "$uf/null.yaml" c 1 3 && kinds+=(null.yaml)
fi
for f in "${kinds[@]}"; do
  before=$(stat -c %F "$uf/$f")
  run 5 env ELLI_CONFIG="$uf/$f" "$bin" config set width 80
  expect 1 "config set over a $before"
  grep -q "not a regular file" "$work/err" || fail "config set over a $before: $(cat "$work/err")"
  [ "$(stat -c %F "$uf/$f")" = "$before" ] || fail "config set replaced a $before with a $(stat -c %F "$uf/$f")"
done
printf 'style: [dracula\n# my comments\n' >"$uf/broken.yaml"
run 5 env ELLI_CONFIG="$uf/broken.yaml" "$bin" config set width 80
expect 1 "config set over broken YAML"
grep -q "my comments" "$uf/broken.yaml" || fail "config set replaced broken YAML"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  # a root-owned file left by a sudo run, in a folder the user owns: nobody cannot read it
  mkdir -p "$uf/nobody" && chmod 755 "$work" "$uf" && chown 65534 "$uf/nobody"
  cp "$bin" "$uf/nobody/elli" && chmod 755 "$uf/nobody/elli"
  printf 'style: dracula\npager: less -S\n' >"$uf/nobody/config.yaml" && chmod 600 "$uf/nobody/config.yaml"
  run 5 env -i PATH="$PATH" HOME="$uf/nobody" ELLI_CONFIG="$uf/nobody/config.yaml" \
    setpriv --reuid=65534 --regid=65534 --clear-groups -- "$uf/nobody/elli" config set width 80
  expect 1 "config set as nobody over a root-owned config"
  grep -q "permission denied" "$work/err" || fail "as nobody: $(cat "$work/err")"
  [ "$(stat -c %U "$uf/nobody/config.yaml")" = root ] && grep -q "pager: less -S" "$uf/nobody/config.yaml" ||
    fail "as nobody, config set replaced root's config"
fi

echo "e2e: six concurrent config sets keep all six (issue 20 #6)"
cfg=$uf/concurrent.yaml
pids=()
for kv in style=dracula color=never pager=more width=90 mouse=true lang=zh; do
  ELLI_CONFIG=$cfg timeout 10 "$bin" config set "${kv%%=*}" "${kv#*=}" & pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "a concurrent config set failed"; done
for k in style color pager width mouse lang; do
  grep -q "^$k: " "$cfg" || fail "concurrent sets lost $k: $(cat "$cfg")"
done

echo "e2e: the state file: foreign JSON, a device, a link, stale temporary files (issue 20 #2 #5 #9)"
printf '{"version":2,"builds":[1]}' >"$uf/app.json"
run 5 "$bin" --state "$uf/app.json" notes
expect 0 "notes over foreign JSON"
run 5 "$bin" --state "$uf/app.json" star 3866
expect 1 "star over foreign JSON"
[ "$(cat "$uf/app.json")" = '{"version":2,"builds":[1]}' ] && [ -z "$(ls "$uf" | grep corrupt)" ] ||
  fail "the foreign JSON was changed or moved"
if [ "$(id -u)" = 0 ]; then
  mknod "$uf/state-dev" c 1 3
  run 5 "$bin" --state "$uf/state-dev" list --starred
  expect 0 "list --starred over a device"
  run 5 "$bin" --state "$uf/state-dev" star 3866
  expect 1 "star over a device"
  [ -c "$uf/state-dev" ] || fail "star replaced a device"
fi
mkdir -p "$uf/dotfiles" "$uf/state"
ln -s ../dotfiles/state.json "$uf/state/state.json"
touch "$uf/dotfiles/.state.json.tmp-12345"
run 5 "$bin" --state "$uf/state/state.json" star 3866
expect 0 "star through a link"
[ -L "$uf/state/state.json" ] && grep -q '"elli": "state"' "$uf/dotfiles/state.json" || fail "star replaced the link"
[ ! -e "$uf/dotfiles/.state.json.tmp-12345" ] || fail "a stale temporary file was left"
ls -a "$uf/dotfiles" "$uf/state" | grep -q '\.lock$' && fail "a lock file was left beside the state"

echo "e2e: --jq is streamed and bounded (issue 20 #3)"
set +e
t0=$(now_ms)
(ulimit -v 4194304; timeout 5 "$bin" list --jq 'range(1e9)' | head -1 >"$work/out")
ms=$(($(now_ms) - t0))
set -e
[ "$(cat "$work/out")" = 0 ] && [ "$ms" -lt 5000 ] || fail "--jq 'range(1e9)' | head -1: $(cat "$work/out") after $ms ms"
echo "  range(1e9) | head -1: $ms ms"
while IFS= read -r line; do
  expr=${line%% @@ *} want=${line##* @@ }
  # 1 s for the cases about time; the others get 10 s, so that on a loaded machine the bound
  # they are about (memory, depth, the error) is met before the clock's
  limit=10s
  [[ $want == "stopped after"* ]] && limit=1s
  run 15 "$bin" list --jq "$expr" --jq-timeout "$limit"
  expect 1 "--jq $expr"
  grep -qF -- "$want" "$work/err" || fail "--jq $expr: $(cat "$work/err")"
done <<'CASES'
repeat(1) | empty @@ stopped after 1s
def f: f; f @@ stopped after 1s
"x" * 1e9 @@ MiB of memory
[range(1e9)] @@ MiB of memory
reduce range(60000) as $i (0; [.]) @@ nests deeper than 1000 levels
error("boom") @@ boom
CASES
run 5 "$bin" list --jq '@sh "\("\u001b")"'
[ "$(cat "$work/out")" = "''" ] || fail "an ESC took the next character with it: $(cat -v "$work/out")"

echo "e2e: a style file's numbers are clamped (issue 20 #4)"
printf '{"document":{"indent":1000000},"block_quote":{"indent":10000000},"list":{"level_indent":1000000}}' >"$uf/indent.json"
run 5 "$bin" show 3866 --style "$uf/indent.json" --no-pager
expect 0 "show 3866 with indent 1e6"
[ "$(wc -c <"$work/out")" -lt 200000 ] || fail "a style's indent made the page $(wc -c <"$work/out") bytes"

echo "e2e: elli check: unreadable input and an empty stdin are exit 2, a sparse binary is read by its start (issue 20 #7 #9)"
run 5 "$bin" check - </dev/null
expect 2 "check - with an empty stdin"
run 5 "$bin" check - --allow-empty </dev/null
expect 0 "check - --allow-empty"
run 5 "$bin" check - <&-
expect 2 "check - with a closed stdin"
truncate -s 1G "$uf/disk.yaml"
run 5 "$bin" check "$uf/disk.yaml" --max-file-size 2GiB
expect 0 "check on a sparse 1 GiB binary"
grep -q binary "$work/err" || fail "the sparse file was not found binary: $(cat "$work/err")"
rm -f "$uf/disk.yaml"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  mkdir -p "$uf/nobody/repo" && printf 'kind: Pod\n' >"$uf/nobody/repo/secret.yaml" && chmod 600 "$uf/nobody/repo/secret.yaml"
  chmod 755 "$uf/nobody/repo"
  run 5 env -i PATH="$PATH" HOME="$uf/nobody" setpriv --reuid=65534 --regid=65534 --clear-groups -- \
    "$uf/nobody/elli" check "$uf/nobody/repo"
  expect 2 "check as nobody on a file it cannot read"
  grep -q "the check is incomplete" "$work/err" || fail "check as nobody: $(cat "$work/err")"
else
  printf 'kind: Pod\n' >"$uf/locked.yaml" && chmod 000 "$uf/locked.yaml"
  run 5 "$bin" check "$uf/locked.yaml"
  expect 2 "check on a file of mode 000"
fi

echo "e2e: SIGTERM reaches the pager, and elli waits for it (issue 20 #8)"
start 100 30 bash --norc --noprofile
keys "PS1='$ '; clear; ELLI_PAGER=less LESS= $bin show 3866; echo status=\$?" Enter
wait_for "NFTablesProxyMode"
elli_pid=$(pgrep -n -f "^$bin show 3866\$") || fail "no elli show process"
less_pid=$(pgrep -P "$elli_pid" -x less) || fail "elli show 3866 started no less"
kill -TERM "$elli_pid"
wait_for "status=143"
! kill -0 "$less_pid" 2>/dev/null || fail "less outlived elli after SIGTERM"
terminal_sane "SIGTERM with the pager"
