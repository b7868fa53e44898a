#!/usr/bin/env bash
# Local, never-publishing release of elli with goreleaser.
#
#   scripts/release.sh --check-only   only `goreleaser check` (run by CI on every run)
#   scripts/release.sh                full snapshot release into ./dist, then smoke checks
#   scripts/release.sh --from-head    same, but built from a clean clone of HEAD
#                                     (ignores uncommitted edits in the work tree);
#                                     the resulting dist/ is moved to ./dist
#
# goreleaser itself is installed (pinned) by scripts/install-goreleaser.sh.
# Environment:
#   ELLI_MAX_BINARY_BYTES  size limit of the stripped linux/amd64 binary
#                          (default 20000000, i.e. 20 MB)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MAX_BYTES="${ELLI_MAX_BINARY_BYTES:-20000000}"

mode=release
from_head=0
for arg in "$@"; do
	case "$arg" in
	--check-only) mode=check ;;
	--from-head) from_head=1 ;;
	-h | --help)
		sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
		exit 0
		;;
	*)
		echo "release.sh: unknown argument: $arg (try --help)" >&2
		exit 2
		;;
	esac
done

log() { printf '==> %s\n' "$*" >&2; }
fail() {
	printf 'release.sh: FAIL: %s\n' "$*" >&2
	exit 1
}

GORELEASER="$("$ROOT/scripts/install-goreleaser.sh" | tail -n 1)"
[ -x "$GORELEASER" ] || fail "goreleaser not installed ($GORELEASER)"

# Never talk to an SCM or a tap, whatever the caller's environment holds.
unset GITHUB_TOKEN GITLAB_TOKEN GITEA_TOKEN

cd "$ROOT"
log "goreleaser check ($("$GORELEASER" --version 2>/dev/null | awk '/GitVersion/ {print $2}'))"
"$GORELEASER" check
if [ "$mode" = check ]; then
	exit 0
fi

# ---------------------------------------------------------------------------
# Snapshot release.
workdir="$ROOT"
cleanup_dirs=()
cleanup() {
	local d
	for d in "${cleanup_dirs[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT

if [ "$from_head" = 1 ]; then
	workdir="$(mktemp -d "${TMPDIR:-/tmp}/elli-release.XXXXXX")"
	cleanup_dirs+=("$workdir")
	log "cloning HEAD ($(git -C "$ROOT" rev-parse --short HEAD)) into $workdir"
	git clone --quiet --no-hardlinks "$ROOT" "$workdir/src"
	workdir="$workdir/src"
fi

log "goreleaser release --snapshot --clean (nothing is published)"
start=$(date +%s)
(cd "$workdir" && "$GORELEASER" release --snapshot --clean --skip=publish,announce,sign,notarize)
log "snapshot release took $(($(date +%s) - start))s"

if [ "$from_head" = 1 ]; then
	rm -rf "$ROOT/dist"
	mv "$workdir/dist" "$ROOT/dist"
fi
DIST="$ROOT/dist"

# ---------------------------------------------------------------------------
# Smoke checks on what was produced.
log "checking artifacts in $DIST"
[ -f "$DIST/metadata.json" ] || fail "dist/metadata.json missing"
VERSION="$(grep -o '"version":"[^"]*"' "$DIST/metadata.json" | head -n 1 | cut -d'"' -f4)"
[ -n "$VERSION" ] || fail "no version in dist/metadata.json"
log "snapshot version: $VERSION"

ok() { printf '  ok  %s\n' "$*"; }

# Archives: tar.gz for linux/darwin, zip for windows, amd64 and arm64 each.
for os in linux darwin windows; do
	ext=tar.gz
	[ "$os" = windows ] && ext=zip
	for arch in amd64 arm64; do
		a="$DIST/elli_${VERSION}_${os}_${arch}.${ext}"
		[ -s "$a" ] || fail "archive missing: $a"
		ok "archive $(basename "$a")"
	done
done
[ -s "$DIST/elli_${VERSION}_checksums.txt" ] || fail "checksums file missing"
(cd "$DIST" && sha256sum --quiet -c "elli_${VERSION}_checksums.txt") || fail "checksums do not verify"
ok "checksums elli_${VERSION}_checksums.txt"

# Linux amd64 archive: contents, then run the binary.
archive="$DIST/elli_${VERSION}_linux_amd64.tar.gz"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/elli-smoke.XXXXXX")"
cleanup_dirs+=("$tmp")
tar -xzf "$archive" -C "$tmp"
for f in elli README.md LICENSE completions/elli.bash completions/elli.zsh \
	completions/elli.fish completions/elli.ps1 manpages/elli.1.gz; do
	[ -s "$tmp/$f" ] || fail "$(basename "$archive") lacks $f"
done
gzip -t "$tmp/manpages/elli.1.gz" || fail "man page is not valid gzip"
ok "$(basename "$archive") holds elli, README.md, LICENSE, completions/*, manpages/elli.1.gz"

version_out="$(cd "$tmp" && ./elli version </dev/null 2>&1)" || fail "./elli version failed: $version_out"
printf '%s\n' "$version_out" | sed 's/^/      | /'
case "$version_out" in
*"$VERSION"*) ok "./elli version prints $VERSION" ;;
*) fail "./elli version does not print the snapshot version $VERSION" ;;
esac

# Write to a file rather than piping into head: head closing the pipe early
# would SIGPIPE elli and trip pipefail.
(cd "$tmp" && ./elli list </dev/null >"$tmp/list.out" 2>&1) || {
	cat "$tmp/list.out" >&2
	fail "./elli list failed"
}
[ -s "$tmp/list.out" ] || fail "./elli list printed nothing"
head -n 10 "$tmp/list.out" | sed 's/^/      | /'
ok "./elli list ($(wc -l <"$tmp/list.out") lines)"

# Linux packages, amd64 and arm64.
for fmt in deb rpm apk; do
	n=$(find "$DIST" -maxdepth 1 -name "*.${fmt}" | wc -l)
	[ "$n" -ge 2 ] || fail "expected 2 .${fmt} packages (amd64, arm64), found $n"
	ok "$n .${fmt} packages: $(find "$DIST" -maxdepth 1 -name "*.${fmt}" -printf '%f\n' | sort | tr '\n' ' ')"
done
if command -v dpkg-deb >/dev/null 2>&1; then
	deb="$(find "$DIST" -maxdepth 1 -name '*amd64.deb' | head -n 1)"
	listing="$(dpkg-deb -c "$deb")"
	for p in /usr/bin/elli /usr/share/bash-completion/completions/elli \
		/usr/share/zsh/vendor-completions/_elli /usr/share/fish/vendor_completions.d/elli.fish \
		/usr/share/man/man1/elli.1.gz /usr/share/doc/elli/copyright; do
		grep -q " \.${p}\$" <<<"$listing" || fail "$(basename "$deb") lacks $p"
	done
	ok "$(basename "$deb") installs binary, completions, man page and copyright"
fi

# Install each package into a scratch root (root only: package managers chown), run the
# installed binary, then remove the package and check it leaves nothing behind.
installed_runs() { # ROOT PACKAGE: the installed elli prints the snapshot version
	local out
	out="$("$1/usr/bin/elli" version </dev/null 2>&1)" || fail "$2: installed elli version failed: $out"
	case "$out" in *"$VERSION"*) ;; *) fail "$2: installed elli prints $out" ;; esac
}
if [ "$(id -u)" = 0 ] && command -v dpkg >/dev/null 2>&1; then
	deb="$(find "$DIST" -maxdepth 1 -name '*amd64.deb' | head -n 1)"
	root="$(mktemp -d "${TMPDIR:-/tmp}/elli-deb.XXXXXX")"
	cleanup_dirs+=("$root")
	mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" && touch "$root/var/lib/dpkg/status"
	dpkg --root="$root" --force-not-root --force-depends -i "$deb" >/dev/null || fail "dpkg -i $(basename "$deb")"
	installed_runs "$root" "$(basename "$deb")"
	dpkg --root="$root" -r elli >/dev/null || fail "dpkg -r elli"
	[ ! -e "$root/usr/bin/elli" ] || fail "dpkg -r elli left /usr/bin/elli"
	ok "$(basename "$deb") installs into a scratch root, runs, and removes cleanly"
fi
if [ "$(id -u)" = 0 ] && command -v rpm >/dev/null 2>&1; then
	rpmfile="$(find "$DIST" -maxdepth 1 -name '*x86_64.rpm' | head -n 1)"
	root="$(mktemp -d "${TMPDIR:-/tmp}/elli-rpm.XXXXXX")"
	cleanup_dirs+=("$root")
	rpm --root "$root" --initdb
	rpm --root "$root" -i --nodeps --noscripts "$rpmfile" 2>/dev/null || fail "rpm -i $(basename "$rpmfile")"
	for p in /usr/bin/elli /usr/share/bash-completion/completions/elli /usr/share/zsh/site-functions/_elli \
		/usr/share/fish/vendor_completions.d/elli.fish /usr/share/man/man1/elli.1.gz /usr/share/licenses/elli/LICENSE; do
		[ -s "$root$p" ] || fail "$(basename "$rpmfile") does not install $p"
	done
	installed_runs "$root" "$(basename "$rpmfile")"
	rpm --root "$root" -e elli 2>/dev/null || fail "rpm -e elli"
	[ ! -e "$root/usr/bin/elli" ] || fail "rpm -e elli left /usr/bin/elli"
	ok "$(basename "$rpmfile") installs binary, completions, man page and licence into a scratch root, runs, and removes cleanly"
fi

# Homebrew cask (written, never uploaded).
cask="$DIST/homebrew/Casks/elli.rb"
[ -s "$cask" ] || fail "cask missing: $cask"
for want in 'cask "elli"' "version \"$VERSION\"" 'binary "elli"' 'bash_completion "completions/elli.bash"' \
	'zsh_completion "completions/elli.zsh"' 'fish_completion "completions/elli.fish"' 'manpage "manpages/elli.1.gz"'; do
	grep -qF "$want" "$cask" || fail "cask lacks: $want"
done
ok "cask ${cask#"$ROOT"/}"

# Size of the stripped linux/amd64 binary.
bin="$(find "$DIST" -path '*elli_linux_amd64*' -type f -name elli | head -n 1)"
[ -n "$bin" ] || fail "linux/amd64 binary not found under dist/"
if go tool nm "$bin" >/dev/null 2>&1; then
	fail "$bin still has a symbol table (-s -w missing?)"
fi
for m in github.com/alecthomas/chroma/v2 charm.land/lipgloss/v2; do
	go version -m "$bin" | grep -A1 -F "dep	$m" | grep -q '=>' || fail "$bin does not use the patched $m (scripts/third-party.sh)"
done
ok "linux/amd64 binary built with the patched chroma and lipgloss (go version -m)"
size=$(stat -c %s "$bin")
printf '  ok  linux/amd64 binary %s: %d bytes (%.1f MB, limit %.1f MB), stripped\n' \
	"${bin#"$ROOT"/}" "$size" "$(awk -v s="$size" 'BEGIN{print s/1000000}')" "$(awk -v s="$MAX_BYTES" 'BEGIN{print s/1000000}')"
[ "$size" -le "$MAX_BYTES" ] || fail "linux/amd64 binary is $size bytes, over the $MAX_BYTES limit"

log "snapshot release $VERSION: all checks passed"
