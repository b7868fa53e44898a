#!/usr/bin/env bash
# Measures elli check against kubeconform on the tree the issue names: 10,000 files of a
# Deployment and a Service each (about 7.7 MB, written by scripts/checktree, the same tree
# BenchmarkScanTree scans), kubeconform only parsing (-skip Deployment,Service). Quotes the
# ratio and elli's MB/s from hyperfine's medians, and peak memory on 10,000 and 20,000 files
# (/usr/bin/time -v), which should not grow with the tree.
# Needs hyperfine and GNU time (apt-get install hyperfine time); installs kubeconform with go.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/elli" .
kubeconform=$(command -v kubeconform || true)
if [ -z "$kubeconform" ]; then
  GOBIN="$work" GOFLAGS= go install github.com/yannh/kubeconform/cmd/kubeconform@latest
  kubeconform=$work/kubeconform
fi
go run ./scripts/checktree "$work/tree10k" 10000
go run ./scripts/checktree "$work/tree20k" 20000
bytes=$(du -sb --apparent-size "$work/tree10k" | cut -f1)

hyperfine -N --warmup 2 --runs "${RUNS:-15}" --export-json "$work/hf.json" \
  "$kubeconform -summary -skip Deployment,Service -n 2 $work/tree10k" \
  "$work/elli check $work/tree10k --json"
python3 - "$work/hf.json" "$bytes" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
kc, elli = r[0]["median"], r[1]["median"]
mb = int(sys.argv[2]) / 1e6
print(f"medians: kubeconform {kc * 1000:.0f} ms ({mb / kc:.1f} MB/s), elli check {elli * 1000:.0f} ms ({mb / elli:.1f} MB/s): elli is {kc / elli:.1f}x faster")
PY
for n in 10k 20k; do
  /usr/bin/time -v "$work/elli" check "$work/tree$n" --json 2>"$work/time$n" >/dev/null
  echo "elli check, $n files: peak RSS $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time$n") KiB"
done
