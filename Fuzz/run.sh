#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each for a bounded time.
#
# USAGE: Fuzz/run.sh [SECONDS] [TARGET...]
#   SECONDS  time per target (default 60)
#   TARGET   router, pattern, routefile, channel, aasa, store (default: all)
#
# Each target is linked against the package's modules built here as static libraries (SwiftPM does
# not build with -sanitize=fuzzer). Exits with libFuzzer's status of the first target that found a
# crash, a leak or a timeout; the input that caused it is kept in .build/fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# Let libFuzzer and AddressSanitizer handle a crash (the Swift backtracer would race them).
export SWIFT_BACKTRACE=enable=no

seconds="${1:-60}"
shift || true
all_targets=(router pattern routefile channel aasa store)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${all_targets[@]}"); fi

build="${DEEPLINK_FUZZ_BUILD:-.build/fuzz}"
mkdir -p "$build"
flags=(-swift-version 6 -enable-upcoming-feature ExistentialAny -package-name swift_deep_linking
  -sanitize=fuzzer,address -O -g
  -parse-as-library -use-ld=lld -I "$build" -L "$build")

# The modules each target needs, in dependency order.
modules_for() {
  case "$1" in
    router | pattern | routefile) echo "DeepLinkRouting" ;;
    channel) echo "DeepLinkRouting DeepLinking TrackingLinks ChannelNavigation UniversalLinks DeepLinkCommands" ;;
    aasa) echo "DeepLinkRouting UniversalLinks" ;;
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

# Builds one module as a static library with its .swiftmodule, once per run.
declare -A built=()
build_module() {
  local module="$1"
  if [ -n "${built[$module]:-}" ]; then return; fi
  local sources=()
  while IFS= read -r file; do sources+=("$file"); done < <(find "Sources/$module" -name '*.swift' | sort)
  local links=()
  case "$module" in
    DeepLinking) links=(-lDeepLinkRouting) ;;
    ChannelNavigation)
      sources+=(Fuzz/Support/ChannelNavigationBundle.swift)
      links=(-lDeepLinkRouting -lDeepLinking)
      ;;
    TrackingLinks) links=(-lDeepLinkRouting -lDeepLinking) ;;
    DeepLinkCommands)
      links=(-lDeepLinkRouting -lDeepLinking -lTrackingLinks -lChannelNavigation -lUniversalLinks)
      ;;
    UniversalLinks) links=(-lDeepLinkRouting) ;;
    DurableLinkStorage) links=(-lDeepLinkRouting -lDeepLinking) ;;
  esac
  echo "== build $module"
  swiftc "${flags[@]}" -module-name "$module" -emit-library -static -wmo \
    -emit-module -emit-module-path "$build/$module.swiftmodule" \
    -o "$build/lib$module.a" "${sources[@]}"
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
  echo "== build fuzz-$target"
  swiftc "${flags[@]}" -module-name "Fuzz_$target" "$(target_file "$target")" \
    Fuzz/Support/FuzzCheck.swift Fuzz/Support/TemplateSearch.swift "${libraries[@]}" \
    -o "$build/fuzz-$target"
done

status=0
summary=()
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target"
  artifacts="$build/artifacts/$target"
  mkdir -p "$corpus" "$artifacts" "$build/logs"
  dictionary=()
  if [ -f "Fuzz/Dictionaries/$target.dict" ]; then dictionary=("-dict=Fuzz/Dictionaries/$target.dict"); fi
  echo "== run fuzz-$target for ${seconds}s"
  set +e
  "$build/fuzz-$target" "$corpus" "Fuzz/Corpus/$target" "${dictionary[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" >"$build/logs/$target.log" 2>&1
  code=$?
  set -e
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/logs/$target.log" | tail -1)"
  if [ "$code" -ne 0 ]; then
    tail -n 40 "$build/logs/$target.log"
    summary+=("$target: FAILED (exit $code) after ${runs:-?} executions; see $artifacts/")
    if [ "$status" -eq 0 ]; then status=$code; fi
  else
    summary+=("$target: ${runs:-?} executions in ${seconds}s, no finding")
  fi
done

echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
exit "$status"
