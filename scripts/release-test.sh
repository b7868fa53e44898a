#!/usr/bin/env bash
# Tests that scripts/release.sh leaves the developer's tree as it found it: goreleaser's before
# hooks write go.work, the patched modules and the completions/, manpages/ and pkgdocs/ folders
# into the tree, and a go.work left behind makes every later `go test` use the release build
# while `git status` stays clean (issue 21). A stand-in goreleaser runs the same hook
# (scripts/third-party.sh) and then fails, as a broken build would; release.sh must clean up
# either way. Run by .ci/run; takes a second or two (the patched modules come from the module
# cache).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/elli-release-test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "release-test: FAIL: $*" >&2; exit 1; }

# A tree with what release.sh and third-party.sh read: the scripts as they are in the work tree.
tree="$tmp/tree"
mkdir -p "$tree/third_party"
cp -r "$root/scripts" "$root/go.mod" "$root/go.sum" "$tree/"
cp -r "$root/third_party/patches" "$tree/third_party/"

# The stand-in: `check` and `--version` succeed; `release` runs the before hooks' writes, then
# fails with the tree in the state a real failed or finished build leaves it.
cat >"$tmp/goreleaser" <<'FAKE'
#!/usr/bin/env bash
set -e
case "$1" in
check | --version) exit 0 ;;
release)
  bash scripts/third-party.sh >/dev/null
  mkdir -p completions manpages pkgdocs
  echo "stand-in goreleaser: build failed" >&2
  exit 1
  ;;
esac
FAKE
chmod +x "$tmp/goreleaser"

run_release() {
  set +e
  (cd "$tree" && ELLI_GORELEASER="$tmp/goreleaser" GOWORK=off bash scripts/release.sh >"$tmp/out" 2>&1)
  local code=$?
  set -e
  [ "$code" -ne 0 ] || fail "release.sh succeeded with a goreleaser that fails"
}

# 1. A tree in the go install configuration stays in it.
run_release
for p in go.work go.work.sum third_party/chroma third_party/lipgloss completions manpages pkgdocs; do
  [ ! -e "$tree/$p" ] || fail "release.sh left $p in the tree: $(cat "$tmp/out")"
done
echo "release-test: ok: a failed release leaves no go.work, patched modules or hook folders"

# 2. A developer who had the release configuration (and a completions folder) keeps it.
(cd "$tree" && GOWORK=off bash scripts/third-party.sh >/dev/null)
mkdir -p "$tree/completions"
run_release
for p in go.work third_party/chroma third_party/lipgloss completions; do
  [ -e "$tree/$p" ] || fail "release.sh removed $p, which was there before it ran"
done
echo "release-test: ok: what was there before the release stays"
