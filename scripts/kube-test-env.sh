#!/usr/bin/env bash
# The real control plane that the cluster scan's tests run against (issue 23): etcd from
# Debian's etcd-server package and kube-apiserver v1.31 built from the k8s.io/kubernetes module.
#
#   scripts/kube-test-env.sh            # install etcd, build kube-apiserver; print the env lines
#   eval "$(scripts/kube-test-env.sh)"  # then go test ./data/cluster runs the real-server tests
#
# kube-apiserver is built from a small wrapper module in a cache folder outside the repository:
# k8s.io/kubernetes cannot be required as is, since its go.mod points every staging module
# (k8s.io/api, k8s.io/apimachinery, ...) at ./staging; the wrapper replaces each of those, read
# from that same go.mod, with its own v0.<minor>.<patch> release. The build takes about six
# CPU-minutes once; the binary is kept in the cache folder (and Go's build cache keeps the
# packages), so a second run only checks the version and prints.
#
# Idempotent. Nothing here starts a server: the tests start etcd and kube-apiserver on free
# loopback ports in a temporary folder and stop them (data/cluster/kubetest).
set -euo pipefail

SELF="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
KUBE_VERSION="${KUBE_VERSION:-v1.31.14}"
CACHE="${ELLI_KUBE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/elli/kube-test-env}/$KUBE_VERSION"
BIN="$CACHE/bin/kube-apiserver"

log() { printf 'kube-test-env: %s\n' "$*" >&2; }

# etcd: Debian's etcd-server (3.4 speaks the v3 API that kube-apiserver 1.31 uses).
ETCD="$(command -v etcd || true)"
if [ -z "$ETCD" ]; then
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
		log "installing etcd-server with apt-get"
		apt-get update -qq >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq etcd-server >&2
		ETCD="$(command -v etcd)"
	else
		log "etcd is not installed and apt-get cannot run here: install Debian's etcd-server"
		exit 1
	fi
fi

built_version() {
	# go version -m reads the build info without running the binary.
	[ -x "$BIN" ] || { echo none; return; }
	go version -m "$BIN" 2>/dev/null |
		awk '($1 == "mod" || $1 == "dep") && $2 == "k8s.io/kubernetes" { print $3; found=1 } END { if (!found) print "none" }'
}

if [ "$(built_version)" != "$KUBE_VERSION" ]; then
	mkdir -p "$CACHE/wrapper" "$CACHE/bin"
	cd "$CACHE/wrapper"
	staging_version="v0.${KUBE_VERSION#v1.}"
	log "building kube-apiserver $KUBE_VERSION in $CACHE (once; several CPU-minutes)"
	# k8s.io/kubernetes's own go.mod names its staging modules in replace lines.
	gomod="$(cd "$CACHE/wrapper" && GOFLAGS=-mod=mod go mod download -json "k8s.io/kubernetes@$KUBE_VERSION" |
		sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p')"
	[ -r "$gomod" ] || { log "cannot read k8s.io/kubernetes@$KUBE_VERSION's go.mod"; exit 1; }
	mapfile -t staging < <(awk '$2 == "=>" && $3 ~ /^\.\/staging\// { print $1 }' "$gomod")
	[ "${#staging[@]}" -gt 10 ] || { log "found ${#staging[@]} staging modules in $gomod, expected about 30"; exit 1; }
	{
		echo "module elli.test/kube-test-env"
		echo
		echo "go 1.22.0"
		echo
		echo "require k8s.io/kubernetes $KUBE_VERSION"
		echo
		echo "replace ("
		for m in "${staging[@]}"; do
			echo "	$m => $m $staging_version"
		done
		echo ")"
	} >go.mod
	cat >tools.go <<'EOF'
//go:build tools

package tools

import _ "k8s.io/kubernetes/cmd/kube-apiserver"
EOF
	GOFLAGS=-mod=mod GOWORK=off go mod tidy >&2
	# -trimpath keeps the build cacheable; the version is stamped as Kubernetes' own build does
	# (hack/lib/version.sh), or the server reports v0.0.0-master and the scan cannot frame it.
	minor="${KUBE_VERSION#v1.}"
	minor="${minor%%.*}"
	pkg=k8s.io/component-base/version
	ldflags="-X $pkg.gitVersion=$KUBE_VERSION -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor -X $pkg.gitTreeState=clean"
	GOWORK=off CGO_ENABLED=0 nice -n 10 go build -trimpath -ldflags "$ldflags" -o "$BIN.tmp" k8s.io/kubernetes/cmd/kube-apiserver
	mv "$BIN.tmp" "$BIN"
	have="$(built_version)"
	[ "$have" = "$KUBE_VERSION" ] || { log "built kube-apiserver reports $have, want $KUBE_VERSION"; exit 1; }
fi
# a binary built before the version was stamped is built again
if ! "$BIN" --version 2>/dev/null | grep -qx "Kubernetes $KUBE_VERSION"; then
	[ -z "${ELLI_KUBE_REBUILT:-}" ] || { log "kube-apiserver does not report $KUBE_VERSION after a build"; exit 1; }
	rm -f "$BIN"
	ELLI_KUBE_REBUILT=1 exec bash "$SELF" "$@"
fi

echo "export ELLI_TEST_ETCD=$ETCD"
echo "export ELLI_TEST_KUBE_APISERVER=$BIN"
