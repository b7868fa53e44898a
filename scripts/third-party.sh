#!/usr/bin/env bash
# The release configuration: two upstream modules with their start-up work made cheaper by a
# small patch each (see third_party/README.md). This script writes, from the Go module cache
# plus third_party/patches/<name>.patch:
#   third_party/<name>/   the upstream release with the patch applied
#   go.work               `use .` and a replace of each module by its patched copy
# None of these is committed (.gitignore): a clone without them builds against plain upstream,
# exactly as `go install` and packagers do. Release builds (goreleaser's before hook) and CI
# run this script first.
#
#   scripts/third-party.sh             write the patched copies and go.work
#   scripts/third-party.sh --off       remove them: back to the `go install` configuration
#   scripts/third-party.sh --into DIR  write them under DIR instead (DIR/go.work uses this
#                                      tree), leaving the tree alone: GOWORK=DIR/go.work go build
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=third_party
work=$root/go.work
if [ "${1:-}" = --into ]; then
  [ -n "${2:-}" ] || { echo "third-party: --into needs a directory" >&2; exit 2; }
  mkdir -p "$2"
  out=$(cd "$2" && pwd)
  work=$out/go.work
fi

# name, module path, version: the version a patch was made against, which must be the one
# go.mod selects; otherwise the script stops rather than apply a patch to another release.
modules=(
  "chroma github.com/alecthomas/chroma/v2 v2.27.0"
  "lipgloss charm.land/lipgloss/v2 v2.1.1"
)

for m in "${modules[@]}"; do
  read -r name _ <<<"$m"
  rm -rf "${out:?}/${name:?}"
done
rm -f "$work" "$work.sum"
if [ "${1:-}" = --off ]; then
  echo "third-party: removed the patched copies and go.work; builds use plain upstream"
  exit 0
fi

replaces=""
for m in "${modules[@]}"; do
  read -r name path version <<<"$m"
  selected=$(GOWORK=off go list -m -f '{{.Version}}' "$path")
  if [ "$selected" != "$version" ]; then
    echo "third-party: go.mod selects $path $selected, but patches/$name.patch is for $version;" \
      "redo the patch on $selected (third_party/README.md, Upgrading) or drop it" >&2
    exit 1
  fi
  src=$(GOWORK=off go mod download -json "$path@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$src" ] || { echo "third-party: could not download $path@$version" >&2; exit 1; }
  cp -r "$src" "$out/$name"
  chmod -R u+w "$out/$name"
  if ! patch --quiet --forward --no-backup-if-mismatch -d "$out/$name" -p2 <"third_party/patches/$name.patch"; then
    echo "third-party: patches/$name.patch does not apply cleanly to $path $version" >&2
    exit 1
  fi
  if [ "$out" = third_party ]; then
    replaces+=$'\t'"$path $version => ./third_party/$name"$'\n'
  else
    replaces+=$'\t'"$path $version => $out/$name"$'\n'
  fi
done
use=.
[ "$out" = third_party ] || use=$root

goversion=$(GOWORK=off go list -m -f '{{.GoVersion}}')
cat >"$work" <<EOF
// Written by scripts/third-party.sh; not committed. It builds elli with the patched copies
// in third_party/ (see third_party/README.md), as release archives are built. Remove it with
// scripts/third-party.sh --off to build as \`go install\` does.
go $goversion

use $use

replace (
$replaces)
EOF
GOWORK=$work go list -m all >/dev/null # resolves the workspace, and fails here if a copy is unusable
echo "third-party: wrote $out/{$(printf '%s\n' "${modules[@]}" | cut -d' ' -f1 | paste -sd,)} and $work"
