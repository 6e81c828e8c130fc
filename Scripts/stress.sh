#!/usr/bin/env bash
# The stress run, within a time budget: the stress tests (ten gigabytes through a pipe into the tool,
# a durable store's writer killed again and again, 100,000 links against the reference router, every
# pair of patterns of a small alphabet, a table of 59,049 routes, too many routes for one association
# file; each in a suite named StressTests, see Tests/DeepLinkingTestSupport/StressRun.swift) and every
# fuzz target (Fuzz/run.sh).
#
# USAGE: Scripts/stress.sh [BUDGET]
#   BUDGET  seconds for the whole run (default 300). The fuzz targets are built and the stress tests
#           run first, whatever they take; the time left is shared out among the fuzz targets, between
#           DEEPLINK_FUZZ_MIN (default 10) and DEEPLINK_FUZZ_MAX (default 60) seconds each, the
#           targets running DEEPLINK_FUZZ_JOBS at a time (default: one per core).
#
# Needs the package built with its tests (by `swift test`, or `swift build --build-tests`); it does not
# build it again. Fails when a stress test fails or is skipped, or when a fuzz target finds a crash, a
# leak or a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

budget="${1:-300}"
minimum="${DEEPLINK_FUZZ_MIN:-10}"
maximum="${DEEPLINK_FUZZ_MAX:-60}"
jobs="${DEEPLINK_FUZZ_JOBS:-$(nproc)}"
started=$SECONDS
fuzz_targets=6

# A stress test outside a suite named StressTests would be skipped by `swift test` and missed here.
misplaced="$(grep -rn --include='*.swift' -E '\.stress\b' Tests Examples |
  grep -vE '@Suite\(.*\.stress\)' | grep -v 'Tests/DeepLinkingTestSupport/StressRun.swift' || true)"
if [ -n "$misplaced" ]; then
  echo "the .stress trait is for suites named StressTests only:"
  echo "$misplaced"
  exit 1
fi
while IFS= read -r line; do
  file="${line%%:*}"
  number="$(cut -d: -f2 <<<"$line")"
  if ! sed -n "$((number + 1))p" "$file" | grep -qE '^[[:space:]]*(final )?(struct|class|enum) StressTests\b'; then
    echo "$file:$number: a suite with the .stress trait must be a type named StressTests"
    exit 1
  fi
done < <(grep -rn --include='*.swift' -E '@Suite\(.*\.stress\)' Tests Examples)

echo "== build the fuzz targets ($((SECONDS - started)) s)"
Fuzz/run.sh --build

echo "== stress tests ($((SECONDS - started)) s)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
set +e
DEEPLINK_STRESS=1 swift test --skip-build --filter 'StressTests' 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "stress tests failed"
  exit "$status"
fi
# Every selected test must have run: a skipped stress test (an executable not built) tests nothing.
if grep -E '^. Test .* skipped' "$log"; then
  echo "stress tests were skipped: build the package with its tests first"
  exit 1
fi
ran="$(grep -cE '^. Test .* passed after' "$log" || true)"
if [ "$ran" -eq 0 ]; then
  echo "no stress test ran"
  exit 1
fi

left=$((budget - (SECONDS - started)))
rounds=$(((fuzz_targets + jobs - 1) / jobs))
seconds=$((left / rounds))
if [ "$seconds" -lt "$minimum" ]; then seconds="$minimum"; fi
if [ "$seconds" -gt "$maximum" ]; then seconds="$maximum"; fi
echo "== fuzz: ${seconds} s per target, $jobs at a time, ${left} s of the budget left ($((SECONDS - started)) s)"
DEEPLINK_FUZZ_JOBS="$jobs" Fuzz/run.sh "$seconds"
echo "== stress run: $((SECONDS - started)) s of a budget of ${budget} s"
