#!/usr/bin/env bash
# Rebuilds third_party/<name> from the Go module cache plus third_party/patches/<name>.patch.
# The copies are upstream releases, trimmed of tests, with one small patch each that moves
# work out of start-up or avoids it (see third_party/README.md); go.work points the build at them.
#
#   scripts/third-party.sh          rewrite third_party/<name> from upstream + patch
#   scripts/third-party.sh --check  fail if third_party/ differs from upstream + patch
set -euo pipefail
cd "$(dirname "$0")/.."

# name, module path, version: the version must be the one go.mod selects, and the one go.work
# replaces, or the patch silently stops applying to the build.
modules=(
  "chroma github.com/alecthomas/chroma/v2 v2.14.0"
  "goldmark github.com/yuin/goldmark v1.7.8"
  "bluemonday github.com/microcosm-cc/bluemonday v1.0.27"
  "gorillacss github.com/gorilla/css v1.0.1"
  "glamour charm.land/glamour/v2 v2.0.1"
  "lipgloss charm.land/lipgloss/v2 v2.1.0"
)

check=false
[ "${1:-}" = --check ] && check=true
out=third_party
if $check; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

for m in "${modules[@]}"; do
  read -r name path version <<<"$m"
  selected=$(GOWORK=off go list -m -f '{{.Version}}' "$path")
  if [ "$selected" != "$version" ]; then
    echo "third-party: go.mod selects $path $selected, the patch is for $version; refresh the patch and go.work" >&2
    exit 1
  fi
  grep -q "$path $version => ./third_party/$name" go.work ||
    { echo "third-party: go.work does not replace $path $version with ./third_party/$name" >&2; exit 1; }
  src=$(GOWORK=off go mod download -json "$path@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$src" ] || { echo "third-party: could not download $path@$version" >&2; exit 1; }
  rm -rf "${out:?}/$name"
  cp -r "$src" "$out/$name"
  chmod -R u+w "$out/$name"
  # Keep the code and its licence; drop tests and upstream's repository files (.github, .gitignore…).
  (cd "$out/$name" &&
    find . -mindepth 1 -maxdepth 1 -name '.*' -exec rm -rf {} + &&
    find . -name '*_test.go' -delete &&
    find . -type d \( -name testdata -o -name cmd -o -name _tools -o -name bin -o -name _benchmark -o -name _test \) -prune -exec rm -rf {} + &&
    find . -type d -empty -delete) # git keeps no empty folders, so a clone would differ
  patch --quiet --no-backup-if-mismatch -d "$out/$name" -p2 <"third_party/patches/$name.patch"
done

if $check; then
  for m in "${modules[@]}"; do
    read -r name _ <<<"$m"
    diff -rq "third_party/$name" "$out/$name" >&2 ||
      { echo "third-party: third_party/$name is not upstream + patches/$name.patch; run scripts/third-party.sh and review" >&2; exit 1; }
  done
  echo "third-party: ok"
fi
