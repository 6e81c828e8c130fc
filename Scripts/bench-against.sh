#!/usr/bin/env bash
# Compares the router's speed at this checkout with an earlier commit, in one run on one machine.
#
#   Scripts/bench-against.sh COMMIT [ROUNDS] [SIZES]
#
# Builds deeplink-bench in release at COMMIT (in a temporary worktree) and here, then runs the two
# alternately ROUNDS times (default 5) on the same table sizes (default 10,100,1000,10000) without the
# audit, and prints, per size and metric, the median time of each and their ratio (now / then; below
# 1.00 is faster). The UTF-8 scan, which neither commit's router touches, is the control: its ratio
# shows how much the machine itself drifted between runs, and a ratio within that drift is noise.
set -euo pipefail
cd "$(dirname "$0")/.."
commit="${1:?usage: Scripts/bench-against.sh COMMIT [ROUNDS] [SIZES]}"
rounds="${2:-5}"
sizes="${3:-10,100,1000,10000}"
case "$rounds" in '' | *[!0-9]*) echo "ROUNDS must be a number" >&2; exit 2 ;; esac
[ "$rounds" -ge 1 ] && [ "$rounds" -le 50 ] || { echo "ROUNDS must be 1 to 50" >&2; exit 2; }

base="$(mktemp -d)"
results="$(mktemp -d)"
cleanup() {
  git worktree remove --force "$base/tree" >/dev/null 2>&1 || true
  rm -rf "$base" "$results"
}
trap cleanup EXIT
git worktree add --detach "$base/tree" "$commit" >/dev/null

echo "== building deeplink-bench (release) at $commit and here" >&2
(cd "$base/tree" && swift build -c release --product deeplink-bench >/dev/null)
# The bench's own sources are touched first: an incremental release build may keep, in the bench's
# objects, the body of a small public function that cross-module optimisation inlined from the library
# (`Router.match(_: URL)`), after the library changed it.
touch Sources/deeplink-bench/*.swift
swift build -c release --product deeplink-bench >/dev/null
then_bench="$base/tree/.build/release/deeplink-bench"
now_bench="$PWD/.build/release/deeplink-bench"

for round in $(seq 1 "$rounds"); do
  echo "== round $round of $rounds" >&2
  "$then_bench" --sizes "$sizes" --no-audit | tail -n 1 >"$results/then-$round.json"
  "$now_bench" --sizes "$sizes" --no-audit | tail -n 1 >"$results/now-$round.json"
done

python3 - "$results" "$rounds" "$commit" <<'EOF'
import json, statistics, sys
folder, rounds, commit = sys.argv[1], int(sys.argv[2]), sys.argv[3]
metrics = [("matchURLNs", "URL ns"), ("matchStringNs", "String ns"), ("routeIndexNs", "index ns"),
           ("buildMs", "build ms"), ("scanNs", "scan ns (control)")]
def load(side):
    runs = []
    for round in range(1, rounds + 1):
        with open(f"{folder}/{side}-{round}.json", encoding="utf-8") as handle:
            runs.append({entry["routes"]: entry for entry in json.load(handle)["sizes"]})
    return runs
then, now = load("then"), load("now")
print(f"median of {rounds} alternating runs; ratio = now / {commit[:10]} (below 1.00 is faster)")
print(f"{'routes':>7}  {'metric':<18} {'then':>10} {'now':>10} {'ratio':>7}")
for size in sorted(then[0]):
    for key, label in metrics:
        before = statistics.median(run[size][key] for run in then)
        after = statistics.median(run[size][key] for run in now)
        ratio = after / before if before else float("nan")
        print(f"{size:>7}  {label:<18} {before:>10.1f} {after:>10.1f} {ratio:>6.2f}x")
EOF
