#!/usr/bin/env bash
# End-to-end for the cluster scan (issue 23): elli check --cluster, its Findings view and
# kubectl elli check, in tmux against a real kube-apiserver v1.31 and etcd with the objects the
# Go tests plant (internal/kubetest/cmd/kubeenv), read off the screen at 80x24 and 120x40 in
# English and Chinese. One control plane for the whole journey.
#
#   eval "$(scripts/kube-test-env.sh)"; scripts/e2e-cluster.sh [path/to/elli]
#
# kubectl-elli is built beside a fresh copy of elli's path in the work folder and put first on
# PATH, where elli check --cluster and kubectl look for it. Without etcd and kube-apiserver it
# skips with one line, except where ELLI_TEST_REQUIRE_KUBE is set (.ci/run), where it fails.
#
# As root, where a network namespace can be made, the journey runs in one of its own with
# kubetest.NodeAddress on its loopback device, as the Go tests do: the stand-in kubelet then
# answers /configz through the API server's node proxy, and no packet leaves the namespace.
set -euo pipefail

node_address=192.0.2.10 # kubetest.NodeAddress

if [ -z "${ELLI_E2E_CLUSTER_WORK:-}" ]; then
  # first pass: build outside any namespace (the module cache needs no network, the build may)
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/bin"
  self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
  if [ -n "${1:-}" ]; then
    cp "$1" "$work/bin/elli"
  fi
  cd "$(dirname "$self")/.."
  if [ -z "${1:-}" ]; then
    go build -o "$work/bin/elli" .
  fi
  go build -o "$work/bin/kubectl-elli" ./cmd/kubectl-elli
  go build -o "$work/kubeenv" ./internal/kubetest/cmd/kubeenv
  export ELLI_E2E_CLUSTER_WORK=$work
  if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null &&
    unshare --net true 2>/dev/null; then
    unshare --net -- env ELLI_KUBETEST_NETNS=1 bash -c \
      "ip link set lo up && ip addr add $node_address/32 dev lo && exec bash \"\$0\"" "$self"
  else
    bash "$self"
  fi
  exit 0 # set -e has ended the script already on a failure
fi

work=$ELLI_E2E_CLUSTER_WORK
sock=elli-e2e-cluster-$$
export PATH="$work/bin:$PATH"
export KUBECONFIG="$work/kubeconfig"
cd "$(dirname "$0")/.."
. scripts/e2e-lib.sh # tm, fail, screen, wait_for, fits, start, keys

# The control plane runs as a coprocess: its stdin is a pipe this shell holds, so it stops
# (and removes its folder) when this shell ends, however it ends; stop_env ends it first.
coproc KUBEENV { exec "$work/kubeenv" -kubeconfig "$KUBECONFIG" 2>"$work/kubeenv.log"; }
kubeenv_pid=$KUBEENV_PID
stop_env() {
  tm kill-server 2>/dev/null || true
  if [ -n "${KUBEENV[1]:-}" ]; then eval "exec ${KUBEENV[1]}>&-"; fi
  kill -TERM "$kubeenv_pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$kubeenv_pid" 2>/dev/null || return 0; sleep 0.1; done
  echo "e2e-cluster: kubeenv did not stop in 5 s" >&2
}
trap stop_env EXIT
ready=
read -r -t 120 ready <&"${KUBEENV[0]}" || true
if [ "$ready" != ready ]; then
  set +e
  wait "$kubeenv_pid"
  code=$?
  set -e
  if [ "$code" -eq 3 ] && [ -z "${ELLI_TEST_REQUIRE_KUBE:-}" ]; then
    echo "e2e-cluster: skipped: $(sed 's/^kubeenv: //' "$work/kubeenv.log")"
    exit 0
  fi
  echo "e2e FAIL: the test control plane did not start (exit $code):" >&2
  cat "$work/kubeenv.log" >&2
  exit 1
fi

# history: the whole pane, scrolled-off lines included. Searched through here-strings, not
# pipes: grep -q may close a pipe early, and pipefail would count that.
history() { tm capture-pane -p -S - -t "$session"; }
# shell W H: a fresh shell session, its raw output logged to $work/raw
shell() {
  start "$1" "$2" bash --norc --noprofile
  : >"$work/raw"
  tm pipe-pane -t "$session" -o "cat >>'$work/raw'"
  keys "PS1='$ '; clear" Enter
}
has() { grep -qF -- "$1" <<<"$(history)" || fail "the terminal never showed: $1"; }
hasnt() { ! grep -qE -- "$1" <<<"$(history)" || fail "the terminal shows /$1/: $2"; }
# clean_exit CODE: the program has quit with CODE and left the terminal as it found it: the
# main screen, the cursor shown, the prompt back
clean_exit() {
  wait_for "exit=$1"
  [ "$(tm display -p -t "$session" '#{alternate_on}')" = 0 ] || fail "the alternate screen is still on"
  [ "$(tm display -p -t "$session" '#{cursor_flag}')" = 1 ] || fail "the cursor is still hidden"
  [ "$(screen | grep -v '^$' | tail -n 1)" = '$' ] || fail "no prompt after exit=$1"
}

echo "e2e-cluster: the table on a terminal: progress while reading, then the findings by object, paged"
shell 100 30
keys "elli check --cluster; echo exit=\$?" Enter
wait_for "Cluster scanner, v1.31.14: what still runs on borrowed time"
wait_for "scanner/shop/Deployment/web"
keys q
clean_exit 1
grep -qE 'reading Pod: [0-9]+' "$work/raw" || fail "no progress line while reading the cluster"
has "spec.template.spec.volumes[1].cephfs"
hasnt 'reading [A-Za-z]+: [0-9]+' "the progress line stayed"
keys "clear; elli check --cluster --no-pager 2>'$work/err' | cat; echo exit=\$?" Enter
wait_for "exit=0" # the status of cat: the pipe
! grep -q 'reading' "$work/err" || fail "progress written to a file: $(cat "$work/err")"
fits 100

echo "e2e-cluster: a view-only user gets a partial scan with a note per kind it may not read"
if command -v kubectl >/dev/null; then plugin="kubectl elli"; else plugin=kubectl-elli; fi
keys "clear; $plugin check --context viewer --no-pager; echo exit=\$?" Enter
clean_exit 1
has "Cluster viewer, v1.31.14"
has "viewer/default/Pod/debug"
has "PersistentVolume: skipped: RBAC does not allow list on persistentvolumes for this user"
has "Node: skipped: RBAC does not allow list on nodes"
has "/metrics: skipped: RBAC does not allow get on /metrics"
keys "clear; $plugin check --context nobody --no-pager; echo exit=\$?" Enter
clean_exit 2 # it read nothing: no pass (issue 29)
has "Pod: skipped: RBAC does not allow list on pods"
has "elli: could not read any kind of object in the cluster (Deployment: RBAC" # the line wraps
fits 100

echo "e2e-cluster: ctrl+c mid-scan and before the first answer: the scan ends at once, 130, nothing left drawn"
# a page of one object: the scan draws its progress many times, and ctrl+c comes once it has
keys "clear" Enter
: >"$work/raw" # the progress of the runs before must not count
keys "elli check --cluster --chunk-size 1 --no-pager; echo exit=\$?" Enter
for _ in $(seq 1 200); do grep -qE 'reading [A-Za-z]+: [0-9]+' "$work/raw" && break; sleep 0.05; done
grep -qE 'reading [A-Za-z]+: [0-9]+' "$work/raw" || fail "no progress to interrupt"
keys C-c
wait_for "exit=" # 130, or 1 where the scan was faster than the key
grep -qE '^exit=(130|1)$' <<<"$(screen)" || fail "the interrupted scan ended with $(screen | grep '^exit=')"
hasnt 'reading [A-Za-z]+: [0-9]+' "the progress line stayed after ctrl+c"
# a kubeconfig that is a FIFO nobody writes: the load waits, and ctrl+c must end it
mkfifo "$work/fifo-kubeconfig"
keys "clear; elli check --cluster --kubeconfig '$work/fifo-kubeconfig'; echo exit=\$?" Enter
sleep 1
keys C-c
clean_exit 130
keys "clear; elli check --cluster --kubeconfig '$work/fifo-kubeconfig' & sleep 1; kill -HUP \$!; wait \$!; echo exit=\$?" Enter
clean_exit 129

echo "e2e-cluster: the view-only user's Findings view says that notes wait on the terminal"
shell 80 24
keys "elli check --cluster --tui --context viewer; echo exit=\$?" Enter
wait_for "elli check · viewer"
wait_for "notes on what could not be read wait on the terminal"
wait_for "viewer/shop/Deployment/web"
fits 80
keys q
clean_exit 1
has "Node: skipped: RBAC does not allow list on nodes" # where the view said they would be
keys "clear; elli check --cluster --tui --context nobody --lang zh; echo exit=\$?" Enter
clean_exit 2 # nothing read: no view to open, the notes and why
has "elli: Pod：已跳过：RBAC 不允许当前用户对 pods 执行 list"
has "elli: 集群中任何一类对象都无法读取（Deployment：" # the line wraps

# findings W H LANG CMD: the Findings view of CMD (elli check --cluster, or the plugin's
# check) with --tui: the planted findings by object with their fields, move, read the item that
# explains one, come back, quit
findings() {
  local w=$1 h=$2 lang=$3 cmd=$4
  echo "e2e-cluster: the Findings view of $cmd at ${w}x$h ($lang)"
  shell "$w" "$h"
  keys "$cmd --tui --lang $lang; echo exit=\$?" Enter
  wait_for "elli check · scanner"
  # under the header, the table's frame line and the CVEs v1.31.14 is open to (some have no
  # fix in the line, so it always is)
  if [ "$lang" = zh ]; then
    wait_for "集群 scanner，v1.31.14：在 v1.31 上仍在"
    wait_for "运行 elli cve --version v1.31.14 查看列表"
  else
    wait_for "Cluster scanner, v1.31.14: what still runs on borrowed time"
    wait_for "v1.31.14 is open to"
    wait_for "elli cve --version v1.31.14 lists them"
  fi
  if [ "$lang" = zh ]; then
    grep -qE '正在读取 Pod：[0-9]+' "$work/raw" || fail "no Chinese progress line while reading the cluster"
    grep -qE '[0-9]+ 个错误 · [0-9]+ 个警告' <<<"$(screen | head -n 1)" || fail "no counts in the header"
    wait_for '容器 "web" 的 AppArmor'
  else
    grep -qE '[0-9]+ errors · [0-9]+ warnings' <<<"$(screen | head -n 1)" || fail "no counts in the header"
    wait_for 'AppArmor profile of container "web"'
  fi
  wait_for "scanner/shop/Deployment/web"
  wait_for "apparmor-annotation"
  # the selected finding's object and whole field, wrapped in the pane if need be (↩ marks
  # a cut inside a word)
  grep -qF 'scanner/shop/Deployment/webspec.template.metadata.annotations["container.apparmor.security.beta.kubernetes.io/web"]' \
    <<<"$(tr -d '│↩ \n' <<<"$(screen)")" ||
    fail "the pane does not show the object and its whole field"
  fits "$w"
  keys j
  wait_for "spec.template.spec.volumes[1].cephfs"
  keys Enter
  if [ "$lang" = zh ]; then
    wait_for "CephFS 树内卷插件"
    wait_for "esc：返回检查结果"
  else
    wait_for "CephFS in-tree volume plugin removed"
    wait_for "esc: back to the findings"
  fi
  fits "$w"
  keys Escape
  wait_for "elli check · scanner"
  wait_for "spec.template.spec.volumes[1].cephfs" # the same finding is still selected
  keys G
  wait_for "scanner/APIServer/metrics"
  fits "$w"
  keys q
  clean_exit 1
  hasnt "elli check · scanner" "the Findings view stayed on the main screen"
}
findings 80 24 en "elli check --cluster"
findings 80 24 zh "elli check --cluster"
findings 120 40 en "$plugin check"
findings 120 40 zh "elli check --cluster"

echo "e2e-cluster: the control plane stops, and removes its folder, when its stdin closes"
env_dir=$(sed -n 's|^ *certificate-authority: \(.*\)/certs/apiserver.crt$|\1|p' "$KUBECONFIG")
[ -d "$env_dir" ] || fail "no control plane folder in the kubeconfig"
servers=
if command -v pgrep >/dev/null; then # procps
  servers=$(pgrep -P "$kubeenv_pid" | tr '\n' ' ')
  [ -n "$servers" ] || fail "kubeenv runs no servers"
fi
eval "exec ${KUBEENV[1]}>&-"
for _ in $(seq 1 100); do kill -0 "$kubeenv_pid" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$kubeenv_pid" 2>/dev/null || fail "kubeenv still runs 10 s after its stdin closed"
for p in $servers; do ! kill -0 "$p" 2>/dev/null || fail "server $p outlived kubeenv"; done
[ ! -e "$env_dir" ] || fail "kubeenv left $env_dir"

echo "e2e-cluster: all passed"
