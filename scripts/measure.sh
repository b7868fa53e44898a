#!/usr/bin/env bash
# Whole-process measurements quoted in the closing notes: startup, search against fzf, show
# against glow, release binary size, and the explorer's peak memory after visiting every item.
# Needs hyperfine, fzf, jq and tmux (apt-get install hyperfine fzf jq tmux).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'tmux -L elli-measure kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/elli" .
elli=$work/elli
echo "release-style binary: $(stat -c %s "$elli") bytes"

# glow itself, v2.1.1, built from the Go module proxy's source zip (the proxy will not list
# glow's versions, so `go install glow@latest` is refused, but the exact version downloads).
# If that fails, a stand-in that does only glow's core work (read a file, render it with
# glamour's no-TTY style at 80 columns) takes its place; that is a lower bound for glow's time.
glow=$work/glow
if src=$(cd "$work" && GOWORK=off go mod download -json github.com/charmbracelet/glow/v2@v2.1.1 2>/dev/null |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') && [ -d "$src" ]; then
  cp -r "$src" "$work/glow-src" && chmod -R u+w "$work/glow-src"
  (cd "$work/glow-src" && GOWORK=off go build -trimpath -ldflags "-s -w" -o "$glow" .) || rm -f "$glow"
fi
if [ -x "$glow" ]; then
  glow_cmd="$glow -w 80"
  echo "glow: v2.1.1, built from the module proxy"
else
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
    GOWORK=off GOFLAGS=-mod=mod go build -trimpath -ldflags "-s -w" -o "$work/glowlike-bin" . )
  glow_cmd="$work/glowlike-bin"
  echo "glow: not available; using the glamour-only stand-in"
fi

"$elli" show 3866 --raw > "$work/3866.md"
"$elli" list > "$work/items.txt"
echo "page: $(wc -w < "$work/3866.md") words; item lines: $(wc -l < "$work/items.txt")"

# Medians over 60 runs. elli and glow run without a shell (-N); fzf needs one to read the item
# lines on stdin, and hyperfine subtracts the shell's own start-up from its figure.
hyperfine -N --warmup 5 --runs 60 --export-json "$work/direct.json" \
  "$elli version" \
  "$elli search nft --json" \
  "$glow_cmd $work/3866.md" \
  "$elli show 3866 --width 80" >/dev/null
hyperfine --warmup 5 --runs 60 --export-json "$work/shell.json" \
  "fzf --filter nft < $work/items.txt" >/dev/null
jq -r '.results[] | "\(.median * 1000 | . * 10 | round / 10) ms  \(.command)"' "$work/direct.json" "$work/shell.json" |
  sed "s|$work/||g" | tee "$work/medians.txt"
median() { grep -F "$1" "$work/medians.txt" | head -1 | cut -d' ' -f1; }
awk -v s="$(median 'search nft')" -v f="$(median 'fzf')" -v e="$(median 'show 3866')" -v g="$(median '3866.md')" \
  'BEGIN { printf "ratios: search/fzf %.2f×, show/glow %.2f×\n", s / f, e / g }'

# Where a search process's time goes: the same search built without elli's other libraries,
# then with the command-line and explorer libraries but without the Markdown render stack
# (glamour, chroma, goldmark, bluemonday, x/net/html, regexp2). Go initialises every linked
# package before main, so the gap to the full binary is what the render stack costs each start.
floor=$(mktemp -d "$PWD/.floor.XXXXXX")
trap 'rm -rf "$floor"; tmux -L elli-measure kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$floor/search" "$floor/cli"
cat > "$floor/search/main.go" <<'GO'
package main

import (
	"encoding/json"
	"os"

	"github.com/elli-k8s/elli/embed/snapshot"
)

func main() {
	var out []map[string]any
	for _, r := range snapshot.Dataset().Search(os.Args[1]) {
		out = append(out, map[string]any{"id": r.Item.ID, "title": r.Item.Title, "score": r.Score})
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(out)
}
GO
sed 's|^\t"github.com/elli-k8s/elli/embed/snapshot"$|&\n\t_ "charm.land/bubbles/v2/textinput"\n\t_ "charm.land/bubbletea/v2"\n\t_ "charm.land/fang/v2"\n\t_ "charm.land/lipgloss/v2"|' \
  "$floor/search/main.go" > "$floor/cli/main.go"
for v in search cli; do CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/floor-$v" "$floor/$v"; done
hyperfine -N --warmup 5 --runs 60 --export-json "$work/floor.json" \
  "$work/floor-search nft" "$work/floor-cli nft" "$elli search nft --json" >/dev/null
jq -r '.results[] | "\(.median * 1000 | . * 10 | round / 10) ms  \(.command)"' "$work/floor.json" | sed "s|$work/||g"

# The same commands writing to a terminal, as a person runs them: inside tmux (where colour
# detection used to run `tmux info`), 30 runs each in a loop, per-run mean in ms.
in_tmux() {
  tmux -L elli-measure kill-session -t loop 2>/dev/null || true
  tmux -L elli-measure new-session -d -s loop -x 100 -y 30 \
    "bash -c 'TIMEFORMAT=%R; { time (for i in \$(seq 30); do $1; done); } 2> $work/loop.txt'"
  while tmux -L elli-measure has-session -t loop 2>/dev/null; do sleep 0.2; done
  awk -v c="$1" '{ printf "%.1f ms  in tmux: %s\n", $1 * 1000 / 30, c }' "$work/loop.txt" | sed "s|$work/||g"
}
in_tmux "$elli version"
in_tmux "$elli show 3866 --theme dark --width 80"
if [ -x "$glow" ]; then in_tmux "$glow -s dark -w 80 $work/3866.md"; fi

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
