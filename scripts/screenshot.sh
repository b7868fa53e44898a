#!/usr/bin/env bash
# A text screenshot of the explorer: Beta tab, search "nft", the detail open, at 120×32.
# Usage: scripts/screenshot.sh            print it
#        scripts/screenshot.sh --readme   replace the screenshot block in README.md
#        scripts/screenshot.sh --check    fail, showing the difference, when README.md's block is
#                                         not what the explorer shows now (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
sock=elli-shot-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
. scripts/e2e-lib.sh # start, keys, wait_for, screen: every wait bounded
go build -o "$work/elli" .
start 120 32 "$work/elli" --theme dark
wait_for "Kubernetes v1.31"
for k in 3 / n f t Enter Enter; do keys "$k"; done
wait_for "Stage: Beta · SIG: network"
screen | sed 's/[[:space:]]*$//' >"$work/shot.txt"
block() { # the README's screenshot, without its markers and fence
  sed -n '/^<!-- screenshot:start/,/^<!-- screenshot:end/p' README.md | sed '1,2d;$d' | sed '$d'
}
case "${1:-}" in
--readme) ;;
--check)
  if ! diff -u <(block) "$work/shot.txt" >"$work/diff"; then
    sed 's/^/  /' "$work/diff" >&2
    echo "screenshot: README.md's screenshot (-) is not what the explorer shows (+): run scripts/screenshot.sh --readme" >&2
    exit 1
  fi
  echo "screenshot: README.md's screenshot is what the explorer shows"
  exit 0
  ;;
*)
  cat "$work/shot.txt"
  exit 0
  ;;
esac
python3 - "$work/shot.txt" <<'PY'
import sys
shot = open(sys.argv[1]).read().rstrip("\n")
readme = open("README.md").read()
start, end = "<!-- screenshot:start (scripts/screenshot.sh --readme) -->\n", "<!-- screenshot:end -->"
i, j = readme.index(start) + len(start), readme.index(end)
open("README.md", "w").write(readme[:i] + "```text\n" + shot + "\n```\n" + readme[j:])
PY
