#!/usr/bin/env bash
# Write the changelog the packages carry, in the chglog YAML that nfpm turns into the .deb's
# /usr/share/doc/elli/changelog.Debian.gz (and the .rpm's %changelog).
#
#   scripts/package-changelog.sh VERSION DATE > FILE
#
# VERSION is goreleaser's {{ .Version }} (1.2.3, or 1.2.4-next for a snapshot); the entry is
# written for the Debian version nfpm derives from it (1.2.4~next-1), so that the changelog's
# newest entry matches the package. DATE is the commit date (RFC 3339), which keeps the
# package reproducible.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 VERSION DATE" >&2; exit 2; }
version=${1#v}
date=$2
# semver's pre-release (after the first "-") sorts before the release; in Debian, "~" does that.
case "$version" in
*-*) deb="${version%%-*}~${version#*-}" ;;
*) deb=$version ;;
esac
cat <<YAML
- semver: ${deb}-1
  date: ${date}
  packager: The elli authors <maintainers@elli-k8s.invalid>
  deb:
    urgency: medium
    distributions:
      - unstable
  changes:
    - note: "Release ${version}; see https://github.com/elli-k8s/elli/releases"
YAML
