#!/usr/bin/env bash
# Runs govulncheck over elli's packages as `go install` builds them (plain upstream modules,
# GOWORK=off: replaced modules have no version a vulnerability database can match).
#
# With the public vulnerability database reachable this is just
#   GOWORK=off go run golang.org/x/vuln/cmd/govulncheck@v1.9.0 ./...
# Where it is not (an offline or proxy-only machine), the script builds the database from the
# golang.org/x/vulndb module, which the Go module proxy serves like any module, and points
# govulncheck at it with -db. Extra arguments go to govulncheck (e.g. -show verbose).
# The exit code is govulncheck's: 0 clean, 3 when the code calls a known vulnerability.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOWORK=off
govulncheck=(go run golang.org/x/vuln/cmd/govulncheck@v1.9.0)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The public database first; any failure to fetch it falls through to the local one.
if "${govulncheck[@]}" "$@" ./... 2>"$work/err"; then
  exit 0
else
  code=$?
  if ! grep -q "fetching vulnerabilities" "$work/err"; then
    cat "$work/err" >&2
    exit "$code"
  fi
fi

echo "govulncheck.sh: the vulnerability database is unreachable; building it from golang.org/x/vulndb" >&2
src=$(go mod download -json golang.org/x/vulndb@latest | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$src/data/osv" ] || { echo "govulncheck.sh: could not download golang.org/x/vulndb" >&2; exit 1; }
cp -r "$src" "$work/vulndb" && chmod -R u+w "$work/vulndb"
(cd "$work/vulndb" && GOFLAGS=-mod=mod go build -o "$work/indexdb" ./cmd/indexdb)
"$work/indexdb" -vulns "$work/vulndb/data/osv" -out "$work/db"
echo "govulncheck.sh: database of $(ls "$work/vulndb/data/osv" | wc -l) entries, vulndb $(basename "$src" | sed 's/.*@//')" >&2
"${govulncheck[@]}" -db "file://$work/db" "$@" ./...
