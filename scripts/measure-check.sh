#!/usr/bin/env bash
# Measures elli check against kubeconform on the two trees scripts/checktree writes, the same
# ones BenchmarkScanTree and BenchmarkScanDenseTree scan:
# - sparse: 10,000 files of a Deployment and a Service each (7.0 MB), nothing to report, so
#   elli skips every document before parsing;
# - dense (checktree --dense): 10,000 files of a Deployment as kubectl get -o yaml prints it,
#   each with the deprecated AppArmor annotation, and a Service (16.9 MB): every file has a
#   finding, every Deployment is parsed and reported;
# - small (checktree --small): 10,000 files of a short Deployment with the AppArmor annotation
#   and a Service (6.8 MB): every file has a finding, and what a file costs (open, read, close,
#   the hand-offs between goroutines) weighs most.
# kubeconform only parses (-skip Deployment,Service), with as many workers as elli (-n 2 on
# the 2-core CI machine). Each round quotes, per tree, the ratio and both MB/s from hyperfine's
# medians (the two commands run one after the other), and their CPU times, which other load on
# a shared machine disturbs less. Then elli's peak memory (GNU time's %M, the largest of three
# runs) on 1,000, 10,000 and 20,000 files of each tree, which should not grow with the tree.
# Needs hyperfine and GNU time (apt-get install hyperfine time); installs kubeconform with go.
# ROUNDS=N repeats the timing N times (default 2), for a machine whose load changes.
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
for n in 1000 10000 20000; do
  go run ./scripts/checktree "$work/sparse$n" "$n" >"$work/sparse$n.txt"
  go run ./scripts/checktree --dense "$work/dense$n" "$n" >"$work/dense$n.txt"
  go run ./scripts/checktree --small "$work/small$n" "$n" >"$work/small$n.txt"
done

for round in $(seq "${ROUNDS:-2}"); do
  for tree in sparse dense small; do
    # the bytes of the files themselves, as checktree counts them (du would add the folders)
    bytes=$(sed -n 's/^10000 files, \([0-9]*\) bytes$/\1/p' "$work/${tree}10000.txt")
    hyperfine -N --warmup 2 --runs "${RUNS:-15}" --export-json "$work/hf.json" \
      "$kubeconform -summary -skip Deployment,Service -n 2 $work/${tree}10000" \
      "$work/elli check $work/${tree}10000 --json --to latest" >/dev/null
    python3 - "$work/hf.json" "$bytes" "$round" "$tree" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
kc, elli = r[0]["median"], r[1]["median"]
mb = int(sys.argv[2]) / 1e6
print(f"round {sys.argv[3]}, {sys.argv[4]} tree ({mb:.1f} MB): kubeconform {kc * 1000:.0f} ms ({mb / kc:.1f} MB/s), "
      f"elli check {elli * 1000:.0f} ms ({mb / elli:.1f} MB/s): elli is {kc / elli:.1f}x faster "
      f"(ranges: kubeconform {r[0]['min'] * 1000:.0f}-{r[0]['max'] * 1000:.0f} ms, elli {r[1]['min'] * 1000:.0f}-{r[1]['max'] * 1000:.0f} ms)")
# CPU time (user + system, means) suffers less from other load on a shared machine
kcpu, ecpu = r[0]["user"] + r[0]["system"], r[1]["user"] + r[1]["system"]
print(f"    CPU: kubeconform {kcpu * 1000:.0f} ms, elli check {ecpu * 1000:.0f} ms: {kcpu / ecpu:.1f}x less")
PY
  done
done
for tree in sparse dense small; do
  for n in 1000 10000 20000; do
    peak=0
    for _ in 1 2 3; do
      kib=$(/usr/bin/time -f %M "$work/elli" check "$work/$tree$n" --json --to latest 2>&1 >/dev/null | tail -1)
      [ "$kib" -gt "$peak" ] && peak=$kib
    done
    echo "elli check --json, $tree tree of $n files: peak RSS $((peak / 1024)) MiB ($peak KiB)"
  done
done
