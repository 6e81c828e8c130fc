#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each for a bounded time.
#
# USAGE: Fuzz/run.sh [SECONDS] [TARGET...]
#        Fuzz/run.sh --build [TARGET...]
#   SECONDS  time per target (default 60)
#   TARGET   router, pattern, routefile, channel, aasa, store (default: all)
#   --build  builds the targets and runs none
# DEEPLINK_FUZZ_JOBS  how many targets run at once (default 1; each uses a core)
# DEEPLINK_FUZZ_BUILD where the builds, corpora, artifacts and logs go (default .build/fuzz)
#
# Each target is linked against the package's modules built here as static libraries (SwiftPM does
# not build with -sanitize=fuzzer). A module or target is built again only when a file it is made from
# (or the compiler, or the flags) changed since. Exits with libFuzzer's status of the first target
# that found a crash, a leak or a timeout; the input that caused it is kept in
# .build/fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# Let libFuzzer and AddressSanitizer handle a crash (the Swift backtracer would race them).
export SWIFT_BACKTRACE=enable=no

build_only=false
if [ "${1:-}" = "--build" ]; then
  build_only=true
  shift
else
  seconds="${1:-60}"
  shift || true
fi
all_targets=(router pattern routefile channel aasa store)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${all_targets[@]}"); fi
jobs="${DEEPLINK_FUZZ_JOBS:-1}"

build="${DEEPLINK_FUZZ_BUILD:-.build/fuzz}"
mkdir -p "$build"
flags=(-swift-version 6 -enable-upcoming-feature ExistentialAny -package-name swift_deep_linking
  -sanitize=fuzzer,address -g
  -parse-as-library -use-ld=lld -I "$build" -L "$build")

# How each module is optimized. Unoptimized builds take a fraction of the time (the router alone
# takes two minutes at -O and half a minute at -Onone) and keep `assert` checks on, at a third or
# less of the executions per second. DeepLinkCommands is optimized: the channel target runs its
# channel command, which is some fifty times slower unoptimized.
optimization_for() {
  case "$1" in
    DeepLinkCommands) echo "-O -num-threads 2" ;;
    *) echo "-Onone" ;;
  esac
}

# A change of compiler or flags builds everything again.
signature="$(swiftc --version 2>&1 | head -n 1) | ${flags[*]} | DeepLinkCommands $(optimization_for DeepLinkCommands), others $(optimization_for other)"
if [ "$(cat "$build/signature" 2>/dev/null)" != "$signature" ]; then
  rm -f "$build"/*.a "$build"/*.swiftmodule "$build"/fuzz-*
  printf '%s\n' "$signature" >"$build/signature"
fi

# The modules each target needs, in dependency order.
modules_for() {
  case "$1" in
    router | pattern) echo "DeepLinkRouting" ;;
    routefile) echo "DeepLinkRouting RouteFiles" ;;
    channel)
      echo "DeepLinkRouting RouteFiles DeepLinking TrackingLinks ChannelNavigation UniversalLinks DeepLinkCommands"
      ;;
    aasa) echo "DeepLinkRouting RouteFiles UniversalLinks" ;;
    store) echo "DeepLinkRouting DeepLinking DurableLinkStorage" ;;
    *) echo "unknown fuzz target '$1' (known: ${all_targets[*]})" >&2; return 2 ;;
  esac
}

target_file() {
  case "$1" in
    router) echo Fuzz/Targets/RouterFuzz.swift ;;
    pattern) echo Fuzz/Targets/PatternFuzz.swift ;;
    routefile) echo Fuzz/Targets/RouteFileFuzz.swift ;;
    channel) echo Fuzz/Targets/ChannelFuzz.swift ;;
    aasa) echo Fuzz/Targets/AASAFuzz.swift ;;
    store) echo Fuzz/Targets/StoreFuzz.swift ;;
  esac
}

# Succeeds when $1 exists and none of the other files is newer.
up_to_date() {
  local output="$1"
  shift
  [ -e "$output" ] && [ -z "$(find "$@" -newer "$output" -print -quit)" ]
}

# Builds one module as a static library with its .swiftmodule, unless it is up to date.
declare -A built=()
build_module() {
  local module="$1"
  if [ -n "${built[$module]:-}" ]; then return; fi
  local sources=()
  while IFS= read -r file; do sources+=("$file"); done < <(find "Sources/$module" -name '*.swift' | sort)
  local dependencies=()
  case "$module" in
    DeepLinking | RouteFiles) dependencies=(DeepLinkRouting) ;;
    UniversalLinks) dependencies=(DeepLinkRouting RouteFiles) ;;
    ChannelNavigation)
      sources+=(Fuzz/Support/ChannelNavigationBundle.swift)
      dependencies=(DeepLinkRouting DeepLinking RouteFiles)
      ;;
    TrackingLinks | DurableLinkStorage) dependencies=(DeepLinkRouting DeepLinking) ;;
    DeepLinkCommands)
      dependencies=(DeepLinkRouting DeepLinking RouteFiles TrackingLinks ChannelNavigation UniversalLinks)
      ;;
  esac
  local inputs=("${sources[@]}") links=() dependency
  for dependency in "${dependencies[@]}"; do
    inputs+=("$build/$dependency.swiftmodule")
    links+=("-l$dependency")
  done
  if up_to_date "$build/lib$module.a" "${inputs[@]}"; then
    echo "== $module is up to date"
  else
    echo "== build $module ($(optimization_for "$module"))"
    # shellcheck disable=SC2046  # the optimization flags are words
    swiftc "${flags[@]}" $(optimization_for "$module") -module-name "$module" -emit-library -static -wmo \
      -emit-module -emit-module-path "$build/$module.swiftmodule" \
      -o "$build/lib$module.a" "${sources[@]}" "${links[@]}"
  fi
  built[$module]=1
}

# The resources a module loads through Bundle.module sit next to the executables.
mkdir -p "$build/ChannelNavigation.resources"
cp Sources/ChannelNavigation/Resources/demo-channel.json "$build/ChannelNavigation.resources/"

for target in "${targets[@]}"; do
  modules="$(modules_for "$target")"
  for module in $modules; do build_module "$module"; done
  libraries=()
  for module in $modules; do libraries+=("$build/lib$module.a"); done
  sources=("$(target_file "$target")" Fuzz/Support/FuzzCheck.swift Fuzz/Support/TemplateSearch.swift)
  if up_to_date "$build/fuzz-$target" "${sources[@]}" "${libraries[@]}"; then
    echo "== fuzz-$target is up to date"
    continue
  fi
  echo "== build fuzz-$target"
  swiftc "${flags[@]}" -O -module-name "Fuzz_$target" "${sources[@]}" "${libraries[@]}" -o "$build/fuzz-$target"
done
if $build_only; then exit 0; fi

# Runs one target for `seconds`; its log is $build/logs/TARGET.log and its exit status
# $build/logs/TARGET.status.
run_target() {
  local target="$1" corpus="$build/corpus/$1" artifacts="$build/artifacts/$1" dictionary=() code
  mkdir -p "$corpus" "$artifacts"
  if [ -f "Fuzz/Dictionaries/$target.dict" ]; then dictionary=("-dict=Fuzz/Dictionaries/$target.dict"); fi
  set +e
  LSAN_OPTIONS="suppressions=$PWD/Fuzz/Support/leak-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    "$build/fuzz-$target" "$corpus" "Fuzz/Corpus/$target" "${dictionary[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" >"$build/logs/$target.log" 2>&1
  code=$?
  set -e
  echo "$code" >"$build/logs/$target.status"
}

mkdir -p "$build/logs"
running=0
for target in "${targets[@]}"; do
  rm -f "$build/logs/$target.status"
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  echo "== run fuzz-$target for ${seconds}s"
  run_target "$target" &
  running=$((running + 1))
done
wait

status=0
summary=()
for target in "${targets[@]}"; do
  code="$(cat "$build/logs/$target.status" 2>/dev/null || echo 1)"
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/logs/$target.log" | tail -1)"
  if [ "$code" -ne 0 ]; then
    tail -n 40 "$build/logs/$target.log"
    summary+=("$target: FAILED (exit $code) after ${runs:-?} executions; see $build/artifacts/$target/")
    if [ "$status" -eq 0 ]; then status=$code; fi
  else
    summary+=("$target: ${runs:-?} executions in ${seconds}s, no finding")
  fi
done

echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
exit "$status"
