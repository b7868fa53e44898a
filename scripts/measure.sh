#!/usr/bin/env bash
# Whole-process measurements quoted in the closing notes: startup, search against fzf, show
# against a glamour-only stand-in for glow, release binary size, and the explorer's peak memory
# after visiting every item. Needs hyperfine, fzf and tmux (apt-get install hyperfine fzf tmux).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'tmux -L elli-measure kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/elli" .
elli=$work/elli
echo "release-style binary: $(stat -c %s "$elli") bytes"

# glow is not in this machine's registries; this stand-in does glow's core work (read a Markdown
# file, render it with glamour's dark style at 80 columns) and nothing else, so it is a lower
# bound for glow's time.
mkdir -p "$work/glowlike"
cat > "$work/glowlike/main.go" <<'GO'
package main

import (
	"fmt"
	"os"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/styles"
)

func main() {
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	r, _ := glamour.NewTermRenderer(glamour.WithStyles(styles.NoTTYStyleConfig), glamour.WithWordWrap(80))
	out, err := r.Render(string(src))
	if err != nil {
		panic(err)
	}
	fmt.Print(out)
}
GO
(cd "$work/glowlike" && cp "$OLDPWD/go.sum" . && printf 'module glowlike\n\ngo 1.26.8\n\nrequire charm.land/glamour/v2 v2.0.1\n' > go.mod &&
  GOFLAGS=-mod=mod go build -trimpath -ldflags "-s -w" -o "$work/glowlike-bin" . )

"$elli" show 3866 --raw > "$work/3866.md"
"$elli" list > "$work/items.txt"
echo "page: $(wc -w < "$work/3866.md") words; item lines: $(wc -l < "$work/items.txt")"

# Shell mode (hyperfine subtracts the shell's own start-up) so fzf can read the items on stdin.
hyperfine --warmup 5 --runs 40 --export-markdown "$work/startup.md" \
  "$elli version" \
  "fzf --filter nft < $work/items.txt" \
  "$elli search nft --json" \
  "$work/glowlike-bin $work/3866.md" \
  "$elli show 3866 --width 80" >/dev/null
cat "$work/startup.md"

# Peak memory of the explorer after every item's page was rendered once.
tmux -L elli-measure new-session -d -s m -x 120 -y 40 \
  "env TERM=xterm-256color /usr/bin/time -v -o $work/time.txt $elli --theme dark; sleep 30"
until tmux -L elli-measure capture-pane -p -t m | grep -q "Kubernetes v1.31"; do sleep 0.1; done
n=$("$elli" list | wc -l)
for _ in $(seq 1 "$n"); do tmux -L elli-measure send-keys -t m j; sleep 0.08; done
sleep 1
tmux -L elli-measure send-keys -t m q
until [ -s "$work/time.txt" ]; do sleep 0.1; done
echo "explorer after visiting $n items: $(grep 'Maximum resident' "$work/time.txt")"
