#!/usr/bin/env bash
# A text screenshot of the explorer: Beta tab, search "nft", the detail open, at 120×32.
# Usage: scripts/screenshot.sh            print it
#        scripts/screenshot.sh --readme   replace the screenshot block in README.md
#        scripts/screenshot.sh --check    fail, showing the difference, when README.md's block is
#                                         not what the explorer shows now (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'tmux -L elli-shot kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/elli" .
tmux -L elli-shot new-session -d -s shot -x 120 -y 32 "env TERM=xterm-256color $work/elli --theme dark; sleep 30"
tmux -L elli-shot set-option -t shot status off >/dev/null
until tmux -L elli-shot capture-pane -p -t shot | grep -q "Kubernetes v1.31"; do sleep 0.1; done
for k in 3 / n f t Enter Enter; do tmux -L elli-shot send-keys -t shot "$k"; sleep 0.1; done
until tmux -L elli-shot capture-pane -p -t shot | grep -qF "Stage: Beta · SIG: network"; do sleep 0.1; done
tmux -L elli-shot capture-pane -p -t shot | sed 's/[[:space:]]*$//' > "$work/shot.txt"
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
