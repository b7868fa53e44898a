#!/usr/bin/env bash
# Install goreleaser (pinned) from the Go module proxy into a project-local GOBIN.
#
#   scripts/install-goreleaser.sh        # installs into ./.bin (or $ELLI_GOBIN)
#
# Idempotent: if .bin/goreleaser already is the pinned version, nothing is built.
# Prints the path of the goreleaser binary on stdout as its last line.
set -euo pipefail

GORELEASER_VERSION="${GORELEASER_VERSION:-v2.15.1}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN_DIR="${ELLI_GOBIN:-$ROOT/.bin}"
BIN="$BIN_DIR/goreleaser"

installed_version() {
	# `go version -m` reads the module version embedded at build time; it does
	# not execute the binary, so a broken or foreign binary is simply "none".
	[ -x "$BIN" ] || { echo none; return; }
	go version -m "$BIN" 2>/dev/null |
		awk '$1 == "mod" && $2 == "github.com/goreleaser/goreleaser/v2" { print $3; found=1 } END { if (!found) print "none" }'
}

have="$(installed_version)"
if [ "$have" = "$GORELEASER_VERSION" ]; then
	echo "goreleaser $GORELEASER_VERSION already installed at $BIN" >&2
else
	echo "installing goreleaser $GORELEASER_VERSION into $BIN_DIR (found: $have); this builds from source and can take several minutes" >&2
	mkdir -p "$BIN_DIR"
	# Build outside the project module so its go.mod/go.sum are never touched.
	(cd / && GOBIN="$BIN_DIR" GOFLAGS=-mod=mod CGO_ENABLED=0 \
		go install "github.com/goreleaser/goreleaser/v2@${GORELEASER_VERSION}")
	have="$(installed_version)"
	if [ "$have" != "$GORELEASER_VERSION" ]; then
		echo "error: installed goreleaser reports version '$have', want $GORELEASER_VERSION" >&2
		exit 1
	fi
fi
echo "$BIN"
