#!/usr/bin/env bash
# Local, never-publishing release of elli with goreleaser.
#
#   scripts/release.sh --check-only   only `goreleaser check` (run by CI on every run)
#   scripts/release.sh                full snapshot release into ./dist, then smoke checks
#   scripts/release.sh --one-target   the same for linux/amd64 only (CI runs it): the archive,
#                                     .deb, .rpm and .apk, lintian and the size limit; no cask,
#                                     krew manifest or other platforms' archives
#   scripts/release.sh --from-head    same, but built from a clean clone of HEAD
#                                     (ignores uncommitted edits in the work tree);
#                                     the resulting dist/ is moved to ./dist
#
# goreleaser itself is installed (pinned) by scripts/install-goreleaser.sh.
# goreleaser's before hooks write the release configuration (go.work and the patched modules,
# scripts/third-party.sh) and completions/, manpages/ and pkgdocs/ into the tree; whatever of
# these was not there before the run is removed when it ends, however it ends, so later `go
# test` runs do not silently use the release build (scripts/release-test.sh checks this).
# Environment:
#   ELLI_MAX_BINARY_BYTES  size limit of the stripped linux/amd64 binary
#                          (default 22000000, i.e. 22 MB)
#   ELLI_GORELEASER        a goreleaser binary to use instead of the pinned one (tests)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# 22 MB: the release binary is 21.14 MB with the road off 1.31 (it was 20.70 MB without it).
# Before the Chinese edition it was 14.97 MB; the Chinese pages with their part of the generated
# snapshot and the CJK search index add 2.06 MB (a build without the *.zh.md files was 18.64 MB;
# issue 13 allows 3 MB), and elli check and --jq (gojq) most of the rest. The limit keeps about
# 0.9 MB of room; raise it only with a measured reason.
MAX_BYTES="${ELLI_MAX_BINARY_BYTES:-22000000}"

mode=release
from_head=0
one_target=0
for arg in "$@"; do
	case "$arg" in
	--check-only) mode=check ;;
	--one-target) one_target=1 ;;
	--from-head) from_head=1 ;;
	-h | --help)
		sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
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

GORELEASER="${ELLI_GORELEASER:-$("$ROOT/scripts/install-goreleaser.sh" | tail -n 1)}"
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
# What the before hooks write into the tree (all git-ignored). What exists now is the
# developer's and stays; the rest goes at exit. The release configuration is removed by its
# own script, which knows every file it writes.
had_release_config=0
[ -e "$ROOT/go.work" ] && had_release_config=1
for d in completions manpages pkgdocs; do
	[ -e "$ROOT/$d" ] || cleanup_dirs+=("$ROOT/$d")
done
cleanup() {
	local d
	for d in "${cleanup_dirs[@]}"; do rm -rf "$d"; done
	if [ "$had_release_config" = 0 ] && [ -e "$ROOT/go.work" ]; then
		bash "$ROOT/scripts/third-party.sh" --off >/dev/null || echo "release.sh: could not remove go.work and third_party copies: run scripts/third-party.sh --off" >&2
	fi
}
trap cleanup EXIT

if [ "$from_head" = 1 ]; then
	workdir="$(mktemp -d "${TMPDIR:-/tmp}/elli-release.XXXXXX")"
	cleanup_dirs+=("$workdir")
	log "cloning HEAD ($(git -C "$ROOT" rev-parse --short HEAD)) into $workdir"
	git clone --quiet --no-hardlinks "$ROOT" "$workdir/src"
	workdir="$workdir/src"
fi

config=.goreleaser.yaml
skip=publish,announce,sign,notarize
if [ "$one_target" = 1 ]; then
	# goreleaser release has no --single-target (only goreleaser build has): a copy of the
	# configuration whose builds list only linux and amd64, without the krew manifest, and no
	# cask (--skip=homebrew): both want the other platforms' archives
	config=.goreleaser.one-target.yaml
	cleanup_dirs+=("$workdir/$config")
	python3 - "$workdir/.goreleaser.yaml" "$workdir/$config" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
for key, keep in (("goos", "linux"), ("goarch", "amd64")):
    src, n = re.subn(r"(?m)^(\s+)%s:\n(?:\1  - \w+\n)+" % key, lambda m: "%s%s:\n%s  - %s\n" % (m.group(1), key, m.group(1), keep), src)
    if n < 2:
        sys.exit("release.sh: .goreleaser.yaml has %d %s lists, want one a build" % (n, key))
src, n = re.subn(r"(?ms)^krews:\n.*?(?=^\S)", "", src)
if n != 1:
    sys.exit("release.sh: .goreleaser.yaml has %d krews sections, want 1" % n)
open(sys.argv[2], "w").write(src)
PY
	skip=$skip,homebrew
fi

log "goreleaser release --snapshot --clean -f $config (nothing is published)"
start=$(date +%s)
(cd "$workdir" && "$GORELEASER" release --snapshot --clean -f "$config" --skip="$skip")
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
oses="linux darwin windows" arches="amd64 arm64"
[ "$one_target" = 0 ] || oses=linux arches=amd64
for os in $oses; do
	ext=tar.gz
	[ "$os" = windows ] && ext=zip
	for arch in $arches; do
		a="$DIST/elli_${VERSION}_${os}_${arch}.${ext}"
		[ -s "$a" ] || fail "archive missing: $a"
		ok "archive $(basename "$a")"
	done
done
[ -s "$DIST/elli_${VERSION}_checksums.txt" ] || fail "checksums file missing"
(cd "$DIST" && sha256sum --quiet -c "elli_${VERSION}_checksums.txt") || fail "checksums do not verify"
ok "checksums elli_${VERSION}_checksums.txt"

# Linux amd64 archive: one folder, its contents, then run the binary.
archive="$DIST/elli_${VERSION}_linux_amd64.tar.gz"
top="elli_${VERSION}_linux_amd64"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/elli-smoke.XXXXXX")"
cleanup_dirs+=("$tmp")
outside="$(tar -tzf "$archive" | grep -v "^${top}/" || true)"
[ -z "$outside" ] || fail "$(basename "$archive") has entries outside $top/: $outside"
[ "$one_target" = 1 ] || zip_outside="$(unzip -Z1 "$DIST/elli_${VERSION}_windows_amd64.zip" 2>/dev/null | grep -v "^elli_${VERSION}_windows_amd64/" || true)"
[ -z "${zip_outside:-}" ] || fail "the Windows zip has entries outside its folder: $zip_outside"
tar -xzf "$archive" -C "$tmp"
[ "$(ls "$tmp")" = "$top" ] || fail "tar -xzf $(basename "$archive") made $(ls "$tmp" | tr '\n' ' '), want one folder $top"
tmp="$tmp/$top"
for f in elli README.md LICENSE THIRD_PARTY_NOTICES SCHEMA.md completions/elli.bash completions/elli.zsh \
	completions/elli.fish completions/elli.ps1 manpages/elli.1.gz manpages/kubectl-elli.1.gz; do
	[ -s "$tmp/$f" ] || fail "$(basename "$archive") lacks $f"
done
gzip -t "$tmp/manpages/elli.1.gz" || fail "man page is not valid gzip"
# each page read from a file: grep -q or sed stopping early would end gzip with SIGPIPE, which
# pipefail turns into a failure
gzip -dc "$tmp/manpages/elli.1.gz" >"$tmp/elli.1"
gzip -dc "$tmp/manpages/kubectl-elli.1.gz" >"$tmp/kubectl-elli.1" || fail "kubectl-elli's man page is not valid gzip"
for section in SYNOPSIS OPTIONS COMMANDS KEYS 'SEARCH SYNTAX' JSON 'EXIT STATUS' ENVIRONMENT FILES EXAMPLES 'SEE ALSO'; do
	grep -q "^\.SH $section\$" "$tmp/elli.1" || fail "the man page lacks $section"
done
# the page's text without roff's font changes and with its minus signs as hyphens
sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' "$tmp/elli.1" | grep -F -- '-v, --version' >/dev/null ||
	fail "the man page lacks -v, --version"
sed -n 1p "$tmp/elli.1" | grep -qE '^\.TH ELLI 1 "20[0-9]{2}-[0-9]{2}-[0-9]{2}"' ||
	fail "the man page has no date: $(sed -n 1p "$tmp/elli.1")"
sed -n 1p "$tmp/kubectl-elli.1" | grep -qE '^\.TH KUBECTL-ELLI 1 "20[0-9]{2}-[0-9]{2}-[0-9]{2}"' ||
	fail "kubectl-elli's man page is not its own: $(sed -n 1p "$tmp/kubectl-elli.1")"
rm "$tmp/elli.1" "$tmp/kubectl-elli.1"
ok "$(basename "$archive") unpacks into $top/ with elli, README.md, LICENSE, THIRD_PARTY_NOTICES, SCHEMA.md, completions/*, manpages/elli.1.gz (every section), manpages/kubectl-elli.1.gz"

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
	want=2
	[ "$one_target" = 0 ] || want=1
	[ "$n" -ge "$want" ] || fail "expected $want .${fmt} packages ($arches), found $n"
	ok "$n .${fmt} packages: $(find "$DIST" -maxdepth 1 -name "*.${fmt}" -printf '%f\n' | sort | tr '\n' ' ')"
done

# The tools the package checks need: installed when this is a Debian-like machine and we are
# root, else each check below says it was skipped. Nothing is skipped silently.
skipped() { printf '  --  skipped: %s\n' "$*"; }
want_tool() { # COMMAND PACKAGE: install PACKAGE with apt-get if COMMAND is missing and we can
	command -v "$1" >/dev/null 2>&1 && return 0
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		log "installing $2 (for $1)"
		{ apt-get install -y -qq "$2" || { apt-get update -qq && apt-get install -y -qq "$2"; }; } >/dev/null 2>&1 || true
	fi
	command -v "$1" >/dev/null 2>&1
}

deb="$(find "$DIST" -maxdepth 1 -name '*amd64.deb' | head -n 1)"
if want_tool dpkg-deb dpkg; then
	listing="$(dpkg-deb -c "$deb")"
	for p in /usr/bin/elli /usr/share/bash-completion/completions/elli \
		/usr/share/zsh/vendor-completions/_elli /usr/share/fish/vendor_completions.d/elli.fish \
		/usr/share/man/man1/elli.1.gz /usr/share/man/man1/kubectl-elli.1.gz /usr/share/doc/elli/copyright /usr/share/doc/elli/THIRD_PARTY_NOTICES \
		/usr/share/doc/elli/changelog.Debian.gz \
		/usr/share/doc/elli/README.md /usr/share/doc/elli/SCHEMA.md; do
		grep -q " \.${p}\$" <<<"$listing" || fail "$(basename "$deb") lacks $p"
	done
	ok "$(basename "$deb") installs binary, completions, man page, copyright, THIRD_PARTY_NOTICES, changelog, README.md and SCHEMA.md"
	suggests="$(dpkg-deb -f "$deb" Suggests)"
	for p in less bash-completion; do
		grep -qw -- "$p" <<<"$suggests" || fail "$(basename "$deb") does not suggest $p (Suggests: $suggests)"
	done
	ok "$(basename "$deb") suggests $suggests"
else
	skipped "the .deb's contents: dpkg-deb is not installed"
fi

# lintian, Debian's package checker, when it is installed (apt-get install lintian): any error
# fails the release; warnings are shown.
if command -v lintian >/dev/null 2>&1; then
	lint="$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v 'running with root privileges')" || true
	[ -z "$lint" ] || printf '%s\n' "$lint" | sed 's/^/      | /'
	if grep -q '^E: ' <<<"$lint"; then
		fail "lintian reports errors on $(basename "$deb")"
	fi
	ok "lintian: no errors on $(basename "$deb") ($(grep -c '^W: ' <<<"$lint" || true) warnings)"
else
	skipped "lintian is not installed (apt-get install lintian)"
fi

# The .apk's metadata: every line of .PKGINFO is "key = value", so the description is one line.
apkfile="$(find "$DIST" -maxdepth 1 -name '*x86_64.apk' | head -n 1)"
pkginfo="$(tar -xzOf "$apkfile" .PKGINFO 2>/dev/null)" || fail "$(basename "$apkfile") has no .PKGINFO"
bad="$(grep -vE '^(#|[a-z_]+ = )' <<<"$pkginfo" || true)"
[ -z "$bad" ] || fail "$(basename "$apkfile") .PKGINFO has lines that are not key = value: $bad"
[ "$(grep -c '^pkgdesc = ' <<<"$pkginfo")" = 1 ] || fail "$(basename "$apkfile") has no one-line pkgdesc"
apk_files="$(tar -tzf "$apkfile" 2>/dev/null)"
for p in usr/bin/elli usr/share/doc/elli/README.md usr/share/doc/elli/SCHEMA.md usr/share/man/man1/elli.1.gz \
	usr/share/man/man1/kubectl-elli.1.gz \
	usr/share/licenses/elli/THIRD_PARTY_NOTICES; do
	grep -qx "$p" <<<"$apk_files" || fail "$(basename "$apkfile") lacks /$p"
done
ok "$(basename "$apkfile"): one-line description, binary, man page, README.md and SCHEMA.md"

# Install each package into a scratch root (root only: package managers chown), run the
# installed binary, then remove the package and check it leaves nothing behind.
installed_runs() { # ROOT PACKAGE: the installed elli prints the snapshot version
	local out
	out="$("$1/usr/bin/elli" version </dev/null 2>&1)" || fail "$2: installed elli version failed: $out"
	case "$out" in *"$VERSION"*) ;; *) fail "$2: installed elli prints $out" ;; esac
}
if [ "$(id -u)" != 0 ]; then
	skipped "installing the .deb and .rpm into scratch roots: package managers need root"
elif ! command -v dpkg >/dev/null 2>&1; then
	skipped "installing the .deb: dpkg is not installed"
else
	root="$(mktemp -d "${TMPDIR:-/tmp}/elli-deb.XXXXXX")"
	cleanup_dirs+=("$root")
	mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" && touch "$root/var/lib/dpkg/status"
	dpkg --root="$root" --force-not-root --force-depends -i "$deb" >/dev/null || fail "dpkg -i $(basename "$deb")"
	installed_runs "$root" "$(basename "$deb")"
	dpkg --root="$root" -r elli >/dev/null || fail "dpkg -r elli"
	[ ! -e "$root/usr/bin/elli" ] || fail "dpkg -r elli left /usr/bin/elli"
	ok "$(basename "$deb") installs into a scratch root, runs, and removes cleanly"
fi
if [ "$(id -u)" != 0 ]; then
	: # said above
elif ! want_tool rpm rpm; then
	skipped "installing the .rpm: rpm is not installed and could not be"
else
	rpmfile="$(find "$DIST" -maxdepth 1 -name '*x86_64.rpm' | head -n 1)"
	root="$(mktemp -d "${TMPDIR:-/tmp}/elli-rpm.XXXXXX")"
	cleanup_dirs+=("$root")
	rpm --root "$root" --initdb
	rpm --root "$root" -i --nodeps --noscripts "$rpmfile" 2>/dev/null || fail "rpm -i $(basename "$rpmfile")"
	for p in less bash-completion; do
		rpm -qp --suggests "$rpmfile" 2>/dev/null | grep -qx -- "$p" || fail "$(basename "$rpmfile") does not suggest $p"
	done
	for p in /usr/bin/elli /usr/share/bash-completion/completions/elli /usr/share/zsh/site-functions/_elli \
		/usr/share/fish/vendor_completions.d/elli.fish /usr/share/man/man1/elli.1.gz /usr/share/licenses/elli/LICENSE /usr/share/licenses/elli/THIRD_PARTY_NOTICES \
		/usr/share/doc/elli/README.md /usr/share/doc/elli/SCHEMA.md; do
		[ -s "$root$p" ] || fail "$(basename "$rpmfile") does not install $p"
	done
	installed_runs "$root" "$(basename "$rpmfile")"
	rpm --root "$root" -e elli 2>/dev/null || fail "rpm -e elli"
	[ ! -e "$root/usr/bin/elli" ] || fail "rpm -e elli left /usr/bin/elli"
	ok "$(basename "$rpmfile") installs binary, completions, man page, licence and docs into a scratch root, runs, and removes cleanly"
fi

# Homebrew cask (written, never uploaded).
cask="$DIST/homebrew/Casks/elli.rb"
if [ "$one_target" = 1 ]; then
	skipped "the Homebrew cask: --one-target builds no macOS archive"
else
[ -s "$cask" ] || fail "cask missing: $cask"
for want in 'cask "elli"' "version \"$VERSION\"" 'binary "elli"' 'bash_completion "completions/elli.bash"' \
	'zsh_completion "completions/elli.zsh"' 'fish_completion "completions/elli.fish"' 'manpage "manpages/elli.1.gz"' \
	'rename "elli_*/manpages", "manpages"' 'rename "elli_*/completions", "completions"' \
	"rename \"elli_${VERSION}_darwin_arm64/elli\", \"elli\""; do
	grep -qF "$want" "$cask" || fail "cask lacks: $want"
done
ok "cask ${cask#"$ROOT"/}"
fi

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
