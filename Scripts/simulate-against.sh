#!/usr/bin/env bash
# Compares the router's cost at this checkout with an earlier commit by simulation, which does not drift.
#
#   Scripts/simulate-against.sh COMMIT [SIZES]
#
# Builds deeplink-bench in release at COMMIT (in a temporary worktree) and here, then runs each one's
# `--profile SIZE MODE 3` (the bench's 30,000 links, three passes) under valgrind's cachegrind with its
# cache and branch simulation, for MODE none (the set-up alone), url, values (the match and its
# parameters read once; left out against a commit whose bench has no such mode), string and index, at each size
# (default 1000,10000). Per link, after the set-up is taken away, it prints the instructions and an
# estimate of the cycles: instructions + 10 per first-level cache miss + 100 per last-level miss + 15 per
# mispredicted branch (the weights KCachegrind uses, with a branch weight added). A `set-up` row per
# size gives the set-up alone, in millions for the whole run: building the router and its links. Both
# counts are the same on every run of the same binaries, so a few per cent is a real difference; wall-clock times on a
# shared machine are not (see Scripts/bench-against.sh and its control). The runs hash with a fixed seed
# (SWIFT_DETERMINISTIC_HASHING): with Swift's per-process random seed, building a large router's
# dictionaries takes a different number of instructions each run, and that varied the set-up taken
# away by a few hundred instructions a link at 100,000 routes.
#
# Needs valgrind (apt-get install valgrind); takes about a minute per size and mode.
set -euo pipefail
cd "$(dirname "$0")/.."
commit="${1:?usage: Scripts/simulate-against.sh COMMIT [SIZES]}"
sizes="${2:-1000,10000}"
case "$sizes" in '' | *[!0-9,]*) echo "SIZES must be a list such as 1000,10000" >&2; exit 2 ;; esac
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

base="$(mktemp -d)"
cleanup() {
  git worktree remove --force "$base/tree" >/dev/null 2>&1 || true
  rm -rf "$base"
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
cp "$base/tree/.build/release/deeplink-bench" "$base/then"
cp .build/release/deeplink-bench "$base/now"

for size in ${sizes//,/ }; do
  for mode in none url values string index; do
    echo "== $size routes, $mode" >&2
    for side in then now; do
      # A bench that does not know the mode fails: its partial profile is not kept.
      SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --error-exitcode=3 \
        --cachegrind-out-file="$base/$side.$size.$mode" "$base/$side" --profile "$size" "$mode" 3 >/dev/null 2>&1 \
        || rm -f "$base/$side.$size.$mode"
    done
  done
done

python3 - "$base" "$sizes" "$commit" <<'EOF'
import os
import sys
folder, sizes, commit = sys.argv[1], [int(size) for size in sys.argv[2].split(",")], sys.argv[3]
links = 30_000
def read(path):
    events = summary = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("summary:"):
                summary = [int(value) for value in line.split()[1:]]
    counts = dict(zip(events, summary))
    first = counts["I1mr"] + counts["D1mr"] + counts["D1mw"]
    last = counts["ILmr"] + counts["DLmr"] + counts["DLmw"]
    branches = counts["Bcm"] + counts["Bim"]
    return counts["Ir"], counts["Ir"] + 10 * first + 100 * last + 15 * branches
print(f"per link, simulated; ratio = now / {commit[:10]} (below 1.000 is cheaper)")
print(f"{'routes':>7}  {'metric':<8} {'instr then':>10} {'instr now':>10} {'ratio':>6}  {'cycles then':>11} {'cycles now':>10} {'ratio':>6}")
for size in sizes:
    setup = {side: read(f"{folder}/{side}.{size}.none") for side in ("then", "now")}
    # The set-up alone, in millions for the whole run: building the router and the links.
    (i0, c0), (i1, c1) = setup["then"], setup["now"]
    print(f"{size:>7}  {'set-up':<8} {i0 / 1e6:>9.0f}M {i1 / 1e6:>9.0f}M {i1 / i0:>6.3f}  {c0 / 1e6:>10.0f}M {c1 / 1e6:>9.0f}M {c1 / c0:>6.3f}")
    for mode in ("url", "values", "string", "index"):
        if not all(os.path.exists(f"{folder}/{side}.{size}.{mode}") for side in ("then", "now")):
            continue
        cost = {}
        for side in ("then", "now"):
            instructions, cycles = read(f"{folder}/{side}.{size}.{mode}")
            cost[side] = ((instructions - setup[side][0]) / links, (cycles - setup[side][1]) / links)
        (i0, c0), (i1, c1) = cost["then"], cost["now"]
        print(f"{size:>7}  {mode:<8} {i0:>10.0f} {i1:>10.0f} {i1 / i0:>6.3f}  {c0:>11.0f} {c1:>10.0f} {c1 / c0:>6.3f}")
EOF
